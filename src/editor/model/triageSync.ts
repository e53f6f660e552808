// Keeps the data engine's copy of the triage decisions of the service in use (the results
// panel filters and counts by them, matches in files carry them): sent whole after startup,
// after every change, when the service changes and when the engine restarts. The leak index
// answers anew afterwards, so files are re-matched and their diagnostics follow.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { EngineHost } from '../engine/engineHost';
import type { LeakIndexHolder } from '../diagnostics/leakIndexHolder';
import type { TriageStore } from './triageStore';

export class TriageSync extends Disposable {
  #sending: Promise<void> = Promise.resolve();
  readonly #sent = this._register(new vscode.EventEmitter<string>());
  /** The engine has the decisions of this origin now. */
  readonly onDidSend = this.#sent.event;

  constructor(
    private readonly store: TriageStore,
    private readonly engine: EngineHost,
    private readonly holder: LeakIndexHolder,
    private readonly origin: () => string | undefined,
  ) {
    super();
    this._register(
      store.onDidChange((changed) => {
        if (changed === origin()) void this.send();
      }),
    );
    this._register(engine.onDidFindResults(() => void this.send()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.baseUrl')) void this.send();
      }),
    );
  }

  /** Sends the decisions of the service in use; resolves once the engine has them. */
  send(): Promise<void> {
    this.#sending = this.#sending.then(async () => {
      const origin = this.origin();
      if (!origin) return;
      try {
        const { version } = await this.engine.call('setTriage', { origin, marks: [...this.store.all(origin)] });
        this.holder.adopt(version);
        this.#sent.fire(origin);
      } catch {
        // The engine is stopping or restarting: it asks again when its results come back.
      }
    });
    return this.#sending;
  }
}
