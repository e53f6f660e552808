// After a TLS failure: which certificate did the server (or a TLS-inspecting proxy) present?
// A bare TLS handshake to the same host — through the same proxy with CONNECT when there is
// one — that sends no HTTP request at all, so the API key (a path segment) never leaves.
// Verification is off for this read only: nothing is sent over it and it is closed at once.
// No `vscode` import.
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { PeerCertificateShape } from './certificate';
import { localhostLookup } from './localhostLookup';

export interface PeerCertificateTarget {
  readonly host: string;
  readonly port: number;
  /** An http(s) proxy URL to tunnel through, as the request did. */
  readonly proxyUrl?: string;
  readonly timeoutMs: number;
}

/** The certificate chain presented, or undefined when it could not be read. */
export async function readPeerCertificate(target: PeerCertificateTarget): Promise<PeerCertificateShape | undefined> {
  let socket: net.Socket | undefined;
  let secure: tls.TLSSocket | undefined;
  let done = false;
  const timer = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), target.timeoutMs).unref());
  const read = (async (): Promise<PeerCertificateShape | undefined> => {
    socket = target.proxyUrl !== undefined ? await tunnel(target) : undefined;
    if (done) {
      // Timed out while tunnelling: the finally below has run already.
      socket?.destroy();
      return undefined;
    }
    const options: tls.ConnectionOptions = {
      host: target.host,
      port: target.port,
      rejectUnauthorized: false,
      lookup: localhostLookup,
      ...(net.isIP(target.host) === 0 ? { servername: target.host } : {}),
      ...(socket ? { socket } : {}),
    };
    secure = tls.connect(options);
    await new Promise<void>((resolve, reject) => {
      secure?.once('secureConnect', resolve);
      secure?.once('error', reject);
    });
    const cert = secure.getPeerCertificate(true) as unknown as PeerCertificateShape;
    return cert && Object.keys(cert).length > 0 ? cert : undefined;
  })().catch(() => undefined);
  try {
    return await Promise.race([read, timer]);
  } finally {
    done = true;
    secure?.destroy();
    socket?.destroy();
  }
}

/** A CONNECT tunnel through an http:// proxy (credentials from its URL, as the request sent them). */
async function tunnel(target: PeerCertificateTarget): Promise<net.Socket> {
  const proxy = new URL(target.proxyUrl ?? '');
  if (proxy.protocol !== 'http:') throw new Error('only http:// proxies are tunnelled here');
  const socket = net.connect({ port: Number(proxy.port || 80), host: proxy.hostname.replace(/^\[(.*)\]$/, '$1'), lookup: localhostLookup });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const authority = `${net.isIP(target.host) === 6 ? `[${target.host}]` : target.host}:${target.port}`;
  const auth = proxy.username !== '' ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n` : '';
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (/^HTTP\/1\.[01] 2\d\d/.test(head)) resolve();
      else reject(new Error('the proxy refused the tunnel'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
  return socket;
}
