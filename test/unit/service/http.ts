// A raw loopback HTTP client for the reference service's tests: sends the path exactly as
// given (no normalisation of `..` or encoded slashes) and reports what arrived, including
// a connection that broke mid-way.
import * as http from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly bytes: number;
  /** Set when the connection failed before or during the body. */
  readonly error?: NodeJS.ErrnoException;
  /** Milliseconds from sending to the response headers, and to the end of the body. */
  readonly headersMs: number;
  readonly totalMs: number;
}

export function rawGet(baseUrl: string, path: string, method = 'GET'): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let status = 0;
    let headers: http.IncomingHttpHeaders = {};
    let headersMs = -1;
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: NodeJS.ErrnoException): void => {
      if (settled) return;
      settled = true;
      const buf = Buffer.concat(chunks);
      resolve({ status, headers, body: buf.toString('utf8'), bytes: buf.length, headersMs, totalMs: performance.now() - started, ...(error ? { error } : {}) });
    };
    const req = http.request({ host: url.hostname, port: url.port, path, method, agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
      status = res.statusCode ?? 0;
      headers = res.headers;
      headersMs = performance.now() - started;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish());
      res.on('error', (e) => finish(e));
      res.on('aborted', () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    });
    req.on('error', (e) => finish(e));
    req.end();
  });
}

export function json(r: RawResponse): unknown {
  return JSON.parse(r.body);
}

/** The search path for these segments, each encoded. */
export function searchPath(key: string, domain: string, type: string, start?: string, end?: string): string {
  return '/' + ['search', key, domain, type, ...(start !== undefined ? [start] : []), ...(end !== undefined ? [end] : [])].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

/** Polls `probe` until it returns true or the deadline passes. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
