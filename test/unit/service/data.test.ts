// The reference service's data generator: deterministic per seed and domain, and realistic.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireAccountRecord } from '../../../service/wire';
import { DATA_FIRST_MS, DATA_LAST_MS, generateDataset, loadDataset } from '../../../service/data';
import { Prng } from '../../../service/prng';

describe('service: data generator', () => {
  it('is deterministic: same seed and domains, same data; another seed, other data', () => {
    const a = generateDataset(7, ['example.com', 'example.org']);
    const b = generateDataset(7, ['example.com', 'example.org']);
    const c = generateDataset(8, ['example.com', 'example.org']);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a['example.com'], c['example.com']);
  });

  it('gives each domain its own stream: adding a domain leaves the others unchanged', () => {
    const one = generateDataset(7, ['example.com']);
    const two = generateDataset(7, ['example.org', 'example.com']);
    assert.deepEqual(one['example.com'], two['example.com']);
  });

  it('the PRNG is seeded and stays in [0, 1)', () => {
    const p = new Prng(1);
    const q = new Prng(1);
    const xs = Array.from({ length: 1000 }, () => p.next());
    assert.deepEqual(xs, Array.from({ length: 1000 }, () => q.next()));
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.ok(new Set(xs).size > 990);
  });

  it('makes exactly the requested numbers of records', () => {
    const d = generateDataset(1, ['a.test'], { accountsPerDomain: 17, customersPerDomain: 3 });
    assert.equal(d['a.test']?.accounts.length, 17);
    assert.equal(d['a.test']?.customers.length, 3);
    const none = generateDataset(1, ['a.test'], { accountsPerDomain: 0, customersPerDomain: 0 });
    assert.deepEqual(none, { 'a.test': { accounts: [], customers: [] } });
  });

  describe('realistic records', () => {
    const data = generateDataset(42, ['acme.test'], { accountsPerDomain: 2000, customersPerDomain: 500 })['acme.test'];
    const accounts = data?.accounts ?? [];
    const customers = (data?.customers ?? []) as unknown as WireAccountRecord[];

    it('fields have the documented shapes', () => {
      for (const r of [...accounts, ...customers]) {
        assert.match(r.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        const ms = Date.parse(r.date);
        assert.ok(ms >= DATA_FIRST_MS && ms <= DATA_LAST_MS + 86_400_000, r.date);
        assert.ok(r.status === 'show' || r.status === 'hide');
        assert.match(r.ip, /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
        assert.ok(r.ip.split('.').every((o) => Number(o) <= 255));
        assert.ok(!/^(10|127|192|172|169|0)\./.test(r.ip), `public IP ${r.ip}`);
        assert.match(r.country, /^[A-Z]{2}$/);
        assert.ok(r.username.length > 0 && r.password.length > 0 && r.browser.length > 0);
      }
    });

    it('spreads dates over about three years ending in October 2026', () => {
      const years = new Set(accounts.map((r) => r.date.slice(0, 4)));
      assert.deepEqual([...years].sort(), ['2023', '2024', '2025', '2026']);
      const newest = accounts.map((r) => r.date).sort().at(-1) ?? '';
      assert.ok(newest.startsWith('2026-10'), newest);
    });

    it('mixes both statuses, several browsers and countries', () => {
      assert.ok(accounts.some((r) => r.status === 'hide') && accounts.some((r) => r.status === 'show'));
      assert.ok(new Set(accounts.map((r) => r.browser)).size >= 6);
      assert.ok(new Set(accounts.map((r) => r.country)).size >= 15);
    });

    it('accounts: e-mails at the domain and elsewhere, plain usernames, URLs at subdomains and elsewhere', () => {
      assert.ok(accounts.filter((r) => r.username.endsWith('@acme.test')).length > accounts.length / 2);
      assert.ok(accounts.some((r) => /@(gmail|yahoo|outlook|hotmail)\.com$/.test(r.username)));
      assert.ok(accounts.some((r) => /^[a-z0-9._-]+$/.test(r.username) && !r.username.includes('@')));
      assert.ok(accounts.some((r) => /^https:\/\/[a-z]+\.acme\.test\//.test(r.url)));
      assert.ok(accounts.some((r) => !r.url.includes('acme.test')));
    });

    it('customers: captured on the domain\'s own sites', () => {
      assert.ok(customers.every((r) => /^https:\/\/[a-z]+\.acme\.test\//.test(r.url)));
      assert.ok(customers.some((r) => !r.username.endsWith('@acme.test')));
    });

    it('holds hostile strings, 5,000-character fields and Unicode in both types', () => {
      for (const list of [accounts, customers]) {
        const values = list.flatMap((r) => [r.username, r.password, r.url, r.browser]);
        for (const s of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', `"quotes' & ampersands`]) assert.ok(values.includes(s), s);
        assert.ok(values.some((v) => v.length === 5000 && v.startsWith('https://')), 'long URL');
        assert.ok(values.some((v) => v.length === 5000 && !v.startsWith('https://')), 'long password');
        assert.ok(values.some((v) => v.includes('ü')));
        assert.ok(values.some((v) => v.includes('日本')));
        assert.ok(values.some((v) => /\p{Extended_Pictographic}/u.test(v)), 'emoji');
        assert.ok(values.some((v) => /[\u0590-\u05ff\u0600-\u06ff]/.test(v)), 'right-to-left text');
      }
    });

    it('has clusters from one infected machine: same IP, browser, country and day over many sites', () => {
      const groups = new Map<string, WireAccountRecord[]>();
      for (const r of accounts) {
        const k = `${r.ip}|${r.browser}|${r.country}|${r.date.slice(0, 10)}`;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      const clusters = [...groups.values()].filter((g) => g.length >= 4 && new Set(g.map((r) => r.url)).size === g.length);
      assert.ok(clusters.length >= 3, `${clusters.length} clusters`);
    });
  });

  it('generates exactly the counts asked for at 100,000 records (its speed is a benchmark, not a test)', () => {
    const d = generateDataset(3, ['big.test'], { accountsPerDomain: 80_000, customersPerDomain: 20_000 });
    assert.equal(d['big.test']?.accounts.length, 80_000);
    assert.equal(d['big.test']?.customers.length, 20_000);
  });
});

describe('service: loadDataset', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'leak-search-data-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const account = { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vdi.sampleurl.com/portal/webclient/', ip: '68.0.2.248', country: 'US', username: 'sampleuser@sampleurl.com', password: 'Samplepassword000' };

  function file(name: string, text: string): string {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  }

  it('reads JSONL: one tagged record a line, blank lines ignored, a/c accepted', () => {
    const p = file('d.jsonl', [
      JSON.stringify({ domain: 'SampleURL.com', type: 'accounts', ...account }),
      '',
      JSON.stringify({ domain: 'sampleurl.com', type: 'c', email: 'x@y.z', spent: 12.5, vip: false }),
      JSON.stringify({ domain: 'sampleurl.com', type: 'a', ...account, machine: 'M1' }),
    ].join('\n'));
    const d = loadDataset(p);
    assert.deepEqual(Object.keys(d), ['sampleurl.com']);
    assert.deepEqual(d['sampleurl.com']?.accounts[0], account);
    assert.deepEqual(d['sampleurl.com']?.accounts[1], { ...account, machine: 'M1' });
    assert.deepEqual(d['sampleurl.com']?.customers, [{ email: 'x@y.z', spent: 12.5, vip: false }]);
  });

  it('reads JSON: a Dataset object or an array of tagged records; missing account fields become ""', () => {
    const obj = loadDataset(file('d.json', JSON.stringify({ 'sampleurl.com': { accounts: [{ date: account.date, username: 'u' }] } })));
    assert.deepEqual(obj['sampleurl.com']?.accounts, [{ date: account.date, browser: '', status: '', url: '', ip: '', country: '', username: 'u', password: '' }]);
    assert.deepEqual(obj['sampleurl.com']?.customers, []);
    const arr = loadDataset(file('a.json', JSON.stringify([{ domain: 'sampleurl.com', type: 'accounts', ...account }])));
    assert.deepEqual(arr['sampleurl.com']?.accounts, [account]);
  });

  it('names the file and line of the first bad record', () => {
    const cases: [string, string, RegExp][] = [
      ['bad1.jsonl', `${JSON.stringify({ domain: 'a.test', type: 'a', ...account })}\n{oops`, /bad1\.jsonl line 2: not valid JSON/],
      ['bad2.jsonl', JSON.stringify({ type: 'a', ...account }), /line 1: "domain"/],
      ['bad3.jsonl', JSON.stringify({ domain: 'a.test', type: 'passwords', ...account }), /line 1: "type"/],
      ['bad4.jsonl', JSON.stringify({ domain: 'a.test', type: 'a', ...account, password: 5 }), /"password" must be a string/],
      ['bad5.jsonl', JSON.stringify({ domain: 'a.test', type: 'a', ...account, date: 'yesterday' }), /"date" must be an ISO 8601/],
      ['bad6.jsonl', JSON.stringify({ domain: 'a.test', type: 'c', nested: { a: 1 } }), /"nested" must be a string, number, boolean or null/],
      ['bad7.json', '{"a.test": {"accounts": 3}}', /a\.test\.accounts: expected an array/],
      ['bad8.json', '42', /expected an array of records or an object keyed by domain/],
      ['bad9.json', '{nope', /bad9\.json: not valid JSON/],
    ];
    for (const [name, text, message] of cases) assert.throws(() => loadDataset(file(name, text)), message, name);
  });
});
