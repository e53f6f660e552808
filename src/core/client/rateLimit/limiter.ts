// One shared rate limiter per base URL + API key (decision 6): it remembers what the last
// responses said, counts requests sent since, and refuses to send while the quota is known
// to be spent. The key is never stored: entries are keyed by an HMAC with a per-process
// random secret, or (in the extension, one key per origin) by the origin, in global state.
import { createHmac, randomBytes } from 'node:crypto';
import type { RateLimitState } from '../../service/types';

const ENTRY_SECRET = randomBytes(32);

/** The map key of a base URL + API key: the key itself is never kept. */
export function limiterId(baseUrl: string, apiKey: string): string {
  return createHmac('sha256', ENTRY_SECRET).update(baseUrl).update('\0').update(apiKey).digest('hex');
}

/** What the limiter knows of one endpoint + key. */
export interface LimiterEntry {
  readonly state?: RateLimitState;
  /** Set by a 429: nothing is sent before this moment, epoch milliseconds. */
  readonly blockedUntil?: number;
}

/**
 * Where the limiter keeps its entries. The default is memory; the extension keeps them in
 * its global state (src/editor/model/quotaStore.ts), so the limiter's entries are the one
 * record of a quota: what the status bar, the scheduler and the next check read.
 */
export interface LimiterStorage {
  get(id: string): LimiterEntry | undefined;
  /** Replaces an entry; undefined removes it. */
  set(id: string, entry: LimiterEntry | undefined): void;
}

export interface RateLimiterOptions {
  readonly storage?: LimiterStorage;
  /** How an endpoint + key is named: by default `limiterId` (an HMAC; the key is never kept). */
  readonly idOf?: (baseUrl: string, apiKey: string) => string;
}

function memoryStorage(): LimiterStorage & { clear(): void } {
  const entries = new Map<string, LimiterEntry>();
  return {
    get: (id) => entries.get(id),
    set: (id, entry) => (entry ? entries.set(id, entry) : entries.delete(id)),
    clear: () => entries.clear(),
  };
}

export class RateLimiter {
  readonly #storage: LimiterStorage;
  readonly #idOf: (baseUrl: string, apiKey: string) => string;

  constructor(options: RateLimiterOptions = {}) {
    this.#storage = options.storage ?? memoryStorage();
    this.#idOf = options.idOf ?? limiterId;
  }

  /** The id of an endpoint (a normalized base URL) + key. */
  id(baseUrl: string, apiKey: string): string {
    return this.#idOf(baseUrl, apiKey);
  }

  /** The last known state for this id, or undefined when no response was seen. */
  state(id: string): RateLimitState | undefined {
    return this.#storage.get(id)?.state;
  }

  /** The state as a user should see it: a 429's wait counts as a spent quota until it ends. */
  effective(id: string, now: number): RateLimitState | undefined {
    const entry = this.#storage.get(id);
    const state = entry?.state;
    const blocked = entry?.blockedUntil;
    if (blocked === undefined || blocked <= now) return state;
    return {
      ...(state?.limit !== undefined ? { limit: state.limit } : {}),
      remaining: 0,
      resetAt: Math.max(blocked, state?.resetAt ?? 0),
      observedAt: state?.observedAt ?? now,
    };
  }

  /**
   * When a request may not be sent now, the moment it may (epoch ms); otherwise undefined,
   * and the request is counted against the known quota.
   */
  acquire(id: string, now: number): number | undefined {
    const entry = this.#storage.get(id);
    if (!entry) return undefined;
    if (entry.blockedUntil !== undefined && entry.blockedUntil > now) return entry.blockedUntil;
    const s = entry.state;
    if (s?.remaining === undefined) return undefined;
    if (s.resetAt !== undefined && s.resetAt <= now) return undefined; // a new window: unknown quota
    if (s.remaining <= 0) return s.resetAt; // spent; with no reset known nothing can be promised
    this.#storage.set(id, { state: { ...s, remaining: s.remaining - 1 } });
    return undefined;
  }

  /** Forgets what is known for this id (a probe asks the service itself; Reset Quota State). */
  forget(id: string): void {
    this.#storage.set(id, undefined);
  }

  /** What a response said. A response without rate-limit headers keeps the old state. */
  record(id: string, state: RateLimitState, blockedUntil?: number): void {
    const entry = this.#storage.get(id) ?? {};
    let next = entry.state;
    if (state.limit !== undefined || state.remaining !== undefined || state.resetAt !== undefined) {
      const old = entry.state;
      // Answers to concurrent requests arrive in any order: within one window keep the lowest count.
      const sameWindow = old?.resetAt !== undefined && old.resetAt === state.resetAt;
      const remaining = sameWindow && old?.remaining !== undefined && state.remaining !== undefined
        ? Math.min(old.remaining, state.remaining)
        : state.remaining;
      next = { ...state, ...(remaining !== undefined ? { remaining } : {}) };
    }
    const blocked = blockedUntil !== undefined ? Math.max(blockedUntil, entry.blockedUntil ?? 0) : entry.blockedUntil;
    this.#storage.set(id, { ...(next ? { state: next } : {}), ...(blocked !== undefined ? { blockedUntil: blocked } : {}) });
  }
}

/** The limiter every client shares unless given its own (one per extension host). */
export const sharedRateLimiter = new RateLimiter();
