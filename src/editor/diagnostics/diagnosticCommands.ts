// The command handlers of in-file scanning (registered through the command table):
// "Scan Workspace", and the internal "show leaked records" and "ignore identifier" used by
// diagnostic links, hovers and quick fixes.
import * as vscode from 'vscode';
import type { MatchKind } from '../../core/scan/leakIndex';
import type { LeakSearchContext } from '../leakSearchContext';
import type { WorkspaceScanSummary } from './workspaceScan';

const KINDS: readonly MatchKind[] = ['email', 'username', 'url', 'host', 'password'];

export async function scanWorkspace(ctx: LeakSearchContext): Promise<WorkspaceScanSummary | undefined> {
  if (!ctx.diagnostics) return undefined;
  if (!vscode.workspace.isTrusted) {
    ctx.notifier.show('info', 'Leak Search: workspace files are scanned once you trust this workspace.');
    return undefined;
  }
  if ((vscode.workspace.workspaceFolders ?? []).length === 0) {
    ctx.notifier.show('info', 'Leak Search: open a folder to scan its files.');
    return undefined;
  }
  const summary = await ctx.diagnostics.scanWorkspace();
  if (ctx.diagnostics.holder.snapshot.isEmpty) {
    ctx.notifier.show('info', 'Leak Search: no leak results to look for yet. Check your domains first.');
  } else if (!summary.cancelled) {
    ctx.notifier.show(
      summary.matches > 0 ? 'warning' : 'info',
      summary.matches > 0
        ? `Leak Search: ${summary.matches} leaked identifier${summary.matches === 1 ? '' : 's'} in ${summary.filesWithMatches} file${summary.filesWithMatches === 1 ? '' : 's'} (${summary.scanned} scanned). See the Problems panel.`
        : `Leak Search: no leaked identifiers in ${summary.scanned} scanned file${summary.scanned === 1 ? '' : 's'}.`,
      summary.matches > 0 ? [{ label: 'Show Problems', run: () => vscode.commands.executeCommand('workbench.actions.view.problems') }] : [],
    );
  }
  return summary;
}

/** Opens the results panel of `key`, focused on the records of `identifier`. */
export function showLeakedRecords(ctx: LeakSearchContext, key?: unknown, identifier?: unknown): boolean {
  if (typeof key !== 'string' || !ctx.panel) return false;
  if (!ctx.results.get(key)) {
    ctx.notifier.show('info', 'Leak Search: that result is no longer held. Check the domain again.');
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
