// A result's summary as kept beside its records in a cache file (src/core/cache/diskCache.ts),
// read back with the same suspicion as any file on disk: a field of the wrong shape drops it.
import type { CacheMeta } from '../../core/cache/diskCache';
import type { ResultMeta } from '../workerProtocol';

/** A result's meta as kept in its cache file (validated when read back). */
export function metaFromCache(cached: CacheMeta): ResultMeta | undefined {
  const info = cached.info as Partial<ResultMeta>;
  const q = info.query;
  if (typeof info.origin !== 'string' || typeof info.count !== 'number' || typeof info.records !== 'number' || !q) return undefined;
  if (typeof q.domain !== 'string' || (q.type !== 'accounts' && q.type !== 'customers')) return undefined;
  const range = q.range && typeof q.range.start === 'string' && typeof q.range.end === 'string' ? { start: q.range.start, end: q.range.end } : undefined;
  return {
    key: cached.key,
    origin: info.origin,
    query: { domain: q.domain, type: q.type, ...(range ? { range } : {}) },
    count: info.count,
    records: info.records,
    fetchedAt: cached.fetchedAt,
    ...(info.rateLimit ? { rateLimit: info.rateLimit } : {}),
    ...(typeof info.newRecords === 'number' && typeof info.newSince === 'number' ? { newRecords: info.newRecords, newSince: info.newSince } : {}),
  };
}

/** The new rows kept with a cached result (base64 of a Uint32Array), or undefined. */
export function freshFromCache(cached: CacheMeta | undefined, records: number): Uint32Array | undefined {
  const raw = cached?.info.newRows;
  if (typeof raw !== 'string') return undefined;
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length % 4 !== 0) return undefined;
  const rows = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return rows.every((r) => r < records) ? rows : undefined;
}
