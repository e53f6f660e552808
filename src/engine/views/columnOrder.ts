// The ascending order of every row of a stored result by one column, computed once per
// column and cached by the view: linear for repeated values (each distinct value is ranked
// once, rows are bucketed by rank), radix sorts for dates and IP addresses, and an 8-byte
// prefix radix sort with a tie-break for unique text (usernames), so even a million rows
// sort in well under a second the first time and in one pass over the order after that.
import type { TextColumn } from '../store/columns';
import type { RecordTable } from '../store/recordTable';

export interface ColumnOrder {
  /** Rows in ascending order; equal values keep record order (stable). */
  readonly order: Uint32Array;
  /** `starts[i]` is 1 where `order[i]` starts a run of equal values. */
  readonly starts: Uint8Array;
}

/** One stable LSD radix pass of `order` by `(keys[row] >>> shift) & mask`. */
function radixPass(order: Uint32Array, keys: Uint32Array, shift: number, bits: number): Uint32Array {
  const size = 1 << bits;
  const mask = size - 1;
  const counts = new Uint32Array(size + 1);
  for (let i = 0; i < order.length; i++) counts[(((keys[order[i] as number] as number) >>> shift) & mask) + 1]++;
  for (let b = 1; b <= size; b++) (counts[b] as number) += counts[b - 1] as number;
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const row = order[i] as number;
    out[counts[((keys[row] as number) >>> shift) & mask]++] = row;
  }
  return out;
}

function identity(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/** Run starts where a per-row key changes along the order. */
function startsBy(order: Uint32Array, same: (a: number, b: number) => boolean): Uint8Array {
  const starts = new Uint8Array(order.length);
  for (let i = 0; i < order.length; i++) starts[i] = i === 0 || !same(order[i - 1] as number, order[i] as number) ? 1 : 0;
  return starts;
}

/**
 * The sort key of an IP address: an IPv4 address as its 32-bit number; anything else (IPv6,
 * junk) +Infinity, so it sorts after every IPv4 address (then by its text).
 */
export function ipSortKey(value: string): number {
  let key = 0;
  let octet = -1;
  let dots = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      octet = octet < 0 ? c - 48 : octet * 10 + (c - 48);
      if (octet > 255) return Number.POSITIVE_INFINITY;
    } else if (c === 46 && octet >= 0 && dots < 3) {
      key = key * 256 + octet;
      octet = -1;
      dots++;
    } else return Number.POSITIVE_INFINITY;
  }
  return dots === 3 && octet >= 0 ? key * 256 + octet : Number.POSITIVE_INFINITY;
}

type Key = string | number;

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1; // numbers before text
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The key a distinct value sorts by. */
function sortKey(kind: string, value: string): Key {
  if (kind === 'number') {
    const n = Number(value);
    return value.trim() === '' || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
  }
  if (kind === 'ip') {
    const key = ipSortKey(value);
    return key === Number.POSITIVE_INFINITY ? `\uffff${value}` : key;
  }
  return value.toLowerCase();
}

/** Each dictionary code's rank in ascending order (equal keys by their raw text, so every rank is unique). */
function dictionaryRanks(column: TextColumn, kind: string): Uint32Array {
  const values = column.values;
  const keys = values.map((v) => sortKey(kind, v));
  const byRank = Array.from(values, (_, i) => i).sort((a, b) => compareKeys(keys[a] as Key, keys[b] as Key) || ((values[a] as string) < (values[b] as string) ? -1 : (values[a] as string) > (values[b] as string) ? 1 : 0));
  const rank = new Uint32Array(values.length);
  byRank.forEach((code, r) => (rank[code] = r));
  return rank;
}

/** Rows bucketed by the rank of their dictionary code: linear in rows. */
function dictionaryOrder(column: TextColumn, kind: string, n: number): ColumnOrder {
  const codes = column.codes;
  const rank = dictionaryRanks(column, kind);
  const counts = new Uint32Array(rank.length + 1);
  for (let row = 0; row < n; row++) counts[(rank[codes[row] as number] as number) + 1]++;
  for (let r = 1; r <= rank.length; r++) (counts[r] as number) += counts[r - 1] as number;
  const order = new Uint32Array(n);
  for (let row = 0; row < n; row++) order[counts[rank[codes[row] as number] as number]++] = row;
  return { order, starts: startsBy(order, (a, b) => codes[a] === codes[b]) };
}

/** The instant a date sorts by: whole milliseconds; no date sorts after every date. */
function dateKey(ms: number): number {
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : Math.floor(ms);
}

/**
 * Dates by instant, rows without a date last: a stable radix sort on seconds since the
 * earliest date (two 16-bit passes) and milliseconds (one pass). Dates spanning more than
 * 136 years (only hostile data does) are compared instead.
 */
function dateOrder(ms: Float64Array, n: number): ColumnOrder {
  const same = (a: number, b: number): boolean => dateKey(ms[a] as number) === dateKey(ms[b] as number);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < n; row++) {
    const time = ms[row] as number;
    if (time < min) min = time;
    if (time > max) max = time;
  }
  const first = Math.floor(min / 1000);
  if (Number.isFinite(min) && Math.floor(max / 1000) - first >= 0xffffffff) {
    const sorted = Array.from(identity(n)).sort((a, b) => dateKey(ms[a] as number) - dateKey(ms[b] as number) || a - b);
    const order = Uint32Array.from(sorted);
    return { order, starts: startsBy(order, same) };
  }
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  for (let row = 0; row < n; row++) {
    const time = ms[row] as number;
    if (Number.isNaN(time)) {
      high[row] = 0xffffffff;
      continue;
    }
    const seconds = Math.floor(time / 1000);
    high[row] = seconds - first;
    low[row] = Math.floor(time) - seconds * 1000;
  }
  let order = identity(n);
  order = radixPass(order, low, 0, 10);
  order = radixPass(order, high, 0, 16);
  order = radixPass(order, high, 16, 16);
  return { order, starts: startsBy(order, same) };
}

/**
 * Unique text (a UTF-8 pool): rows by the first 8 bytes of their lower-case text (four
 * 16-bit radix passes), then each run of equal prefixes by full comparison.
 */
function poolOrder(table: RecordTable, column: number, kind: string, n: number): ColumnOrder {
  if (kind === 'ip' || kind === 'number') {
    // Rare for pools; rank by key directly.
    const keys = Array.from({ length: n }, (_, row) => sortKey(kind, table.text(column, row)));
    const order = identity(n);
    const sorted = Array.from(order).sort((a, b) => compareKeys(keys[a] as Key, keys[b] as Key) || a - b);
    order.set(sorted);
    return { order, starts: startsBy(order, (a, b) => compareKeys(keys[a] as Key, keys[b] as Key) === 0) };
  }
  const lower: string[] = new Array<string>(n);
  const k0 = new Uint32Array(n);
  const k1 = new Uint32Array(n);
  for (let row = 0; row < n; row++) {
    const text = table.text(column, row).toLowerCase();
    lower[row] = text;
    let a = 0;
    let b = 0;
    for (let i = 0; i < 4; i++) a = (a << 8) | Math.min(255, text.charCodeAt(i) || 0);
    for (let i = 4; i < 8; i++) b = (b << 8) | Math.min(255, text.charCodeAt(i) || 0);
    k0[row] = a >>> 0;
    k1[row] = b >>> 0;
  }
  let order = identity(n);
  order = radixPass(order, k1, 0, 16);
  order = radixPass(order, k1, 16, 16);
  order = radixPass(order, k0, 0, 16);
  order = radixPass(order, k0, 16, 16);
  // Runs that share their first 8 (clamped) characters: sort them by the whole text.
  for (let i = 0; i < n; ) {
    let j = i + 1;
    const r = order[i] as number;
    while (j < n && k0[order[j] as number] === k0[r] && k1[order[j] as number] === k1[r]) j++;
    if (j - i > 1) {
      const run = Array.from(order.subarray(i, j)).sort((a, b) => {
        const x = lower[a] as string;
        const y = lower[b] as string;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      order.set(run, i);
    }
    i = j;
  }
  return { order, starts: startsBy(order, (a, b) => lower[a] === lower[b]) };
}

/** Whether `sortKeys` has a key for the column (dates and repeated values; not unique text). */
export function hasSortKeys(table: RecordTable, column: number): boolean {
  const stored = table.stored[column];
  return stored?.date !== undefined || stored?.text?.isDictionary === true;
}

/**
 * Each row's ascending sort key as one number, in exactly `columnOrder`'s order (ties by
 * row), for columns where that is cheap (see `hasSortKeys`); undefined for the others.
 */
export function sortKeys(table: RecordTable, column: number): Float64Array | undefined {
  const stored = table.stored[column];
  const n = table.length;
  const keys = new Float64Array(n);
  if (stored?.date) {
    const { ms } = stored.date;
    for (let row = 0; row < n; row++) keys[row] = dateKey(ms[row] as number);
    return keys;
  }
  const text = stored?.text;
  if (!text?.isDictionary) return undefined;
  const rank = dictionaryRanks(text, table.columns[column]?.kind ?? 'text');
  const { codes } = text;
  for (let row = 0; row < n; row++) keys[row] = rank[codes[row] as number] as number;
  return keys;
}

/** The order of one column (see `ColumnOrder`). */
export function columnOrder(table: RecordTable, column: number): ColumnOrder {
  const stored = table.stored[column];
  const kind = table.columns[column]?.kind ?? 'text';
  const n = table.length;
  if (stored?.date) return dateOrder(stored.date.ms, n);
  const text = stored?.text;
  if (text && text.isDictionary) return dictionaryOrder(text, kind, n);
  return poolOrder(table, column, kind, n);
}
