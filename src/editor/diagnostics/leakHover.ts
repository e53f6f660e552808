// The hover over a leaked identifier: the records behind it (date, site, browser, country,
// status), the password masked, and a link to the results panel. Found through our
// diagnostics (source and code), like the code actions.
import * as vscode from 'vscode';
import { formatRecordDay, statusWords } from '../../core/recordText';
import type { HoverRecord } from '../../engine/protocol';
import { CommandId } from '../commands/commandIds';
import type { DiagnosticsController, ShownMatch } from './diagnosticsController';
import { isLeakDiagnostic, recordsCommandUri } from './leakDiagnostic';
import type { LeakIndexHolder } from './leakIndexHolder';
import { escapeMarkdown } from './markdownText';

/** What a masked password shows, whatever its length. */
export const PASSWORD_MASK = '•••••••';
/** Records listed in one hover. */
export const HOVER_RECORDS = 10;

function recordRow(record: HoverRecord): string {
  const cell = (s: string): string => (s === '' ? '—' : escapeMarkdown(s));
  // Status in plain words: the ordinary "show" needs none (a dash), "hide" says "marked hidden".
  const status = statusWords(record.status).short;
  return `| ${cell(formatRecordDay(record.date, vscode.env.language))} | ${cell(record.site)} | ${cell(record.browser)} | ${cell(record.country)} | ${cell(status)} | ${record.hasPassword ? PASSWORD_MASK : '—'} |`;
}

/** The hover text of a shown match, with the records behind it (asked of the engine). */
export function hoverMarkdown(shown: ShownMatch, found: { readonly records: readonly HoverRecord[]; readonly total: number } | undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [CommandId.showLeakedRecords] };
  const { match } = shown;
  // The diagnostic's own hover already shows its message: this one lists the records.
  const n = match.count;
  const plural = n === 1 ? vscode.l10n.t('record') : vscode.l10n.t('{0} records', n);
  const about = match.kind === 'password' ? vscode.l10n.t('the leaked {0} of this password (for {1})', plural, escapeMarkdown(match.owners.join(', ') || vscode.l10n.t('an account'))) : vscode.l10n.t('the leaked {0} of {1}', plural, escapeMarkdown(match.identifier));
  md.appendMarkdown(`**Leak Search** — ${about}\n\n`);
  if (found) {
    md.appendMarkdown(`| ${[vscode.l10n.t('Date'), vscode.l10n.t('Site'), vscode.l10n.t('Browser'), vscode.l10n.t('Country'), vscode.l10n.t('Status'), vscode.l10n.t('Password')].map((h) => escapeMarkdown(h)).join(' | ')} |\n|---|---|---|---|---|---|\n`);
    for (const r of found.records.slice(0, HOVER_RECORDS)) md.appendMarkdown(`${recordRow(r)}\n`);
    if (found.total > HOVER_RECORDS) md.appendMarkdown(`\n${vscode.l10n.t('…and {0} more.', found.total - HOVER_RECORDS)}\n`);
  }
  const domains = match.domains.map((d) => escapeMarkdown(d)).join(', ');
  if (domains !== '') md.appendMarkdown(`\n${vscode.l10n.t('From the results of {0}.', domains)}`);
  if (match.target) md.appendMarkdown(` [${escapeMarkdown(vscode.l10n.t('Show leaked records'))}](${recordsCommandUri(match.target).toString()})`);
  return md;
}

export class LeakHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly controller: DiagnosticsController,
    private readonly holder: LeakIndexHolder,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => isLeakDiagnostic(d) && d.range.contains(position));
    const shown = ours.map((d) => this.controller.matchOf(document.uri, d)).filter((m): m is ShownMatch => m !== undefined);
    if (shown.length === 0) return undefined;
    const range = shown.map((m) => m.range).reduce((a, b) => a.union(b));
    const found = await Promise.all(shown.map((m) => this.holder.hover(m.match.handle, HOVER_RECORDS).catch(() => undefined)));
    return new vscode.Hover(shown.map((m, i) => hoverMarkdown(m, found[i])), range);
  }
}
