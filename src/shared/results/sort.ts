// Sorting the rows of a result table. Pure and browser-safe.
// Each column's full order is computed once (bucketing equal values, so low-cardinality
// columns sort in linear time) and cached; the view is then the cached order walked through
// the filter mask, which keeps a re-sort or a re-filter on 100,000 rows well under 100 ms.
import type { Column, ResultTable } from './table';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  /** The column key. */
  readonly column: string;
  readonly direction: SortDirection;
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

/** The key a distinct value sorts by: numbers for number columns, normalised text otherwise. */
function sortKey(kind: Column['kind'], value: string): string | number {
  if (kind === 'number') {
    const n = Number(value);
    return value.trim() === '' || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
  }
  if (kind === 'ip') return ipSortKey(value);
  if (kind === 'date') return value;
  return value.toLowerCase();
}

/** One stable LSD radix pass of `order` by `keys[row] >> shift & mask`. */
function radixPass(order: Uint32Array<ArrayBuffer>, keys: Uint32Array, shift: number, bits: number): Uint32Array<ArrayBuffer> {
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

const DIGIT0 = 48;

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - DIGIT0;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

/** Epoch ms of a date: a fast path for `YYYY-MM-DDTHH:MM:SS[.mmm]Z` (what the service sends), else Date.parse. */
export function dateMs(text: string): number {
  if ((text.length === 24 || text.length === 20) && text.charCodeAt(text.length - 1) === 90 /* Z */ && text[4] === '-' && text[10] === 'T') {
    const ms = text.length === 24 ? digits(text, 20, 3) : 0;
    const time = Date.UTC(digits(text, 0, 4), digits(text, 5, 2) - 1, digits(text, 8, 2), digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2), ms);
    if (!Number.isNaN(time)) return time;
  }
  return Date.parse(text);
}

/**
 * Dates sort by their instant: a stable radix sort on (seconds, milliseconds), linear in the
 * number of rows. Values that are not dates come last, in record order.
 */
function dateOrder(table: ResultTable, column: number): Uint32Array<ArrayBuffer> {
  const n = table.length;
  const dates = table.cells[column] ?? [];
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  for (let row = 0; row < n; row++) {
    const time = dateMs(dates[row] ?? '');
    if (Number.isNaN(time)) {
      high[row] = 0xffffffff;
      continue;
    }
    const seconds = Math.floor(time / 1000);
    high[row] = Math.min(0xfffffffe, Math.max(0, seconds + 0x80000000));
    low[row] = time - seconds * 1000;
  }
  let order = new Uint32Array(n);
  for (let row = 0; row < n; row++) order[row] = row;
  order = radixPass(order, low, 0, 10);
  order = radixPass(order, high, 0, 16);
  return radixPass(order, high, 16, 16);
}

/** IPv4 addresses by number (a stable radix sort), then anything else by its text. */
function ipOrder(table: ResultTable, column: number): Uint32Array<ArrayBuffer> {
  const cells = table.cells[column] ?? [];
  const n = table.length;
  const keys = new Uint32Array(n);
  const v4: number[] = [];
  const others: number[] = [];
  for (let row = 0; row < n; row++) {
    const key = ipSortKey(cells[row] ?? '');
    if (key === Number.POSITIVE_INFINITY) others.push(row);
    else {
      keys[row] = key;
      v4.push(row);
    }
  }
  let order = Uint32Array.from(v4);
  order = radixPass(order, keys, 0, 16);
  order = radixPass(order, keys, 16, 16);
  others.sort((a, b) => {
    const x = cells[a] ?? '';
    const y = cells[b] ?? '';
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const out = new Uint32Array(n);
  out.set(order);
  out.set(others, order.length);
  return out;
}

/** The ascending order of every row by one column, ties kept in record order (stable). */
export function columnOrder(table: ResultTable, column: number): Uint32Array<ArrayBuffer> {
  const kind = table.columns[column]?.kind ?? 'text';
  if (kind === 'date') return dateOrder(table, column);
  if (kind === 'ip') return ipOrder(table, column);
  const buckets = new Map<string, number[]>();
  const cells = table.cells[column] ?? [];
  for (let row = 0; row < table.length; row++) {
    const value = cells[row] ?? '';
    const bucket = buckets.get(value);
    if (bucket) bucket.push(row);
    else buckets.set(value, [row]);
  }
  // Sort the distinct values once, each by a key computed once.
  const values = [...buckets.keys()];
  const keys = values.map((value) => sortKey(kind, value));
  const positions = Array.from(values, (_, i) => i);
  positions.sort((a, b) => {
    const x = keys[a] as string | number;
    const y = keys[b] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
    const u = values[a] as string;
    const v = values[b] as string;
    return u < v ? -1 : u > v ? 1 : 0;
  });
  const order = new Uint32Array(table.length);
  let at = 0;
  for (const position of positions) for (const row of buckets.get(values[position] as string) as number[]) order[at++] = row;
  return order;
}

/** Caches each column's order for one table. */
export class SortIndex {
  readonly #orders = new Map<number, Uint32Array<ArrayBuffer>>();
  constructor(private readonly table: ResultTable) {}

  order(column: number): Uint32Array<ArrayBuffer> {
    let order = this.#orders.get(column);
    if (!order) {
      order = columnOrder(this.table, column);
      this.#orders.set(column, order);
    }
    return order;
  }
}

/**
 * The visible rows: those passing `mask`, in the order of `sort`. Descending keeps ties in
 * record order too. An unknown sort column means record order.
 */
export function sortedView(table: ResultTable, mask: Uint8Array, sort: SortState | undefined, index: SortIndex): Uint32Array<ArrayBuffer> {
  const column = sort ? table.columns.findIndex((c) => c.key === sort.column) : -1;
  let count = 0;
  for (let row = 0; row < mask.length; row++) count += mask[row] as number;
  const view = new Uint32Array(count);
  let at = 0;
  if (column < 0 || !sort) {
    for (let row = 0; row < mask.length; row++) if (mask[row]) view[at++] = row;
    return view;
  }
  const order = index.order(column);
  if (sort.direction === 'asc') {
    for (let i = 0; i < order.length; i++) {
      const row = order[i] as number;
      if (mask[row]) view[at++] = row;
    }
    return view;
  }
  // Descending: walk the groups of equal values from the end, each group in record order.
  const cells = table.cells[column] ?? [];
  let end = order.length;
  while (end > 0) {
    let start = end - 1;
    const value = cells[order[start] as number];
    while (start > 0 && cells[order[start - 1] as number] === value) start--;
    for (let i = start; i < end; i++) {
      const row = order[i] as number;
      if (mask[row]) view[at++] = row;
    }
    end = start;
  }
  return view;
}
