// The reference service's search answers: the records, their order, fields and date bounds.
import * as assert from 'node:assert/strict';
import type { WireAccountRecord } from '../../../service/wire';
import type { RunningService } from '../../../service/types';
import { startService } from '../../../service/server';
import { DEMO_ALICE, DEMO_API_KEY, DEMO_BOB, DEMO_CUSTOMER, DEMO_JENKINS, DEMO_KNOWN_RECORDS, demoOptions } from '../../../service/demo';
import { json, rawGet, searchPath } from './http';

type Body = { count: number; results: Record<string, unknown>[] };

function rec(date: string, username: string): WireAccountRecord {
  return { date, browser: 'Google Chrome', status: 'show', url: 'https://vpn.edge.test/login', ip: '68.0.2.248', country: 'US', username, password: 'x' };
}

describe('service: search results', () => {
  let svc: RunningService;
  const edge = [
    rec('2024-12-31T23:59:59.999Z', 'before'),
    rec('2025-01-01T00:00:00.000Z', 'first-ms'),
    rec('2025-01-02T00:00:00.000Z', 'after'),
    rec('2025-01-01T23:59:59.999Z', 'last-ms'),
    // Further fields stand flat beside the eight, in any order; the service sends them after.
    { machine_id: 'M-1', ...rec('2025-01-01T12:00:00.000Z', 'with-extra'), files: 3 },
  ];
  before(async () => {
    const base = demoOptions();
    svc = await startService({
      ...base,
      tenants: [...base.tenants, { name: 'edge', apiKey: 'edge-key', domains: ['edge.test'] }],
      dataset: { ...base.dataset, 'edge.test': { accounts: edge, customers: [{ note: 'no date here', n: 1, ok: true, nothing: null }] } },
    });
  });
  after(() => svc.close());

  async function search(key: string, domain: string, type: string, start?: string, end?: string): Promise<Body> {
    const r = await rawGet(svc.baseUrl, searchPath(key, domain, type, start, end));
    assert.equal(r.status, 200, r.body);
    return json(r) as Body;
  }

  it('date bounds are inclusive whole UTC days', async () => {
    const day = await search('edge-key', 'edge.test', 'accounts', '20250101', '20250101');
    assert.deepEqual(day.results.map((r) => r['username']), ['last-ms', 'with-extra', 'first-ms']);
    assert.equal(day.count, 3);
    const two = await search('edge-key', 'edge.test', 'accounts', '20241231', '20250101');
    assert.equal(two.count, 4);
    const none = await search('edge-key', 'edge.test', 'accounts', '20250103', '20251231');
    assert.deepEqual(none, { count: 0, results: [] });
  });

  it('returns every record newest first, count equal to the results', async () => {
    const all = await search(DEMO_API_KEY, 'example.com', 'accounts');
    assert.equal(all.count, all.results.length);
    assert.equal(all.count, 303, '300 generated + 3 known');
    const times = all.results.map((r) => Date.parse(String(r['date'])));
    for (let i = 1; i < times.length; i++) assert.ok((times[i - 1] ?? 0) >= (times[i] ?? 0), `order at ${i}`);
  });

  it('the date filter over generated data keeps exactly the records of those days', async () => {
    const all = await search(DEMO_API_KEY, 'example.com', 'accounts');
    const some = await search(DEMO_API_KEY, 'example.com', 'accounts', '20250301', '20250630');
    const expected = all.results.filter((r) => String(r['date']).slice(0, 10) >= '2025-03-01' && String(r['date']).slice(0, 10) <= '2025-06-30');
    assert.ok(expected.length > 0);
    assert.deepEqual(some.results, expected);
  });

  it('accounts records have exactly the eight fields, extra fields follow them', async () => {
    const all = await search(DEMO_API_KEY, 'example.com', 'a');
    for (const r of all.results) assert.deepEqual(Object.keys(r), ['date', 'browser', 'status', 'url', 'ip', 'country', 'username', 'password']);
    const edgeAll = await search('edge-key', 'edge.test', 'accounts');
    const extra = edgeAll.results.find((r) => r['username'] === 'with-extra');
    assert.deepEqual(extra, { ...rec('2025-01-01T12:00:00.000Z', 'with-extra'), machine_id: 'M-1', files: 3 });
    assert.deepEqual(Object.keys(extra ?? {}), ['date', 'browser', 'status', 'url', 'ip', 'country', 'username', 'password', 'machine_id', 'files']);
  });

  it('serves the well-known demo records', async () => {
    const all = await search(DEMO_API_KEY, DEMO_KNOWN_RECORDS.domain, 'accounts');
    for (const known of [DEMO_ALICE, DEMO_BOB, DEMO_JENKINS]) assert.deepEqual(all.results.filter((r) => r['username'] === known.username), [known]);
    assert.equal(DEMO_ALICE.password, 'Summer2024!');
    assert.equal(DEMO_ALICE.url, 'https://vpn.example.com/login');
    assert.equal(DEMO_BOB.url, 'https://gitlab.example.com/users/sign_in');
    const alice = await search(DEMO_API_KEY, 'example.com', 'accounts', '20260314', '20260314');
    assert.ok(alice.results.some((r) => r['username'] === 'alice@example.com'));
    const customers = await search(DEMO_API_KEY, 'example.com', 'customers');
    assert.deepEqual(customers.results.filter((r) => r['username'] === DEMO_CUSTOMER['username']), [DEMO_CUSTOMER]);
  });

  it('customers records: the same fields as accounts in generated data; open objects from a dataset', async () => {
    const c = await search(DEMO_API_KEY, 'example.org', 'customers');
    assert.ok(c.count >= 60);
    for (const r of c.results) {
      assert.deepEqual(Object.keys(r), ['date', 'browser', 'status', 'url', 'ip', 'country', 'username', 'password']);
      assert.match(String(r['url']), /^https:\/\/[a-z]+\.example\.org\//);
    }
    const open = await search('edge-key', 'edge.test', 'c');
    assert.deepEqual(open, { count: 1, results: [{ note: 'no date here', n: 1, ok: true, nothing: null }] });
    const ranged = await search('edge-key', 'edge.test', 'customers', '20000101', '29991231');
    assert.equal(ranged.count, 0, 'a record without a date matches no range');
  });

  it('a subscribed domain without data answers 200 with nothing', async () => {
    const base = demoOptions();
    const svc2 = await startService({ ...base, dataset: {} });
    try {
      const r = await rawGet(svc2.baseUrl, searchPath(DEMO_API_KEY, 'example.com', 'accounts'));
      assert.equal(r.status, 200);
      assert.equal(r.body, '{"count":0,"results":[]}');
    } finally {
      await svc2.close();
    }
  });

  it('answers kept serialised are the same bytes, and a date range still filters', async () => {
    const base = demoOptions();
    // More records than one piece of an answer holds, Unicode among them.
    const many = Array.from({ length: 4500 }, (_, i) => rec(`2025-01-0${1 + (i % 3)}T10:00:00.000Z`, `user${i}-ü@edge.test`));
    const options = { ...base, tenants: [...base.tenants, { name: 'edge', apiKey: 'edge-key', domains: ['edge.test'] }], dataset: { ...base.dataset, 'edge.test': { accounts: many, customers: [] } } };
    const kept = await startService({ ...options, keepSerialised: true });
    const plain = await startService(options);
    try {
      for (const [domain, key, type, start, end] of [
        ['example.com', DEMO_API_KEY, 'accounts'],
        ['example.com', DEMO_API_KEY, 'customers'],
        ['edge.test', 'edge-key', 'accounts'],
        ['edge.test', 'edge-key', 'customers'],
        ['edge.test', 'edge-key', 'accounts', '20250102', '20250102'],
      ] as const) {
        const a = await rawGet(kept.baseUrl, searchPath(key, domain, type, start, end));
        const b = await rawGet(plain.baseUrl, searchPath(key, domain, type, start, end));
        assert.equal(a.status, 200, a.body);
        assert.equal(a.body, b.body, `${domain} ${type} ${start ?? ''}`);
      }
      const ranged = json(await rawGet(kept.baseUrl, searchPath('edge-key', 'edge.test', 'accounts', '20250102', '20250102'))) as Body;
      assert.equal(ranged.count, 1500);
      assert.ok(ranged.results.every((r) => String(r['date']).startsWith('2025-01-02')));
    } finally {
      await kept.close();
      await plain.close();
    }
  });

  it('hostile, very long and Unicode strings arrive intact as JSON strings', async () => {
    const all = await search(DEMO_API_KEY, 'example.com', 'accounts');
    const values = all.results.flatMap((r) => Object.values(r).map(String));
    for (const s of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', `"quotes' & ampersands`, '日本語パスワード', '🔑secret🔥2025', 'סיסמה2024']) {
      assert.ok(values.includes(s), s);
    }
    assert.ok(values.some((v) => v.length === 5000));
    assert.ok(values.some((v) => v.includes('ü')));
  });
});
