// Owns the one LeakSearchClient and rebuilds it when the timeout, the record limit or any of
// VS Code's network settings (`http.*`) change: on the change event, and also on use, so a
// check never races the event. Logs which route requests take and why (src/core/client/net/route.ts).
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { LeakSearchClient } from '../../core/client/client';
import type { RateLimiter } from '../../core/client/rateLimit/limiter';
import { hostFetch, routeOf, takesOwnConnection } from '../../core/client/net/route';
import { normalizeBaseUrl } from '../../core/service/validate';
import { undici } from '../../core/client/net/undici';
import type { Settings } from '../settings';
import type { Logger } from '../logger';
import type { ClearTextConsent } from './clearTextConsent';

export class ClientHolder extends Disposable {
  #client: LeakSearchClient | undefined;
  #fingerprint = '';
  #loggedRoute = '';
  /** The timers of `preloadWhenNeeded` not run yet. */
  readonly #preloads = new Set<ReturnType<typeof setTimeout>>();

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
   * From now on, loads the HTTP library (undici) in a turn of its own whenever requests will
   * take it: our own route (src/core/client/net/route.ts), or a service on this machine,
   * which always does. Setting up its modules takes the extension host's thread for a while,
   * which the first check would otherwise add to its own work. Checked now (after startup)
   * and again when the service's address or the network settings change. A route through
   * VS Code's fetch never loads it: undici, once loaded, sets its process-wide default
   * dispatcher if none is set. Nothing is built, connected or sent; a library that cannot
   * load fails the first request as before.
   */
  preloadWhenNeeded(): void {
    const soon = (): void => {
      const timer = setTimeout(() => {
        this.#preloads.delete(timer);
        if (!this.#takesUndici()) return;
        try {
          undici();
        } catch (e) {
          this.log.warn(`The HTTP library could not be loaded ahead of the first request: ${e instanceof Error ? e.message : String(e)}`);
        }
      }, 0);
      this.#preloads.add(timer);
    };
    soon();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.baseUrl') || e.affectsConfiguration('http')) soon();
      }),
    );
    this._register({ dispose: () => this.#preloads.forEach((t) => clearTimeout(t)) });
  }

  /** Whether the next request would take undici (the transport's choice, without building a client); not for an address no check would use. */
  #takesUndici(): boolean {
    let baseUrl: string;
    try {
      baseUrl = normalizeBaseUrl(this.settings.baseUrl());
    } catch {
      return false;
    }
    const fetch = hostFetch();
    return takesOwnConnection(routeOf({ ...this.settings.network(), ...(fetch ? { fetch } : {}) }).route, baseUrl);
  }

  /** Drops the client and its connections; the next use builds a new one (the quota, kept by the QuotaStore, survives). */
  reset(): void {
    const old = this.#client;
    this.#client = undefined;
    if (old) void old.close();
  }
}
