// Moving the results of the 0.1.0 single-file cache (src/core/cache/legacy/) into the engine
// and its per-result cache, once, then removing the old file. A file that cannot be read is
// removed too: it would otherwise be tried on every start.
import * as fs from 'node:fs/promises';
import { decryptCache } from '../../core/cache/legacy/cacheCrypto';
import { parseCache } from '../../core/cache/legacy/cacheFile';
import { readRegularFile } from '../../core/cache/regularFile';
import type { ResultMeta } from '../workerProtocol';
import { RecordTableBuilder } from './recordTable';
import type { RecordTable } from './recordTable';

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

/** The 0.1.0 cache file is decrypted whole in memory: a larger file is not read. */
const MAX_LEGACY_BYTES = 512 * 1024 * 1024;

/**
 * Offers each result of the old file to `adopt` (false: one newer is held already), waits for
 * the writes `settled` stands for, removes the file and returns the results adopted.
 */
export async function migrateLegacyCache(
  file: string,
  cacheKey: string | undefined,
  adopt: (meta: ResultMeta, table: RecordTable) => boolean,
  settled: () => Promise<unknown>,
  log: Log,
): Promise<ResultMeta[]> {
  try {
    await fs.lstat(file);
  } catch {
    return [];
  }
  const data = (await readRegularFile(file, { maxBytes: MAX_LEGACY_BYTES }))?.data;
  const moved: ResultMeta[] = [];
  try {
    if (!data) throw new Error('not a regular file of at most 512 MB');
    const entries = cacheKey ? parseCache(decryptCache(data, Buffer.from(cacheKey, 'base64')).toString('utf8')) : [];
    for (const entry of entries) {
      const builder = new RecordTableBuilder(entry.query.type);
      for (const record of entry.result.records) builder.add(record);
      const table = builder.finish();
      const meta: ResultMeta = { key: entry.key, origin: entry.origin, query: entry.query, count: entry.result.count, records: table.length, fetchedAt: entry.fetchedAt, ...(entry.rateLimit ? { rateLimit: entry.rateLimit } : {}) };
      if (adopt(meta, table)) moved.push(meta);
    }
    if (moved.length > 0) log('info', `Cache: moved ${moved.length} result(s) of the old cache file.`);
  } catch (e) {
    log('warn', `Cache: the old cache file could not be read and was removed (${e instanceof Error ? e.message : String(e)}).`);
  }
  await settled();
  await fs.rm(file, { force: true }).catch(() => undefined);
  return moved;
}
