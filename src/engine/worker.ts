// The engine's worker thread: takes method calls from the extension host's main thread (see
// workerProtocol.ts), runs them on the one Engine, and answers each by id. Calls run in the order
// they arrive, one at a time (an answer's bytes must be parsed in order); a long one never
// blocks the editor, only the next call.
import { parentPort, workerData } from 'node:worker_threads';
import * as l10n from '@vscode/l10n';
import { LeakSearchError } from '../core/service/errors';
import { Engine } from './engine';
import { setKnownKeys } from './store/recordTable';
import { lowerThreadPriority } from './priority';
import type { EngineEvent, EngineMethod, EngineMethods, EngineReply, EngineRequest, EngineWorkerData, WireError } from './workerProtocol';

type Handlers = { [M in EngineMethod]: (params: EngineMethods[M]['params']) => EngineMethods[M]['result'] | Promise<EngineMethods[M]['result']> };

/** Every method of the protocol, bound to an engine. */
export function handlers(engine: Engine): Handlers {
  return {
    init: (p) => engine.init(p),
    setCacheKey: (p) => engine.setCacheKey(p.key),
    setLimits: (p) => engine.setLimits(p),
    setKnownKeys: (p) => setKnownKeys(p.keys),
    ingestBegin: (p) => engine.ingestBegin(p.id, p.key, p.origin, p.query, p.maxRecords),
    ingestChunk: (p) => engine.ingestChunk(p.id, p.chunk),
    ingestEnd: (p) => engine.ingestEnd(p.id),
    ingestCommit: (p) => engine.ingestCommit(p.id, p.fetchedAt, p.rateLimit),
    ingestAbort: (p) => engine.ingestAbort(p.id),
    remove: (p) => engine.remove(p.keys),
    clear: (p) => engine.clear(p.origin),
    setIndexed: (p) => engine.setIndexed(p.keys),
    match: (p) => engine.match(p.text, p.options),
    matchFiles: (p) => engine.matchFiles(p.files, p.options),
    hover: (p) => engine.hover(p.handle, p.limit),
    setTriage: (p) => engine.setTriage(p.origin, p.marks),
    sites: (p) => engine.sites(p.key, p.offset, p.limit),
    siteRecords: (p) => engine.siteRecords(p.key, p.site, p.offset, p.limit),
    panelOpen: (p) => engine.panelOpen(p.panel, p.key),
    panelQuery: (p) => engine.panelQuery(p.panel, p.query),
    panelFigures: (p) => engine.panelFigures(p.panel),
    panelWindow: (p) => engine.panelWindow(p.panel, p.start, p.count, p.revealed, p.presentation),
    panelCell: (p) => engine.panelCell(p.panel, p.row, p.column),
    panelCopy: (p) => engine.panelCopy(p.panel, p.what, p.row, p.column, p.revealed),
    panelExport: (p) => engine.panelExport(p.panel, p.format, p.includeSecrets, p.file, p.filterDescription),
    panelSelection: (p) => engine.panelSelection(p.panel, p.rows, p.group, p.machine === true),
    panelClose: (p) => engine.panelClose(p.panel),
    memory: () => engine.memory(),
    flush: () => engine.flush(),
  };
}

/** An error as it crosses to the main thread: typed errors keep their kind; others are ours. */
export function wireError(e: unknown): WireError {
  if (e instanceof LeakSearchError) return { kind: e.kind, message: e.message, details: e.details };
  return { kind: 'internal', message: e instanceof Error ? e.message : String(e) };
}

/** A `spare` buffer in a result is moved back to the main thread, not copied (ingestChunk's). */
function spareBuffer(result: unknown): ArrayBuffer[] {
  const spare = typeof result === 'object' && result !== null ? (result as { spare?: unknown }).spare : undefined;
  return spare instanceof Uint8Array && spare.buffer instanceof ArrayBuffer ? [spare.buffer] : [];
}

function main(): void {
  const port = parentPort;
  if (!port) return;
  // Diagnostic messages (src/core/scan/describeMatch.ts) in the display language.
  const bundle = (workerData as EngineWorkerData | undefined)?.l10n;
  if (bundle) l10n.config({ contents: bundle });
  const post = (message: EngineReply | EngineEvent, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);
  const engine = new Engine((level, message) => post({ event: 'log', level, message }));
  post({ event: 'log', level: 'info', message: `Data engine: its thread's priority: ${lowerThreadPriority()}.` });
  const table = handlers(engine);
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (request: EngineRequest) => {
    queue = queue.then(async () => {
      try {
        const handler = table[request.method] as (params: unknown) => unknown;
        const result = await handler(request.params);
        post({ id: request.id, ok: true, result }, spareBuffer(result));
      } catch (e) {
        post({ id: request.id, ok: false, error: wireError(e) });
      }
    });
  });
}

main();
