// Rate limits on the client side: lenient reading of the X-RateLimit-* and Retry-After
// headers, the backoff between retries, and the shared limiter that holds checks back.
import * as assert from 'node:assert/strict';
import { backoffDelay, sleep } from '../../../../../src/core/client/backoff';
import { LeakSearchError } from '../../../../../src/core/service/errors';
import { limiterId, RateLimiter } from '../../../../../src/core/client/rateLimit/limiter';
import type { LimiterEntry } from '../../../../../src/core/client/rateLimit/limiter';
import { headerValue, parseCount, parseRateLimit, parseReset, parseRetryAfter } from '../../../../../src/core/client/rateLimit/rateLimitHeaders';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);

describe('client: rate-limit header parsing', () => {
  it('reads the three headers, any case, first of repeated values', () => {
    const s = parseRateLimit({ 'x-ratelimit-limit': '100', 'X-RateLimit-Remaining': ['7', '8'], 'X-RATELIMIT-RESET': String(NOW / 1000 + 60) }, NOW);
    assert.deepEqual(s, { limit: 100, remaining: 7, resetAt: NOW + 60_000, observedAt: NOW });
    assert.equal(headerValue({ a: ['', ' x '] }, 'A'), undefined);
  });

  it('leaves out what is missing or unreadable', () => {
    assert.deepEqual(parseRateLimit({}, NOW), { observedAt: NOW });
    assert.deepEqual(parseRateLimit({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '', 'x-ratelimit-reset': 'soon' }, NOW), { observedAt: NOW });
  });

  it('counts: lenient integers, never negative', () => {
    assert.equal(parseCount('100'), 100);
    assert.equal(parseCount(' 99.0 '), 99);
    assert.equal(parseCount('100, 100'), 100);
    assert.equal(parseCount('1000;w=3600'), 1000);
    assert.equal(parseCount('-3'), 0);
    assert.equal(parseCount('x'), undefined);
  });

  it('reset: epoch seconds, epoch milliseconds, seconds from now, ISO-8601, HTTP date', () => {
    assert.equal(parseReset('1640995200', NOW), 1_640_995_200_000);
    assert.equal(parseReset(String(NOW + 5_000), NOW), NOW + 5_000);
    assert.equal(parseReset('60', NOW), NOW + 60_000);
    assert.equal(parseReset('0', NOW), NOW);
    assert.equal(parseReset('1.5', NOW), NOW + 1_500);
    assert.equal(parseReset('2026-11-23T10:30:00Z', NOW), Date.UTC(2026, 10, 23, 10, 30));
    assert.equal(parseReset('2026-11-23T11:30:00+01:00', NOW), Date.UTC(2026, 10, 23, 10, 30));
    assert.equal(parseReset('Mon, 23 Nov 2026 10:30:00 GMT', NOW), Date.UTC(2026, 10, 23, 10, 30));
    assert.equal(parseReset('never', NOW), undefined);
    assert.equal(parseReset(undefined, NOW), undefined);
  });

  it('Retry-After: seconds or an HTTP date, never in the past', () => {
    assert.equal(parseRetryAfter('60', NOW), NOW + 60_000);
    assert.equal(parseRetryAfter(' 0 ', NOW), NOW);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 10:01:00 GMT', NOW), NOW + 60_000);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', NOW), NOW);
    assert.equal(parseRetryAfter('later', NOW), undefined);
  });
});

describe('client: the shared limiter', () => {
  it('keys entries by an HMAC: the key is not in the id, and ids differ by base URL and key', () => {
    const id = limiterId('https://leakjar.com/api', 'secret-key-123');
    assert.ok(!id.includes('secret-key-123'));
    assert.match(id, /^[0-9a-f]{64}$/);
    assert.equal(id, limiterId('https://leakjar.com/api', 'secret-key-123'));
    assert.notEqual(id, limiterId('https://leakjar.com/api', 'secret-key-124'));
    assert.notEqual(id, limiterId('https://other.test/api', 'secret-key-123'));
  });

  it('lets requests through until the known quota is spent, then says when it resets', () => {
    const l = new RateLimiter();
    assert.equal(l.acquire('x', NOW), undefined, 'nothing known: send');
    l.record('x', { limit: 10, remaining: 2, resetAt: NOW + 30_000, observedAt: NOW });
    assert.equal(l.acquire('x', NOW), undefined);
    assert.equal(l.acquire('x', NOW), undefined);
    assert.equal(l.acquire('x', NOW), NOW + 30_000, 'two sent since: spent');
    assert.equal(l.state('x')?.remaining, 0);
    assert.equal(l.acquire('x', NOW + 30_000), undefined, 'a new window');
  });

  it('a 429 blocks until its retry time; answers out of order keep the lowest count', () => {
    const l = new RateLimiter();
    l.record('x', { observedAt: NOW }, NOW + 2_000);
    assert.equal(l.acquire('x', NOW + 1_000), NOW + 2_000);
    assert.equal(l.acquire('x', NOW + 2_000), undefined);
    l.record('y', { remaining: 3, resetAt: NOW + 9_000, observedAt: NOW });
    l.record('y', { remaining: 5, resetAt: NOW + 9_000, observedAt: NOW });
    assert.equal(l.state('y')?.remaining, 3);
    l.record('y', { remaining: 50, resetAt: NOW + 99_000, observedAt: NOW });
    assert.equal(l.state('y')?.remaining, 50, 'a new window replaces the count');
    l.record('y', { observedAt: NOW + 1 });
    assert.equal(l.state('y')?.remaining, 50, 'an answer without headers keeps the state');
  });

  it('keeps its entries where it is told (one record per origin), so a second limiter over them knows the quota', () => {
    // As the extension's QuotaStore does: entries stored as plain data, named by origin.
    const stored = new Map<string, string>();
    const storage = {
      get: (id: string) => (stored.has(id) ? (JSON.parse(stored.get(id) as string) as LimiterEntry) : undefined),
      set: (id: string, entry: LimiterEntry | undefined) => (entry ? stored.set(id, JSON.stringify(entry)) : stored.delete(id)),
    };
    const idOf = (baseUrl: string): string => new URL(baseUrl).origin;
    const first = new RateLimiter({ storage, idOf });
    const id = first.id('https://leakjar.com/api', 'secret-key-123');
    assert.equal(id, 'https://leakjar.com');
    first.record(id, { limit: 5, remaining: 1, resetAt: NOW + 60_000, observedAt: NOW });
    assert.equal(first.acquire(id, NOW), undefined);
    assert.ok(![...stored.values()].some((v) => v.includes('secret-key-123')), 'the key is not stored');
    const second = new RateLimiter({ storage, idOf });
    assert.equal(second.acquire(id, NOW + 1), NOW + 60_000, 'the request the first one sent counted: spent');
    assert.deepEqual(second.effective(id, NOW + 1), { limit: 5, remaining: 0, resetAt: NOW + 60_000, observedAt: NOW });
    second.record(id, { observedAt: NOW + 2 }, NOW + 90_000);
    assert.deepEqual(first.effective(id, NOW + 3), { limit: 5, remaining: 0, resetAt: NOW + 90_000, observedAt: NOW }, "a 429's wait shows as spent until it ends");
    assert.equal(first.acquire(id, NOW + 60_001), NOW + 90_000);
    first.forget(id);
    assert.equal(stored.size, 0);
  });

  it('backoff doubles with jitter inside [half, full] and is capped', () => {
    for (let retry = 0; retry < 8; retry++) {
      const ceiling = Math.min(8_000, 250 * 2 ** retry);
      for (let i = 0; i < 20; i++) {
        const d = backoffDelay(retry);
        assert.ok(d >= Math.floor(ceiling / 2) && d <= ceiling, `retry ${retry}: ${d}`);
      }
    }
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    assert.ok(spread.size > 10, 'jittered');
  });

  it('sleep ends at once with "cancelled" when the signal aborts', async () => {
    const ac = new AbortController();
    const t0 = Date.now();
    const p = sleep(10_000, ac.signal);
    setImmediate(() => ac.abort());
    await assert.rejects(p, (e: unknown) => e instanceof LeakSearchError && e.kind === 'cancelled');
    assert.ok(Date.now() - t0 < 1_000);
    await assert.rejects(sleep(10, AbortSignal.abort()), (e: unknown) => e instanceof LeakSearchError && e.kind === 'cancelled');
  });
});
