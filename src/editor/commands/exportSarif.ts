// "Export Leaked Identifiers as SARIF": scans the workspace, then writes what the Problems
// panel holds from Leak Search as a SARIF 2.1.0 log (core/export/sarif.ts) for code-scanning tools.
// Written readable by the user only, outside the workspace by default, and never scanned.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { sarifLevel, sarifLog, sarifRelativePath, triageSuppression } from '../../core/export/sarif';
import type { SarifFinding } from '../../core/export/sarif';
import { codeValue, isLeakDiagnostic, severityHint } from '../diagnostics/matchDiagnostic';
import type { LeakSearchContext } from '../leakSearchContext';
import { chooseExportFile } from '../results/exportFile';
import { plural } from '../../core/text/plural';

/** Where a file is, as SARIF names it: relative to the first folder, else an absolute URI. */
function pathOf(uri: vscode.Uri, root: vscode.Uri | undefined): Pick<SarifFinding, 'path' | 'absolute'> {
  const rel = root && uri.scheme === 'file' ? sarifRelativePath(uri.fsPath, root.fsPath) : undefined;
  if (rel !== undefined) return { path: rel };
  return { path: uri.toString(), absolute: true };
}

export async function exportSarif(ctx: LeakSearchContext, target?: unknown): Promise<vscode.Uri | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!ctx.diagnostics || folders.length === 0 || !vscode.workspace.isTrusted) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: open and trust a folder to export its leaked identifiers as SARIF.'));
    return undefined;
  }
  // A check that just ended may still be on its way into the index: wait for it.
  if (ctx.diagnostics.holder.snapshot.isEmpty) await ctx.diagnostics.holder.rebuild(false);
  if (ctx.diagnostics.holder.snapshot.isEmpty) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: no leak results to look for yet. Check your domains first.'));
    return undefined;
  }
  const summary = await ctx.diagnostics.scanWorkspace();
  if (summary.cancelled) return undefined;
  const root = folders.length === 1 ? folders[0]?.uri : undefined;
  const findings: SarifFinding[] = [];
  ctx.diagnostics.controller.collection.forEach((uri, diagnostics) => {
    for (const d of diagnostics) {
      if (!isLeakDiagnostic(d)) continue;
      const suppression = triageSuppression(ctx.diagnostics?.controller.matchOf(uri, d)?.match.triage);
      findings.push({
        ...pathOf(uri, root),
        rule: String(codeValue(d)),
        level: sarifLevel(severityHint(d.severity)),
        severity: severityHint(d.severity),
        message: d.message,
        startLine: d.range.start.line + 1,
        startColumn: d.range.start.character + 1,
        endLine: d.range.end.line + 1,
        endColumn: d.range.end.character + 1,
        ...(suppression !== undefined ? { suppression } : {}),
      });
    }
  });
  findings.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine || a.startColumn - b.startColumn));
  const file = target instanceof vscode.Uri ? target : await chooseExportFile('leak-search.sarif', 'sarif');
  if (!file) return undefined;
  const version = String((ctx.extension.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const log = sarifLog(findings, { version, informationUri: 'https://github.com/leak-search/vscode-leak-search' }, root?.toString());
  await ctx.exported.add(file);
  await fs.writeFile(file.fsPath, `${JSON.stringify(log, null, 1)}\n`, { mode: 0o600 });
  await fs.chmod(file.fsPath, 0o600);
  ctx.notifier.show('info', vscode.l10n.t('Leak Search: {0} exported as SARIF.', plural(findings.length, vscode.l10n.t('leaked identifier'), vscode.l10n.t('leaked identifiers'))));
  return file;
}
