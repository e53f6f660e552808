// Only a plainly written loopback host skips the clear-text question, and `localhost` is reached
// without asking DNS.
import * as assert from 'node:assert/strict';
import type * as Dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { createRequire } from 'node:module';
import { clearTextOrigin } from '../../../../../src/core/client/net/clearText';
import { localhostLookup } from '../../../../../src/core/client/net/localhostLookup';
import { isLoopbackHost, isLoopbackUrl } from '../../../../../src/core/client/net/loopback';
import type { NetworkOptions } from '../../../../../src/core/client/net/route';
import { DEMO_API_KEY, failsWith, testClient, useTestService } from '../fixture';

// The module object itself (an import gives a read-only copy), so that its lookup can be replaced.
const dns = createRequire(__filename)('node:dns') as typeof Dns;
const search = { apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' as const };

// [base URL as written, counts as this machine]
const urls: readonly (readonly [string, boolean])[] = [
  ['http://localhost', true],
  ['http://LOCALHOST:3000/api', true],
  ['  http://localhost:3000/api  ', true],
  ['http://127.0.0.1:8080', true],
  ['http://127.255.254.9/x', true],
  ['http://[::1]:3000/api', true],
  ['HTTP://[::1]/', true],
  ['http://@localhost/', true],
  // A name that is not exactly `localhost`, though it may resolve to loopback.
  ['http://api.localhost', false],
  ['http://localhost./api', false],
  ['http://localhost.example.com', false],
  ['http://localhost%2eexample.com', false],
  ['http://%6cocalhost', false],
  ['http://local%68ost/', false],
  ['http://loca\tlhost/', false],
  ['http://xn--localhost-.example', false],
  // Other spellings the URL parser turns into 127.0.0.1 or ::1.
  ['http://0x7f.1', false],
  ['http://0x7f000001', false],
  ['http://2130706433', false],
  ['http://127.1', false],
  ['http://127.0.1', false],
  ['http://0177.0.0.1', false],
  ['http://127.0.0.01', false],
  ['http://127.0.0.1.', false],
  ['http://127.000.000.001', false],
  ['http://%31%32%37.0.0.1', false],
  ['http://[0:0:0:0:0:0:0:1]', false],
  ['http://[::0:1]', false],
  ['http://[::ffff:127.0.0.1]', false],
  ['http://[::ffff:7f00:1]', false],
  ['http:localhost', false],
  ['http:/localhost', false],
  ['http:\\\\localhost', false],
  // Not loopback at all.
  ['http://128.0.0.1', false],
  ['http://10.0.0.1', false],
  ['http://[::2]', false],
  ['http://127.0.0.1.nip.io', false],
  ['http://evil.com#@localhost', false],
  ['http://evil.com\\@localhost', false],
  ['http://localhost@evil.com', false],
  ['http://localhost:80@evil.com', false],
  ['not a url', false],
  ['', false],
];

describe('net: loopback as written', () => {
  it('isLoopbackUrl: only the plain spellings of this machine', () => {
    for (const [url, loopback] of urls) assert.equal(isLoopbackUrl(url), loopback, JSON.stringify(url));
  });

  it('isLoopbackHost: a parsed host; no subdomains, trailing dots or mapped addresses', () => {
    for (const h of ['localhost', 'LocalHost', '127.0.0.1', '127.8.9.10', '::1', '[::1]']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['api.localhost', 'localhost.', '127.0.0.1.', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '0:0:0:0:0:0:0:1', '127.256.0.1', '127.01.0.1', '128.0.0.1', '', ' localhost']) {
      assert.ok(!isLoopbackHost(h), h);
    }
  });

  it('every other http:// URL needs consent for its parsed origin; https never does', () => {
    for (const [url, loopback] of urls) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(url.trim());
      } catch {
        parsed = undefined;
      }
      const expected = parsed?.protocol === 'http:' && !loopback ? parsed.origin : undefined;
      assert.equal(clearTextOrigin(url), expected, JSON.stringify(url));
    }
    assert.equal(clearTextOrigin('http://0x7f.1:8080/api'), 'http://127.0.0.1:8080');
    assert.equal(clearTextOrigin('https://0x7f.1/api'), undefined);
    assert.equal(clearTextOrigin('https://api.localhost/api'), undefined);
  });

  it('a long hostile URL is judged in linear time', () => {
    const long = `http://${'a.'.repeat(100_000)}localhost/${'@'.repeat(100_000)}`;
    const started = Date.now();
    assert.equal(isLoopbackUrl(long), false);
    assert.ok(Date.now() - started < 1_000);
  });
});

describe('net: localhost without DNS', () => {
  const lookup = (name: string, options: Dns.LookupOptions): Promise<string | LookupAddress[]> =>
    new Promise((resolve, reject) => localhostLookup(name, options, (err, address) => (err ? reject(err) : resolve(address))));

  it('answers localhost with the loopback addresses, for each family and form', async () => {
    assert.equal(await lookup('localhost', {}), '127.0.0.1');
    assert.equal(await lookup('LOCALHOST', { family: 6 }), '::1');
    assert.deepEqual(await lookup('localhost', { all: true }), [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    assert.deepEqual(await lookup('localhost', { all: true, family: 4 }), [{ address: '127.0.0.1', family: 4 }]);
  });

  describe('with a resolver that sends localhost elsewhere', () => {
    const service = useTestService();
    const original = dns.lookup;
    const asked: string[] = [];
    beforeEach(() => {
      asked.length = 0;
      // Stands for a DNS or hosts file that does not give loopback for localhost.
      (dns as { lookup: unknown }).lookup = (name: string, options: unknown, callback: (e: Error | null) => void): void => {
        asked.push(name);
        const cb = typeof options === 'function' ? (options as typeof callback) : callback;
        process.nextTick(() => cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })));
      };
    });
    afterEach(() => {
      (dns as { lookup: unknown }).lookup = original;
    });

    it('other names still go to the resolver', async () => {
      await assert.rejects(lookup('leaks.example', {}), /ENOTFOUND/);
      assert.deepEqual(asked, ['leaks.example']);
    });

    for (const route of ['own', 'vscode-fetch'] as const) {
      it(`a search to http://localhost reaches this machine without a lookup (${route} route)`, async () => {
        let fetched = 0;
        const viaFetch = (() => {
          fetched++;
          return Promise.reject(new TypeError('fetch failed'));
        }) as unknown as typeof fetch;
        const network: NetworkOptions = {
          proxy: { setting: '', noProxy: [], support: 'override', env: {} },
          strictSSL: true,
          systemCertificates: true,
          fetchAdditionalSupport: true,
          ...(route === 'vscode-fetch' ? { fetch: viaFetch } : {}),
        };
        const client = testClient({ network });
        try {
          const port = new URL(service.baseUrl).port;
          const r = await client.search({ ...search, baseUrl: `http://localhost:${port}` });
          assert.ok(r.result.count > 0);
          assert.deepEqual(asked, []);
          assert.equal(fetched, 0, 'localhost never goes through VS Code’s fetch');
          // Another name does go the usual way: to the resolver, or to VS Code's fetch.
          await failsWith(client.search({ ...search, baseUrl: `https://leaks.example:${port}` }), 'network');
          assert.deepEqual([asked, fetched], route === 'own' ? [['leaks.example'], 0] : [[], 1]);
        } finally {
          await client.close();
        }
      });
    }
  });
});
