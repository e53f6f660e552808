// Triage from the tree (and the results panel, through `applyTriage`): mark the selected
// records acknowledged, remediated (with an optional note) or a false positive, or clear the
// mark; export and import the team file.
import * as vscode from 'vscode';
import { MAX_MARKS, MAX_TRIAGE_FILE_BYTES, cleanNote, parseTriageFile, refusalWords, refusedCount, triageFile, TRIAGE_LABELS } from '../../core/triage/triage';
import type { TriageFile, TriageState } from '../../core/triage/triage';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode, RecordNode } from '../tree/treeNodes';
import { formatCount } from '../../core/text/format';
import { plural } from '../../core/text/plural';

/** The records a tree command applies to: the selection when the clicked node is part of it. */
function recordsOf(node: unknown, selected: unknown): RecordNode[] {
  const all = Array.isArray(selected) && selected.includes(node) ? (selected as LeakNode[]) : [node as LeakNode];
  return all.filter((n): n is RecordNode => typeof n === 'object' && n !== null && n.kind === 'record');
}

async function mark(ctx: LeakSearchContext, state: TriageState | undefined, node: unknown, selected: unknown): Promise<number> {
  const records = recordsOf(node, selected);
  const first = records[0];
  if (!first) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: select leaked records in the Findings view to triage them.'));
    return 0;
  }
  return applyTriage(ctx, first.entry.origin, records.map((r) => r.record.triage), state);
}

/** Marks records by triage id (asking for a note when remediated); resolves with how many (0: cancelled). */
export async function applyTriage(ctx: Pick<LeakSearchContext, 'triage' | 'log' | 'notifier'>, origin: string, ids: readonly string[], state: TriageState | undefined): Promise<number> {
  let note = '';
  if (state === 'remediated') {
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Mark {0} remediated', formatCount(ids.length)),
      prompt: vscode.l10n.t('What was done (optional): password rotated, sessions revoked, device cleaned…'),
      placeHolder: vscode.l10n.t('e.g. password rotated and sessions revoked on 2026-11-23'),
    });
    if (typed === undefined) return 0;
    note = cleanNote(typed);
  }
  const { evicted } = await ctx.triage.set(origin, ids, state ? { state, at: Date.now(), ...(note ? { note } : {}) } : undefined);
  ctx.log.info(`Triage: ${formatCount(ids.length)} marked ${state ? TRIAGE_LABELS[state] : 'untriaged'}.`);
  if (evicted > 0) {
    // Never lost silently: the user's decision is kept, and what made room for it is said.
    ctx.log.warn(`Triage: ${origin} holds the most decisions kept (${formatCount(MAX_MARKS)}); the ${formatCount(evicted)} oldest were dropped to keep the new ones.`);
    ctx.notifier.show('warning', vscode.l10n.t('Leak Search: the triage store of this service was full ({0} decisions); the {1} oldest were dropped to keep yours. Export your decisions to keep a copy.', formatCount(MAX_MARKS), formatCount(evicted)));
  }
  return ids.length;
}

export const acknowledge = (ctx: LeakSearchContext, node?: unknown, selected?: unknown): Promise<number> => mark(ctx, 'acknowledged', node, selected);
export const remediate = (ctx: LeakSearchContext, node?: unknown, selected?: unknown): Promise<number> => mark(ctx, 'remediated', node, selected);
export const falsePositive = (ctx: LeakSearchContext, node?: unknown, selected?: unknown): Promise<number> => mark(ctx, 'false-positive', node, selected);
export const clearTriage = (ctx: LeakSearchContext, node?: unknown, selected?: unknown): Promise<number> => mark(ctx, undefined, node, selected);

/** Writes the team file of the service in use; resolves with the file written. */
export async function exportTriage(ctx: LeakSearchContext, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return undefined;
  const marks = ctx.triage.all(endpoint.origin);
  if (marks.size === 0) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: no triage decisions for {0} yet.', endpoint.origin));
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = target ?? (await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export triage decisions (ids, states, dates and notes — no identifiers)'),
    filters: { [vscode.l10n.t('Leak Search triage')]: ['json'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, '.leak-search-triage.json') } : {}),
  }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(triageFile(endpoint.origin, marks)));
  ctx.notifier.show('info', vscode.l10n.t('Leak Search: {0} exported.', plural(marks.size, vscode.l10n.t('triage decision'), vscode.l10n.t('triage decisions'))));
  return uri;
}

/** Reads a team file into the service in use's decisions; resolves with how many changed. */
export async function importTriage(ctx: LeakSearchContext, source?: vscode.Uri): Promise<number | undefined> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return undefined;
  const uri = source ?? (await vscode.window.showOpenDialog({ title: vscode.l10n.t('Import triage decisions'), canSelectMany: false, filters: { [vscode.l10n.t('Leak Search triage')]: ['json'] } }))?.[0];
  if (!uri) return undefined;
  // The size first: a file too large is not read at all.
  if ((await vscode.workspace.fs.stat(uri)).size > MAX_TRIAGE_FILE_BYTES) {
    ctx.notifier.show('error', vscode.l10n.t('Leak Search: that triage file is larger than 64 MB; nothing was imported.'));
    return undefined;
  }
  let file: TriageFile;
  try {
    file = parseTriageFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), endpoint.origin);
  } catch (e) {
    ctx.notifier.show('error', vscode.l10n.t('Leak Search: nothing was imported from that file. {0}', e instanceof Error ? e.message : String(e)));
    return undefined;
  }
  const { changed, full } = await ctx.triage.merge(endpoint.origin, file.marks);
  const known = file.marks.size - changed - full;
  const refused = refusedCount(file.refused);
  const imported = plural(changed, vscode.l10n.t('triage decision'), vscode.l10n.t('triage decisions'));
  const older = plural(known, vscode.l10n.t('decision'), vscode.l10n.t('decisions'));
  ctx.log.info(`Triage: imported ${changed}, ${known} already known or older, ${refused} refused${refused > 0 ? ` (${refusalWords(file.refused)})` : ''}, ${full} left out (store full).`);
  const said = [vscode.l10n.t('Leak Search: {0} imported ({1} already known or older).', imported, older)];
  if (full > 0) said.push(vscode.l10n.t('{0} left out: this service already has {1} decisions, the most kept.', formatCount(full), formatCount(MAX_MARKS)));
  if (refused > 0) said.push(vscode.l10n.t('{0} refused: {1}.', formatCount(refused), refusalWords(file.refused)));
  ctx.notifier.show(said.length > 1 ? 'warning' : 'info', said.join(' '));
  return changed;
}
