// The command handlers of in-file scanning (registered through the command table):
// "Scan Workspace", and the internal "show leaked records" and "ignore identifier" used by
// diagnostic links, hovers and quick fixes.
import * as vscode from 'vscode';
import type { MatchKind } from '../../core/scan/matchTypes';
import { scanReport } from '../../core/export/scanReport';
import type { ScanReportAction } from '../../core/export/scanReport';
import type { NotifierAction } from '../notifier';
import type { LeakSearchContext } from '../leakSearchContext';
import type { WorkspaceScanOptions, WorkspaceScanSummary } from './workspaceScan';

const KINDS: readonly MatchKind[] = ['email', 'username', 'url', 'host', 'password'];

/** "Scan Workspace"; `options.includeGitIgnored` (from its own "Include Them" button) scans git-ignored files this once. */
export async function scanWorkspace(ctx: LeakSearchContext, options?: unknown): Promise<WorkspaceScanSummary | undefined> {
  if (!ctx.diagnostics) return undefined;
  if (!vscode.workspace.isTrusted) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: workspace files are scanned once you trust this workspace.'));
    return undefined;
  }
  if ((vscode.workspace.workspaceFolders ?? []).length === 0) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: open a folder to scan its files.'));
    return undefined;
  }
  const once: WorkspaceScanOptions = typeof options === 'object' && options !== null && (options as WorkspaceScanOptions).includeGitIgnored === true ? { includeGitIgnored: true } : {};
  const summary = await ctx.diagnostics.scanWorkspace(once);
  if (ctx.diagnostics.holder.snapshot.isEmpty) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: no leak results to look for yet. Check your domains first.'));
  } else if (!summary.cancelled) {
    const report = scanReport(summary);
    ctx.notifier.show(report.severity, report.message, report.actions.map((a) => scanAction(ctx, a)));
  }
  return summary;
}

function scanAction(ctx: LeakSearchContext, action: ScanReportAction): NotifierAction {
  switch (action) {
    case 'showProblems':
      return { label: vscode.l10n.t('Show Problems'), run: () => vscode.commands.executeCommand('workbench.actions.view.problems') };
    case 'includeGitIgnored':
      return { label: vscode.l10n.t('Include Them'), run: () => scanWorkspace(ctx, { includeGitIgnored: true }) };
  }
}

/** Opens the results panel of `key`, focused on the records of `identifier`. */
export function showLeakedRecords(ctx: LeakSearchContext, key?: unknown, identifier?: unknown): boolean {
  if (typeof key !== 'string') return false;
  if (!ctx.results.get(key)) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: that result is no longer held. Check the domain again.'));
    return false;
  }
  ctx.panel.show(key, typeof identifier === 'string' && identifier !== '' ? { identifier } : undefined);
  return true;
}

export async function ignoreIdentifier(ctx: LeakSearchContext, uri?: unknown, start?: unknown, end?: unknown, kind?: unknown): Promise<boolean> {
  if (!ctx.diagnostics || typeof uri !== 'string' || typeof start !== 'number' || typeof end !== 'number') return false;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) return false;
  return ctx.diagnostics.ignoreAt(uri, start, end, kind as MatchKind);
}
