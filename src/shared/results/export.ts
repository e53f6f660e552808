// Exports of the current view: CSV, JSON and a Markdown incident summary. Pure.
// Secret columns (passwords) are left out unless the caller explicitly includes them; the
// Markdown summary never contains a secret in any case.
import { groupRows } from './group';
import { hostOf, monthOf, topValues } from './stats';
import type { ResultTable } from './table';
import { escapeMarkdown } from '../../core/plainText';
import { setOwn } from '../../core/ownFields';
import type { FieldValue } from '../../core/types';

export interface ExportOptions {
  /** Include secret columns (passwords). Off unless the user ticks it. */
  readonly includeSecrets: boolean;
}

/** What the summary says about where the result came from. */
export interface SummaryContext {
  readonly domain: string;
  readonly type: string;
  /** When the result was fetched, epoch milliseconds. */
  readonly fetchedAt: number;
  /** The searched range `YYYYMMDD`, when there was one. */
  readonly range?: { readonly start: string; readonly end: string };
  /** The total number of records in the result (the view may be filtered). */
  readonly total: number;
  /** A human description of the active filters, '' when none. */
  readonly filterDescription: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: formula-looking text (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with a
 * single quote so spreadsheets show it as text; a field with a quote, comma, or line break
 * is quoted with quotes doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A column's name in an export: the record's field name, or the label of a folded column. */
function exportName(table: ResultTable, index: number): string {
  const column = table.columns[index];
  if (!column) return '';
  return column.key.startsWith('\u0000') ? column.label : column.key;
}

function exportedColumns(table: ResultTable, options: ExportOptions): number[] {
  return table.columns.flatMap((column, index) => (column.secret && !options.includeSecrets ? [] : [index]));
}

/** CSV of the rows in `view` (CRLF line ends, header first). */
export function toCsv(table: ResultTable, view: ArrayLike<number>, options: ExportOptions): string {
  const columns = exportedColumns(table, options);
  const lines: string[] = [columns.map((index) => csvField(exportName(table, index))).join(',')];
  for (let i = 0; i < view.length; i++) {
    const row = view[i] as number;
    lines.push(columns.map((index) => csvField(table.cells[index]?.[row] ?? '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** JSON (an array of records with their original field types) of the rows in `view`. */
export function toJson(table: ResultTable, view: ArrayLike<number>, options: ExportOptions): string {
  const columns = exportedColumns(table, options);
  const out: Record<string, FieldValue>[] = [];
  const names = columns.map((index) => exportName(table, index));
  for (let i = 0; i < view.length; i++) {
    const row = view[i] as number;
    const picked: Record<string, FieldValue> = {};
    columns.forEach((index, c) => {
      const value = table.value(row, table.columns[index]?.key as string);
      if (value !== undefined) setOwn(picked, names[c] as string, value);
    });
    out.push(picked);
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** An ISO time, or "unknown" for a moment that is no time (never a RangeError). */
function isoTime(at: number): string {
  return Number.isFinite(at) && Math.abs(at) <= 8.64e15 ? new Date(at).toISOString() : 'unknown';
}

function formatDay(yyyymmdd: string): string {
  return /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}` : yyyymmdd;
}

function table2(title: string, rows: readonly { value: string; count: number }[]): string[] {
  if (rows.length === 0) return ['None in this view.', ''];
  return [`| ${title} | Records |`, '| --- | ---: |', ...rows.map((r) => `| ${escapeMarkdown(r.value)} | ${r.count} |`), ''];
}

/** A Markdown incident summary of the rows in `view`: counts, sites, machines, date span. No passwords. */
export function toMarkdownSummary(table: ResultTable, view: ArrayLike<number>, context: SummaryContext): string {
  const { roles } = table;
  const column = (index: number | undefined): string[] => {
    if (index === undefined) return [];
    const values: string[] = [];
    const cells = table.cells[index] ?? [];
    for (let i = 0; i < view.length; i++) values.push(cells[view[i] as number] ?? '');
    return values;
  };
  const dates = column(roles.date).filter((d) => monthOf(d) !== '').sort();
  const sites = column(roles.url).map(hostOf);
  const usernames = new Set(column(roles.username).filter(Boolean));
  const machines = roles.ip !== undefined || roles.browser !== undefined ? groupRows(table, view, 'machine') : [];
  const lines: string[] = [
    `# Leak report: ${escapeMarkdown(context.domain)} (${escapeMarkdown(context.type)})`,
    '',
    `- As of: ${escapeMarkdown(isoTime(context.fetchedAt))}`,
    `- Range searched: ${context.range ? `${escapeMarkdown(formatDay(context.range.start))} to ${escapeMarkdown(formatDay(context.range.end))}` : 'all dates'}`,
    `- Records in this view: ${view.length} of ${context.total}`,
  ];
  if (context.filterDescription) lines.push(`- Filters: ${escapeMarkdown(context.filterDescription)}`);
  if (roles.username !== undefined) lines.push(`- Distinct usernames: ${usernames.size}`);
  if (roles.url !== undefined) lines.push(`- Distinct sites: ${new Set(sites.filter(Boolean)).size}`);
  if (machines.length > 0) lines.push(`- Infected machines (same IP, browser, country and day): ${machines.length}`);
  if (dates.length > 0) lines.push(`- Date span: ${escapeMarkdown(dates[0]?.slice(0, 10) ?? '')} to ${escapeMarkdown(dates[dates.length - 1]?.slice(0, 10) ?? '')}`);
  lines.push('', '## Top sites', '');
  lines.push(...table2('Site', topValues(sites, 10)));
  lines.push('## Top countries', '', ...table2('Country', topValues(column(roles.country), 10)));
  lines.push('## Top browsers', '', ...table2('Browser', topValues(column(roles.browser), 10)));
  if (machines.length > 0) {
    lines.push('## Largest infected machines', '', '| Machine | Records |', '| --- | ---: |');
    for (const machine of machines.slice(0, 10)) lines.push(`| ${escapeMarkdown(machine.label)} | ${machine.rows.length} |`);
    lines.push('');
  }
  lines.push('Passwords are never included in this summary.', '');
  return lines.join('\n');
}
