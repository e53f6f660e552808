// Filtering the rows of a result table: a text box plus status/country/browser/date filters.
// Pure and browser-safe. Secret columns are never searched (a match would leak the password).
import type { ResultTable } from './table';

export interface FilterState {
  /** Case-insensitive substring over every non-secret column. */
  readonly text: string;
  /** Exact value, or '' for any. */
  readonly status: string;
  readonly country: string;
  readonly browser: string;
  /** Inclusive day bounds `YYYY-MM-DD`, or '' for open. */
  readonly from: string;
  readonly to: string;
}

export const EMPTY_FILTER: FilterState = { text: '', status: '', country: '', browser: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isFilterEmpty(filter: FilterState): boolean {
  return !filter.text.trim() && !filter.status && !filter.country && !filter.browser && !filter.from && !filter.to;
}

/** Lower-cased haystacks, one per row, built once per table and reused by every text filter. */
export class SearchIndex {
  #haystacks: string[] | undefined;
  constructor(private readonly table: ResultTable) {}

  haystack(row: number): string {
    if (!this.#haystacks) {
      const searchable = this.table.columns.flatMap((column, index) => (column.secret ? [] : [index]));
      const columns = searchable.map((index) => this.table.cells[index] ?? []);
      const haystacks = new Array<string>(this.table.length);
      for (let row = 0; row < haystacks.length; row++) {
        let text = '';
        for (const column of columns) text += `${column[row] ?? ''}\u0001`;
        haystacks[row] = text.toLowerCase();
      }
      this.#haystacks = haystacks;
    }
    return this.#haystacks[row] ?? '';
  }
}

/**
 * Marks the rows that pass the filter: `result[row] === 1`. Runs in one pass over the table;
 * a date filter drops rows whose date cannot be read.
 */
export function filterMask(table: ResultTable, filter: FilterState, index: SearchIndex): Uint8Array<ArrayBuffer> {
  const { roles, cells } = table;
  const mask = new Uint8Array(table.length);
  const needle = filter.text.trim().toLowerCase();
  const checks: ((row: number) => boolean)[] = [];
  const exact = (column: number | undefined, value: string): void => {
    if (!value) return;
    if (column === undefined) {
      checks.push(() => false);
      return;
    }
    const values = cells[column] ?? [];
    checks.push((row) => values[row] === value);
  };
  exact(roles.status, filter.status);
  exact(roles.country, filter.country);
  exact(roles.browser, filter.browser);
  const from = DAY.test(filter.from) ? filter.from : '';
  const to = DAY.test(filter.to) ? filter.to : '';
  if (from || to) {
    const dates = roles.date === undefined ? undefined : cells[roles.date];
    checks.push((row) => {
      if (!dates) return false;
      const day = (dates[row] ?? '').slice(0, 10);
      if (!DAY.test(day)) return false;
      return (!from || day >= from) && (!to || day <= to);
    });
  }
  if (needle) checks.push((row) => index.haystack(row).includes(needle));
  if (checks.length === 0) return mask.fill(1);
  for (let row = 0; row < mask.length; row++) {
    let pass = 1;
    for (const check of checks) {
      if (!check(row)) {
        pass = 0;
        break;
      }
    }
    mask[row] = pass;
  }
  return mask;
}

/** The distinct values of a column, most frequent first (for the filter drop-downs). */
export function distinctValues(table: ResultTable, column: number | undefined): string[] {
  if (column === undefined) return [];
  const counts = new Map<string, number>();
  for (const value of table.cells[column] ?? []) {
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([value]) => value);
}

/** The active filters in words (for the incident summary), '' when none. */
export function describeFilter(filter: FilterState): string {
  const parts: string[] = [];
  if (filter.text.trim()) parts.push(`text “${filter.text.trim()}”`);
  if (filter.status) parts.push(`status ${filter.status}`);
  if (filter.country) parts.push(`country ${filter.country}`);
  if (filter.browser) parts.push(`browser ${filter.browser}`);
  if (filter.from || filter.to) parts.push(`dates ${filter.from || '…'} to ${filter.to || '…'}`);
  return parts.join(', ');
}
