// Pure: the single-file cache of version 0.1.0 (read once, to move its results into the data
// engine's per-result cache), and when a result is too old to serve. A damaged or foreign
// entry is dropped, never half-read. No `vscode`.
import type { AccountRecord, DateRange, FindingsType, OpenRecord, RateLimitState, ResultsEntry, SearchQuery, SearchResult } from '../../service/types';
import { resultsKey } from '../../service/types';

export const CACHE_FORMAT_VERSION = 1;

/** A result of the 0.1.0 cache: records included. */
export interface LegacyEntry {
  readonly key: string;
  readonly origin: string;
  readonly query: SearchQuery;
  readonly result: SearchResult;
  readonly rateLimit?: RateLimitState;
  readonly fetchedAt: number;
}

/** The 0.1.0 file's content (tests write one to check it is moved). */
export function serializeCache(entries: readonly LegacyEntry[]): string {
  return JSON.stringify({ version: CACHE_FORMAT_VERSION, entries });
}

/** Parses a 0.1.0 cache file; entries that do not have the expected shape are dropped. */
export function parseCache(text: string): LegacyEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isObject(raw) || raw['version'] !== CACHE_FORMAT_VERSION || !Array.isArray(raw['entries'])) return [];
  const out: LegacyEntry[] = [];
  for (const e of raw['entries']) {
    const entry = readEntry(e);
    if (entry) out.push(entry);
  }
  return out;
}

/** Whether an entry is older than the TTL (a TTL of 0 or less means "always expired"). */
export function isExpired(entry: Pick<ResultsEntry, 'fetchedAt'>, ttlMs: number, now: number): boolean {
  return ttlMs <= 0 || now - entry.fetchedAt >= ttlMs || entry.fetchedAt > now + 60_000;
}

function readEntry(e: unknown): LegacyEntry | undefined {
  if (!isObject(e)) return undefined;
  const { origin, fetchedAt } = e;
  if (typeof origin !== 'string' || typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt)) return undefined;
  const query = readQuery(e['query']);
  const result = query && readResult(e['result'], query.type);
  if (!query || !result) return undefined;
  const rateLimit = readRateLimit(e['rateLimit']);
  // The key is recomputed, never trusted from the file.
  return { key: resultsKey(origin, query), origin, query, result, fetchedAt, ...(rateLimit ? { rateLimit } : {}) };
}

function readQuery(q: unknown): SearchQuery | undefined {
  if (!isObject(q) || typeof q['domain'] !== 'string' || !isType(q['type'])) return undefined;
  const r = q['range'];
  let range: DateRange | undefined;
  if (r !== undefined) {
    if (!isObject(r) || typeof r['start'] !== 'string' || typeof r['end'] !== 'string') return undefined;
    range = { start: r['start'], end: r['end'] };
  }
  return { domain: q['domain'], type: q['type'], ...(range ? { range } : {}) };
}

function readResult(r: unknown, type: FindingsType): SearchResult | undefined {
  if (!isObject(r) || r['type'] !== type || typeof r['count'] !== 'number' || !Array.isArray(r['records'])) return undefined;
  const records = r['records'];
  if (!records.every(isObject)) return undefined;
  if (type === 'accounts') {
    return { type, count: r['count'], records: records as unknown as AccountRecord[] };
  }
  return { type, count: r['count'], records: records as unknown as OpenRecord[] };
}

function readRateLimit(r: unknown): RateLimitState | undefined {
  if (!isObject(r) || typeof r['observedAt'] !== 'number') return undefined;
  const num = (k: string): number | undefined => (typeof r[k] === 'number' ? (r[k] as number) : undefined);
  const limit = num('limit');
  const remaining = num('remaining');
  const resetAt = num('resetAt');
  return {
    observedAt: r['observedAt'],
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
  };
}

function isType(t: unknown): t is FindingsType {
  return t === 'accounts' || t === 'customers';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
