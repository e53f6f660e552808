// The reference service's rate limits: per-key windows, 429 with Retry-After, and the
// anonymous window for requests without a valid key.
import * as assert from 'node:assert/strict';
import type { RunningService } from '../../../service/types';
import { startService } from '../../../service/server';
import { DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { TIGHT_KEY, testOptions } from './fixtures';
import type { RawResponse } from './http';
import { eventually, rawGet, searchPath } from './http';

const FAST_KEY = 'lj_test_fast_window_0000000000000000';

function limits(r: RawResponse): { limit: number; remaining: number; reset: number; retryAfter: number | undefined } {
  const ra = r.headers['retry-after'];
  return {
    limit: Number(r.headers['x-ratelimit-limit']),
    remaining: Number(r.headers['x-ratelimit-remaining']),
    reset: Number(r.headers['x-ratelimit-reset']),
    retryAfter: ra === undefined ? undefined : Number(ra),
  };
}

describe('service: rate limits', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService({
      ...testOptions([{ name: 'fast', apiKey: FAST_KEY, domains: ['example.com'], rateLimit: { limit: 2, windowMs: 300 } }]),
      anonymousRateLimit: { limit: 3, windowMs: 60_000 },
    });
  });
  after(() => svc.close());
  beforeEach(() => svc.reset());

  const get = (path: string): Promise<RawResponse> => rawGet(svc.baseUrl, path);

  it('counts down Remaining, then answers 429 "Rate limit exceeded." with Retry-After in seconds', async () => {
    const path = searchPath(TIGHT_KEY, 'example.com', 'accounts');
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const r = await get(path);
      assert.equal(r.status, 200);
      seen.push(limits(r));
    }
    assert.deepEqual(seen.map((s) => [s.limit, s.remaining, s.retryAfter]), [[3, 2, undefined], [3, 1, undefined], [3, 0, undefined]]);
    const over = await get(path);
    assert.equal(over.status, 429);
    assert.equal(over.body, '{"error":"Rate limit exceeded."}');
    assert.equal(over.headers['content-type'], 'application/json');
    const l = limits(over);
    assert.equal(l.remaining, 0);
    assert.equal(l.reset, seen[0]?.reset, 'the same fixed window');
    assert.ok(l.retryAfter !== undefined && l.retryAfter >= 59 && l.retryAfter <= 60, `Retry-After ${l.retryAfter}`);
    assert.ok(Math.abs(l.reset - (Date.now() / 1000 + 60)) < 2, 'reset is the window end in epoch seconds');
  });

  it('the limit is checked before IP, input and subscription: a spent key gets 429 for anything', async () => {
    for (let i = 0; i < 3; i++) await get(searchPath(TIGHT_KEY, 'example.com', 'accounts'));
    assert.equal((await get(searchPath(TIGHT_KEY, 'bad domain', 'accounts'))).status, 429);
    assert.equal((await get(searchPath(TIGHT_KEY, 'other.test', 'accounts'))).status, 429);
  });

  it('a new window opens when the old one ends', async () => {
    const path = searchPath(FAST_KEY, 'example.com', 'accounts');
    await get(path);
    await get(path);
    const over = await get(path);
    assert.equal(over.status, 429);
    assert.equal(limits(over).retryAfter, 1, 'Retry-After is at least one second');
    let fresh: RawResponse | undefined;
    await eventually(async () => {
      fresh = await get(path);
      return fresh.status === 200;
    }, 3000, 50);
    assert.equal(limits(fresh as RawResponse).remaining, 1);
  });

  it('each key has its own window', async () => {
    for (let i = 0; i < 4; i++) await get(searchPath(TIGHT_KEY, 'example.com', 'accounts'));
    const other = await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts'));
    assert.equal(other.status, 200);
    assert.equal(limits(other).limit, 10_000);
  });

  it('requests without a valid key count in the caller IP\'s anonymous window (401 and 404 alike)', async () => {
    const a = await get(searchPath('wrong', 'example.com', 'accounts'));
    const b = await get('/nothing');
    const c = await get(searchPath('wrong-again', 'example.com', 'accounts'));
    assert.deepEqual([a.status, b.status, c.status], [401, 404, 401]);
    assert.deepEqual([a, b, c].map((r) => [limits(r).limit, limits(r).remaining]), [[3, 2], [3, 1], [3, 0]]);
    const d = await get(searchPath('wrong', 'example.com', 'accounts'));
    assert.equal(d.status, 429);
    assert.ok((limits(d).retryAfter ?? 0) >= 1);
    const e = await get('/nothing');
    assert.equal(e.status, 429);
    // A valid key is not affected by the anonymous window.
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts'))).status, 200);
  });

  it('reset() forgets the windows', async () => {
    for (let i = 0; i < 4; i++) await get(searchPath(TIGHT_KEY, 'example.com', 'accounts'));
    svc.reset();
    const r = await get(searchPath(TIGHT_KEY, 'example.com', 'accounts'));
    assert.equal(r.status, 200);
    assert.equal(limits(r).remaining, 2);
  });

  it('tenants default to 1000 requests per hour', async () => {
    const base = demoOptions();
    const svc2 = await startService({ ...base, tenants: [{ name: 'plain', apiKey: 'plain-key', domains: ['example.com'] }] });
    try {
      const r = await rawGet(svc2.baseUrl, searchPath('plain-key', 'example.com', 'accounts'));
      assert.deepEqual([limits(r).limit, limits(r).remaining], [1000, 999]);
      assert.ok(Math.abs(limits(r).reset - (Date.now() / 1000 + 3600)) < 2);
    } finally {
      await svc2.close();
    }
  });
});
