// The hover over a leaked identifier: the records behind it (date, site, browser, country,
// status), the password masked, the team's decision about each, and links to the results
// panel and to the remediation guide that fits. Found through our diagnostics (source and
// code), like the code actions.
import * as vscode from 'vscode';
import { formatRecordDay, statusWords } from '../../core/results/recordText';
import type { HoverRecord } from '../../engine/workerProtocol';
import { CommandId } from '../commands/commandIds';
import type { DiagnosticsController, ShownMatch } from './diagnosticsController';
import { isLeakDiagnostic, recordsCommandUri } from './matchDiagnostic';
import type { LeakIndexHolder } from './leakIndexHolder';
import { escapeMarkdown } from '../../core/text/plainText';
import { guideFor, guideTitle } from '../../core/text/guides';
import { MAX_NOTE, triageWords } from '../../core/triage/triage';
import type { TriageMark } from '../../core/triage/triage';

/** What a masked password shows, whatever its length. */
export const PASSWORD_MASK = '•••••••';
/** Records listed in one hover. */
export const HOVER_RECORDS = 10;

/** The decision about a record (by its triage id), or undefined. */
export type MarkOf = (triageId: string) => TriageMark | undefined;

function recordRow(record: HoverRecord, markOf: MarkOf): string {
  const cell = (s: string): string => (s === '' ? '—' : escapeMarkdown(s));
  // Status in plain words: the ordinary "show" needs none (a dash), "hide" says "marked hidden".
  const status = statusWords(record.status).short;
  const mark = record.triage ? markOf(record.triage) : undefined;
  const triage = mark ? `${triageWords(mark)}${mark.note ? `: ${mark.note.slice(0, MAX_NOTE)}` : ''}` : '';
  return `| ${cell(formatRecordDay(record.date, vscode.env.language))} | ${cell(record.site)} | ${cell(record.browser)} | ${cell(record.country)} | ${cell(status)} | ${record.hasPassword ? PASSWORD_MASK : '—'} | ${cell(triage)} |`;
}

/** The `command:` URI that opens a remediation guide. */
export function guideCommandUri(kind: string): vscode.Uri {
  return vscode.Uri.parse(`command:${CommandId.openGuide}?${encodeURIComponent(JSON.stringify([kind]))}`);
}

/** The hover text of a shown match, with the records behind it (asked of the engine). */
export function hoverMarkdown(shown: ShownMatch, found: { readonly records: readonly HoverRecord[]; readonly total: number } | undefined, markOf: MarkOf = () => undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [CommandId.showLeakedRecords, CommandId.openGuide] };
  const { match } = shown;
  // The diagnostic's own hover already shows its message: this one lists the records.
  const n = match.count;
  const plural = n === 1 ? vscode.l10n.t('record') : vscode.l10n.t('{0} records', n);
  const about = match.kind === 'password' ? vscode.l10n.t('the leaked {0} of this password (for {1})', plural, escapeMarkdown(match.owners.join(', ') || vscode.l10n.t('an account'))) : vscode.l10n.t('the leaked {0} of {1}', plural, escapeMarkdown(match.identifier));
  md.appendMarkdown(`**Leak Search** — ${about}\n\n`);
  if (match.triage) md.appendMarkdown(`${vscode.l10n.t('Triage: every record {0}.', escapeMarkdown(triageWords(match.triage)))}\n\n`);
  if (found) {
    md.appendMarkdown(`| ${[vscode.l10n.t('Date'), vscode.l10n.t('Site'), vscode.l10n.t('Browser'), vscode.l10n.t('Country'), vscode.l10n.t('Status'), vscode.l10n.t('Password'), vscode.l10n.t('Triage')].map((h) => escapeMarkdown(h)).join(' | ')} |\n|---|---|---|---|---|---|---|\n`);
    for (const r of found.records.slice(0, HOVER_RECORDS)) md.appendMarkdown(`${recordRow(r, markOf)}\n`);
    if (found.total > HOVER_RECORDS) md.appendMarkdown(`\n${vscode.l10n.t('…and {0} more.', found.total - HOVER_RECORDS)}\n`);
  }
  const domains = match.domains.map((d) => escapeMarkdown(d)).join(', ');
  if (domains !== '') md.appendMarkdown(`\n${vscode.l10n.t('From the results of {0}.', domains)}`);
  if (match.target) md.appendMarkdown(` [${escapeMarkdown(vscode.l10n.t('Show leaked records'))}](${recordsCommandUri(match.target).toString()})`);
  const guide = guideFor({ type: match.type ?? 'accounts' });
  md.appendMarkdown(` · [${escapeMarkdown(vscode.l10n.t('What to do'))}](${guideCommandUri(guide).toString()} "${escapeMarkdown(guideTitle(guide))}")`);
  return md;
}

export class LeakHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly controller: DiagnosticsController,
    private readonly holder: LeakIndexHolder,
    private readonly markOf: MarkOf,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => isLeakDiagnostic(d) && d.range.contains(position));
    const shown = ours.map((d) => this.controller.matchOf(document.uri, d)).filter((m): m is ShownMatch => m !== undefined);
    if (shown.length === 0) return undefined;
    const range = shown.map((m) => m.range).reduce((a, b) => a.union(b));
    const found = await Promise.all(shown.map((m) => this.holder.hover(m.match.handle, HOVER_RECORDS).catch(() => undefined)));
    return new vscode.Hover(shown.map((m, i) => hoverMarkdown(m, found[i], this.markOf)), range);
  }
}
