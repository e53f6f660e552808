// startService: the reference search service on node:http, in-process (tests, harness,
// demo) or through main.ts (the CLI).
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { RequestLogEntry, RunningService, ServiceOptions } from './types';
import { FixedWindowLimiter, DEFAULT_RATE_LIMIT, rateLimitHeaders } from './rateLimit';
import { TenantDirectory } from './tenants';
import { FaultBook } from './faults';
import { SearchIndex } from './search';
import { Timers } from './timers';
import type { ServiceState } from './handler';
import { BASE_HEADERS, clientIp, handle } from './handler';

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const requests: RequestLogEntry[] = [];
  const state: ServiceState = {
    directory: new TenantDirectory(options.tenants),
    limiter: new FixedWindowLimiter(),
    anonymousRateLimit: options.anonymousRateLimit ?? DEFAULT_RATE_LIMIT,
    faults: new FaultBook(),
    index: new SearchIndex(options.dataset),
    timers: new Timers(),
    requests,
  };
  for (const t of options.tenants) state.faults.set(t.apiKey, t.faults ?? []);
  if (options.keepSerialised === true) state.index.keepSerialised();

  const listener = (req: http.IncomingMessage, res: http.ServerResponse): void => void handle(state, req, res);
  // Over TLS when given a certificate (tests of certificates and proxies: test/testPki.ts).
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
  server.on('clientError', (_err, socket: Socket) => {
    // Malformed HTTP: still JSON, still the rate-limit headers of the caller's anonymous window.
    if (!socket.writable) return socket.destroy();
    const verdict = state.limiter.take(`ip:${clientIp(socket.remoteAddress)}`, state.anonymousRateLimit);
    const body = JSON.stringify({ error: 'Bad request.' });
    const headers = { ...BASE_HEADERS, ...rateLimitHeaders(verdict, Date.now()), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${body}`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = options.tls?.hostName ?? (addr.family === 'IPv6' ? `[${addr.address}]` : addr.address);

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${host}:${addr.port}`,
    requests,
    setFaults(apiKey, faults) {
      if (!state.directory.find(apiKey)) throw new Error('setFaults: no tenant has this API key.');
      state.faults.set(apiKey, faults);
    },
    reset() {
      requests.length = 0;
      state.limiter.reset();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        state.timers.clearAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
