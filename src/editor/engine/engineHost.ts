// The extension host's side of the data engine: starts its worker thread (dist/engine.js),
// calls its methods (src/engine/workerProtocol.ts) and gets typed answers, passes its log lines
// on, and starts it again (replaying `init`) if it ever dies. Disposing ends the worker.
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { LeakSearchError } from '../../core/service/errors';
import type { EngineEvent, EngineMethod, EngineOutMessage, EngineWorkerData, InitParams, ParamsOf, ResultMeta, ResultOf } from '../../engine/workerProtocol';
import { l10nBundle } from '../shareBundle';
import type { Logger } from '../logger';

/** The engine worker's young generation (see `#ensure`). */
const ENGINE_YOUNG_GENERATION_MB = 16;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class EngineHost extends Disposable {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #init: InitParams | undefined;
  readonly #results = this._register(new vscode.EventEmitter<readonly ResultMeta[]>());
  /** Results the engine found without being asked (loaded from another window's files, pruned). */
  readonly onDidFindResults = this.#results.event;

  constructor(
    private readonly script: string,
    private readonly log: Logger,
  ) {
    super();
    // The worker, started on the first call (and again after it stopped), ends with the host.
    this._register({ dispose: () => void this.#end('Leak Search is shutting down.') });
  }

  /** Starts the engine and returns the results cached on disk (metas only). */
  async start(params: InitParams): Promise<readonly ResultMeta[]> {
    this.#init = params;
    return this.call('init', params);
  }

  /** Calls an engine method; `transfer` moves buffers instead of copying them. */
  call<M extends EngineMethod>(method: M, params: ParamsOf<M>, transfer: readonly ArrayBuffer[] = []): Promise<ResultOf<M>> {
    if (this.isDisposed) return Promise.reject(new LeakSearchError('cancelled', 'Leak Search is shutting down.'));
    const worker = this.#ensure();
    const id = this.#nextId++;
    return new Promise<ResultOf<M>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, method, params }, transfer as ArrayBuffer[]);
    });
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.script, {
      name: 'Leak Search engine',
      workerData: { l10n: l10nBundle() } satisfies EngineWorkerData,
      // Parsing a large answer makes garbage fast, so V8 grows the worker's young generation
      // to its limit: the extension host's, several times the engine's own heap, and kept
      // resident once grown. Nearly everything the parser makes dies young, so a smaller one
      // collects as fast.
      resourceLimits: { maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB },
    });
    // A worker that has nothing to do must not keep the extension host alive.
    worker.unref();
    worker.on('message', (message: EngineOutMessage) => this.#onMessage(message));
    worker.on('error', (error) => this.log.error(`Engine: ${error.message}`));
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const failure = new LeakSearchError('internal', `the data engine stopped (exit code ${code})`);
      for (const p of this.#pending.values()) p.reject(failure);
      this.#pending.clear();
      if (!this.isDisposed) {
        this.log.error(`Engine: the worker stopped (exit code ${code}); it starts again on the next call.`);
        // Replayed first, so the next call finds the cache again.
        const init = this.#init;
        if (init) void this.call('init', init).then((results) => this.#results.fire(results), () => undefined);
      }
    });
    this.#worker = worker;
    return worker;
  }

  #onMessage(message: EngineOutMessage): void {
    if ('event' in message) {
      this.#onEvent(message);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new LeakSearchError(message.error.kind, message.error.message, message.error.details ?? {}));
  }

  #onEvent(event: EngineEvent): void {
    if (event.event === 'log') {
      if (event.level === 'error') this.log.error(event.message);
      else if (event.level === 'warn') this.log.warn(event.message);
      else this.log.info(event.message);
    } else if (event.event === 'results') {
      this.#results.fire(event.results);
    }
  }

  /** Ends the worker and starts a new one on the next call (what a restart of VS Code does to it). */
  async restart(): Promise<void> {
    await this.#end('The data engine was restarted.');
  }

  /** Ends the worker; every call waiting on it fails with `reason`. */
  async #end(reason: string): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    for (const p of this.#pending.values()) p.reject(new LeakSearchError('cancelled', reason));
    this.#pending.clear();
    await worker?.terminate();
  }
}
