// A deterministic generator of leak records for the webview tests and the benchmark.
import type { AccountRecord, OpenRecord, ResultsEntry, SearchResult } from '../../src/core/service/types';
import { resultsKey } from '../../src/core/service/types';
import { Prng } from '../../service/prng';

/** The service's seeded PRNG (mulberry32) as a function returning [0, 1). */
export function seededRandom(seed: number): () => number {
  const random = new Prng(seed);
  return () => random.next();
}

const BROWSERS = ['Google Chrome', 'Microsoft Edge', 'Mozilla Firefox', 'Opera', 'Brave', 'Safari'];
const COUNTRIES = ['US', 'BR', 'IN', 'DE', 'FR', 'VN', 'ID', 'PH', 'TR', 'MX', 'GB', 'PL'];
const SITES = ['vpn', 'mail', 'portal', 'sso', 'jira', 'git', 'vdi', 'crm', 'hr', 'wiki'];
const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'oscar'];

/** `count` accounts records for `domain`, the same for the same seed. */
export function generateAccounts(count: number, seed = 1, domain = 'example.com'): AccountRecord[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const records: AccountRecord[] = [];
  const start = Date.UTC(2021, 0, 1);
  const span = Date.UTC(2025, 11, 31) - start;
  let machine = { ip: '', browser: '', country: '', date: 0 };
  for (let i = 0; i < count; i++) {
    // One machine in three leaks several logins at once (same IP, browser, country and day).
    if (i === 0 || random() > 0.66) {
      machine = {
        ip: `${1 + Math.floor(random() * 223)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
        browser: pick(BROWSERS),
        country: pick(COUNTRIES),
        date: start + Math.floor(random() * span),
      };
    }
    const name = `${pick(NAMES)}${Math.floor(random() * 500)}`;
    records.push({
      date: new Date(machine.date + Math.floor(random() * 3_600_000)).toISOString(),
      browser: machine.browser,
      status: random() > 0.3 ? 'show' : 'hide',
      url: `https://${pick(SITES)}.${domain}/${pick(['login', 'portal/webclient/', 'auth', ''])}`,
      ip: machine.ip,
      country: machine.country,
      username: `${name}@${domain}`,
      password: `Pw-${Math.floor(random() * 1e9).toString(36)}!`,
    });
  }
  return records;
}

/** Records whose fields carry markup and script: they must show as literal text. */
export function hostileAccounts(domain = 'example.com'): AccountRecord[] {
  return [
    {
      date: '2024-09-20T08:11:00.000Z',
      browser: '<img src=x onerror="window.__pwned=1">',
      status: 'show',
      url: `https://evil.${domain}/<script>window.__pwned=2</script>`,
      ip: '10.0.0.1',
      country: 'US',
      username: `<script>window.__pwned=3;alert(1)</script>@${domain}`,
      password: '<img src=x onerror=alert(4)>',
    },
    {
      date: '2024-10-02T10:00:00.000Z',
      browser: 'Google Chrome',
      status: 'hide',
      url: `javascript:window.__pwned=5`,
      ip: '10.0.0.2',
      country: '"><svg onload=window.__pwned=6>',
      username: `=HYPERLINK("http://x","y")@${domain}`,
      password: '+cmd|calc',
    },
  ];
}

export function customersRecords(): OpenRecord[] {
  return [
    { date: '2024-01-05T00:00:00.000Z', email: 'c1@shop.example.com', url: 'https://shop.example.com/login', password: 's3cret', loyalty_points: 120, verified: true },
    { date: '2024-02-05T00:00:00.000Z', email: 'c2@shop.example.com', url: 'https://shop.example.com/cart', password: 'hunter2', loyalty_points: 7, verified: false, note: null },
  ];
}

/** A result as the host knows it (meta) and its records (which the data engine would hold). */
export interface TestResult {
  readonly entry: ResultsEntry;
  readonly records: readonly (AccountRecord | OpenRecord)[];
}

export function makeEntry(result: SearchResult, domain = 'example.com', fetchedAt = Date.UTC(2025, 5, 1, 12, 0, 0)): TestResult {
  const query = { domain, type: result.type };
  return {
    entry: {
      key: resultsKey('http://127.0.0.1:1', query),
      origin: 'http://127.0.0.1:1',
      query,
      count: result.count,
      records: result.records.length,
      rateLimit: { limit: 1000, remaining: 987, resetAt: fetchedAt + 3_600_000, observedAt: fetchedAt },
      fetchedAt,
    },
    records: result.records,
  };
}

export function accountsEntry(records: readonly AccountRecord[], domain = 'example.com'): TestResult {
  return makeEntry({ type: 'accounts', count: records.length, records }, domain);
}
