// Exports of a query's rows: CSV, JSON and a Markdown incident summary, produced in pieces
// and written straight to the file the user chose, so a million records never become one
// string and never cross into the editor. Secret columns are left out unless the user asks;
// the summary never holds a secret. The file is readable by its owner only. Node only.
import * as fs from 'node:fs/promises';
import { bounded, escapeMarkdown, visibleText } from '../../core/text/plainText';
import { NO_ECHOES } from '../../core/results/secretEchoes';
import type { Echoes } from '../../core/results/secretEchoes';
import type { ExportFormat } from '../../shared/webviewProtocol';
import type { ResultView } from './resultView';

export interface SummaryContext {
  readonly domain: string;
  readonly type: string;
  /** When the result was fetched, epoch milliseconds. */
  readonly fetchedAt: number;
  /** The searched range `YYYYMMDD`, when there was one. */
  readonly range?: { readonly start: string; readonly end: string };
  /** A human description of the active filters, '' when none. */
  readonly filterDescription: string;
}

/**
 * What a spreadsheet may skip before a formula: white space, controls, and characters that
 * show nothing (format characters such as U+200B or U+FEFF, and the rest of Unicode's
 * default-ignorable ones).
 */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*/u;
/** A formula's first character once compatibility forms are folded (NFKC: `＝` U+FF1D is `=`). */
const FORMULA_CHAR = /^[=+\-@\p{Pd}\u2212]/u;
/**
 * Characters per piece. A string over 128 KiB is allocated on pages of its own, fresh each
 * time, and so is the buffer a write of it is encoded into: each 4 KiB costs a page fault,
 * which some virtual machines make slower than writing the bytes. Pieces of this size (at
 * most 64 KiB of UTF-16, and a record) reuse the young generation's pages instead.
 */
const CHUNK = 32 * 1024;

/**
 * Whether a spreadsheet could read the text as a formula: it starts with tab or CR, or its
 * first visible character is `=`, `+`, `-`, `@` or a look-alike (full-width and small forms,
 * super- and subscripts, any dash, the minus sign), whatever invisible characters come first.
 */
export function looksLikeFormula(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first === 9 || first === 13) return true;
  // Most values start with a letter or digit: no formula, nothing to skip (the usual case, fast).
  if ((first >= 48 && first <= 57) || (first >= 65 && first <= 90) || (first >= 97 && first <= 122)) return false;
  const rest = value.slice(INVISIBLE.exec(value)?.[0].length ?? 0);
  if (rest === '') return false;
  const c = String.fromCodePoint(rest.codePointAt(0) as number);
  return FORMULA_CHAR.test(c) || FORMULA_CHAR.test(c.normalize('NFKC'));
}

/**
 * One CSV field: formula-looking text (see `looksLikeFormula`) is prefixed with a single
 * quote so spreadsheets show it as text; a field with a quote, comma, or line break is quoted
 * with quotes doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const safe = looksLikeFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A column's name in an export: the record's field name, or the label of a folded column. */
function exportName(view: ResultView, column: number): string {
  const c = view.table.columns[column];
  if (!c) return '';
  return c.key.startsWith('\u0000') ? c.label : c.key;
}

/** The longest text of one field in a CSV or JSON export (the panel shows less). */
export const EXPORT_CELL_MAX = 20_000;

/**
 * A row's fields as an export writes them: plain (no control or invisible character, one line,
 * bounded) and, unless the user asked for secrets, with the record's secret values masked where
 * they stand in its other fields too (a password inside the URL).
 */
function exportCell(view: ResultView, row: number, includeSecrets: boolean): (column: number) => string {
  const { table } = view;
  const secrets = includeSecrets ? NO_ECHOES : table.secretsOf(row);
  return (column) => exportText(table, column, table.text(column, row), secrets);
}

/** `text`, a value of `column`, as exportCell gives it. */
function exportText(table: ResultView['table'], column: number, text: string, secrets: Echoes): string {
  return bounded(visibleText(table.masked(column, text, secrets)), EXPORT_CELL_MAX);
}

function exported(view: ResultView, includeSecrets: boolean): number[] {
  return view.table.columns.flatMap((c, i) => (c.secret && !includeSecrets ? [] : [i]));
}

/** CSV of `rows` (CRLF line ends, header first), in pieces. */
export function* csvPieces(view: ResultView, rows: ArrayLike<number>, includeSecrets: boolean): Generator<string> {
  const columns = exported(view, includeSecrets);
  let out = `${columns.map((c) => csvField(exportName(view, c))).join(',')}\r\n`;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as number;
    const cell = exportCell(view, row, includeSecrets);
    out += `${columns.map((c) => csvField(cell(c))).join(',')}\r\n`;
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

/** One record as a JSON object: strings plain and with the record's secrets masked, other values exactly as sent. */
function recordJson(view: ResultView, columns: readonly number[], names: readonly string[], row: number, includeSecrets: boolean, lead?: string): string {
  const { table } = view;
  const secrets = includeSecrets ? NO_ECHOES : table.secretsOf(row);
  // Built as one string, field by field: an export makes this for each of a million records.
  let out = lead ? `{${lead}` : '{';
  let first = !lead;
  for (let k = 0; k < columns.length; k++) {
    const c = columns[k] as number;
    const value = table.value(c, row);
    if (value === undefined) continue;
    const json = typeof value === 'string' && !table.isNumber(c, row) ? jsonString(exportText(table, c, value, secrets)) : table.json(c, row);
    out += `${first ? '' : ','}${names[k] as string}:${json as string}`;
    first = false;
  }
  return `${out}}`;
}

/** What JSON.stringify escapes in a string: quote, backslash, controls, and (any) surrogates. */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`, the usual field (nothing to escape) quoted as it is. */
function jsonString(text: string): string {
  return JSON_ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** JSON (an array of records with their original field types) of `rows`, in pieces. */
export function* jsonPieces(view: ResultView, rows: ArrayLike<number>, includeSecrets: boolean): Generator<string> {
  const columns = exported(view, includeSecrets);
  const names = columns.map((c) => JSON.stringify(exportName(view, c)));
  let out = '[';
  for (let i = 0; i < rows.length; i++) {
    out += `${i === 0 ? '\n' : ',\n'}  ${recordJson(view, columns, names, rows[i] as number, includeSecrets)}`;
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield `${out}${rows.length > 0 ? '\n' : ''}]\n`;
}

/** JSON Lines: one record a line (`extra` fields first), in pieces. */
export function* jsonlPieces(view: ResultView, rows: ArrayLike<number>, includeSecrets: boolean, extra = ''): Generator<string> {
  const columns = exported(view, includeSecrets);
  const names = columns.map((c) => JSON.stringify(exportName(view, c)));
  let out = '';
  for (let i = 0; i < rows.length; i++) {
    out += `${recordJson(view, columns, names, rows[i] as number, includeSecrets, extra)}\n`;
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

function formatDay(yyyymmdd: string): string {
  return /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}` : yyyymmdd;
}

function isoTime(at: number): string {
  return Number.isFinite(at) && Math.abs(at) <= 8.64e15 ? new Date(at).toISOString() : 'unknown';
}

function table2(title: string, rows: readonly { value: string; count: number }[]): string[] {
  if (rows.length === 0) return ['None in this view.', ''];
  return [`| ${title} | Records |`, '| --- | ---: |', ...rows.map((r) => `| ${escapeMarkdown(r.value)} | ${r.count} |`), ''];
}

/** Accounts listed in an incident summary at most (the CSV export has every record). */
export const SUMMARY_ACCOUNTS = 100;

/**
 * The accounts whose passwords to rotate: each username of the view with its record count and
 * latest leak, most records first (then the latest leak). Escaped; no passwords.
 */
function accountsTable(table: ResultView['table'], column: number, dates: ArrayLike<number> | undefined, rows: Uint32Array): string[] {
  const byAccount = new Map<string, { count: number; last: number }>();
  for (const row of rows) {
    const name = table.shown(column, row);
    if (!name) continue;
    const ms = dates ? (dates[row] as number) : NaN;
    const held = byAccount.get(name) ?? { count: 0, last: -Infinity };
    held.count++;
    if (!Number.isNaN(ms) && ms > held.last) held.last = ms;
    byAccount.set(name, held);
  }
  if (byAccount.size === 0) return ['None in this view.'];
  const sorted = [...byAccount.entries()].sort((a, b) => b[1].count - a[1].count || b[1].last - a[1].last || a[0].localeCompare(b[0]));
  const out = ['| Account | Records | Latest leak |', '| --- | ---: | --- |'];
  for (const [name, { count, last }] of sorted.slice(0, SUMMARY_ACCOUNTS)) {
    out.push(`| ${escapeMarkdown(name)} | ${count} | ${Number.isFinite(last) ? escapeMarkdown(isoTime(last).slice(0, 10)) : '—'} |`);
  }
  if (sorted.length > SUMMARY_ACCOUNTS) out.push('', `…and ${sorted.length - SUMMARY_ACCOUNTS} more accounts: export CSV for every record.`);
  return out;
}

/** A Markdown incident summary of `rows`: counts, sites, machines, date span. Every piece of record text escaped; no passwords. */
export function markdownSummary(view: ResultView, rows: Uint32Array, context: SummaryContext): string {
  const { table } = view;
  const { roles } = table;
  const stats = view.stats(rows);
  const distinct = (column: number | undefined): number => {
    if (column === undefined) return 0;
    const seen = new Set<string>();
    for (const row of rows) {
      const v = table.text(column, row);
      if (v) seen.add(v);
    }
    return seen.size;
  };
  const dates = roles.date === undefined ? undefined : table.stored[roles.date]?.date;
  let first = Infinity;
  let last = -Infinity;
  if (dates) {
    for (const row of rows) {
      const ms = dates.ms[row] as number;
      if (Number.isNaN(ms)) continue;
      if (ms < first) first = ms;
      if (ms > last) last = ms;
    }
  }
  const machines = roles.ip !== undefined || roles.browser !== undefined ? view.machineGroups(rows) : [];
  const lines: string[] = [
    `# Leak report: ${escapeMarkdown(context.domain)} (${escapeMarkdown(context.type)})`,
    '',
    `- As of: ${escapeMarkdown(isoTime(context.fetchedAt))}`,
    `- Range searched: ${context.range ? `${escapeMarkdown(formatDay(context.range.start))} to ${escapeMarkdown(formatDay(context.range.end))}` : 'all dates'}`,
    `- Records in this view: ${rows.length} of ${table.length}`,
  ];
  if (context.filterDescription) lines.push(`- Filters: ${escapeMarkdown(context.filterDescription)}`);
  if (roles.username !== undefined) lines.push(`- Distinct usernames: ${distinct(roles.username)}`);
  if (roles.url !== undefined) lines.push(`- Distinct sites: ${view.siteCount(rows)}`);
  if (machines.length > 0) lines.push(`- Infected machines (same IP, browser, country and day): ${machines.length}`);
  if (view.triage) {
    const t = view.triageCounts(rows);
    lines.push(`- Triage: ${t.remediated} remediated, ${t.acknowledged} acknowledged, ${t['false-positive']} false positive, ${t.untriaged} not triaged`);
  }
  if (first <= last) lines.push(`- Date span: ${escapeMarkdown(isoTime(first).slice(0, 10))} to ${escapeMarkdown(isoTime(last).slice(0, 10))}`);
  if (roles.username !== undefined) lines.push('', '## Accounts to act on', '', ...accountsTable(table, roles.username, dates?.ms, rows));
  lines.push('', '## Top sites', '', ...table2('Site', stats.sites));
  lines.push('## Top countries', '', ...table2('Country', stats.countries));
  lines.push('## Top browsers', '', ...table2('Browser', stats.browsers));
  if (machines.length > 0) {
    lines.push('## Largest infected machines', '', '| Machine | Records |', '| --- | ---: |');
    for (const machine of machines.slice(0, 10)) lines.push(`| ${escapeMarkdown(machine.label)} | ${machine.count} |`);
    lines.push('');
  }
  lines.push('Passwords are never included in this summary.', '');
  return lines.join('\n');
}

/** The pieces of an export. */
export function exportPieces(format: ExportFormat, view: ResultView, rows: Uint32Array, includeSecrets: boolean, context: SummaryContext): Iterable<string> {
  if (format === 'csv') return csvPieces(view, rows, includeSecrets);
  if (format === 'json') return jsonPieces(view, rows, includeSecrets);
  return [markdownSummary(view, rows, context)];
}

/** Writes an export to `file` (created readable by its owner only, replacing what was there). */
export async function writeExport(file: string, pieces: Iterable<string>): Promise<number> {
  const handle = await fs.open(file, 'w', 0o600);
  let bytes = 0;
  try {
    await handle.chmod(0o600);
    for (const piece of pieces) {
      const data = Buffer.from(piece, 'utf8');
      bytes += data.length;
      await handle.write(data);
    }
  } finally {
    await handle.close();
  }
  return bytes;
}
