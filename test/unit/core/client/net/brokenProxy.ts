// A misbehaving forward proxy for the tests (plain node:net): it reads a request head and then
// misbehaves in one chosen way. It counts the connections it accepted and those still open.
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyFault =
  | 'close' // ends the connection without a word
  | 'rst' // resets the connection
  | 'status-403'
  | 'status-407'
  | 'status-502'
  | 'garbage' // bytes that are not HTTP
  | 'stall' // never answers
  | 'tunnel-stall'; // says the tunnel is open, then never forwards a byte

export interface BrokenProxy {
  readonly url: string;
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Connections still open. */
  readonly open: number;
  /** Request heads received (CONNECT lines included). */
  readonly heads: number;
  close(): Promise<void>;
}

const STATUS: Readonly<Record<string, string>> = {
  'status-403': '403 Forbidden',
  'status-407': '407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"',
  'status-502': '502 Bad Gateway',
};

export async function startBrokenProxy(fault: ProxyFault): Promise<BrokenProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let heads = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      heads++;
      misbehave(socket, fault);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get accepted() {
      return accepted;
    },
    get open() {
      return sockets.size;
    },
    get heads() {
      return heads;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function misbehave(socket: net.Socket, fault: ProxyFault): void {
  const status = STATUS[fault];
  if (status !== undefined) {
    socket.write(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\n\r\n`);
    return;
  }
  if (fault === 'close') socket.end();
  else if (fault === 'rst') socket.resetAndDestroy();
  else if (fault === 'garbage') socket.write('\u0000\u0001SSH-2.0-not-a-proxy\r\n\r\n');
  else if (fault === 'tunnel-stall') socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  // 'stall': nothing, ever.
}
