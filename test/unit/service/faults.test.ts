// The reference service's fault modes, which the client's tests use to misbehave on purpose.
import * as assert from 'node:assert/strict';
import type { RunningService } from '../../../service/types';
import { startService } from '../../../service/server';
import { DEMO_API_KEY, OTHER_API_KEY, demoOptions } from '../../../service/demo';
import { RATE_HEADERS } from './fixtures';
import type { RawResponse } from './http';
import { eventually, json, rawGet, searchPath } from './http';

const PATH = searchPath(DEMO_API_KEY, 'example.com', 'accounts');

function assertRateHeaders(r: RawResponse): void {
  for (const h of RATE_HEADERS) assert.match(String(r.headers[h]), /^\d+$/, h);
  assert.equal(r.headers['content-type'], 'application/json');
}

describe('service: fault modes', () => {
  let svc: RunningService;
  let normal: string;
  before(async () => {
    svc = await startService(demoOptions());
    normal = (await rawGet(svc.baseUrl, PATH)).body;
  });
  after(() => svc.close());
  beforeEach(() => {
    svc.setFaults(DEMO_API_KEY, []);
    svc.reset();
  });

  const get = (path = PATH): Promise<RawResponse> => rawGet(svc.baseUrl, path);

  it('delay: holds the whole answer (headers included) for delayMs, then answers normally', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'delay', delayMs: 300 }]);
    const r = await get();
    assert.equal(r.status, 200);
    assert.ok(r.headersMs >= 280, `headers after ${r.headersMs} ms`);
    assert.equal(r.body, normal);
    assertRateHeaders(r);
  });

  it('slow-body: headers at once, then the body in chunks over delayMs', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'slow-body', delayMs: 400 }]);
    const r = await get();
    assert.equal(r.status, 200);
    assertRateHeaders(r);
    assert.ok(r.headersMs < 250, `headers after ${r.headersMs} ms`);
    assert.ok(r.totalMs >= 350, `body done after ${r.totalMs} ms`);
    assert.equal(r.body, normal);
  });

  it('truncated: announces the full length, sends half, and ends the connection', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'truncated' }]);
    const r = await get();
    assert.equal(r.status, 200);
    assertRateHeaders(r);
    assert.equal(Number(r.headers['content-length']), Buffer.byteLength(normal));
    assert.ok(r.error, 'the client sees a broken body');
    assert.ok(r.bytes < Buffer.byteLength(normal));
    assert.throws(() => JSON.parse(r.body));
  });

  it('invalid-json: a 200 whose body is not JSON', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'invalid-json' }]);
    const r = await get();
    assert.equal(r.status, 200);
    assertRateHeaders(r);
    assert.equal(r.error, undefined);
    assert.throws(() => JSON.parse(r.body), SyntaxError);
  });

  it('wrong-types: valid JSON of the wrong shape', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'wrong-types' }]);
    const r = await get();
    assert.equal(r.status, 200);
    const body = json(r) as { count: unknown; results: unknown };
    assert.equal(typeof body.count, 'string');
    assert.ok(typeof body.results === 'object' && !Array.isArray(body.results));
  });

  it('reset: the connection is destroyed without an answer', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'reset' }]);
    const r = await get();
    assert.equal(r.status, 0);
    assert.equal(r.error?.code, 'ECONNRESET');
    assert.deepEqual(svc.requests.map((e) => [e.status, e.fault]), [[0, 'reset']]);
  });

  for (const [fault, status, message] of [
    ['error-500', 500, 'Internal server error.'],
    ['error-502', 502, 'Bad gateway.'],
    ['error-503', 503, 'Service unavailable.'],
  ] as const) {
    it(`${fault}: ${status} with a JSON error body and the rate-limit headers`, async () => {
      svc.setFaults(DEMO_API_KEY, [{ fault }]);
      const r = await get();
      assert.equal(r.status, status);
      assertRateHeaders(r);
      assert.deepEqual(json(r), { error: message });
      assert.deepEqual(svc.requests.map((e) => [e.status, e.fault]), [[status, fault]]);
    });
  }

  it('huge: a valid body of about sizeBytes whose count matches its records', async () => {
    const size = 2 * 1024 * 1024;
    svc.setFaults(DEMO_API_KEY, [{ fault: 'huge', sizeBytes: size }]);
    const r = await get();
    assert.equal(r.status, 200);
    assertRateHeaders(r);
    assert.equal(Number(r.headers['content-length']), r.bytes);
    assert.ok(r.bytes > size * 0.95 && r.bytes <= size, `${r.bytes} bytes`);
    const body = json(r) as { count: number; results: unknown[] };
    assert.equal(body.count, body.results.length);
    assert.ok(body.count > 100);
  });

  it('times: the rule applies to the next N matching requests, then the service answers normally', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'error-503', times: 2 }]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get()).status);
    assert.deepEqual(statuses, [503, 503, 200, 200]);
  });

  it('rules match by domain and findings type; the first matching rule wins', async () => {
    svc.setFaults(DEMO_API_KEY, [
      { fault: 'error-502', domain: 'example.org', type: 'customers' },
      { fault: 'error-500', domain: 'example.org' },
    ]);
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.org', 'customers'))).status, 502);
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.org', 'c'))).status, 502);
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.org', 'accounts'))).status, 500);
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.com', 'customers'))).status, 200);
  });

  it('faults are per tenant and only hit requests that pass every check', async () => {
    svc.setFaults(DEMO_API_KEY, [{ fault: 'error-500', times: 1 }]);
    assert.equal((await get(searchPath(OTHER_API_KEY, 'other.test', 'accounts'))).status, 200, 'another tenant');
    assert.equal((await get(searchPath(DEMO_API_KEY, 'other.test', 'accounts'))).status, 403, 'subscription first');
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.com', 'nope'))).status, 400, 'validation first');
    assert.equal((await get()).status, 500, 'the one use was not spent by the refused requests');
    assert.equal((await get()).status, 200);
  });

  it('faults can be configured at start, in the tenant config', async () => {
    const base = demoOptions();
    const svc2 = await startService({ ...base, tenants: base.tenants.map((t) => (t.apiKey === DEMO_API_KEY ? { ...t, faults: [{ fault: 'error-503', times: 1 }] } : t)) });
    try {
      assert.equal((await rawGet(svc2.baseUrl, PATH)).status, 503);
      assert.equal((await rawGet(svc2.baseUrl, PATH)).status, 200);
    } finally {
      await svc2.close();
    }
  });

  it('setFaults refuses an unknown fault kind', () => {
    assert.throws(() => svc.setFaults(DEMO_API_KEY, [{ fault: 'explode' as never }]), /Unknown fault kind/);
  });

  it('close() ends at once even while a delayed answer is pending', async () => {
    const svc2 = await startService(demoOptions());
    svc2.setFaults(DEMO_API_KEY, [{ fault: 'delay', delayMs: 60_000 }]);
    const pending = rawGet(svc2.baseUrl, PATH);
    await eventually(async () => svc2.requests.length === 1, 2000);
    const started = Date.now();
    await svc2.close();
    assert.ok(Date.now() - started < 1000, 'close did not wait for the delay');
    const r = await pending;
    assert.ok(r.error, 'the pending request failed');
  });
});
