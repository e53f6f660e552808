// The hover over a leaked identifier: what was found, why it matters and the next step
// (src/core/scan/explainMatch.ts), then the records behind it (date, site, browser, country,
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
import { explainMatch, hiddenExplained } from '../../core/scan/explainMatch';
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
  // What was found (the diagnostic's message: VS Code draws a hint's marker under two
  // characters only, so its own hover part is easily missed), why it matters, what to do.
  const explained = explainMatch(match);
  md.appendMarkdown(`**Leak Search** — ${escapeMarkdown(match.message)}\n\n`);
  md.appendMarkdown(`**${escapeMarkdown(vscode.l10n.t('Why it matters:'))}** ${escapeMarkdown(explained.why)}\n\n`);
  md.appendMarkdown(`**${escapeMarkdown(vscode.l10n.t('Next step:'))}** ${escapeMarkdown(explained.next)}\n\n`);
  if (match.triage) md.appendMarkdown(`${vscode.l10n.t('Triage: every record {0}.', escapeMarkdown(triageWords(match.triage)))}\n\n`);
  if (found) {
    const n = found.total;
    md.appendMarkdown(`${escapeMarkdown(n === 1 ? vscode.l10n.t('The leaked record:') : vscode.l10n.t('The {0} leaked records:', n))}\n\n`);
    md.appendMarkdown(`| ${[vscode.l10n.t('Date'), vscode.l10n.t('Site'), vscode.l10n.t('Browser'), vscode.l10n.t('Country'), vscode.l10n.t('Status'), vscode.l10n.t('Password'), vscode.l10n.t('Triage')].map((h) => escapeMarkdown(h)).join(' | ')} |\n|---|---|---|---|---|---|---|\n`);
    for (const r of found.records.slice(0, HOVER_RECORDS)) md.appendMarkdown(`${recordRow(r, markOf)}\n`);
    if (found.total > HOVER_RECORDS) md.appendMarkdown(`\n${vscode.l10n.t('…and {0} more.', found.total - HOVER_RECORDS)}\n`);
  }
  if (match.hidden || found?.records.some((r) => r.status.toLowerCase() === 'hide')) md.appendMarkdown(`\n${escapeMarkdown(hiddenExplained())}\n`);
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
    const found = await Promise.all(shown.map((m) => this.#records(document, m)));
    return new vscode.Hover(shown.map((m, i) => hoverMarkdown(m, found[i], this.markOf)), range);
  }

  /**
   * The records behind a shown match. Its handle belongs to the index that made the diagnostic;
   * after a re-check or a restart the new index answers nothing for it until the file is
   * scanned again, so the same place is asked of the new index instead of showing no records.
   */
  async #records(document: vscode.TextDocument, shown: ShownMatch): Promise<{ readonly records: readonly HoverRecord[]; readonly total: number } | undefined> {
    const found = await this.holder.hover(shown.match.handle, HOVER_RECORDS).catch(() => undefined);
    if (found) return found;
    const start = document.offsetAt(shown.range.start);
    const end = document.offsetAt(shown.range.end);
    const again = await this.holder.match(document.getText()).catch(() => undefined);
    const same = again?.matches.find((m) => m.start === start && m.end === end && m.identifier === shown.match.identifier);
    return same ? this.holder.hover(same.handle, HOVER_RECORDS).catch(() => undefined) : undefined;
  }
}
