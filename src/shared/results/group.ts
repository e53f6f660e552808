// Grouping rows: by site (URL host) and by "infected machine" (same IP + browser + country +
// day), so one infected laptop with 40 saved logins reads as one incident. Pure.
import { hostOf } from './stats';
import type { ResultTable } from './table';

export type Grouping = 'none' | 'site' | 'machine';

export interface RowGroup {
  readonly key: string;
  /** What the group header says. */
  readonly label: string;
  /** Member rows, in the order of the view they were grouped from. */
  readonly rows: readonly number[];
}

/** The grouping key of one row ('' cells are kept: a missing IP is still a machine trait). */
export function groupKey(table: ResultTable, row: number, by: Exclude<Grouping, 'none'>): string {
  const cell = (column: number | undefined): string => (column === undefined ? '' : (table.cells[column]?.[row] ?? ''));
  if (by === 'site') return hostOf(cell(table.roles.url));
  return [cell(table.roles.ip), cell(table.roles.browser), cell(table.roles.country), cell(table.roles.date).slice(0, 10)].join('\u0001');
}

function labelOf(key: string, by: Exclude<Grouping, 'none'>): string {
  if (by === 'site') return key || '(no site)';
  const [ip, browser, country, day] = key.split('\u0001');
  return [ip || '(no IP)', browser || '(no browser)', country || '(no country)', day || '(no date)'].join(' · ');
}

/** Groups the rows of `view`, biggest group first (ties by label); members keep the view's order. */
export function groupRows(table: ResultTable, view: ArrayLike<number>, by: Exclude<Grouping, 'none'>): RowGroup[] {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < view.length; i++) {
    const row = view[i] as number;
    const key = groupKey(table, row, by);
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.entries()]
    .map(([key, rows]) => ({ key, label: labelOf(key, by), rows }))
    .sort((a, b) => b.rows.length - a.rows.length || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
