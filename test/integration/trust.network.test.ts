// A company root CA trusted only through the system trust store the extension host sees (the
// run's /etc/ssl/certs/ca-certificates.crt; no NODE_EXTRA_CA_CERTS, no Leak Search setting):
// checks work through VS Code's fetch and through our own route, and each misconfiguration
// says what is wrong and what to do.
import * as assert from 'node:assert/strict';
import type { RunningService } from '../../service/types';
import { DEMO_API_KEY, leakSearchApi, setSetting, useService } from './leakSearch.helpers';
import { failingCheck, fetchedCheck, logLine, resetHttp, setHttp, startTlsService } from './network.helpers';

describe('network: certificates from the system trust store', () => {
  const services: RunningService[] = [];
  const start = async (cert: Parameters<typeof startTlsService>[0]): Promise<RunningService> => {
    const s = await startTlsService(cert);
    services.push(s);
    return s;
  };
  before(async () => {
    await setSetting('findingsTypes', ['accounts']);
    await setSetting('cacheTtl', 0);
  });
  afterEach(resetHttp);
  after(async () => {
    await setSetting('findingsTypes', undefined);
    await setSetting('cacheTtl', undefined);
    await Promise.all(services.map((s) => s.close()));
  });

  it('the extension host has VS Code’s fetch and no extra certificates from the environment', () => {
    assert.ok((globalThis as { __vscodeOriginalFetch?: unknown }).__vscodeOriginalFetch, 'VS Code patched fetch');
    assert.equal(process.env.NODE_EXTRA_CA_CERTS, undefined);
    assert.equal(process.env.SSL_CERT_FILE, undefined);
  });

  it('works through VS Code’s fetch with a CA trusted only by the system store', async () => {
    const api = await leakSearchApi();
    const s = await start('server');
    await useService(s.baseUrl);
    await fetchedCheck();
    assert.ok(s.requests.length >= 1);
    await logLine(api, /Requests go through VS Code’s network stack/);
  });

  it('works through our own route too (http.fetchAdditionalSupport off)', async () => {
    const api = await leakSearchApi();
    const s = await start('server');
    await useService(s.baseUrl);
    await setHttp('fetchAdditionalSupport', false);
    await fetchedCheck();
    await logLine(api, /Requests go through Leak Search’s own connection \(undici\): http\.fetchAdditionalSupport is off/);
  });

  for (const route of ['VS Code’s fetch', 'own route'] as const) {
    it(`a certificate no store trusts is named, with the next step (${route}); the key was not sent`, async () => {
      const api = await leakSearchApi();
      const s = await start('untrusted');
      await useService(s.baseUrl);
      if (route === 'own route') await setHttp('fetchAdditionalSupport', false);
      const m = await failingCheck(api, /not trusted here/);
      assert.match(m.message, /CN=leaks\.example\.test, issued by O=Leak Search Tests, CN=Leak Search Untrusted Test CA|CN=leaks\.example\.test, issued by CN=Leak Search Untrusted Test CA/);
      assert.match(m.message, /operating system’s trust store\. Then reload the window\./);
      assert.deepEqual(m.actions, ['Retry', 'Open Proxy Settings']);
      assert.equal(s.requests.length, 0, 'no request reached the service');
    });
  }

  it('http.systemCertificates off: the company CA is not trusted, and the message says why', async () => {
    const api = await leakSearchApi();
    const s = await start('server');
    await useService(s.baseUrl);
    await setHttp('systemCertificates', false);
    const m = await failingCheck(api, /is not used\. Turn on http\.systemCertificates, then reload the window/);
    assert.match(m.message, /issued by .*Leak Search Test Root CA/);
  });

  it('a certificate for another host name says so', async () => {
    const api = await leakSearchApi();
    const s = await start('wrong-host');
    await useService(s.baseUrl);
    const m = await failingCheck(api, /different host name/);
    assert.match(m.message, /for other\.example\.test/);
    assert.ok(!m.message.includes(DEMO_API_KEY));
  });
});
