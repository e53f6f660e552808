// Path-segment injection, and searching through a forward proxy.
import * as assert from 'node:assert/strict';
import { buildSearchUrl } from '../../../../src/core/client/client';
import { DEMO_API_KEY, ODD_KEY, closeAfterEach, failsWith, useTestService, testClient } from './fixture';
import { startForwardProxy } from './net/forwardProxy';

describe('client: path segments cannot be injected', function () {
  const service = useTestService();

  it('buildSearchUrl encodes every segment: hostile values stay one segment each', () => {
    const hostile = ['../admin', 'a/b', 'a?b=1', 'a#frag', '%2e%2e', '.%2E', 'a b', '..;', '...'];
    for (const domain of hostile) {
      // Parsed the way undici parses it (WHATWG URL): dot segments would be resolved here.
      const url = buildSearchUrl('https://leakjar.com/api/', 'key', { domain, type: 'accounts', range: { start: '%2E%2E', end: '/x?y#z' } });
      const parsed = new URL(url);
      assert.equal(parsed.search, '');
      assert.equal(parsed.hash, '');
      const segments = parsed.pathname.split('/');
      assert.deepEqual(segments.slice(0, 4), ['', 'api', 'search', 'key']);
      assert.equal(segments.length, 8, url);
      assert.deepEqual(segments.slice(4).map(decodeURIComponent), [domain, 'accounts', '%2E%2E', '/x?y#z']);
    }
    for (const dots of ['..', '.', '']) {
      assert.throws(() => buildSearchUrl('https://leakjar.com', 'key', { domain: dots, type: 'accounts' }), /dot path segment/);
      assert.throws(() => buildSearchUrl('https://leakjar.com', 'key', { domain: 'example.com', type: 'accounts', range: { start: dots, end: '20240101' } }), /dot path segment/);
    }
    assert.throws(() => buildSearchUrl('https://leakjar.com', 'a/b', { domain: 'example.com', type: 'accounts' }));
    assert.throws(() => buildSearchUrl('https://leakjar.com', '..', { domain: 'example.com', type: 'accounts' }));
  });

  it('hostile domains and keys are refused before sending', async () => {
    const client = testClient();
    for (const domain of ['../example.com', 'example.com/../../x', 'example.com?x=1', 'example.com#x', '..', 'example.com/accounts']) {
      await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain, type: 'a' }), 'invalid-input');
    }
    for (const apiKey of ['..', '.', 'a/b', `${DEMO_API_KEY}/x`, `${DEMO_API_KEY}?x=1`, `${DEMO_API_KEY}#x`, `${DEMO_API_KEY}%2F`]) {
      await failsWith(client.search({ baseUrl: service.baseUrl, apiKey, domain: 'example.com', type: 'a' }), 'invalid-input');
    }
    assert.equal(service.requests.length, 0);
    await client.close();
  });

  it('a key with reserved characters reaches the service as exactly one segment, unchanged', async () => {
    const client = testClient();
    const r = await client.search({ baseUrl: service.baseUrl, apiKey: ODD_KEY, domain: 'example.com', type: 'a' });
    assert.ok(r.result.count > 0);
    const seen = service.requests[0];
    assert.equal(seen?.apiKey, ODD_KEY);
    assert.equal(seen?.path.split('/').length, 5);
    assert.ok(!seen?.path.includes('?') && !seen?.path.includes('#'));
    await client.close();
  });
});

describe('client: through a forward proxy', function () {
  const service = useTestService();
  const track = closeAfterEach();

  it('the search goes through the proxy (a CONNECT tunnel) and succeeds', async () => {
    const proxy = track(await startForwardProxy());
    const client = track(testClient({ proxyUrl: proxy.url }));
    const r = await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' });
    assert.ok(r.result.count > 0);
    const port = new URL(service.baseUrl).port;
    assert.equal(proxy.seen.length, 1);
    assert.deepEqual(proxy.seen[0], { method: 'CONNECT', target: `127.0.0.1:${port}` });
    assert.equal(service.requests.length, 1);
    await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.org', type: 'a' });
    assert.ok(proxy.seen.length >= 1 && proxy.seen.every((s) => s.method === 'CONNECT' && s.target === `127.0.0.1:${port}`));
    assert.equal(service.requests.length, 2);
  });

  it('a proxy given as host:port works; proxy credentials from the URL are sent', async () => {
    const proxy = track(await startForwardProxy({ user: 'alice', password: 's3cret' }));
    const client = track(testClient({ proxyUrl: `http://alice:s3cret@127.0.0.1:${proxy.port}` }));
    await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' });
    assert.equal(proxy.seen[0]?.auth, `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    const bare = track(await startForwardProxy());
    const client2 = track(testClient({ proxyUrl: `127.0.0.1:${bare.port}` }));
    await client2.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' });
    assert.equal(bare.seen.length, 1);
  });

  it('a proxy that demands credentials → network error naming the proxy and 407, credentials not shown', async () => {
    const proxy = track(await startForwardProxy({ user: 'alice', password: 's3cret' }));
    const client = track(testClient({ proxyUrl: `http://alice:wrong-pw@127.0.0.1:${proxy.port}` }));
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), 'network');
    assert.match(e.message, /proxy http:\/\/127\.0\.0\.1:\d+ refused .*HTTP 407.*credentials/);
    assert.ok(!e.message.includes('wrong-pw'));
    assert.equal(service.requests.length, 0);
  });

  it('a proxy that is down → network error naming the proxy', async () => {
    const proxy = track(await startForwardProxy());
    await proxy.close();
    const client = track(testClient({ proxyUrl: proxy.url }));
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), 'network');
    assert.match(e.message, /the proxy http:\/\/127\.0\.0\.1:\d+/);
  });

  it('a malformed proxy URL is refused with a clear error', () => {
    assert.throws(() => testClient({ proxyUrl: 'ftp://proxy:21' }), /must be an http:\/\/ or https:\/\/ URL/);
    assert.throws(() => testClient({ proxyUrl: 'http://[bad' }), /not a valid URL/);
  });
});
