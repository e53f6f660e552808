// A "window" for diskCache.test.ts, in its own process: writes its results twice over and
// reads the whole cache after every write; reports what it could not read.
import { DiskCache } from '../../../src/core/cache/diskCache';

async function main(): Promise<void> {
  const [dir = '', key = '', name = '', count = '0'] = process.argv.slice(2);
  const failures: string[] = [];
  // The cache logs when it meets a file it cannot decrypt: that must never happen here.
  const cache = new DiskCache(dir, Buffer.from(key, 'base64'), (message) => failures.push(message));
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < Number(count); i++) {
      const k = `${name}-${i}`;
      await cache.write(k, Date.now(), { round }, Buffer.from(JSON.stringify({ key: k, round, pad: 'x'.repeat(2000) })));
      for (const meta of await cache.list()) {
        const data = await cache.read(meta);
        // A result another process is rewriting right now may be between two versions: then
        // its meta names the new blob; a missing old blob is fine, a broken one is not.
        if (data !== undefined && JSON.parse(data.toString('utf8')).key !== meta.key) failures.push(`${meta.key}: wrong content`);
      }
    }
  }
  process.send?.({ failures });
}

main().catch((e: unknown) => {
  process.send?.({ failures: [e instanceof Error ? e.message : String(e)] });
});
