// Owns the one LeakSearchClient and rebuilds it when the timeout, the record limit or any of
// VS Code's network settings (`http.*`) change: on the change event, and also on use, so a
// check never races the event. Logs which route requests take and why (src/core/client/net/route.ts).
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { LeakSearchClient } from '../../core/client/client';
import type { RateLimiter } from '../../core/client/rateLimit/limiter';
import { hostFetch } from '../../core/client/net/route';
import { undici } from '../../core/client/net/undici';
import type { Settings } from '../settings';
import type { Logger } from '../logger';
import type { ClearTextConsent } from './clearTextConsent';

export class ClientHolder extends Disposable {
  #client: LeakSearchClient | undefined;
  #fingerprint = '';
  #loggedRoute = '';

  constructor(
    private readonly settings: Settings,
    private readonly consent: ClearTextConsent,
    /** The quota's one record (the QuotaStore's limiter): every client this holder builds counts there. */
    private readonly limiter: RateLimiter,
    private readonly log: Logger,
  ) {
    super();
    // The client is made on use (and again after a reset): its connections close with the holder.
    this._register({ dispose: () => this.reset() });
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.requestTimeout') || e.affectsConfiguration('leakSearch.maxRecords') || e.affectsConfiguration('http')) {
          this.reset();
        }
      }),
    );
  }

  /** The client for the current settings (created on first use: activation sends nothing). */
  get client(): LeakSearchClient {
    const timeoutMs = this.settings.requestTimeoutMs();
    const maxRecords = this.settings.maxRecords();
    const network = this.settings.network();
    const fetch = hostFetch();
    const fingerprint = JSON.stringify([timeoutMs, maxRecords, network, fetch !== undefined]);
    if (this.#client && fingerprint !== this.#fingerprint) this.reset();
    if (!this.#client) {
      this.#client = new LeakSearchClient({
        timeoutMs,
        maxRecords,
        network: { ...network, ...(fetch ? { fetch } : {}) },
        clearTextAllowed: (origin) => this.consent.allowed(origin),
        limiter: this.limiter,
      });
      this.#fingerprint = fingerprint;
      const { route, reason } = this.#client.route;
      const line = `Requests go ${route === 'vscode-fetch' ? 'through VS Code’s network stack (its fetch)' : 'through Leak Search’s own connection (undici)'}: ${reason}.`;
      if (line !== this.#loggedRoute) this.log.info(line);
      this.#loggedRoute = line;
    }
    return this.#client;
  }

  /**
   * Loads the HTTP library (undici) in a turn of its own once startup is done, rather than
   * within the first request: setting up its modules takes the extension host's thread for
   * a few dozen milliseconds, which the first check would add to its own work. Nothing is
   * built, connected or sent; a library that cannot load fails that first request as before.
   */
  preloadSoon(): void {
    const timer = setTimeout(() => {
      try {
        undici();
      } catch (e) {
        this.log.warn(`The HTTP library could not be loaded ahead of the first request: ${e instanceof Error ? e.message : String(e)}`);
      }
    }, 0);
    this._register({ dispose: () => clearTimeout(timer) });
  }

  /** Drops the client and its connections; the next use builds a new one (the quota, kept by the QuotaStore, survives). */
  reset(): void {
    const old = this.#client;
    this.#client = undefined;
    if (old) void old.close();
  }
}
