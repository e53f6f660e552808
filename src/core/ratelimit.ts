// Lenient parsing of the rate-limit headers (decision 6). The interface leaves the unit of
// X-RateLimit-Reset open; the real vendor uses epoch seconds here and ISO-8601 elsewhere, so
// every plausible form is accepted. Pure.
import type { RateLimitState } from './types';

/** Header values as undici and node:http give them. */
export type HeaderValue = string | readonly string[] | undefined;
export type HeaderBag = Readonly<Record<string, HeaderValue>>;

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

function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  // "100", "100.0", "100, 100" (a repeated header folded into a list), "100;w=3600".
  const m = /^\s*(-?\d+(?:\.\d+)?)/.exec(raw);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n : undefined;
}

/** A count header (Limit, Remaining): a non-negative integer, or undefined when unreadable. */
export function parseCount(raw: string | undefined): number | undefined {
  const n = parseNumber(raw);
  return n === undefined ? undefined : Math.max(0, Math.floor(n));
}

/**
 * X-RateLimit-Reset as epoch milliseconds: epoch seconds, epoch milliseconds, seconds from now
 * (small numbers) or an ISO-8601 / HTTP date. Undefined when unreadable.
 */
export function parseReset(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    if (!Number.isFinite(n)) return undefined;
    if (n >= EPOCH_MS_FROM) return Math.round(n);
    if (n >= EPOCH_S_FROM) return Math.round(n * 1000);
    return now + Math.max(0, Math.round(n * 1000));
  }
  return parseDate(s);
}

/** Retry-After as epoch milliseconds: delay-seconds or an HTTP date (or ISO-8601). */
export function parseRetryAfter(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return Number.isFinite(n) ? now + Math.max(0, Math.round(n * 1000)) : undefined;
  }
  const t = parseDate(s);
  return t === undefined ? undefined : Math.max(now, t);
}

function parseDate(s: string): number | undefined {
  // Only things that look like dates: Date.parse accepts odd strings such as "1".
  if (!/\d{4}/.test(s) || !/[a-z-]/i.test(s)) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

/** The rate-limit state one response announced. */
export function parseRateLimit(headers: HeaderBag, now: number): RateLimitState {
  const limit = parseCount(headerValue(headers, 'x-ratelimit-limit'));
  const remaining = parseCount(headerValue(headers, 'x-ratelimit-remaining'));
  const resetAt = parseReset(headerValue(headers, 'x-ratelimit-reset'), now);
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
    observedAt: now,
  };
}
