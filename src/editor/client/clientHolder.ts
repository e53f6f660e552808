// Owns the one LeakSearchClient (its own undici Agent; never the global dispatcher) and
// rebuilds it when the timeout or VS Code's proxy settings (http.proxy, http.proxyStrictSSL)
// change: on the change event, and also on use, so a check never races the event.
import * as vscode from 'vscode';
import { LeakSearchClient } from '../../core/client';
import { sharedRateLimiter } from '../../core/limiter';
import type { Settings } from '../config/settings';

export class ClientHolder implements vscode.Disposable {
  #client: LeakSearchClient | undefined;
  #fingerprint = '';
  readonly #subscription: vscode.Disposable;

  constructor(private readonly settings: Settings) {
    this.#subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('leakSearch.requestTimeout') || e.affectsConfiguration('leakSearch.maxRecords') || e.affectsConfiguration('http.proxy') || e.affectsConfiguration('http.proxyStrictSSL')) {
        this.reset();
      }
    });
  }

  /** The client for the current settings (created on first use: activation sends nothing). */
  get client(): LeakSearchClient {
    const timeoutMs = this.settings.requestTimeoutMs();
    const maxRecords = this.settings.maxRecords();
    const proxy = this.settings.proxy();
    const fingerprint = JSON.stringify([timeoutMs, maxRecords, proxy.url ?? '', proxy.strictSSL]);
    if (this.#client && fingerprint !== this.#fingerprint) this.reset();
    if (!this.#client) {
      this.#client = new LeakSearchClient({
        timeoutMs,
        maxRecords,
        proxyStrictSSL: proxy.strictSSL,
        ...(proxy.url ? { proxyUrl: proxy.url } : {}),
      });
      this.#fingerprint = fingerprint;
    }
    return this.#client;
  }

  /** Forgets the request counts every client keeps in memory (the limiter outlives a client). */
  forgetQuota(): void {
    sharedRateLimiter.clear();
  }

  /** Drops the client and its connections; the next use builds a new one (the limiter is module-wide and survives). */
  reset(): void {
    const old = this.#client;
    this.#client = undefined;
    if (old) void old.close();
  }

  dispose(): void {
    this.#subscription.dispose();
    this.reset();
  }
}
