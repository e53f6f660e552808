// A "window" for diskCache.test.ts, in its own process: writes its results twice over and
// reads the whole cache after every write; reports what it could not read. With `shared` as
// its fourth argument every write is of the one result both windows write, and it prunes too.
import { DiskCache } from '../../../../src/core/cache/diskCache';

async function main(): Promise<void> {
  const [dir = '', key = '', name = '', count = '0', mode = ''] = process.argv.slice(2);
  const failures: string[] = [];
  // The cache logs when it meets a file it cannot decrypt: that must never happen here.
  const cache = new DiskCache(dir, Buffer.from(key, 'base64'), (message) => failures.push(message));
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < Number(count); i++) {
      const k = mode === 'shared' ? 'shared' : `${name}-${i}`;
      const written = await cache.write(k, Date.now(), { round }, Buffer.from(JSON.stringify({ key: k, round, pad: 'x'.repeat(2000) })));
      // What it just wrote reads back, or what the other window wrote over it since.
      const own = await cache.read(written);
      if (own === undefined || JSON.parse(own.toString('utf8')).key !== k) failures.push(`${k}: its own write is missing right after it`);
      for (const meta of await cache.list()) {
        // A result another process rewrites right now is read in its newer version: never missing, never broken.
        const data = await cache.read(meta);
        if (data === undefined) failures.push(`${meta.key}: listed but missing`);
        else if (JSON.parse(data.toString('utf8')).key !== meta.key) failures.push(`${meta.key}: wrong content`);
      }
      if (mode === 'shared') await cache.prune(Date.now(), { maxEntries: 10, maxAgeMs: 3_600_000 });
    }
  }
  process.send?.({ failures });
}

main().catch((e: unknown) => {
  process.send?.({ failures: [e instanceof Error ? e.message : String(e)] });
});
