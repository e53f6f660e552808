// Run-time validation of a search response body (decision 4). A body that is not JSON or
// has the wrong shape becomes a `bad-response` error; nothing partial is returned. Pure.
import { LeakSearchError } from './errors';
import { ACCOUNT_FIELDS } from './types';
import type { AccountRecord, FieldValue, FindingsType, OpenRecord, SearchResult } from './types';

const KNOWN = new Set<string>(ACCOUNT_FIELDS);

function bad(message: string): LeakSearchError {
  return new LeakSearchError('bad-response', `The service sent an unexpected answer: ${message}`, { status: 200 });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A field of an open record: scalars kept as they are; a nested object or array is kept as
 * its JSON text (so nothing is lost and every value stays displayable and scannable).
 */
function openValue(v: unknown): FieldValue {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v) ?? '';
}

function openRecord(item: unknown, index: number): OpenRecord {
  if (!isPlainObject(item)) throw bad(`result ${index + 1} is not an object.`);
  const out: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(item)) out[k] = openValue(v);
  return out;
}

/** An accounts record: the eight fields as strings ('' when missing), other fields in `extra`. */
function accountRecord(item: unknown, index: number): AccountRecord {
  if (!isPlainObject(item)) throw bad(`result ${index + 1} is not an object.`);
  const fields: Record<string, string> = {};
  for (const f of ACCOUNT_FIELDS) {
    const v = item[f];
    if (v === undefined || v === null) fields[f] = '';
    else if (typeof v === 'string') fields[f] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') fields[f] = String(v);
    else throw bad(`the field "${f}" of result ${index + 1} is not text.`);
  }
  const extraEntries = Object.entries(item).filter(([k]) => !KNOWN.has(k));
  const record = fields as unknown as Omit<AccountRecord, 'extra'>;
  if (extraEntries.length === 0) return record;
  const extra: Record<string, FieldValue> = {};
  for (const [k, v] of extraEntries) extra[k] = openValue(v);
  return { ...record, extra };
}

/**
 * The body of a 200 answer as a typed result. `count` is the total the service found; it may
 * exceed the number of records sent (both are exposed; the UI says "n of count").
 */
export function parseSearchBody(text: string, type: FindingsType): SearchResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bad(text.trim() === '' ? 'the body is empty.' : 'the body is not valid JSON (it may have been cut off).');
  }
  if (!isPlainObject(json)) throw bad('the body is not a JSON object.');
  const { count, results } = json;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) throw bad('"count" is not a non-negative whole number.');
  if (!Array.isArray(results)) throw bad('"results" is not a list.');
  if (type === 'accounts') return { type, count, records: results.map(accountRecord) };
  return { type, count, records: results.map(openRecord) };
}

/** The `error` text of an error body, when there is one: trimmed, one line, at most 300 characters. */
export function parseErrorBody(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(json) || typeof json.error !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const oneLine = json.error.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (oneLine === '') return undefined;
  return oneLine.length > 300 ? `${oneLine.slice(0, 299)}…` : oneLine;
}
