// Run-time validation of a search response body (docs/decisions.md, decision 4). A body that is not JSON or
// has the wrong shape becomes a `bad-response` error; nothing partial is returned. Pure.
import { SearchBodyParser } from '../results/searchBodyParser';
import type { BodyLimits } from '../results/searchBodyParser';
import type { AccountRecord, FindingsType, OpenRecord, SearchResult } from '../service/types';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The body of a 200 answer, whole, as a typed result (see searchBodyParser.ts, which the
 * client feeds as the body arrives). `count` is the total the service found; it may exceed
 * the number of records sent (both are exposed; the UI says "n of count").
 */
export function parseSearchBody(text: string, type: FindingsType, limits: BodyLimits = { maxRecords: Number.MAX_SAFE_INTEGER }): SearchResult {
  const records: (AccountRecord | OpenRecord)[] = [];
  const parser = new SearchBodyParser(type, limits, (record) => records.push(record));
  parser.write(text);
  const { count } = parser.end();
  return type === 'accounts' ? { type, count, records: records as AccountRecord[] } : { type, count, records: records as OpenRecord[] };
}

/**
 * The `error` text of an error body, when there is one, as the service wrote it (at most 64 Ki
 * characters). Not cut to a display length here: it may echo the API key, and a cut before the
 * key is masked would leave part of it showing (the client masks, then cuts; see redact.ts).
 */
export function parseErrorBody(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(json) || typeof json.error !== 'string') return undefined;
  return json.error.slice(0, 65536);
}
