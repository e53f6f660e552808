// The hover over a leaked identifier: the records behind it (date, site, browser, country,
// status), the password masked, and a link to the results panel. Found through our
// diagnostics (source and code), like the code actions.
import * as vscode from 'vscode';
import { fieldText, siteOf } from '../../core/sites';
import type { AnyRecord } from '../../core/sites';
import { CommandId } from '../commands/commandIds';
import type { DiagnosticsController, ShownMatch } from './diagnosticsController';
import { isLeakDiagnostic, recordsCommandUri, recordsTarget } from './leakDiagnostic';
import { escapeMarkdown } from './markdownText';

/** What a masked password shows, whatever its length. */
export const PASSWORD_MASK = '•••••••';
/** Records listed in one hover. */
export const HOVER_RECORDS = 10;

function recordRow(record: AnyRecord): string {
  const cell = (s: string): string => (s === '' ? '—' : escapeMarkdown(s));
  const date = fieldText(record, 'date');
  const url = fieldText(record, 'url');
  const password = fieldText(record, 'password');
  return `| ${cell(date.slice(0, 10))} | ${cell(url === '' ? '' : siteOf(url))} | ${cell(fieldText(record, 'browser'))} | ${cell(fieldText(record, 'country'))} | ${cell(fieldText(record, 'status'))} | ${password === '' ? '—' : PASSWORD_MASK} |`;
}

/** The hover text of a shown match. */
export function hoverMarkdown(shown: ShownMatch): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [CommandId.showLeakedRecords] };
  const { match, entries } = shown;
  // The diagnostic's own hover already shows its message: this one lists the records.
  const n = match.refs.length;
  const plural = n === 1 ? 'record' : `${n} records`;
  const about = match.kind === 'password' ? `the leaked ${plural} of this password (for ${escapeMarkdown(match.owners.join(', ') || 'an account')})` : `the leaked ${plural} of ${escapeMarkdown(match.identifier)}`;
  md.appendMarkdown(`**Leak Search** — ${about}\n\n`);
  const records = match.refs.map((r) => entries[r.source]?.result.records[r.record]).filter((r): r is AnyRecord => r !== undefined);
  records.sort((a, b) => (fieldText(b, 'date') < fieldText(a, 'date') ? -1 : fieldText(b, 'date') > fieldText(a, 'date') ? 1 : 0));
  md.appendMarkdown('| Date | Site | Browser | Country | Status | Password |\n|---|---|---|---|---|---|\n');
  for (const r of records.slice(0, HOVER_RECORDS)) md.appendMarkdown(`${recordRow(r)}\n`);
  if (records.length > HOVER_RECORDS) md.appendMarkdown(`\n…and ${records.length - HOVER_RECORDS} more.\n`);
  const domains = match.summary.domains.map(escapeMarkdown).join(', ');
  if (domains !== '') md.appendMarkdown(`\nFrom the results of ${domains}.`);
  const target = recordsTarget(match, entries);
  if (target) md.appendMarkdown(` [Show leaked records](${recordsCommandUri(target).toString()})`);
  return md;
}

export class LeakHoverProvider implements vscode.HoverProvider {
  constructor(private readonly controller: DiagnosticsController) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => isLeakDiagnostic(d) && d.range.contains(position));
    const shown = ours.map((d) => this.controller.matchOf(document.uri, d)).filter((m): m is ShownMatch => m !== undefined);
    if (shown.length === 0) return undefined;
    const range = shown.map((m) => m.range).reduce((a, b) => a.union(b));
    return new vscode.Hover(shown.map(hoverMarkdown), range);
  }
}
