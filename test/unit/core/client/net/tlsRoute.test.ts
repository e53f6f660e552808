// The client on a corporate network: TLS failures name the certificate (re-read without
// sending the key, also through a proxy), the route through VS Code's fetch, loopback never
// proxied, and the clear-text guard. Certificates come from test/testPki.ts (openssl).
import * as assert from 'node:assert/strict';
import { DEMO_API_KEY, demoOptions } from '../../../../../service/demo';
import { startService } from '../../../../../service/server';
import type { RunningService } from '../../../../../service/types';
import type { NetworkOptions } from '../../../../../src/core/client/net/route';
import { createTestPki, TEST_CA_NAME } from '../../../../testPki';
import type { TestPki } from '../../../../testPki';
import { closedPort, failsWith, testClient } from '../fixture';
import { startForwardProxy } from './forwardProxy';

const network = (over: Partial<NetworkOptions> = {}): NetworkOptions => ({
  proxy: { setting: '', noProxy: [], support: 'override', env: {} },
  strictSSL: true,
  systemCertificates: true,
  fetchAdditionalSupport: true,
  ...over,
});
const search = { apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' as const };

describe('client: TLS and network routes', function () {
  this.timeout(20_000);
  let pki: TestPki;
  let tlsService: RunningService;
  let plain: RunningService;
  before(async () => {
    pki = createTestPki();
    tlsService = await startService({ ...demoOptions(), tls: { ...pki.server, hostName: 'localhost' } });
    plain = await startService(demoOptions());
  });
  after(async () => {
    await tlsService.close();
    await plain.close();
    pki.remove();
  });

  it('a certificate no store trusts: the error names it and says what to do; the key was never sent', async () => {
    const client = testClient({ network: network() });
    const e = await failsWith(client.search({ ...search, baseUrl: tlsService.baseUrl }), 'network');
    assert.match(e.message, /not trusted here \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/);
    assert.match(e.message, new RegExp(`CN=leaks\\.example\\.test, issued by O=Leak Search Tests|CN=leaks\\.example\\.test, issued by CN=${TEST_CA_NAME}`));
    assert.match(e.message, /add its root CA certificate to the operating system’s trust store\.$/);
    assert.equal(e.details.setting, 'trustStore');
    assert.ok(!e.message.includes(DEMO_API_KEY));
    assert.equal(tlsService.requests.length, 0);
    await client.close();
  });

  it('with http.systemCertificates off the message says so', async () => {
    const client = testClient({ network: network({ systemCertificates: false }) });
    const e = await failsWith(client.search({ ...search, baseUrl: tlsService.baseUrl }), 'network');
    assert.match(e.message, /trust store .* is not used\.$/);
    assert.equal(e.details.setting, 'systemCertificates');
    await client.close();
  });

  it('through a proxy the certificate is re-read through the tunnel (CONNECT only, no request)', async () => {
    const proxy = await startForwardProxy({ user: 'alice', password: 'pw-never-shown' });
    const client = testClient({ proxyUrl: `http://alice:pw-never-shown@127.0.0.1:${proxy.port}` });
    const e = await failsWith(client.search({ ...search, baseUrl: tlsService.baseUrl }), 'network');
    assert.match(e.message, /CN=leaks\.example\.test/);
    assert.ok(!e.message.includes('pw-never-shown'));
    assert.ok(proxy.seen.length >= 2 && proxy.seen.every((s) => s.method === 'CONNECT'), JSON.stringify(proxy.seen.map((s) => s.method)));
    assert.equal(tlsService.requests.length, 0);
    await client.close();
    await proxy.close();
  });

  it('http.proxyStrictSSL off: our route accepts the certificate', async () => {
    const client = testClient({ network: network({ strictSSL: false, fetch: () => Promise.reject(new Error('not this route')) }) });
    assert.equal(client.route.route, 'own');
    const r = await client.search({ ...search, baseUrl: tlsService.baseUrl });
    assert.ok(r.result.count > 0);
    await client.close();
  });

  it('VS Code’s fetch route: no dispatcher, manual redirects', async () => {
    const seen: RequestInit[] = [];
    // A name of another machine (the spy sends it to the test service): this machine's own
    // addresses never take VS Code's fetch.
    const remote = plain.baseUrl.replace('127.0.0.1', 'leaks.example.test');
    const fetchSpy = ((input: string, init: RequestInit) => {
      seen.push(init);
      return fetch(input.replace('leaks.example.test', '127.0.0.1'), init);
    }) as typeof fetch;
    const client = testClient({ network: network({ fetch: fetchSpy }), clearTextAllowed: (origin) => origin === new URL(remote).origin });
    assert.equal(client.route.route, 'vscode-fetch');
    const r = await client.search({ ...search, baseUrl: remote });
    assert.ok(r.result.records.length > 0);
    assert.equal(seen.length, 1);
    assert.ok((await client.search({ ...search, baseUrl: plain.baseUrl })).result.records.length > 0);
    assert.equal(seen.length, 1, 'a loopback address takes our own connection');
    assert.equal(seen[0]?.redirect, 'manual');
    assert.equal((seen[0] as { dispatcher?: unknown }).dispatcher, undefined);
    await client.close();
  });

  it('loopback is never proxied, even with http.proxy and HTTPS_PROXY set', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const client = testClient({ network: network({ proxy: { setting: dead, noProxy: [], support: 'override', env: { HTTPS_PROXY: dead } } }) });
    const r = await client.search({ ...search, baseUrl: plain.baseUrl });
    assert.ok(r.result.count > 0);
    assert.equal(client.describeWay(plain.baseUrl), 'directly (loopback is never proxied)');
    assert.equal(client.describeWay('https://leakjar.com/api'), `through the proxy ${dead} (http.proxy)`);
    await client.close();
  });

  it('a plain http:// origin elsewhere is refused unless allowed; nothing is sent', async () => {
    const refused = testClient({ network: network() });
    const e = await failsWith(refused.search({ ...search, baseUrl: 'http://leak-search-test.invalid/api' }), 'invalid-input');
    assert.match(e.message, /^Nothing was sent: http:\/\/leak-search-test\.invalid is a plain http:\/\/ address/);
    const allowed = testClient({ network: network(), clearTextAllowed: (o) => o === 'http://leak-search-test.invalid' });
    await failsWith(allowed.search({ ...search, baseUrl: 'http://leak-search-test.invalid/api' }), 'network');
    await refused.close();
    await allowed.close();
  });
});
