// The per-result cache (src/core/cache/diskCache.ts) with several writers at once, as several
// VS Code windows are: separate processes writing and reading the same folder. No result is
// lost, no file is ever read half-written or undecryptable, nothing is readable in clear.
import * as assert from 'node:assert/strict';
import { execFileSync, fork } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskCache, keyIdOf } from '../../../../src/core/cache/diskCache';
import type { CacheMeta } from '../../../../src/core/cache/diskCache';
import { generateCacheKey } from '../../../../src/core/cache/sealed';

const WRITER = path.join(__dirname, 'cacheWriter.js');

function runWriter(dir: string, key: Buffer, name: string, count: number, mode = ''): Promise<{ failures: string[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(WRITER, [dir, key.toString('base64'), name, String(count), mode], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as { failures: string[] }));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`writer ${name} exited with ${code}`))));
  });
}

describe('cache on disk: several windows at once', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two processes writing and reading the same folder lose nothing and never see a broken file', async function () {
    this.timeout(60_000);
    const key = generateCacheKey();
    // Each writer writes its own 40 results, rewrites them, and reads the whole cache after every write.
    const [a, b] = await Promise.all([runWriter(dir, key, 'a', 40), runWriter(dir, key, 'b', 40)]);
    assert.deepEqual([...a.failures, ...b.failures], []);
    const cache = new DiskCache(dir, key);
    const metas = await cache.list();
    const keys = metas.map((m) => m.key).sort();
    assert.equal(keys.length, 80, 'every result of both writers is there');
    for (const meta of metas) {
      const data = await cache.read(meta);
      assert.ok(data, `${meta.key} reads back`);
      assert.equal(JSON.parse(data.toString('utf8')).key, meta.key);
    }
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.includes('.tmp-')), [], 'no temporary file is left');
  });

  it('keeps nothing readable in clear, not even in file names', async () => {
    const cache = new DiskCache(dir, generateCacheKey());
    await cache.write('https://leakjar.com|example.com|accounts|all', 1, { domain: 'example.com' }, Buffer.from('alice@example.com Summer2024!'));
    for (const name of fs.readdirSync(dir)) {
      assert.doesNotMatch(name, /example/);
      const bytes = fs.readFileSync(path.join(dir, name));
      assert.ok(!bytes.includes(Buffer.from('example.com')) && !bytes.includes(Buffer.from('Summer2024!')), name);
      assert.equal(fs.statSync(path.join(dir, name)).mode & 0o077, 0, `${name} is readable by its owner only`);
    }
  });

  it('reads back pieces of every size, some larger than what is sealed at a time, byte for byte', async () => {
    const cache = new DiskCache(dir, generateCacheKey());
    const pieces = [0, 1, 1024 * 1024 - 1, 1024 * 1024, 1024 * 1024 + 1, 3 * 1024 * 1024 + 17, 5].map((n) => randomBytes(n));
    const meta = await cache.writePieces('https://leakjar.com|example.com|accounts|all', 1, {}, pieces);
    const whole = Buffer.concat(pieces);
    assert.ok(meta.bytes > whole.length, 'the file holds every byte, sealed');
    const back = await cache.read(meta);
    assert.ok(back, 'the result reads back');
    assert.ok(back.equals(whole), 'the same bytes');
  });

  it('leaves alone files written under another key, and removes a damaged one', async () => {
    const mine = new DiskCache(dir, generateCacheKey());
    const theirs = new DiskCache(dir, generateCacheKey());
    await theirs.write('k-theirs', 1, {}, Buffer.from('theirs'));
    await mine.write('k-mine', 2, {}, Buffer.from('mine'));
    assert.deepEqual((await mine.list()).map((m) => m.key), ['k-mine']);
    assert.deepEqual((await theirs.list()).map((m) => m.key), ['k-theirs'], 'the other window still reads its own');
    const [meta] = await mine.list();
    assert.ok(meta);
    const blob = path.join(dir, meta.blob);
    const bytes = fs.readFileSync(blob);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    fs.writeFileSync(blob, bytes);
    assert.equal(await mine.read(meta), undefined);
    assert.equal(fs.existsSync(blob), false, 'the damaged blob is removed');
  });

  it('prunes by age and count, and drops the blobs of what it prunes', async () => {
    const cache = new DiskCache(dir, generateCacheKey());
    const now = Date.now();
    for (let i = 0; i < 5; i++) await cache.write(`k${i}`, now - i * 1000, {}, Buffer.from(`v${i}`));
    await cache.write('old', now - 40 * 86_400_000, {}, Buffer.from('old'));
    await cache.prune(now, { maxEntries: 3, maxAgeMs: 30 * 86_400_000 });
    assert.deepEqual((await cache.list()).map((m) => m.key), ['k0', 'k1', 'k2']);
    assert.equal(fs.readdirSync(dir).filter((n) => n.endsWith('.blob')).length, 3);
  });
});

/** Resolves with what `work` gives, or rejects when it takes longer than `ms` (nothing may hang). */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function drain(cache: DiskCache, meta: CacheMeta): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of cache.readPieces(meta)) pieces.push(piece);
  return Buffer.concat(pieces);
}

const ORIGIN_A = 'https://leakjar.com';
const ORIGIN_B = 'https://leaks.example.test';
const keyOf = (origin: string, domain: string, type = 'accounts', range = 'all'): string => `${origin}|${domain}|${type}|${range}`;

describe('cache on disk: only its own files, for what they were written', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Writes the result `from` and the result `to`, then puts `from`'s files under `to`'s names. */
  async function swapped(cache: DiskCache, from: string, to: string, which: 'meta' | 'blob' | 'both'): Promise<{ target: CacheMeta; source: CacheMeta }> {
    // Of one length, so that only what the files are for tells them apart.
    const source = await cache.write(from, 1000, { for: from }, Buffer.from(`records of ${from}`.padEnd(100)));
    const target = await cache.write(to, 2000, { for: to }, Buffer.from(`records of ${to}`.padEnd(100)));
    const metaName = (m: CacheMeta): string => `${m.blob.slice(0, 34)}.meta`;
    if (which !== 'blob') fs.copyFileSync(path.join(dir, metaName(source)), path.join(dir, metaName(target)));
    if (which !== 'meta') fs.copyFileSync(path.join(dir, source.blob), path.join(dir, target.blob));
    return { target, source };
  }

  const cases: readonly { readonly name: string; readonly from: string; readonly to: string }[] = [
    { name: 'another domain', from: keyOf(ORIGIN_A, 'example.com'), to: keyOf(ORIGIN_A, 'example.org') },
    { name: 'another origin', from: keyOf(ORIGIN_A, 'example.com'), to: keyOf(ORIGIN_B, 'example.com') },
    { name: 'another findings type', from: keyOf(ORIGIN_A, 'example.com'), to: keyOf(ORIGIN_A, 'example.com', 'customers') },
    { name: 'another date range', from: keyOf(ORIGIN_A, 'example.com', 'accounts', '20240101-20241231'), to: keyOf(ORIGIN_A, 'example.com') },
  ];
  for (const { name, from, to } of cases) {
    it(`refuses a meta copied to the name of ${name}: the result is a miss, the other one is untouched`, async () => {
      const logs: string[] = [];
      const cache = new DiskCache(dir, generateCacheKey(), (m) => logs.push(m));
      await swapped(cache, from, to, 'meta');
      const listed = await cache.list();
      assert.deepEqual(listed.map((m) => m.key), [from], 'only the genuine result is listed');
      assert.equal((await cache.read(listed[0] as CacheMeta))?.toString().trim(), `records of ${from}`);
      assert.match(logs.join('\n'), /not this result's/);
    });

    it(`refuses a blob copied over the blob of ${name}: read as a miss, never as the other result's records`, async () => {
      const cache = new DiskCache(dir, generateCacheKey());
      const { target } = await swapped(cache, from, to, 'blob');
      assert.equal(await cache.read(target), undefined);
      const again = await swapped(cache, from, to, 'blob');
      await assert.rejects(drain(cache, again.target), /not this result's/);
      // The check that follows fetches and writes the result again: it reads back.
      const fetched = await cache.write(to, 3000, {}, Buffer.from('fetched again'));
      assert.equal((await cache.read(fetched))?.toString(), 'fetched again');
    });
  }

  it('refuses an older blob of the same result put back under the current name', async () => {
    const cache = new DiskCache(dir, generateCacheKey());
    const key = keyOf(ORIGIN_A, 'example.com');
    const first = await cache.write(key, 1000, {}, Buffer.from('first answer'));
    const kept = fs.readFileSync(path.join(dir, first.blob));
    const second = await cache.write(key, 2000, {}, Buffer.from('second answer'));
    fs.writeFileSync(path.join(dir, second.blob), kept);
    assert.equal(await cache.read(second), undefined);
  });

  it('drops files of the older format (LSC2, nothing bound) as a miss, said once', async () => {
    const key = generateCacheKey();
    // The layout of the format before this one: "LSC2" | key id | IV | tag | ciphertext, AAD the first 12 bytes.
    const head = Buffer.concat([Buffer.from('LSC2'), keyIdOf(key)]);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(head);
    const body = Buffer.concat([cipher.update('{"key":"k","fetchedAt":1,"blob":"x","info":{}}'), cipher.final()]);
    for (const stem of ['r-00000000000000000000000000000000', 'r-11111111111111111111111111111111']) {
      fs.writeFileSync(path.join(dir, `${stem}.meta`), Buffer.concat([head, iv, cipher.getAuthTag(), body]));
    }
    const logs: string[] = [];
    assert.deepEqual(await new DiskCache(dir, key, (m) => logs.push(m)).list(), []);
    assert.deepEqual(logs, ['Cache: 2 result(s) of an older cache format dropped; the next check asks the service.']);
    assert.deepEqual(fs.readdirSync(dir), []);
  });
});

describe('cache on disk: links, FIFOs, devices and huge files in its folder', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  type Plant = (file: string) => void;
  const hostile: readonly { readonly name: string; readonly plant: Plant }[] = [
    { name: 'a symbolic link to /dev/zero', plant: (file) => fs.symlinkSync('/dev/zero', file) },
    { name: 'a symbolic link to /dev/urandom', plant: (file) => fs.symlinkSync('/dev/urandom', file) },
    { name: 'a FIFO nobody writes to', plant: (file) => execFileSync('mkfifo', [file]) },
    { name: 'a symbolic link loop', plant: (file) => fs.symlinkSync(path.basename(file), file) },
    { name: 'a symbolic link to a FIFO', plant: (file) => (execFileSync('mkfifo', [`${file}.fifo`]), fs.symlinkSync(`${file}.fifo`, file)) },
    { name: 'a directory', plant: (file) => fs.mkdirSync(file) },
    { name: 'a huge sparse file', plant: (file) => (fs.writeFileSync(file, ''), fs.truncateSync(file, 64 * 1024 ** 3)) },
    { name: 'an empty file', plant: (file) => fs.writeFileSync(file, '') },
    { name: 'a symbolic link to one of its own blobs', plant: (file) => fs.symlinkSync(fs.readdirSync(path.dirname(file)).find((n) => n.endsWith('.blob')) ?? 'none', file) },
  ];

  for (const { name, plant } of hostile) {
    it(`lists, reads and prunes promptly past ${name}, reading nothing unbounded`, async function () {
      this.timeout(20_000);
      const cache = new DiskCache(dir, generateCacheKey());
      const good = await cache.write(keyOf(ORIGIN_A, 'example.com'), Date.now() + 1000, {}, Buffer.from('good records'));
      const victim = await cache.write(keyOf(ORIGIN_A, 'example.org'), Date.now() - 1, {}, Buffer.from('victim records'));
      // As a meta of its own, and in place of a result's blob.
      plant(path.join(dir, 'r-22222222222222222222222222222222.meta'));
      fs.rmSync(path.join(dir, victim.blob));
      plant(path.join(dir, victim.blob));
      const listed = await within(5_000, 'list', cache.list());
      assert.deepEqual(listed.map((m) => m.key).sort(), [good.key, victim.key].sort());
      assert.equal(await within(5_000, 'read', cache.read(victim)), undefined);
      assert.deepEqual(await within(5_000, 'readPieces', drain(cache, victim)), Buffer.alloc(0));
      assert.equal((await within(5_000, 'read', cache.read(good)))?.toString(), 'good records');
      await within(5_000, 'prune', cache.prune(Date.now(), { maxEntries: 1, maxAgeMs: 86_400_000 }));
      assert.deepEqual((await within(5_000, 'list', cache.list())).map((m) => m.key), [good.key]);
    });
  }
});

describe('cache on disk: two windows writing the same result', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('neither window is ever left without the result, whatever the interleaving', async () => {
    const key = generateCacheKey();
    const logs: string[] = [];
    const windows = [new DiskCache(dir, key, (m) => logs.push(m)), new DiskCache(dir, key, (m) => logs.push(m))] as const;
    const result = keyOf(ORIGIN_A, 'example.com');
    const held: CacheMeta[] = [];
    for (let round = 0; round < 150; round++) {
      // Both write at once; each then reads what it holds (its own write or an older one).
      const written = await Promise.all(windows.map((w, i) => w.write(result, Date.now(), { round, i }, Buffer.from(`window ${i} round ${round}`))));
      held.push(...written);
      const reads = await Promise.all([
        ...windows.map((w, i) => w.read(written[i] as CacheMeta)),
        ...windows.map((w, i) => drain(w, held[Math.max(0, held.length - 3 - i)] as CacheMeta)),
      ]);
      for (const data of reads) assert.match(data?.toString() ?? 'missing', /^window [01] round \d+$/, `round ${round}`);
    }
    assert.deepEqual(logs, [], 'no file was ever found damaged');
    assert.equal(fs.readdirSync(dir).filter((n) => n.endsWith('.meta')).length, 1);
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.includes('.tmp-')), []);
  });

  it("one window pruning an expired version never deletes the fresh one the other just wrote", async function () {
    this.timeout(60_000);
    const key = generateCacheKey();
    const writer = new DiskCache(dir, key);
    const pruner = new DiskCache(dir, key);
    const result = keyOf(ORIGIN_A, 'example.com');
    const hour = 3_600_000;
    let done = false;
    const pruning = (async () => {
      let rounds = 0;
      while (!done) {
        await pruner.prune(Date.now(), { maxEntries: 10, maxAgeMs: hour });
        rounds++;
      }
      return rounds;
    })();
    try {
      for (let round = 0; round < 300; round++) {
        // An expired version, which the pruner may remove, then a fresh one, which it must not.
        await writer.write(result, Date.now() - 2 * hour, {}, Buffer.from('expired'));
        const fresh = await writer.write(result, Date.now(), {}, Buffer.from(`fresh ${round}`));
        assert.equal((await writer.read(fresh))?.toString(), `fresh ${round}`, `round ${round}`);
        assert.deepEqual((await writer.list()).map((m) => m.fetchedAt), [fresh.fetchedAt], `round ${round}: listed`);
      }
    } finally {
      done = true;
    }
    assert.ok((await pruning) > 0);
  });

  it('two processes writing, reading and pruning the one result lose nothing', async function () {
    this.timeout(60_000);
    const key = generateCacheKey();
    const [a, b] = await Promise.all([runWriter(dir, key, 'a', 60, 'shared'), runWriter(dir, key, 'b', 60, 'shared')]);
    assert.deepEqual([...a.failures, ...b.failures], []);
    const [meta, ...more] = await new DiskCache(dir, key).list();
    assert.equal(more.length, 0);
    assert.ok(meta && (await new DiskCache(dir, key).read(meta)), 'the result reads back');
  });
});
