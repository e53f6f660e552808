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

/** A sortable form of an IPv4 address (zero-padded octets); other text lower-cased. */
export function ipSortKey(value: string): string {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value.trim());
  if (!match) return `~${value.toLowerCase()}`;
  return match
    .slice(1)
    .map((octet) => octet.padStart(3, '0'))
    .join('.');
}

function compareKeys(kind: Column['kind']): (a: string, b: string) => number {
  if (kind === 'number') {
    return (a, b) => {
      const x = Number(a);
      const y = Number(b);
      const xn = a === '' || Number.isNaN(x);
      const yn = b === '' || Number.isNaN(y);
      if (xn || yn) return xn === yn ? (a < b ? -1 : a > b ? 1 : 0) : xn ? 1 : -1;
      return x - y;
    };
  }
  if (kind === 'ip') {
    return (a, b) => {
      const x = ipSortKey(a);
      const y = ipSortKey(b);
      return x < y ? -1 : x > y ? 1 : 0;
    };
  }
  if (kind === 'date') return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return (a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
}

/** The ascending order of every row by one column, ties kept in record order (stable). */
export function columnOrder(table: ResultTable, column: number): Uint32Array<ArrayBuffer> {
  const kind = table.columns[column]?.kind ?? 'text';
  const buckets = new Map<string, number[]>();
  for (let row = 0; row < table.rows.length; row++) {
    const value = (table.rows[row] as readonly string[])[column] ?? '';
    const bucket = buckets.get(value);
    if (bucket) bucket.push(row);
    else buckets.set(value, [row]);
  }
  const values = [...buckets.keys()].sort(compareKeys(kind));
  const order = new Uint32Array(table.rows.length);
  let at = 0;
  for (const value of values) for (const row of buckets.get(value) as number[]) order[at++] = row;
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
  const rows = table.rows;
  let end = order.length;
  while (end > 0) {
    let start = end - 1;
    const value = (rows[order[start] as number] as readonly string[])[column];
    while (start > 0 && (rows[order[start - 1] as number] as readonly string[])[column] === value) start--;
    for (let i = start; i < end; i++) {
      const row = order[i] as number;
      if (mask[row]) view[at++] = row;
    }
    end = start;
  }
  return view;
}
