// The reference service's statuses and headers, exactly as docs/service-interface.md gives them.
import * as assert from 'node:assert/strict';
import type { RunningService } from '../../../service/types';
import { startService } from '../../../service/server';
import { DEMO_API_KEY, OTHER_API_KEY } from '../../../service/demo';
import { IP_LOCKED_KEY, RATE_HEADERS, testOptions } from './fixtures';
import type { RawResponse } from './http';
import { json, rawGet, searchPath } from './http';

function assertCommonHeaders(r: RawResponse, what: string): void {
  assert.equal(r.headers['content-type'], 'application/json', `${what}: Content-Type`);
  for (const h of RATE_HEADERS) assert.match(String(r.headers[h]), /^\d+$/, `${what}: ${h}`);
  const reset = Number(r.headers['x-ratelimit-reset']);
  const nowS = Date.now() / 1000;
  assert.ok(reset >= nowS - 1 && reset < nowS + 3600 + 5, `${what}: X-RateLimit-Reset is epoch seconds (${reset})`);
}

function errorOf(r: RawResponse): string {
  const body = json(r) as { error?: unknown };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(typeof body.error, 'string');
  return body.error as string;
}

describe('service: statuses and headers', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService(testOptions());
  });
  after(() => svc.close());
  beforeEach(() => svc.reset());

  const get = (path: string, method?: string): Promise<RawResponse> => rawGet(svc.baseUrl, path, method);

  it('200 with count and results, for both path shapes and both type spellings', async () => {
    for (const path of [
      searchPath(DEMO_API_KEY, 'example.com', 'accounts'),
      searchPath(DEMO_API_KEY, 'example.com', 'a'),
      searchPath(DEMO_API_KEY, 'example.org', 'customers'),
      searchPath(DEMO_API_KEY, 'example.org', 'c'),
      searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20240101', '20261031'),
    ]) {
      const r = await get(path);
      assert.equal(r.status, 200, path);
      assertCommonHeaders(r, path);
      const body = json(r) as { count: number; results: unknown[] };
      assert.deepEqual(Object.keys(body), ['count', 'results']);
      assert.equal(body.count, body.results.length);
      assert.ok(body.count > 0);
    }
  });

  it('401 "Invalid API key." exactly, for a wrong, empty-ish or near-miss key', async () => {
    for (const key of ['nope', DEMO_API_KEY.slice(0, -1), DEMO_API_KEY + 'x', DEMO_API_KEY.toUpperCase(), '..', '%']) {
      const r = await get(`/search/${key === '%' ? '%' : encodeURIComponent(key)}/example.com/accounts`);
      assert.equal(r.status, 401, key);
      assertCommonHeaders(r, 'a 401');
      assert.equal(r.body, '{"error":"Invalid API key."}');
    }
  });

  it('403 with the subscription message when the domain is not the tenant\'s (tenant isolation)', async () => {
    const cases: [string, string][] = [
      [DEMO_API_KEY, 'other.test'],
      [OTHER_API_KEY, 'example.com'],
      [OTHER_API_KEY, 'example.org'],
      [DEMO_API_KEY, 'sub.example.com'],
    ];
    for (const [key, domain] of cases) {
      const r = await get(searchPath(key, domain, 'accounts'));
      assert.equal(r.status, 403, domain);
      assertCommonHeaders(r, 'a 403');
      assert.equal(r.body, '{"error":"Your subscription does not cover this domain."}');
    }
    const own = await get(searchPath(OTHER_API_KEY, 'other.test', 'accounts'));
    assert.equal(own.status, 200);
  });

  it('403 with the IP message when the caller is not on the allow-list (127.0.0.1 vs 10.9.9.9)', async () => {
    const r = await get(searchPath(IP_LOCKED_KEY, 'example.com', 'accounts'));
    assert.equal(r.status, 403);
    assertCommonHeaders(r, 'IP 403');
    assert.equal(r.body, '{"error":"Requests from this IP address are not permitted."}');
    assert.equal(svc.requests.at(-1)?.ip, '127.0.0.1');
  });

  it('400 for each malformed segment, with a message that says what is wrong', async () => {
    const cases: [string, RegExp][] = [
      [searchPath(DEMO_API_KEY, 'not a domain', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, 'https://example.com', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, 'example.com:443', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, 'localhost', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, 'exämple.com', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, '-bad.com', 'accounts'), /domain/],
      [searchPath(DEMO_API_KEY, 'example.com', 'passwords'), /findings type/],
      [searchPath(DEMO_API_KEY, 'example.com', 'Accounts'), /findings type/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20240230', '20240301'), /date/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '2024-01-01', '2024-02-01'), /date/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20241301', '20241302'), /date/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20230229', '20230301'), /date/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20250102', '20250101'), /start_date must not be after end_date/],
      [searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20250101'), /^Both start_date and end_date are required, or neither\.$/],
    ];
    for (const [path, message] of cases) {
      const r = await get(path);
      assert.equal(r.status, 400, path);
      assertCommonHeaders(r, path);
      assert.match(errorOf(r), message, path);
    }
    // A leap day is a real date.
    assert.equal((await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts', '20240229', '20240229'))).status, 200);
    // Domains are case-insensitive.
    assert.equal((await get(searchPath(DEMO_API_KEY, 'EXAMPLE.com', 'accounts'))).status, 200);
  });

  it('404 for any path that is not a search, and for methods other than GET', async () => {
    const paths = [
      '/',
      '/search',
      `/search/${DEMO_API_KEY}`,
      `/search/${DEMO_API_KEY}/example.com`,
      `/search/${DEMO_API_KEY}/example.com/accounts/20240101/20240102/extra`,
      `/api/search/${DEMO_API_KEY}/example.com/accounts`,
      `/Search/${DEMO_API_KEY}/example.com/accounts`,
      `/search/${DEMO_API_KEY}//accounts`,
      `//search/${DEMO_API_KEY}/example.com/accounts`,
      '/favicon.ico',
    ];
    for (const path of paths) {
      const r = await get(path);
      assert.equal(r.status, 404, path);
      assertCommonHeaders(r, path);
      assert.equal(r.body, '{"error":"Not found."}');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts'), method);
      assert.equal(r.status, 404, method);
      assertCommonHeaders(r, method);
    }
  });

  it('tolerates one trailing slash', async () => {
    const r = await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts') + '/');
    assert.equal(r.status, 200);
  });

  it('500 without internals when the data itself breaks while answering', async () => {
    const broken = { toJSON: () => { throw new Error('SELECT * FROM secret_table at /srv/app/db.js:12'); } };
    const base = testOptions();
    const svc2 = await startService({ ...base, dataset: { ...base.dataset, 'example.org': { accounts: [], customers: [broken as never] } } });
    try {
      const r = await rawGet(svc2.baseUrl, searchPath(DEMO_API_KEY, 'example.org', 'customers'));
      assert.equal(r.status, 500);
      assertCommonHeaders(r, '500');
      assert.equal(r.body, '{"error":"Internal server error."}');
      const after = await rawGet(svc2.baseUrl, searchPath(DEMO_API_KEY, 'example.com', 'accounts'));
      assert.equal(after.status, 200, 'the service keeps serving');
    } finally {
      await svc2.close();
    }
  });

  it('checks in order: key, then rate limit, then IP, then input, then subscription', async () => {
    // Bad key beats everything else.
    assert.equal((await get('/search/nope/not a domain/zzz/1/2'.replace(/ /g, '%20'))).status, 401);
    // IP beats input and subscription.
    assert.equal((await get(searchPath(IP_LOCKED_KEY, 'other.test', 'zzz'))).status, 403);
    assert.equal(errorOf(await get(searchPath(IP_LOCKED_KEY, 'bad domain', 'accounts'))), 'Requests from this IP address are not permitted.');
    // Input beats subscription.
    assert.equal((await get(searchPath(DEMO_API_KEY, 'other.test', 'zzz'))).status, 400);
    assert.equal((await get(searchPath(DEMO_API_KEY, 'other.test', 'accounts', '20250101'))).status, 400);
  });

  it('hostile path segments answer 400, 401 or 404, never crash or escape the search', async () => {
    const k = DEMO_API_KEY;
    const cases: [string, number][] = [
      [`/search/${k}/../accounts`, 400],
      [`/search/${k}/example.com/..`, 400],
      [`/search/${k}/example.com/accounts/../../..`, 404],
      [`/search/../search/${k}/example.com/accounts`, 401], // `..` is the key here,
      [`/search/${k}/example.com%2Faccounts/accounts`, 400],
      [`/search/${k}/example.com%2F..%2F..%2Fetc%2Fpasswd/accounts`, 400],
      [`/search/${k}/example.com/accounts%2F20240101%2F20240102`, 400],
      [`/search/${k}/example.com/accounts?start=20240101`, 400],
      [`/search/${k}/example.com/accounts?`, 400],
      [`/search/${k}/example.com%3Fx%3D1/accounts`, 400],
      [`/search/${k}/example.com%00/accounts`, 400],
      [`/search/${k}/%E0%A4%A/accounts`, 400],
      [`/search/${k}/example.com/%ZZ`, 400],
      [`/search/${k}/%3Cscript%3Ealert(1)%3C%2Fscript%3E/accounts`, 400],
      [`/search/${k}/${'a'.repeat(5000)}.com/accounts`, 400],
    ];
    for (const [path, status] of cases) {
      const r = await get(path);
      assert.equal(r.status, status, path);
      assertCommonHeaders(r, path);
      assert.ok(!r.body.includes('<script>'), 'input is not echoed');
    }
    assert.equal((await get(searchPath(k, 'example.com', 'accounts'))).status, 200, 'still serving');
  });

  it('answers malformed HTTP with a JSON 400 that still carries the rate-limit headers', async () => {
    const { connect } = await import('node:net');
    const url = new URL(svc.baseUrl);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /search/ HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
      let out = '';
      socket.on('data', (d: Buffer) => (out += d.toString('utf8')));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    assert.match(text, /^HTTP\/1\.1 400 /);
    assert.match(text, /Content-Type: application\/json/);
    for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) assert.match(text, new RegExp(`${h}: \\d+`));
  });

  it('logs every request with the key it carried', async () => {
    await get(searchPath(DEMO_API_KEY, 'example.com', 'accounts'));
    await get(searchPath('wrong-key', 'example.com', 'accounts'));
    await get('/nothing');
    assert.deepEqual(svc.requests.map((r) => [r.status, r.apiKey]), [[200, DEMO_API_KEY], [401, 'wrong-key'], [404, undefined]]);
    assert.ok(svc.requests.every((r) => r.method === 'GET' && r.ip === '127.0.0.1' && r.at > 0));
    svc.reset();
    assert.equal(svc.requests.length, 0);
  });
});
