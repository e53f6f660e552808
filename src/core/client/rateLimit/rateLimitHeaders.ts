// Lenient parsing of the rate-limit headers (docs/decisions.md, decision 6). The interface leaves the unit of
// X-RateLimit-Reset open; the real vendor uses epoch seconds here and ISO-8601 elsewhere, so
// every plausible form is accepted. Pure.
import type { RateLimitState } from '../../service/types';

/** Header values as undici and node:http give them. */
export type HeaderValue = string | readonly string[] | undefined;
export type HeaderBag = Readonly<Record<string, HeaderValue>>;

/**
 * No one answer is believed about more than a day ahead: the vendor's windows are an hour,
 * and a reset in the year 3000 (or milliseconds read as seconds) would otherwise lock checks
 * out for years, across restarts.
 */
export const MAX_AHEAD_MS = 24 * 3_600_000;

/** Numbers at or above this are epoch milliseconds (1e12 ms is September 2001). */
const EPOCH_MS_FROM = 1e12;
/** Numbers at or above this (and below EPOCH_MS_FROM) are epoch seconds (1e9 s is September 2001). */
const EPOCH_S_FROM = 1e9;

/** The header's value, case-insensitive name, first of repeated values or list items. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== wanted || v === undefined) continue;
    const first = typeof v === 'string' ? v : v[0];
    if (first === undefined) continue;
    const trimmed = first.trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
}

/** Where a header value that cannot be believed is described (for the log). */
export type Notes = string[];

function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  // "100", "100.0", "100, 100" (a repeated header folded into a list), "100;w=3600"; not "1e400".
  const m = /^\s*(-?\d+(?:\.\d+)?)(?![\d.eE])/.exec(raw);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n : undefined;
}

/** A count header (Limit, Remaining): a non-negative integer, or undefined when unreadable. */
export function parseCount(raw: string | undefined): number | undefined {
  const n = parseNumber(raw);
  return n === undefined ? undefined : Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.floor(n)));
}

/** A moment at most MAX_AHEAD_MS after `now`; undefined (and a note) when it is no time at all. */
function believable(t: number | undefined, now: number, header: string, raw: string, notes: Notes | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (!Number.isFinite(t)) {
    notes?.push(`${header} ${quote(raw)} is not a time; ignored.`);
    return undefined;
  }
  if (t > now + MAX_AHEAD_MS) {
    notes?.push(`${header} ${quote(raw)} is more than 24 h ahead; taken as 24 h from now.`);
    return now + MAX_AHEAD_MS;
  }
  return t;
}

function quote(raw: string): string {
  const s = raw.replace(/[^\x20-\x7e]/g, '?');
  return `“${s.length > 40 ? `${s.slice(0, 39)}…` : s}”`;
}

/**
 * X-RateLimit-Reset as epoch milliseconds: epoch seconds, epoch milliseconds, seconds from now
 * (small numbers) or an ISO-8601 / HTTP date. Undefined when unreadable.
 */
export function parseReset(raw: string | undefined, now: number, notes?: Notes): number | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  let t: number | undefined;
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    t = !Number.isFinite(n) ? Number.NaN : n >= EPOCH_MS_FROM ? Math.round(n) : n >= EPOCH_S_FROM ? Math.round(n * 1000) : now + Math.max(0, Math.round(n * 1000));
  } else {
    t = parseDate(s);
    if (t === undefined) notes?.push(`X-RateLimit-Reset ${quote(raw)} is not a time; ignored.`);
  }
  return believable(t, now, 'X-RateLimit-Reset', raw, notes);
}

/** Retry-After as epoch milliseconds: delay-seconds or an HTTP date (or ISO-8601). */
export function parseRetryAfter(raw: string | undefined, now: number, notes?: Notes): number | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  let t: number | undefined;
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    t = Number.isFinite(n) ? now + Math.max(0, Math.round(n * 1000)) : Number.NaN;
  } else {
    t = parseDate(s);
    if (t === undefined) notes?.push(`Retry-After ${quote(raw)} is not a time; ignored.`);
    else t = Math.max(now, t);
  }
  return believable(t, now, 'Retry-After', raw, notes);
}

function parseDate(s: string): number | undefined {
  // Only things that look like dates: Date.parse accepts odd strings such as "1".
  if (!/\d{4}/.test(s) || !/[a-z-]/i.test(s)) return undefined;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : undefined;
}

/** The rate-limit state one response announced; what could not be believed is described in `notes`. */
export function parseRateLimit(headers: HeaderBag, now: number, notes?: Notes): RateLimitState {
  const limit = parseCount(headerValue(headers, 'x-ratelimit-limit'));
  const remaining = parseCount(headerValue(headers, 'x-ratelimit-remaining'));
  const resetAt = parseReset(headerValue(headers, 'x-ratelimit-reset'), now, notes);
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
    observedAt: now,
  };
}

/**
 * A stored state as it may be believed at `now` (it comes back from global state after a
 * restart, written by an older version or another window): numbers only where numbers
 * belong, a reset at most MAX_AHEAD_MS after it was observed, nothing observed in the future.
 * Undefined when nothing usable is left.
 */
export function believableState(value: unknown, now: number): RateLimitState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const observedAt = num(v['observedAt']);
  if (observedAt === undefined || observedAt > now + 60_000) return undefined;
  const count = (x: unknown): number | undefined => {
    const n = num(x);
    return n === undefined || n < 0 ? undefined : Math.min(Number.MAX_SAFE_INTEGER, Math.floor(n));
  };
  const limit = count(v['limit']);
  const remaining = count(v['remaining']);
  const reset = num(v['resetAt']);
  const resetAt = reset === undefined ? undefined : Math.min(reset, observedAt + MAX_AHEAD_MS);
  return {
    observedAt,
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
  };
}
