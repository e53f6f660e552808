// The client against the reference service over loopback: success and every error status.
import * as assert from 'node:assert/strict';
import { DEMO_ALICE, DEMO_BOB, DEMO_CUSTOMER } from '../../../../service/demo';
import { normalizeBaseUrl } from '../../../../src/core/service/validate';
import { DEMO_API_KEY, FAULTY_KEY, HOURLY_KEY, IP_LOCKED_KEY, failsWith, useTestService, testClient } from './fixture';

describe('client over HTTP: answers and statuses', function () {
  const service = useTestService();

  it('200 accounts: typed records, count, rate-limit state, Content-Type sent, long type form sent', async () => {
    const client = testClient();
    const t0 = Date.now();
    const r = await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: ' Example.COM ', type: 'a' });
    assert.deepEqual(r.query, { domain: 'example.com', type: 'accounts' });
    assert.equal(r.result.type, 'accounts');
    assert.equal(r.result.count, r.result.records.length);
    assert.ok(r.result.count > 3);
    assert.ok(r.result.records.some((rec) => rec.username === DEMO_ALICE.username && rec.password === DEMO_ALICE.password && rec.url === DEMO_ALICE.url));
    assert.equal(r.rateLimit.limit, 10_000);
    assert.equal(r.rateLimit.remaining, 9_999);
    assert.ok((r.rateLimit.resetAt ?? 0) > t0);
    assert.ok(r.fetchedAt >= t0);
    assert.deepEqual(client.rateLimit(`${service.baseUrl}/`, DEMO_API_KEY), r.rateLimit);
    assert.equal(service.requests.length, 1);
    assert.equal(service.requests[0]?.path, `/search/${DEMO_API_KEY}/example.com/accounts`);
    await client.close();
  });

  it('200 customers: open records', async () => {
    const client = testClient();
    const r = await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'c' });
    assert.equal(r.result.type, 'customers');
    assert.ok(r.result.records.some((rec) => rec['username'] === DEMO_CUSTOMER['username'] && rec['url'] === DEMO_CUSTOMER['url']));
    await client.close();
  });

  it('a date range (YYYY-MM-DD accepted) is sent as YYYYMMDD and filters inclusively', async () => {
    const client = testClient();
    const r = await client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'accounts', range: { start: '2026-03-14', end: '20260314' } });
    assert.deepEqual(r.query.range, { start: '20260314', end: '20260314' });
    assert.equal(service.requests[0]?.path, `/search/${DEMO_API_KEY}/example.com/accounts/20260314/20260314`);
    assert.ok(r.result.type === 'accounts' && r.result.records.some((rec) => rec.username === DEMO_ALICE.username));
    assert.ok(r.result.type === 'accounts' && r.result.records.every((rec) => rec.date.startsWith('2026-03-14') && rec.username !== DEMO_BOB.username));
    await client.close();
  });

  it('invalid input is refused before any request', async () => {
    const client = testClient();
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'https://example.com', type: 'a' }), 'invalid-input');
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'x' as 'a' }), 'invalid-input');
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a', range: { start: '20240101', end: '' } }), 'invalid-input');
    await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: '', domain: 'example.com', type: 'a' }), 'invalid-input');
    await failsWith(client.search({ baseUrl: `${service.baseUrl}?x`, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), 'invalid-input');
    assert.equal(service.requests.length, 0);
    await client.close();
  });

  it('400: a request the service refuses as invalid (though the client found nothing wrong) shows the server message', async () => {
    const client = testClient();
    // The client refuses every malformed domain it can tell (a TLD with a digit, an unknown
    // TLD) before sending it; a service may still refuse one, as this one does here.
    service.setFaults(FAULTY_KEY, [{ fault: 'custom', status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'Invalid domain: expected a domain name such as example.com.' }) }]);
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: FAULTY_KEY, domain: 'example.com', type: 'a' }), 'bad-request').finally(() => service.setFaults(FAULTY_KEY, []));
    assert.equal(e.details.status, 400);
    assert.match(e.details.serverMessage ?? '', /Invalid domain/);
    assert.match(e.message, /refused the request \(Invalid domain/);
    await client.close();
  });

  it('401: "Invalid API key." and what to do', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: 'lj_wrong_key_000', domain: 'example.com', type: 'a' }), 'unauthorized');
    assert.equal(e.details.status, 401);
    assert.equal(e.details.serverMessage, 'Invalid API key.');
    assert.equal(e.message, 'The API key was refused (Invalid API key.). Set a valid key.');
    assert.equal(client.rateLimit(service.baseUrl, 'lj_wrong_key_000'), undefined, "a rejected key's answer is no quota of it");
    await client.close();
  });

  it('403 subscription: the server message, reason "subscription", the domain named', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY, domain: 'other.test', type: 'a' }), 'forbidden');
    assert.equal(e.details.forbiddenReason, 'subscription');
    assert.equal(e.details.serverMessage, 'Your subscription does not cover this domain.');
    assert.match(e.message, /Your subscription does not cover this domain.*covers other\.test/);
    await client.close();
  });

  it('403 IP allow-list: the server message, reason "ip"', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: IP_LOCKED_KEY, domain: 'example.com', type: 'a' }), 'forbidden');
    assert.equal(e.details.forbiddenReason, 'ip');
    assert.equal(e.details.serverMessage, 'Requests from this IP address are not permitted.');
    assert.match(e.message, /allow-list/);
    await client.close();
  });

  it('404: a base URL with a wrong path', async () => {
    const client = testClient();
    const e = await failsWith(client.search({ baseUrl: `${service.baseUrl}/api`, apiKey: DEMO_API_KEY, domain: 'example.com', type: 'a' }), 'not-found');
    assert.equal(e.details.status, 404);
    assert.match(e.message, /Check the service URL/);
    await client.close();
  });

  it('429 with a long Retry-After: rate-limited with retryAt, not retried, and later searches are not sent', async () => {
    const first = testClient();
    await first.search({ baseUrl: service.baseUrl, apiKey: HOURLY_KEY, domain: 'example.com', type: 'a' });
    await first.close();
    const client = testClient(); // a fresh limiter: it does not know the quota is spent
    const t0 = Date.now();
    const e = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: HOURLY_KEY, domain: 'example.com', type: 'a' }), 'rate-limited');
    assert.equal(e.details.status, 429);
    assert.equal(e.details.serverMessage, 'Rate limit exceeded.');
    const retryAt = e.details.retryAt ?? 0;
    assert.ok(retryAt > t0 + 3_500_000 && retryAt <= t0 + 3_602_000, `retryAt ${retryAt - t0} ms ahead`);
    assert.match(e.message, /checks resume at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    assert.deepEqual(service.requests.map((r) => r.status), [200, 429]);
    const again = await failsWith(client.search({ baseUrl: service.baseUrl, apiKey: HOURLY_KEY, domain: 'example.com', type: 'a' }), 'rate-limited');
    assert.equal(again.details.retryAt, retryAt);
    assert.equal(again.details.status, undefined);
    assert.match(again.message, /No request was sent/);
    assert.equal(service.requests.length, 2);
    await client.close();
  });

  it('rateLimit() is undefined before any answer and for a bad base URL', async () => {
    const client = testClient();
    assert.equal(client.rateLimit(service.baseUrl, DEMO_API_KEY), undefined);
    assert.equal(client.rateLimit('not a url', DEMO_API_KEY), undefined);
    assert.equal(normalizeBaseUrl(`${service.baseUrl}/`), service.baseUrl);
    await client.close();
  });
});
