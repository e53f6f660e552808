// The size cap when the server announces no Content-Length (chunked transfer): the reference
// service always sends one, so this one case uses a plain node:http server on loopback that
// streams a valid search body in chunks. Real HTTP, no mock of the client.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failsWith, testClient } from './fixture';

const RECORD = JSON.stringify({ date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vdi.example.com/', ip: '68.0.2.248', country: 'US', username: 'u@example.com', password: 'p' });

async function chunkedServer(records: number): Promise<{ url: string; served: () => number; close: () => Promise<void> }> {
  let bytes = 0;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '99', 'X-RateLimit-Reset': '60' });
    const write = (s: string): boolean => {
      bytes += Buffer.byteLength(s);
      return res.write(s);
    };
    write(`{"count":${records},"results":[`);
    let i = 0;
    const pump = (): void => {
      while (i < records) {
        const ok = write((i === 0 ? '' : ',') + RECORD);
        i++;
        if (!ok) {
          res.once('drain', pump);
          return;
        }
      }
      res.end(']}');
    };
    res.on('close', () => {
      i = records;
    });
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => bytes,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('client: size cap on a body without Content-Length', function () {
  it('counts while streaming: over the cap → too-large, reading stops early', async () => {
    const server = await chunkedServer(200_000); // about 36 MB
    const client = testClient({ maxBodyBytes: 256 * 1024 });
    try {
      const e = await failsWith(client.search({ baseUrl: server.url, apiKey: 'k', domain: 'example.com', type: 'a' }), 'too-large');
      assert.match(e.message, /larger than the limit of 262144 bytes/);
      assert.ok(server.served() < 8 * 1024 * 1024, `the server got to send ${server.served()} bytes`);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('under the cap → the full result, and the rate-limit reset read as seconds from now', async () => {
    const server = await chunkedServer(500);
    const client = testClient({ maxBodyBytes: 1024 * 1024 });
    try {
      const t0 = Date.now();
      const r = await client.search({ baseUrl: server.url, apiKey: 'k', domain: 'example.com', type: 'a' });
      assert.equal(r.result.count, 500);
      assert.equal(r.result.records.length, 500);
      assert.ok((r.rateLimit.resetAt ?? 0) >= t0 + 59_000 && (r.rateLimit.resetAt ?? 0) <= Date.now() + 60_000);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
