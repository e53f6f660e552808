// `leak-search fetch` run as a process against the reference service over loopback HTTP, and
// the file it writes read back by openResultsFile (what `scan --results` calls): the same
// records, no API key and no password in the file, and every bad key or damaged file a clear
// usage error (exit 2) that spends no quota.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { keyIdOf } from '../../../src/core/cache/diskCache';
import { SEALED_BODY_OFFSET, seal } from '../../../src/core/cache/sealed';
import { UsageError } from '../../../src/cli/exitCodes';
import { RESULTS_KEY_VARIABLE, indexRules, openResultsFile, resultsKeyOf } from '../../../src/cli/files/resultsFile';
import { LeakSearchSession } from '../../../src/engine/leakSearchSession';
import { runCli } from './spawnCli';

const DOMAINS = ['example.com', 'example.org'];

async function jsonl(session: LeakSearchSession, key: string): Promise<string> {
  let out = '';
  for await (const piece of session.recordPieces(key, 'jsonl', { includeSecrets: true })) out += piece;
  return out;
}

/** A sealed results file of this plaintext: what only a holder of the key could write. */
function sealedFile(file: string, secret: Buffer, manifest: object, tail: Buffer = Buffer.alloc(0)): void {
  const json = Buffer.from(JSON.stringify(manifest));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  fs.writeFileSync(file, seal(Buffer.concat([length, json, tail]), secret, keyIdOf(secret), 'leak-search results file'));
}

describe('cli fetch: one sealed results file for other jobs', function () {
  this.timeout(60_000);
  let service: RunningService;
  let dir: string;
  const secret = randomBytes(32);
  let env: NodeJS.ProcessEnv;
  let file: string;

  before(async () => {
    service = await startService(demoOptions());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-fetch-'));
    env = { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY, [RESULTS_KEY_VARIABLE]: secret.toString('hex') };
    file = path.join(dir, 'out', 'leaks.bin');
    fs.mkdirSync(path.dirname(file));
    const run = await runCli(['fetch', ...DOMAINS, '--out', file], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '', 'nothing on stdout');
    assert.match(run.stderr, /Wrote 2 result\(s\)/);
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads back the same records, scans against them, and needs no service', async () => {
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['leaks.bin'], 'written beside, then renamed: nothing else left');
    const direct = await LeakSearchSession.open({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY });
    const opened = await openResultsFile(file, { [RESULTS_KEY_VARIABLE]: secret.toString('base64') });
    try {
      const outcomes = await direct.check(DOMAINS.map((domain) => ({ domain })));
      const read = opened.results();
      assert.equal(read.length, 2);
      for (const o of outcomes) {
        assert.ok(o.result, o.error?.message);
        const twin = read.find((r) => r.key === o.result.key);
        assert.ok(twin, `${o.result.query.domain} is in the file, under the same key`);
        assert.equal(twin.records, o.result.records, 'the same records count');
        assert.equal(twin.count, o.result.count);
        assert.equal(await jsonl(opened, twin.key), await jsonl(direct, o.result.key), 'the same records, field for field');
      }
      await opened.index();
      const kinds = opened.scanText(`user=${DEMO_ALICE.username} pass=${DEMO_ALICE.password}`).map((m) => m.kind);
      assert.ok(kinds.includes('password') && kinds.some((k) => k !== 'password'), `the leaked account and password match: ${kinds.join(', ')}`);
      assert.equal(opened.quota(), undefined);
      const offline = await opened.check([{ domain: 'example.com' }]);
      assert.equal(offline[0]?.error?.kind, 'invalid-input', 'a session over a file cannot check');
    } finally {
      await direct.close();
      await opened.close();
    }
  });

  it('keeps each result\'s index, read back to match what one built from the records matches; reads files that kept none', async () => {
    const opened = await openResultsFile(file, env);
    const results = opened.results();
    const exported = await Promise.all(results.map(async (r) => (await opened.exportResult(r.key)) ?? assert.fail('held')));
    const segments = await Promise.all(results.map(async (r) => Buffer.concat((await opened.indexSegment(r.key)) ?? assert.fail('a segment kept'))));
    const entries = exported.map((r) => ({ query: r.meta.query, count: r.meta.count, fetchedAt: r.meta.fetchedAt, bytes: r.bytes }));
    const tables = exported.map((r) => Buffer.concat([...r.pieces()]));
    // The same results as written by version 1, which kept no index.
    const older = path.join(dir, 'v1.bin');
    sealedFile(older, secret, { format: 'leak-search results', version: 1, origin: opened.origin, results: entries }, Buffer.concat(tables));
    const v1 = await openResultsFile(older, env);
    const segmentBytes = segments.reduce((n, b) => n + b.length, 0);
    assert.ok(fs.statSync(file).size >= fs.statSync(older).size + segmentBytes, 'the file written by fetch carries the segments');
    // Every record's own text holds every identifier the index keeps.
    let text = '';
    for (const r of results) text += await jsonl(opened, r.key);
    try {
      await opened.index();
      await v1.index();
      const kept = opened.scanText(text);
      assert.ok(kept.length > 10, `${kept.length} matches`);
      assert.deepEqual(kept, v1.scanText(text), 'the same matches, details and all');
      // A segment damaged by whoever holds the key (a record number past the result) is refused.
      const bad = Buffer.from(segments[0] as Buffer);
      const words = new Uint32Array(bad.buffer, bad.byteOffset, bad.length / 4);
      const n = words[3] as number;
      assert.ok(n > 0);
      words[4 + 2 * n] = 0xffffff;
      const damaged = path.join(dir, 'damaged-index.bin');
      const fingerprintKey = Buffer.from(opened.fingerprintKey).toString('hex');
      sealedFile(damaged, secret, { format: 'leak-search results', version: 2, origin: opened.origin, fingerprintKey, indexRules: indexRules(), results: entries.map((e, i) => ({ ...e, segmentBytes: (i === 0 ? bad : (segments[i] as Buffer)).length })) }, Buffer.concat(tables.flatMap((t, i) => [t, i === 0 ? bad : (segments[i] as Buffer)])));
      await assert.rejects(openResultsFile(damaged, env), (e) => e instanceof UsageError && e.message.includes('damaged'));
      // Segments another leak-search version made are not taken (its rules may differ): the
      // index is built from the records, and the damaged segment is never read.
      const other = path.join(dir, 'other-version.bin');
      sealedFile(other, secret, { format: 'leak-search results', version: 2, origin: opened.origin, fingerprintKey, indexRules: 'leak-search 0.0.1; unicode 1.0; icu 1.0', results: entries.map((e, i) => ({ ...e, segmentBytes: (i === 0 ? bad : (segments[i] as Buffer)).length })) }, Buffer.concat(tables.flatMap((t, i) => [t, i === 0 ? bad : (segments[i] as Buffer)])));
      const rebuilt = await openResultsFile(other, env);
      try {
        await rebuilt.index();
        assert.deepEqual(rebuilt.scanText(text), kept, 'built from the records, the same matches');
      } finally {
        await rebuilt.close();
      }
    } finally {
      await opened.close();
      await v1.close();
    }
  });

  it('reads the key as hex in either case, base64 or base64url', async () => {
    for (const spelled of [secret.toString('hex').toUpperCase(), secret.toString('base64'), secret.toString('base64url'), ` ${secret.toString('hex')}\n`]) {
      const s = await openResultsFile(file, { [RESULTS_KEY_VARIABLE]: spelled });
      assert.equal(s.results().length, 2);
      await s.close();
    }
  });

  it('holds neither the API key, the results key nor any leaked password or account', async () => {
    const bytes = fs.readFileSync(file);
    const direct = await LeakSearchSession.open({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY });
    const secrets = new Set<string>();
    try {
      for (const o of await direct.check(DOMAINS.map((domain) => ({ domain })))) {
        assert.ok(o.result);
        for (const line of (await jsonl(direct, o.result.key)).split('\n').filter(Boolean)) {
          const r = JSON.parse(line) as { password?: string; username?: string };
          // Long enough that random ciphertext cannot hold one by chance.
          for (const v of [r.password, r.username]) if (v && Buffer.byteLength(v) >= 8) secrets.add(v);
        }
      }
    } finally {
      await direct.close();
    }
    assert.ok(secrets.has(DEMO_ALICE.password as string), 'the needles include the known leaked password');
    const key = Buffer.from(DEMO_API_KEY);
    const needles = [
      key,
      Buffer.from(key.toString('base64')),
      Buffer.from(key.toString('base64url')),
      Buffer.from(key.toString('hex')),
      Buffer.from(encodeURIComponent(DEMO_API_KEY)),
      Buffer.from(DEMO_API_KEY, 'utf16le'),
      secret,
      Buffer.from(secret.toString('hex')),
      Buffer.from(secret.toString('base64')),
      ...[...secrets].flatMap((s) => [Buffer.from(s), Buffer.from(s, 'utf16le')]),
    ];
    for (const n of needles) assert.equal(bytes.indexOf(n), -1, 'a secret is in the file');
  });

  it('prints a new key that reads back as 32 bytes, different each time', async () => {
    const [a, b] = await Promise.all([runCli(['fetch', '--new-key'], {}), runCli(['fetch', '--new-key'], {})]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(resultsKeyOf({ [RESULTS_KEY_VARIABLE]: a.stdout }).length, 32);
    assert.notEqual(a.stdout, b.stdout);
  });

  it('refuses a missing or malformed results key with exit 2, before any search', async () => {
    const cases: readonly [string, string | undefined][] = [
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['too short', 'abc'],
      ['63 hex digits', 'a'.repeat(63)],
      ['65 hex digits', 'a'.repeat(65)],
      ['64 non-hex', 'z'.repeat(64)],
      ['base64 of 31 bytes', randomBytes(31).toString('base64')],
      ['base64 of 33 bytes', randomBytes(33).toString('base64')],
      ['base64 with a space inside', `${secret.toString('base64').slice(0, 20)} ${secret.toString('base64').slice(20)}`],
    ];
    const before = service.requests.length;
    for (const [name, value] of cases) {
      const caseEnv = { ...env, [RESULTS_KEY_VARIABLE]: value };
      if (value === undefined) delete caseEnv[RESULTS_KEY_VARIABLE];
      const out = path.join(dir, `bad-key-${name.replace(/\W/g, '-')}.bin`);
      const run = await runCli(['fetch', 'example.com', '--out', out], caseEnv);
      assert.equal(run.code, 2, `${name}: ${run.stderr}`);
      assert.match(run.stderr, /LEAK_SEARCH_RESULTS_KEY/, name);
      assert.ok(!run.stderr.includes(DEMO_API_KEY) && !run.stderr.includes('at '), `${name}: no key, no stack`);
      assert.ok(!fs.existsSync(out), `${name}: no file`);
    }
    assert.equal(service.requests.length, before, 'no search was sent');
    const noOut = await runCli(['fetch', 'example.com'], env);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--out/);
  });

  it('writes no file and exits 3 when a check fails', async () => {
    const out = path.join(dir, 'failed.bin');
    const run = await runCli(['fetch', 'example.com', '--out', out], { ...env, LEAK_SEARCH_API_KEY: 'lj_unknown_0000000000000000000000000000' });
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /was not written/);
    assert.ok(!fs.existsSync(out));
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.includes('partial')), [], 'no temporary left');
  });

  it('writes no file when a record echoes the API key (exit 3)', async () => {
    const echoing = await startService(demoOptions(0, { dataset: { 'example.com': { accounts: [DEMO_ALICE, { ...DEMO_ALICE, username: 'eve@example.com', url: `https://sso.example.com/cb?key=${encodeURIComponent(DEMO_API_KEY)}` }], customers: [] } } }));
    try {
      const out = path.join(dir, 'echo.bin');
      const run = await runCli(['fetch', 'example.com', '--out', out], { ...env, LEAK_SEARCH_BASE_URL: echoing.baseUrl });
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stderr, /holds the API key/);
      assert.ok(!run.stderr.includes(DEMO_API_KEY));
      assert.ok(!fs.existsSync(out));
    } finally {
      await echoing.close();
    }
  });

  it('refuses the wrong key and every damaged, cut or foreign file as a usage error', async () => {
    const good = fs.readFileSync(file);
    const mutations: readonly [string, (b: Buffer) => Buffer][] = [
      ...[0, 3, 4, 11, 12, 23, 24, 39, SEALED_BODY_OFFSET, SEALED_BODY_OFFSET + 3, SEALED_BODY_OFFSET + 4, Math.floor(good.length / 2), good.length - 1].map(
        (at): [string, (b: Buffer) => Buffer] => [`a byte flipped at ${at}`, (b) => {
          const c = Buffer.from(b);
          c[at] = (c[at] as number) ^ 0x40;
          return c;
        }],
      ),
      ...[0, 1, 12, SEALED_BODY_OFFSET, SEALED_BODY_OFFSET + 4, Math.floor(good.length / 2), good.length - 1].map((n): [string, (b: Buffer) => Buffer] => [`cut to ${n} bytes`, (b) => b.subarray(0, n)]),
      ['a byte added', (b) => Buffer.concat([b, Buffer.from([0])])],
      ['random bytes', (b) => randomBytes(b.length)],
      ['sealed for another purpose', () => seal(Buffer.from('{}'), secret, keyIdOf(secret), 'meta|r-0')],
    ];
    const damaged = path.join(dir, 'damaged.bin');
    for (const [name, mutate] of mutations) {
      fs.writeFileSync(damaged, mutate(good));
      await assert.rejects(openResultsFile(damaged, env), (e) => e instanceof UsageError && e.message.includes(damaged) && !e.message.includes(secret.toString('hex')), name);
    }
    await assert.rejects(openResultsFile(file, { [RESULTS_KEY_VARIABLE]: randomBytes(32).toString('hex') }), /another key/);
    await assert.rejects(openResultsFile(file, {}), /No results key/);
    await assert.rejects(openResultsFile(path.join(dir, 'none.bin'), env), (e) => e instanceof UsageError && /ENOENT/.test(e.message));
    await assert.rejects(openResultsFile(dir, env), UsageError, 'a folder');
  });

  it('bounds every length a sealed file states before trusting it', async () => {
    const lying = path.join(dir, 'lying.bin');
    const query = { domain: 'example.com', type: 'accounts' };
    const header = (rows: number): Buffer => {
      const json = Buffer.from(JSON.stringify({ version: 3, type: 'accounts', rows, columns: [{ info: { key: 'date', label: 'Date', kind: 'date', secret: false }, store: 'date', tags: false }] }));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(json.length, 0);
      return Buffer.concat([length, json]);
    };
    const table = header(1e12);
    const cases: readonly [string, object, Buffer?][] = [
      ['a result longer than the file', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: [{ query, count: 1, fetchedAt: 1, bytes: 2 ** 40 }] }],
      ['a table of 10^12 rows in a few bytes', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: [{ query, count: 1, fetchedAt: 1, bytes: table.length }] }, table],
      ['a negative length', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: [{ query, count: 1, fetchedAt: 1, bytes: -4 }] }],
      ['a query no check makes', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: [{ query: { domain: 'EXAMPLE.com', type: 'accounts' }, count: 1, fetchedAt: 1, bytes: table.length }] }, table],
      ['an origin with a path', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com/api', results: [] }],
      ['an origin of another scheme', { format: 'leak-search results', version: 1, origin: 'file:///etc', results: [] }],
      ['another version', { format: 'leak-search results', version: 3, origin: 'https://leakjar.com', results: [] }],
      ['a segment without the key it was made with', { format: 'leak-search results', version: 2, origin: 'https://leakjar.com', results: [{ query, count: 1, fetchedAt: 1, bytes: table.length, segmentBytes: 4 }] }, Buffer.concat([table, Buffer.alloc(4)])],
      ['a segment not of whole words', { format: 'leak-search results', version: 2, origin: 'https://leakjar.com', fingerprintKey: '00'.repeat(24), results: [{ query, count: 1, fetchedAt: 1, bytes: table.length, segmentBytes: 3 }] }, Buffer.concat([table, Buffer.alloc(3)])],
      ['a segment longer than the file', { format: 'leak-search results', version: 2, origin: 'https://leakjar.com', fingerprintKey: '00'.repeat(24), results: [{ query, count: 1, fetchedAt: 1, bytes: table.length, segmentBytes: 2 ** 40 }] }, table],
      ['a fingerprint key of another length', { format: 'leak-search results', version: 2, origin: 'https://leakjar.com', fingerprintKey: '00'.repeat(16), results: [] }],
      ['results not a list', { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: {} }],
    ];
    for (const [name, manifest, tail] of cases) {
      sealedFile(lying, secret, manifest, tail);
      await assert.rejects(openResultsFile(lying, env), UsageError, name);
    }
    // An intact file of a later version says so (a damaged one would not: its tag is checked first).
    sealedFile(lying, secret, { format: 'leak-search results', version: 3, origin: 'https://leakjar.com', results: [], more: 'unknown' }, Buffer.alloc(64));
    await assert.rejects(openResultsFile(lying, env), (e) => e instanceof UsageError && /written by a newer leak-search \(format 3; this one reads up to 2\): update/.test(e.message));
    const newer = fs.readFileSync(lying);
    newer[newer.length - 1] = (newer[newer.length - 1] as number) ^ 1;
    fs.writeFileSync(lying, newer);
    await assert.rejects(openResultsFile(lying, env), (e) => e instanceof UsageError && /damaged/.test(e.message), 'altered: damaged, whatever its manifest says');
    sealedFile(lying, secret, { format: 'leak-search results', version: 1, origin: 'https://leakjar.com', results: [] });
    const empty = await openResultsFile(lying, env);
    assert.deepEqual(empty.results(), [], 'an honest empty file opens');
    assert.equal(empty.origin, 'https://leakjar.com');
  });
});
