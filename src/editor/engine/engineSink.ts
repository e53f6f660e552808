// A check's answer on its way into the data engine: the body's bytes go to the worker as
// they arrive (moved, not copied), at most a few chunks ahead of the parser, so a large
// answer never piles up in the editor's memory; the parser's typed error (a record limit,
// a broken body) stops the download at the next chunk. See BodySink in src/core/client/client.ts.
import type { BodySink } from '../../core/client/client';
import type { SearchQuery } from '../../core/service/types';
import { resultsKey } from '../../core/service/types';
import type { EngineHost } from './engineHost';

/** Batches in flight to the worker before the download waits for it. */
const AHEAD = 4;
/** Bytes per message to the worker. */
const BATCH = 256 * 1024;

let nextIngest = 1;

export interface EngineIngest {
  /** The sink factory for `client.search`. */
  readonly sink: (query: SearchQuery, maxRecords: number) => BodySink;
  /** The id of the last attempt's ingest (what `ingestCommit` takes), once its body ended. */
  readonly ended: () => number | undefined;
}

export function engineIngest(engine: EngineHost, origin: string): EngineIngest {
  let ended: number | undefined;
  const sink = (query: SearchQuery, maxRecords: number): BodySink => {
    const id = nextIngest++;
    let begun: Promise<void> | undefined;
    let failure: unknown;
    const inflight: Promise<unknown>[] = [];
    const begin = (): Promise<void> => (begun ??= engine.call('ingestBegin', { id, key: resultsKey(origin, query), origin, query, maxRecords }));
    const track = (p: Promise<unknown>): void => {
      const settled = p.catch((e: unknown) => {
        failure ??= e;
      });
      inflight.push(settled);
    };
    // The network's chunks (small, and in pooled buffers) are copied into batches of BATCH
    // bytes, each moved to the worker and moved back once read: fewer messages, and a handful
    // of buffers for the whole answer instead of one per batch. Every message and every new
    // buffer costs the editor's main thread, and many new buffers also bring on full
    // collections for their external memory.
    const spares: Uint8Array<ArrayBuffer>[] = [];
    let batch = new Uint8Array(BATCH);
    let filled = 0;
    const send = (): void => {
      if (filled === 0) return;
      const own = filled === batch.length ? batch : batch.slice(0, filled);
      track(engine.call('ingestChunk', { id, chunk: own }, [own.buffer]).then(({ spare }) => {
        if (spare.buffer instanceof ArrayBuffer && spare.buffer.byteLength === BATCH && spares.length < AHEAD) spares.push(new Uint8Array(spare.buffer));
      }));
      batch = spares.pop() ?? new Uint8Array(BATCH);
      filled = 0;
    };
    return {
      async write(chunk) {
        if (failure !== undefined) throw failure;
        if (!begun) track(begin());
        let offset = 0;
        while (offset < chunk.byteLength) {
          const n = Math.min(batch.length - filled, chunk.byteLength - offset);
          batch.set(chunk.subarray(offset, offset + n), filled);
          filled += n;
          offset += n;
          if (filled === batch.length) send();
        }
        while (inflight.length > AHEAD) await inflight.shift();
        if (failure !== undefined) throw failure;
      },
      async end() {
        await begin();
        send();
        await Promise.all(inflight);
        if (failure !== undefined) throw failure;
        const counts = await engine.call('ingestEnd', { id });
        ended = id;
        return counts;
      },
      abort() {
        if (begun) void begun.then(() => engine.call('ingestAbort', { id })).catch(() => undefined);
      },
    };
  };
  return { sink, ended: () => ended };
}
