// A tiny forward HTTP proxy for the tests (node:http): CONNECT tunnels and absolute-form
// requests, each counted; optionally demands Basic credentials (407 otherwise).
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ForwardProxy {
  readonly url: string;
  readonly port: number;
  /** CONNECT targets and forwarded request URLs, in order. */
  readonly seen: { readonly method: string; readonly target: string; readonly auth?: string }[];
  close(): Promise<void>;
}

export async function startForwardProxy(credentials?: { user: string; password: string }): Promise<ForwardProxy> {
  const seen: { method: string; target: string; auth?: string }[] = [];
  const expected = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` : undefined;
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: req.method ?? '', target: req.url ?? '', ...(auth ? { auth } : {}) });
    if (expected !== undefined && auth !== expected) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const upstream = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: 'CONNECT', target: req.url ?? '', ...(auth ? { auth } : {}) });
    if (expected !== undefined && auth !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host = '', port = '80'] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
