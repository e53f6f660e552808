// Cancellation at every stage, and the shared limiter against the service's real windows.
import * as assert from 'node:assert/strict';
import { RateLimiter } from '../../../../../src/core/client/rateLimit/limiter';
import { BURST_KEY, BURST_LIMIT, DEMO_API_KEY, FAULTY_KEY, HOURLY_KEY, PAIR_KEY, PAIR_LIMIT, failsWith, useTestService, testClient, until } from '../fixture';

describe('client over HTTP: cancellation', function () {
  const service = useTestService({ clearFaults: true });

  it('an already aborted signal → cancelled, nothing sent', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a', signal: AbortSignal.abort() }), 'cancelled');
    assert.equal(e.message, 'The search was cancelled.');
    assert.equal(service.requests.length, 0);
    await client.close();
  });

  it('abort while waiting for headers → cancelled at once', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'delay', delayMs: 5_000 }]);
    const client = testClient();
    const ac = new AbortController();
    const t0 = Date.now();
    const p = client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a', signal: ac.signal });
    await until(() => service.requests.length === 1, 5_000, 'the request to reach the service');
    ac.abort();
    await failsWith(p, 'cancelled');
    assert.ok(Date.now() - t0 < 2_000);
    await client.close();
  });

  it('abort during a slow body → cancelled at once', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'slow-body', delayMs: 8_000 }]);
    const client = testClient();
    const ac = new AbortController();
    const t0 = Date.now();
    const p = client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a', signal: ac.signal });
    await until(() => service.requests[0]?.fault === 'slow-body', 5_000, 'the slow body to start');
    ac.abort();
    await failsWith(p, 'cancelled');
    assert.ok(Date.now() - t0 < 3_000, `took ${Date.now() - t0} ms`);
    await client.close();
  });

  it('abort during the backoff between retries → cancelled at once, no further attempt', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'error-503' }]);
    const client = testClient({ backoffBaseMs: 20_000 }); // first backoff 10–20 s
    const ac = new AbortController();
    const t0 = Date.now();
    const p = client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a', signal: ac.signal });
    await until(() => service.requests.length === 1, 5_000, 'the first 503');
    ac.abort();
    await failsWith(p, 'cancelled');
    assert.ok(Date.now() - t0 < 3_000);
    assert.deepEqual(service.requests.map((r) => r.status), [503]);
    await client.close();
  });

  it('abort while waiting for the quota → cancelled at once, nothing sent', async () => {
    const client = testClient();
    await client.search({ baseUrl: service.baseUrl, apiKey: HOURLY_KEY, domain: 'example.com', type: 'a' });
    const ac = new AbortController();
    const t0 = Date.now();
    const p = client.search({ baseUrl: service.baseUrl, apiKey: HOURLY_KEY, domain: 'example.com', type: 'a', signal: ac.signal, waitForQuota: true });
    setTimeout(() => ac.abort(), 50);
    await failsWith(p, 'cancelled');
    assert.ok(Date.now() - t0 < 2_000);
    assert.equal(service.requests.length, 1);
    await client.close();
  });

  it('a probe of a spent quota that gets no answer leaves the quota known to be spent', async () => {
    const client = testClient();
    // An answer that spends the quota for an hour, then a service that keeps the probe waiting.
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    service.setFaults(FAULTY_KEY, [
      { fault: 'custom', times: 1, headers: { 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset } },
      { fault: 'delay', delayMs: 5_000 },
    ]);
    await client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' });
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'rate-limited');
    const ac = new AbortController();
    const probe = client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a', probe: true, signal: ac.signal });
    await until(() => service.requests.length === 2, 5_000, 'the probe to reach the service');
    ac.abort();
    await failsWith(probe, 'cancelled');
    const refused = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'rate-limited');
    assert.match(refused.message, /No request was sent/);
    assert.equal(service.requests.length, 2, 'the first answer and the probe, nothing after');
    assert.equal(client.rateLimit(service.baseUrl, FAULTY_KEY)?.remaining, 0);
    // A probe that is answered: what the answer says replaces the spent quota.
    service.setFaults(FAULTY_KEY, []);
    await client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a', probe: true });
    assert.ok((client.rateLimit(service.baseUrl, FAULTY_KEY)?.remaining ?? 0) > 0, 'the answer\'s quota is known');
    await client.close();
  });

  it('close() ends a running search as cancelled', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'delay', delayMs: 5_000 }]);
    const client = testClient();
    const p = client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' });
    await until(() => service.requests.length === 1, 5_000, 'the request to reach the service');
    await client.close();
    await failsWith(p, 'cancelled');
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'cancelled');
  });
});

describe('client over HTTP: the rate limiter', function () {
  const service = useTestService();
  const burst = { apiKey: BURST_KEY, domain: 'example.com', type: 'a' as const };
  // A one-hour window for the tests that must not see the window end mid-test.
  const pair = { apiKey: PAIR_KEY, domain: 'example.com', type: 'a' as const };

  it('sends nothing while the quota is known to be spent, and says when it resets', async () => {
    const client = testClient();
    const baseUrl = service.baseUrl;
    for (let i = 0; i < PAIR_LIMIT.limit; i++) await client.search({ baseUrl, ...pair });
    const state = client.rateLimit(baseUrl, PAIR_KEY);
    assert.equal(state?.remaining, 0);
    const e = await failsWith(client.search({ baseUrl, ...pair }), 'rate-limited');
    assert.equal(e.details.retryAt, state?.resetAt);
    assert.match(e.message, /No request was sent/);
    await failsWith(client.search({ baseUrl, ...pair, domain: 'example.org' }), 'rate-limited');
    assert.equal(service.requests.length, PAIR_LIMIT.limit, 'no request reached the service');
    await client.close();
  });

  it('two clients sharing one limiter share what they know', async () => {
    const limiter = new RateLimiter();
    const a = testClient({ limiter });
    const b = testClient({ limiter });
    for (let i = 0; i < PAIR_LIMIT.limit; i++) await a.search({ baseUrl: service.baseUrl, ...pair });
    await failsWith(b.search({ baseUrl: service.baseUrl, ...pair }), 'rate-limited');
    assert.equal(service.requests.length, PAIR_LIMIT.limit);
    await Promise.all([a.close(), b.close()]);
  });

  it('concurrent searches never exceed the known quota', async () => {
    const client = testClient();
    await client.search({ baseUrl: service.baseUrl, ...pair }); // learns remaining = 1
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => client.search({ baseUrl: service.baseUrl, ...pair })));
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    assert.equal(service.requests.length, PAIR_LIMIT.limit);
    assert.ok(service.requests.every((r) => r.status === 200));
    await client.close();
  });

  it('waitForQuota waits until the reset, then sends once', async () => {
    const client = testClient();
    for (let i = 0; i < BURST_LIMIT.limit; i++) await client.search({ baseUrl: service.baseUrl, ...burst });
    const resetAt = client.rateLimit(service.baseUrl, BURST_KEY)?.resetAt ?? 0;
    assert.ok(resetAt > Date.now());
    const r = await client.search({ baseUrl: service.baseUrl, ...burst, waitForQuota: true });
    assert.ok(r.result.count > 0);
    assert.equal(service.requests.length, BURST_LIMIT.limit + 1);
    const third = service.requests[BURST_LIMIT.limit];
    assert.equal(third?.status, 200);
    assert.ok((third?.at ?? 0) >= resetAt, `sent ${resetAt - (third?.at ?? 0)} ms before the reset`);
    assert.ok((third?.at ?? 0) < resetAt + 1_000, 'sent soon after the reset');
    await client.close();
  });

  it('a 429 with a short Retry-After is waited out and retried automatically', async () => {
    const spender = testClient();
    for (let i = 0; i < BURST_LIMIT.limit; i++) await spender.search({ baseUrl: service.baseUrl, ...burst });
    await spender.close();
    const client = testClient(); // does not know the quota is spent
    const r = await client.search({ baseUrl: service.baseUrl, ...burst });
    assert.ok(r.result.count > 0);
    assert.deepEqual(service.requests.map((x) => x.status), [200, 200, 429, 200]);
    const [, , refused, retried] = service.requests;
    assert.ok((retried?.at ?? 0) - (refused?.at ?? 0) >= 0);
    await client.close();
  });

  it('a 429 with a short Retry-After and maxRetries 0 → rate-limited with a retryAt within seconds', async () => {
    const spender = testClient();
    for (let i = 0; i < BURST_LIMIT.limit; i++) await spender.search({ baseUrl: service.baseUrl, ...burst });
    await spender.close();
    const client = testClient({ maxRetries: 0 });
    const t0 = Date.now();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, ...burst }), 'rate-limited');
    assert.equal(e.details.status, 429);
    assert.ok((e.details.retryAt ?? 0) > t0 && (e.details.retryAt ?? 0) <= t0 + 3_000);
    await client.close();
  });
});
