// A result as a table for a terminal: a heading with the domain, type and count, then the
// first records (who, where, when, the password masked unless asked), and how many more there
// are. Cells are plain one-line text, cut to fit; never a control character from the data.
import { plainText } from '../core/text/plainText';
import type { LeakSearchSession } from '../engine/leakSearchSession';
import type { ResultMeta } from '../engine/workerProtocol';
import type { Style } from './output';

const MASK = '••••••';
const WIDTHS = { who: 34, site: 40, date: 10 } as const;

function cell(text: string, width: number): string {
  const t = plainText(text, width + 1);
  return (t.length > width ? `${t.slice(0, width - 1)}…` : t).padEnd(width);
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}

/** `only`: these rows alone (the new ones, for --only-new), counted as new. */
export async function* recordTable(session: LeakSearchSession, result: ResultMeta, options: { readonly showPasswords: boolean; readonly limit: number; readonly style: (style: Style, text: string) => string; readonly only?: Uint32Array }): AsyncGenerator<string> {
  const { style, only } = options;
  const counted = result.count === result.records ? `${result.records.toLocaleString('en-US')} records` : `${result.records.toLocaleString('en-US')} records (the service counted ${result.count.toLocaleString('en-US')})`;
  yield `${style('bold', `${result.query.domain} (${result.query.type})`)}: ${only ? `${only.length.toLocaleString('en-US')} new of ` : ''}${counted}\n`;
  const shownOf = only ? only.length : result.records;
  const n = Math.min(options.limit, shownOf);
  if (n === 0) return;
  yield `${style('dim', `  ${cell('account', WIDTHS.who)} ${cell('site', WIDTHS.site)} ${cell('date', WIDTHS.date)} password`)}\n`;
  const rows = only ? only.subarray(0, n) : Uint32Array.from({ length: n }, (_, i) => i);
  // Shown fields come masked (a password standing in a URL too); the secrets are read apart,
  // to know whether a record has a password, and shown only when asked.
  const shownRecords = await jsonLines(session, result.key, rows, options.showPasswords);
  const secretRecords = options.showPasswords ? shownRecords : await jsonLines(session, result.key, rows, true);
  for (let i = 0; i < shownRecords.length; i++) {
    const r = shownRecords[i] as Record<string, unknown>;
    const who = text(r.username) || text(r.email) || text(r.login);
    const password = text(secretRecords[i]?.password);
    const shown = password === '' ? '' : options.showPasswords ? plainText(password, 80) : MASK;
    yield `  ${cell(who, WIDTHS.who)} ${cell(text(r.url), WIDTHS.site)} ${cell(text(r.date).slice(0, 10), WIDTHS.date)} ${shown}\n`;
  }
  if (shownOf > n) yield `${style('dim', `  … ${(shownOf - n).toLocaleString('en-US')} more (--limit N, or --format json, jsonl or csv)`)}\n`;
}

async function jsonLines(session: LeakSearchSession, key: string, rows: Uint32Array, includeSecrets: boolean): Promise<Record<string, unknown>[]> {
  let lines = '';
  for await (const piece of session.recordPieces(key, 'jsonl', { includeSecrets, rows })) lines += piece;
  return lines.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}
