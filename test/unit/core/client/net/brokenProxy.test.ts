// A proxy that misbehaves (a real one on 127.0.0.1, see brokenProxy.ts): every way ends in one
// clear typed error within the request timeout, after a few connections at most, without
// spinning the CPU, and leaves no connection open; cancelling ends the wait at once.
import * as assert from 'node:assert/strict';
import type { LeakSearchError, LeakSearchErrorKind } from '../../../../../src/core/service/errors';
import { DEFAULT_MAX_RETRIES } from '../../../../../src/core/client/client';
import { DEMO_API_KEY, closeAfterEach, failsWith, testClient, until } from '../fixture';
import { startBrokenProxy } from './brokenProxy';
import type { BrokenProxy, ProxyFault } from './brokenProxy';

const TIMEOUT_MS = 1_500;
/** Time allowed beyond the timeout: the retries' short backoff and a loaded machine. */
const MARGIN_MS = 1_500;
const BASE_URL = 'https://leaks.example/api';
const PROXY_PASSWORD = 'pw-Secret-77';

const cases: readonly { fault: ProxyFault; kind: LeakSearchErrorKind; says: RegExp }[] = [
  { fault: 'close', kind: 'network', says: /closed the connection instead of opening a tunnel to https:\/\/leaks\.example\. Check the proxy settings/ },
  { fault: 'rst', kind: 'network', says: /closed the connection instead of opening a tunnel/ },
  { fault: 'status-403', kind: 'network', says: /refused to connect to https:\/\/leaks\.example \(HTTP 403\)/ },
  { fault: 'status-407', kind: 'network', says: /\(HTTP 407\): it asks for credentials/ },
  { fault: 'status-502', kind: 'network', says: /\(HTTP 502\)/ },
  { fault: 'garbage', kind: 'network', says: /answered with something that is not HTTP.*the proxy setting names an HTTP proxy/ },
  { fault: 'stall', kind: 'timeout', says: /did not answer through the proxy http:\/\/127\.0\.0\.1:\d+ within 1\.5 s/ },
  { fault: 'tunnel-stall', kind: 'timeout', says: /within 1\.5 s/ },
];

/** Nothing secret in the error, its cause or its details: no key, no path, no proxy credentials. */
function assertClean(e: LeakSearchError): void {
  for (const text of [e.message, String(e.cause), (e.cause as Error | undefined)?.stack ?? '', JSON.stringify(e.details)]) {
    for (const secret of [DEMO_API_KEY, '/search', '/api', PROXY_PASSWORD, 'alice']) assert.ok(!text.includes(secret), `${secret} in: ${text}`);
  }
}

describe('client: a misbehaving proxy', function () {
  this.timeout(20_000);
  const track = closeAfterEach();
  const proxyUrl = (proxy: BrokenProxy): string => `http://alice:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`;

  for (const { fault, kind, says } of cases) {
    it(`${fault}: one ${kind} error in bounded time and connections, no spin, nothing left open`, async () => {
      const proxy = track(await startBrokenProxy(fault));
      const client = track(testClient({ proxyUrl: proxyUrl(proxy), timeoutMs: TIMEOUT_MS }));
      const cpu = process.cpuUsage();
      const started = Date.now();
      const e = await failsWith(client.search({ baseUrl: BASE_URL, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), kind);
      const wallMs = Date.now() - started;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      assert.match(e.message, says);
      assert.match(e.message, new RegExp(`http://127\\.0\\.0\\.1:${proxy.port}`), 'names the proxy by its origin');
      assertClean(e);
      assert.ok(wallMs < TIMEOUT_MS + MARGIN_MS, `took ${wallMs} ms`);
      // One attempt and the client's retries, each one connection.
      assert.ok(proxy.accepted >= 1 && proxy.accepted <= 1 + DEFAULT_MAX_RETRIES, `${proxy.accepted} connections`);
      // A reconnect loop keeps a core busy for the whole wait; a failure costs a few milliseconds.
      assert.ok(cpuMs < 250 + wallMs / 4, `${cpuMs} ms of CPU in ${wallMs} ms`);
      await until(() => proxy.open === 0, 2_000, 'the proxy connections to close');
    });
  }

  for (const fault of ['stall', 'tunnel-stall'] as const) {
    it(`${fault}: cancelling ends the search at once and closes the connection`, async () => {
      const proxy = track(await startBrokenProxy(fault));
      const client = track(testClient({ proxyUrl: proxyUrl(proxy), timeoutMs: 30_000 }));
      const controller = new AbortController();
      const search = client.search({ baseUrl: BASE_URL, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a', signal: controller.signal });
      await until(() => proxy.heads === 1, 5_000, 'the CONNECT request');
      const cancelledAt = Date.now();
      controller.abort();
      const e = await failsWith(search, 'cancelled');
      assert.ok(Date.now() - cancelledAt < 500, `cancel took ${Date.now() - cancelledAt} ms`);
      assertClean(e);
      await until(() => proxy.open === 0, 2_000, 'the proxy connection to close');
      assert.equal(proxy.accepted, 1);
    });
  }

  it('a search after a stalled one gets a new connection and its own clear error', async () => {
    const proxy = track(await startBrokenProxy('stall'));
    const client = track(testClient({ proxyUrl: proxyUrl(proxy), timeoutMs: 300 }));
    for (let i = 1; i <= 2; i++) {
      await failsWith(client.search({ baseUrl: BASE_URL, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), 'timeout');
      assert.equal(proxy.accepted, i);
      await until(() => proxy.open === 0, 2_000, 'the proxy connection to close');
    }
  });
});
