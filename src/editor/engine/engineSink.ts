// A check's answer on its way into the data engine: the body's bytes go to the worker as
// they arrive (moved, not copied), at most a few chunks ahead of the parser, so a large
// answer never piles up in the editor's memory; the parser's typed error (a record limit,
// a broken body) stops the download at the next chunk. See BodySink in src/core/client.ts.
import type { BodySink } from '../../core/client';
import type { SearchQuery } from '../../core/types';
import { resultsKey } from '../../core/types';
import type { EngineHost } from './engineHost';

/** Chunks in flight to the worker before the download waits for it. */
const AHEAD = 4;

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
    return {
      async write(chunk) {
        if (failure !== undefined) throw failure;
        if (!begun) track(begin());
        // Moved to the worker: a copy of its own, since the network's buffers are pooled.
        const own = new Uint8Array(chunk.byteLength);
        own.set(chunk);
        track(engine.call('ingestChunk', { id, chunk: own }, [own.buffer]));
        while (inflight.length > AHEAD) await inflight.shift();
        if (failure !== undefined) throw failure;
      },
      async end() {
        await begin();
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
