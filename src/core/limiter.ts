// One shared rate limiter per base URL + API key (decision 6): it remembers what the last
// responses said, counts requests sent since, and refuses to send while the quota is known
// to be spent. The key is never stored: entries are keyed by an HMAC with a per-process
// random secret.
import { createHmac, randomBytes } from 'node:crypto';
import type { RateLimitState } from './types';

const ENTRY_SECRET = randomBytes(32);

/** The map key of a base URL + API key: the key itself is never kept. */
export function limiterId(baseUrl: string, apiKey: string): string {
  return createHmac('sha256', ENTRY_SECRET).update(baseUrl).update('\0').update(apiKey).digest('hex');
}

interface Entry {
  state?: RateLimitState;
  /** Set by a 429: nothing is sent before this moment, epoch milliseconds. */
  blockedUntil?: number;
}

export class RateLimiter {
  private readonly entries = new Map<string, Entry>();

  /** The last known state for this id, or undefined when no response was seen. */
  state(id: string): RateLimitState | undefined {
    return this.entries.get(id)?.state;
  }

  /**
   * When a request may not be sent now, the moment it may (epoch ms); otherwise undefined,
   * and the request is counted against the known quota.
   */
  acquire(id: string, now: number): number | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.blockedUntil !== undefined) {
      if (entry.blockedUntil > now) return entry.blockedUntil;
      entry.blockedUntil = undefined;
    }
    const s = entry.state;
    if (s?.remaining === undefined) return undefined;
    if (s.resetAt !== undefined && s.resetAt <= now) return undefined; // a new window: unknown quota
    if (s.remaining <= 0) return s.resetAt; // spent; with no reset known nothing can be promised
    entry.state = { ...s, remaining: s.remaining - 1 };
    return undefined;
  }

  /** Forgets what is known for this id (a probe asks the service itself). */
  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Forgets everything ("Reset Quota State"). */
  clear(): void {
    this.entries.clear();
  }

  /** What a response said. A response without rate-limit headers keeps the old state. */
  record(id: string, state: RateLimitState, blockedUntil?: number): void {
    const entry = this.entries.get(id) ?? {};
    if (state.limit !== undefined || state.remaining !== undefined || state.resetAt !== undefined) {
      const old = entry.state;
      // Answers to concurrent requests arrive in any order: within one window keep the lowest count.
      const sameWindow = old?.resetAt !== undefined && old.resetAt === state.resetAt;
      const remaining = sameWindow && old?.remaining !== undefined && state.remaining !== undefined
        ? Math.min(old.remaining, state.remaining)
        : state.remaining;
      entry.state = { ...state, ...(remaining !== undefined ? { remaining } : {}) };
    }
    if (blockedUntil !== undefined) entry.blockedUntil = Math.max(blockedUntil, entry.blockedUntil ?? 0);
    this.entries.set(id, entry);
  }
}

/** The limiter every client shares unless given its own (one per extension host). */
export const sharedRateLimiter = new RateLimiter();
