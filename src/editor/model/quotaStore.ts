// The one record of each service origin's quota: the rate limiter's entries (src/core/client/rateLimit/limiter.ts)
// kept in globalState (numbers only, no key), so the client that counts requests, the status
// bar, the scheduler's budget and the next window after a restart all read the same state, and
// a spent quota is still known after a restart: nothing is sent until it resets. Read from
// global state on every use, so what another window learnt counts here too.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { RateLimiter } from '../../core/client/rateLimit/limiter';
import type { LimiterEntry, LimiterStorage } from '../../core/client/rateLimit/limiter';
import { MAX_AHEAD_MS, believableState } from '../../core/client/rateLimit/rateLimitHeaders';
import type { RateLimitState } from '../../core/service/types';

const STATE_KEY = 'leakSearch.quota';

export class QuotaStore extends Disposable {
  readonly #emitter = this._register(new vscode.EventEmitter<string>());
  /** Fires with the origin whose quota changed. */
  readonly onDidChange = this.#emitter.event;
  /** The limiter the client uses: its entries are this store's, one per origin (one key per origin). */
  readonly limiter: RateLimiter;

  constructor(private readonly memento: vscode.Memento) {
    super();
    const storage: LimiterStorage = {
      get: (origin) => this.#entry(origin),
      set: (origin, entry) => void this.#set(origin, entry).catch(() => undefined),
    };
    this.limiter = new RateLimiter({ storage, idOf: (baseUrl) => new URL(baseUrl).origin });
  }

  /** The state as it may be believed now (see `believableState`: a stored far-future reset is never trusted); a 429's wait counts as spent. */
  get(origin: string): RateLimitState | undefined {
    const now = Date.now();
    return believableState(this.limiter.effective(origin, now), now);
  }

  /** Forgets what is known of an origin's quota ("Reset Quota State", a new key). */
  clear(origin: string): Promise<void> {
    return this.#set(origin, undefined);
  }

  /** An origin's entry as stored; anything unbelievable (hostile or corrupt) is dropped. */
  #entry(origin: string): LimiterEntry | undefined {
    const raw = this.#all().get(origin);
    if (typeof raw !== 'object' || raw === null) return undefined;
    const now = Date.now();
    const fields = raw as Record<string, unknown>;
    // Entries written before the limiter kept its state here were a bare state.
    const state = believableState('state' in fields || 'blockedUntil' in fields ? fields.state : raw, now);
    const blocked = fields.blockedUntil;
    const blockedUntil = typeof blocked === 'number' && Number.isFinite(blocked) && blocked > now ? Math.min(blocked, now + MAX_AHEAD_MS) : undefined;
    if (!state && blockedUntil === undefined) return undefined;
    return { ...(state ? { state } : {}), ...(blockedUntil !== undefined ? { blockedUntil } : {}) };
  }

  #set(origin: string, entry: LimiterEntry | undefined): Promise<void> {
    const all = this.#all();
    if (entry) all.set(origin, entry);
    else if (!all.delete(origin)) return Promise.resolve();
    // The memento answers with the new value at once; writing to disk follows.
    const written = Promise.resolve(this.memento.update(STATE_KEY, Object.fromEntries(all)));
    this.#emitter.fire(origin);
    return written;
  }

  /** The stored entries, by origin; a key like "__proto__" is an ordinary key here. */
  #all(): Map<string, unknown> {
    const v = this.memento.get<unknown>(STATE_KEY);
    return new Map(typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v) : []);
  }
}
