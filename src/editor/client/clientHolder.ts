// Owns the one LeakSearchClient (its own undici Agent; never the global dispatcher) and
// rebuilds it when the timeout or VS Code's proxy settings change.
import * as vscode from 'vscode';
import { LeakSearchClient } from '../../core/client';
import type { Settings } from '../config/settings';

export class ClientHolder implements vscode.Disposable {
  #client: LeakSearchClient | undefined;
  readonly #subscription: vscode.Disposable;

  constructor(private readonly settings: Settings) {
    this.#subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('leakSearch.requestTimeout') || e.affectsConfiguration('http.proxy') || e.affectsConfiguration('http.proxyStrictSSL')) {
        this.#reset();
      }
    });
  }

  /** The client for the current settings (created on first use: activation sends nothing). */
  get client(): LeakSearchClient {
    if (!this.#client) {
      const proxy = this.settings.proxy();
      this.#client = new LeakSearchClient({
        timeoutMs: this.settings.requestTimeoutMs(),
        proxyStrictSSL: proxy.strictSSL,
        ...(proxy.url ? { proxyUrl: proxy.url } : {}),
      });
    }
    return this.#client;
  }

  /** Drops the client (and its in-memory limiter state); the next use builds a new one. */
  reset(): void {
    this.#reset();
  }

  #reset(): void {
    const old = this.#client;
    this.#client = undefined;
    if (old) void old.close();
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#reset();
  }
}
