// Requests go through VS Code's proxy setting (http.proxy), and a proxy failure says so.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { checkDomain, leakSearchApi, mark, setSetting, startOwnService, useService, waitForMessage } from './leakSearch.helpers';

interface TestProxy {
  readonly url: string;
  readonly seen: string[];
  close(): Promise<void>;
}

/** A small forward proxy: CONNECT tunnels (or a refusal with `refuse`), and absolute-URI requests. */
async function startProxy(refuse?: number): Promise<TestProxy> {
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${new URL(req.url ?? '/').host}`);
    const upstream = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    if (refuse) {
      client.end(`HTTP/1.1 ${refuse} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('proxy (http.proxy)', () => {
  let service: RunningService;
  const proxies: TestProxy[] = [];
  before(async () => {
    service = await startOwnService();
    await setSetting('findingsTypes', ['accounts']);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await setSetting('findingsTypes', undefined);
    await Promise.all(proxies.map((p) => p.close()));
    await service.close();
  });

  it('sends checks through the proxy VS Code is set to use', async () => {
    await leakSearchApi();
    const proxy = await startProxy();
    proxies.push(proxy);
    await useService(service.baseUrl);
    await vscode.workspace.getConfiguration('http').update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    const outcomes = await checkDomain({ domain: 'example.org', type: 'accounts', range: null });
    assert.deepEqual(outcomes.map((o) => o.status), ['fetched']);
    const target = new URL(service.baseUrl).host;
    assert.ok(proxy.seen.some((s) => s.endsWith(target)), `the proxy carried the request: ${proxy.seen.join(', ')}`);
  });

  it('says when the proxy refuses, with the proxy settings as the next step', async () => {
    const api = await leakSearchApi();
    const proxy = await startProxy(407);
    proxies.push(proxy);
    await vscode.workspace.getConfiguration('http').update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    const from = mark(api);
    const outcomes = await vscode.commands.executeCommand<{ status: string }[]>('leakSearch.refresh');
    assert.ok(outcomes?.some((o) => o.status === 'failed'));
    const m = await waitForMessage(api, from, /could not reach .*proxy/i);
    assert.deepEqual(m.actions, ['Retry', 'Open Proxy Settings']);
    console.log(`      message: ${m.message}`);
  });
});
