// The API key never shows: every failure path is driven and each error's message, String(),
// stack, details, util.inspect() and serialized cause chain are searched for the key in
// every spelling (raw, URL-encoded in either hex case, JSON-escaped).
import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { demoOptions } from '../../../../service/demo';
import { startService } from '../../../../service/server';
import type { RunningService } from '../../../../service/types';
import type { SearchParams } from '../../../../src/core/client/client';
import { LeakSearchError } from '../../../../src/core/service/errors';
import type { LeakSearchErrorKind } from '../../../../src/core/service/errors';
import { closedPort, testClient, until } from './fixture';
import type { ClientOptions } from '../../../../src/core/client/client';
import { startForwardProxy } from './net/forwardProxy';

const KEY = 'lj_Secret+Key:7=Q@z!$&,;"_a9f3e1';
const LOCKED = 'lj_Locked+Key:8=R@y!_b7d2c4';
const LIMITED = 'lj_Limited+Key:9=S@x!_c5e8f0';
const REFUSING = 'lj_Refusing+Key:4=Q@z!_a7c9e1';
const WRONG = 'lj_Wrong+Key:1=T@w!_d00000';
const PROXY_PASSWORD = 'pr0xy-Pa55word';

function spellings(secret: string): string[] {
  const enc = encodeURIComponent(secret);
  return [secret, enc, enc.toLowerCase(), JSON.stringify(secret).slice(1, -1)];
}

/** Everything a log line, an error dialog or a crash report could show of `e`. */
function everyRendering(e: LeakSearchError): string[] {
  const out = [e.message, String(e), String(e.stack), JSON.stringify(e.details), inspect(e, { depth: Infinity })];
  let cause: unknown = e.cause;
  for (let i = 0; cause !== undefined && i < 10; i++) {
    const c = cause as { message?: unknown; stack?: unknown; code?: unknown; cause?: unknown };
    out.push(String(cause), String(c.message), String(c.stack), JSON.stringify({ message: c.message, stack: c.stack, code: c.code }), inspect(cause, { depth: Infinity }));
    cause = c.cause;
  }
  return out;
}

describe('client: no failure path shows the API key', function () {
  this.timeout(30_000);
  let service: RunningService;
  const caught: { label: string; kind: LeakSearchErrorKind; error: LeakSearchError; secrets: string[] }[] = [];

  before(async () => {
    const demo = demoOptions();
    service = await startService({
      ...demo,
      tenants: [
        { name: 'secret', apiKey: KEY, domains: ['example.com'] },
        { name: 'locked', apiKey: LOCKED, domains: ['example.com'], allowedIps: ['203.0.113.7'] },
        { name: 'limited', apiKey: LIMITED, domains: ['example.com'], rateLimit: { limit: 1, windowMs: 3_600_000 } },
        // A 400 for a request the client found nothing wrong with (it refuses every malformed domain it can tell).
        { name: 'refusing', apiKey: REFUSING, domains: ['example.com'], faults: [{ fault: 'custom', status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'Invalid domain: expected a domain name such as example.com.' }) }] },
      ],
    });
  });
  after(async () => {
    await service.close();
  });

  async function expectFailure(label: string, kind: LeakSearchErrorKind, params: Partial<SearchParams>, options: ClientOptions = {}, during?: (ac: AbortController) => Promise<void>): Promise<void> {
    const client = testClient(options);
    const ac = new AbortController();
    const apiKey = params.apiKey ?? KEY;
    try {
      const p = client.search({ baseUrl: service.baseUrl, apiKey, domain: 'example.com', type: 'a', signal: ac.signal, ...params });
      if (during) await during(ac);
      await p;
      assert.fail(`${label}: expected a failure`);
    } catch (e) {
      assert.ok(e instanceof LeakSearchError, `${label}: ${String(e)}`);
      assert.equal(e.kind, kind, `${label}: ${e.message}`);
      caught.push({ label, kind, error: e, secrets: [apiKey, KEY, PROXY_PASSWORD] });
    } finally {
      await client.close();
    }
  }

  it('drives every failure path', async () => {
    const base = service.baseUrl;
    await expectFailure('invalid domain', 'invalid-input', { domain: `https://example.com/search/${KEY}` });
    await expectFailure('domain holding the key', 'invalid-input', { domain: `${KEY}.example.com` });
    await expectFailure('date holding the key', 'invalid-input', { range: { start: KEY, end: '20240101' } });
    await expectFailure('key with a space', 'invalid-input', { apiKey: `${KEY} x` });
    await expectFailure('key with a slash', 'invalid-input', { apiKey: `${KEY}/x` });
    await expectFailure('bad base URL', 'invalid-input', { baseUrl: `${base}/search/${KEY}?x` });
    await expectFailure('400', 'bad-request', { apiKey: REFUSING });
    await expectFailure('401', 'unauthorized', { apiKey: WRONG });
    await expectFailure('403 subscription', 'forbidden', { domain: 'other.test' });
    await expectFailure('403 ip', 'forbidden', { apiKey: LOCKED });
    await expectFailure('404', 'not-found', { baseUrl: `${base}/api` });
    await testClient().search({ baseUrl: base, apiKey: LIMITED, domain: 'example.com', type: 'a' });
    await expectFailure('429', 'rate-limited', { apiKey: LIMITED });
    const limiterClient = testClient();
    await assert.rejects(limiterClient.search({ baseUrl: base, apiKey: LIMITED, domain: 'example.com', type: 'a' }));
    try {
      await limiterClient.search({ baseUrl: base, apiKey: LIMITED, domain: 'example.com', type: 'a' });
    } catch (e) {
      assert.ok(e instanceof LeakSearchError && e.kind === 'rate-limited' && e.details.status === undefined);
      caught.push({ label: 'limiter (nothing sent)', kind: 'rate-limited', error: e, secrets: [LIMITED] });
    }
    await limiterClient.close();

    const fault = async (label: string, kind: LeakSearchErrorKind, rule: Parameters<RunningService['setFaults']>[1][number], options: ClientOptions = {}): Promise<void> => {
      service.setFaults(KEY, [rule]);
      await expectFailure(label, kind, {}, options);
    };
    await fault('delay → timeout', 'timeout', { fault: 'delay', delayMs: 2_000 }, { timeoutMs: 100 });
    await fault('slow body → timeout', 'timeout', { fault: 'slow-body', delayMs: 4_000 }, { timeoutMs: 100 });
    await fault('truncated', 'bad-response', { fault: 'truncated' });
    await fault('invalid JSON', 'bad-response', { fault: 'invalid-json' });
    await fault('wrong types', 'bad-response', { fault: 'wrong-types' });
    await fault('reset', 'network', { fault: 'reset' });
    await fault('500', 'server', { fault: 'error-500' });
    await fault('502', 'server', { fault: 'error-502' });
    await fault('503', 'server', { fault: 'error-503' });
    await fault('huge', 'too-large', { fault: 'huge', sizeBytes: 2 * 1024 * 1024 }, { maxBodyBytes: 1024 * 1024 });
    service.setFaults(KEY, []);

    await expectFailure('connection refused', 'network', { baseUrl: `http://127.0.0.1:${await closedPort()}` });
    await expectFailure('TLS', 'network', { baseUrl: base.replace('http:', 'https:') });
    const proxy = await startForwardProxy({ user: 'alice', password: 'right' });
    await expectFailure('proxy 407', 'network', {}, { proxyUrl: `http://alice:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` });
    await proxy.close();
    await expectFailure('proxy down', 'network', {}, { proxyUrl: `http://alice:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` });

    await expectFailure('cancelled before sending', 'cancelled', { signal: AbortSignal.abort() });
    service.setFaults(KEY, [{ fault: 'delay', delayMs: 3_000 }]);
    const before = service.requests.length;
    await expectFailure('cancelled while waiting', 'cancelled', {}, {}, async (ac) => {
      await until(() => service.requests.length > before);
      ac.abort(new Error(`aborted /search/${KEY}/example.com`));
    });
    service.setFaults(KEY, [{ fault: 'error-503' }]);
    const beforeBackoff = service.requests.length;
    await expectFailure('cancelled during backoff', 'cancelled', {}, { backoffBaseMs: 20_000 }, async (ac) => {
      await until(() => service.requests.length > beforeBackoff);
      ac.abort();
    });
    service.setFaults(KEY, []);

    const kinds = new Set(caught.map((c) => c.kind));
    for (const k of ['invalid-input', 'bad-request', 'unauthorized', 'forbidden', 'not-found', 'rate-limited', 'server', 'bad-response', 'too-large', 'network', 'timeout', 'cancelled'] as const) {
      assert.ok(kinds.has(k), `no failure of kind ${k} was driven`);
    }
  });

  it('none of those errors shows the key (or the proxy password) in any rendering', () => {
    assert.ok(caught.length >= 28, `only ${caught.length} failures were caught`);
    for (const { label, error, secrets } of caught) {
      for (const text of everyRendering(error)) {
        for (const secret of secrets) {
          for (const spelling of spellings(secret)) {
            assert.ok(!text.includes(spelling), `${label}: the ${secret === PROXY_PASSWORD ? 'proxy password' : 'key'} shows in: ${text.slice(0, 300)}`);
          }
        }
      }
    }
  });

  it('the service did see the key: the tests really sent it', () => {
    assert.ok(service.requests.some((r) => r.apiKey === KEY));
  });
});
