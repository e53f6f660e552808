// Every fault mode of the reference service, and the retries it provokes.
import * as assert from 'node:assert/strict';
import { FAULTY_KEY, closedPort, failsWith, useTestService, testClient } from './fixture';

describe('client over HTTP: fault modes and retries', function () {
  const service = useTestService({ clearFaults: true });
  const search = (client: ReturnType<typeof testClient>, type: 'a' | 'c' = 'a') =>
    client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type });
  const statuses = (): number[] => service.requests.map((r) => r.status);

  it('delay longer than timeoutMs → timeout, quickly, not retried', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'delay', delayMs: 3_000 }]);
    const client = testClient({ timeoutMs: 200 });
    const t0 = Date.now();
    const e = await failsWith(search(client), 'timeout');
    assert.ok(Date.now() - t0 < 1_500, `took ${Date.now() - t0} ms`);
    assert.match(e.message, /did not answer within 0\.2 s/);
    assert.equal(service.requests.length, 1);
    await client.close();
  });

  it('delay shorter than timeoutMs → the full answer', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'delay', delayMs: 100 }]);
    const client = testClient({ timeoutMs: 2_000 });
    const r = await search(client);
    assert.equal(r.result.records.length, r.result.count);
    await client.close();
  });

  it('slow body that keeps flowing → the complete, valid answer', async () => {
    const client = testClient({ timeoutMs: 2_000 });
    const normal = await search(client);
    service.setFaults(FAULTY_KEY, [{ fault: 'slow-body', delayMs: 400 }]);
    const slow = await search(client);
    assert.deepEqual(slow.result, normal.result);
    assert.equal(service.requests[1]?.fault, 'slow-body');
    await client.close();
  });

  it('slow body with pauses longer than timeoutMs → timeout (no partial result)', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'slow-body', delayMs: 6_000 }]); // 20 chunks, 300 ms apart
    const client = testClient({ timeoutMs: 150 });
    const e = await failsWith(search(client), 'timeout');
    assert.match(e.message, /stopped sending its answer/);
    await client.close();
  });

  it('slow body beyond the total time of an attempt → timeout', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'slow-body', delayMs: 4_000 }]); // 200 ms apart
    const client = testClient({ timeoutMs: 1_000, totalTimeoutMs: 1_000 });
    const t0 = Date.now();
    await failsWith(search(client), 'timeout');
    assert.ok(Date.now() - t0 < 2_500);
    await client.close();
  });

  it('truncated body → bad-response, nothing partial', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'truncated' }]);
    const client = testClient();
    const e = await failsWith(search(client), 'bad-response');
    assert.match(e.message, /cut off/);
    await client.close();
  });

  it('invalid JSON → bad-response', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'invalid-json' }]);
    const client = testClient();
    const e = await failsWith(search(client), 'bad-response');
    assert.match(e.message, /not valid JSON/);
    await client.close();
  });

  it('wrong types → bad-response (accounts and customers)', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'wrong-types' }]);
    const client = testClient();
    assert.match((await failsWith(search(client), 'bad-response')).message, /"count"/);
    assert.match((await failsWith(search(client, 'c'), 'bad-response')).message, /"count"/);
    await client.close();
  });

  it('huge body over maxBodyBytes → too-large', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'huge', sizeBytes: 4 * 1024 * 1024 }]);
    const client = testClient({ maxBodyBytes: 1024 * 1024 });
    const e = await failsWith(search(client), 'too-large');
    assert.match(e.message, /larger than the limit of 1 MiB/);
    await client.close();
  });

  it('huge body under the cap → every record', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'huge', sizeBytes: 2 * 1024 * 1024 }]);
    const client = testClient({ maxBodyBytes: 4 * 1024 * 1024 });
    const r = await search(client);
    assert.ok(r.result.count > 5_000);
    assert.equal(r.result.records.length, r.result.count);
    await client.close();
  });

  it('connection reset once → retried, then the answer', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'reset', times: 1 }]);
    const client = testClient();
    const r = await search(client);
    assert.ok(r.result.count > 0);
    assert.deepEqual(statuses(), [0, 200]);
    await client.close();
  });

  it('connection reset every time → network error after 1 + maxRetries attempts', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'reset' }]);
    const client = testClient({ maxRetries: 2 });
    const e = await failsWith(search(client), 'network');
    assert.match(e.message, /reset/);
    assert.deepEqual(statuses(), [0, 0, 0]);
    await client.close();
  });

  it('500 → server error, not retried', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'error-500' }]);
    const client = testClient();
    const e = await failsWith(search(client), 'server');
    assert.equal(e.details.status, 500);
    assert.match(e.message, /Internal server error/);
    assert.deepEqual(statuses(), [500]);
    await client.close();
  });

  it('502 once → retried, then the answer', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'error-502', times: 1 }]);
    const client = testClient();
    const r = await search(client);
    assert.ok(r.result.count > 0);
    assert.deepEqual(statuses(), [502, 200]);
    await client.close();
  });

  it('503 every time → server error after 1 + maxRetries attempts, with backoff between them', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'error-503' }]);
    const client = testClient({ maxRetries: 2, backoffBaseMs: 100 });
    const e = await failsWith(search(client), 'server');
    assert.equal(e.details.status, 503);
    assert.deepEqual(statuses(), [503, 503, 503]);
    const [a, b, c] = service.requests.map((r) => r.at);
    assert.ok((b ?? 0) - (a ?? 0) >= 50 && (c ?? 0) - (b ?? 0) >= 100, 'backoff grows');
    await client.close();
  });

  it('maxRetries 0 → no retry', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'error-503' }]);
    const client = testClient({ maxRetries: 0 });
    await failsWith(search(client), 'server');
    assert.deepEqual(statuses(), [503]);
    await client.close();
  });

  it('connection refused → network error that says so', async () => {
    const client = testClient();
    const port = await closedPort();
    const e = await failsWith(client.search({ baseUrl: `http://127.0.0.1:${port}`, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'network');
    assert.match(e.message, new RegExp(`Could not connect to http://127\\.0\\.0\\.1:${port}: the connection was refused`));
    await client.close();
  });

  it('TLS to a plain-HTTP server → network error that names TLS', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl.replace('http:', 'https:'), apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'network');
    assert.match(e.message, /secure connection .* failed/);
    await client.close();
  });

  it('an unknown host → network error that names DNS', async () => {
    const client = testClient({ timeoutMs: 3_000 });
    const e = await failsWith(client.search({ baseUrl: 'https://leak-search-test.invalid', apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'network');
    assert.match(e.message, /did not resolve \(DNS\)/);
    await client.close();
  });
});
