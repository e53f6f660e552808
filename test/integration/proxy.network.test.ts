// Proxies as VS Code resolves them: an authenticating forward proxy reached by name
// (proxy.example.test, mapped to 127.0.0.1 by the run), its 407, http.noProxy and NO_PROXY,
// each with the misconfigured case. The proxy password never appears in a message or the log.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { RunningService } from '../../service/types';
import { closedPort } from '../unit/core/client/fixture';
import { startForwardProxy } from '../unit/core/client/net/forwardProxy';
import type { ForwardProxy } from '../unit/core/client/net/forwardProxy';
import { leakSearchApi, setSetting, useService } from './leakSearch.helpers';
import { failingCheck, fetchedCheck, logLine, resetHttp, setHttp, startTlsService } from './network.helpers';

const PASSWORD = 'pw-Never-Shown-7';

describe('network: proxies', () => {
  let service: RunningService;
  const proxies: ForwardProxy[] = [];
  const proxy = async (credentials?: { user: string; password: string }): Promise<ForwardProxy> => {
    const p = await startForwardProxy(credentials);
    proxies.push(p);
    return p;
  };
  const byName = (p: ForwardProxy, userInfo = ''): string => `http://${userInfo}proxy.example.test:${p.port}`;
  const deadProxy = async (): Promise<string> => `http://proxy.example.test:${await closedPort()}`;
  const target = (): string => new URL(service.baseUrl).host;

  before(async () => {
    service = await startTlsService('server');
    await useService(service.baseUrl);
    await setSetting('findingsTypes', ['accounts']);
    await setSetting('cacheTtl', 0);
  });
  afterEach(async () => {
    delete process.env.HTTPS_PROXY;
    delete process.env.NO_PROXY;
    await resetHttp();
  });
  after(async () => {
    await setSetting('findingsTypes', undefined);
    await setSetting('cacheTtl', undefined);
    await Promise.all(proxies.map((p) => p.close()));
    await service.close();
  });

  it('goes through an authenticating proxy set in http.proxy (user:password@); the password is shown nowhere', async () => {
    const api = await leakSearchApi();
    const p = await proxy({ user: 'alice', password: PASSWORD });
    await setHttp('proxy', byName(p, `alice:${PASSWORD}@`));
    await fetchedCheck();
    assert.ok(p.seen.some((s) => s.method === 'CONNECT' && s.target === target()), JSON.stringify(p.seen.map((s) => s.target)));
    assert.ok(p.seen.every((s) => s.auth === `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`));
    await logLine(api, /at https:\/\/leaks\.example\.test:\d+, through the proxy http:\/\/proxy\.example\.test:\d+ \(http\.proxy\)/);
    const shown = api.notifier.shown.map((m) => m.message).join('\n');
    assert.ok(!shown.includes(PASSWORD));
    assert.ok(!fs.readFileSync(api.logFile.fsPath, 'utf8').includes(PASSWORD));
  });

  for (const route of ['VS Code’s fetch', 'own route'] as const) {
    it(`a proxy that wants other credentials: 407 says so, with Retry and Open Proxy Settings (${route})`, async () => {
      const api = await leakSearchApi();
      const p = await proxy({ user: 'alice', password: PASSWORD });
      if (route === 'own route') await setHttp('fetchAdditionalSupport', false);
      await setHttp('proxy', byName(p, 'alice:wrong-Secret-9@'));
      const m = await failingCheck(api, /407/);
      assert.match(m.message, /asks for credentials.*user:password@.*http\.proxy/);
      assert.deepEqual(m.actions, ['Retry', 'Open Proxy Settings']);
      assert.ok(!m.message.includes('wrong-Secret-9') && !m.message.includes(PASSWORD));
      assert.ok(!fs.readFileSync(api.logFile.fsPath, 'utf8').includes('wrong-Secret-9'));
    });
  }

  it('http.noProxy exempts the service from the proxy; a list that misses it does not', async () => {
    const api = await leakSearchApi();
    await setHttp('proxy', await deadProxy());
    await setHttp('noProxy', ['leaks.example.test']);
    await fetchedCheck();
    await logLine(api, /directly \(http\.noProxy exempts this host\)/);
    await setHttp('noProxy', ['other.example.test']);
    const m = await failingCheck(api, /proxy/i);
    assert.match(m.message, /Could not connect to the proxy http:\/\/proxy\.example\.test:\d+|could not reach/i);
  });

  it('NO_PROXY exempts the service from HTTPS_PROXY (our route reads the environment at each check)', async () => {
    const api = await leakSearchApi();
    await setHttp('fetchAdditionalSupport', false);
    process.env.HTTPS_PROXY = await deadProxy();
    process.env.NO_PROXY = 'example.org,.example.test';
    await fetchedCheck();
    await logLine(api, /directly \(NO_PROXY exempts this host\)/);
    process.env.NO_PROXY = 'example.org';
    const m = await failingCheck(api, /proxy/i);
    assert.match(m.message, /the proxy http:\/\/proxy\.example\.test:\d+/);
  });
});
