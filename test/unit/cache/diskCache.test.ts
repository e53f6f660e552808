// The per-result cache (src/core/cache/diskCache.ts) with several writers at once, as several
// VS Code windows are: separate processes writing and reading the same folder. No result is
// lost, no file is ever read half-written or undecryptable, nothing is readable in clear.
import * as assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskCache } from '../../../src/core/cache/diskCache';
import { generateCacheKey } from '../../../src/core/cache/sealed';

const WRITER = path.join(__dirname, 'cacheWriter.js');

function runWriter(dir: string, key: Buffer, name: string, count: number): Promise<{ failures: string[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(WRITER, [dir, key.toString('base64'), name, String(count)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
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
