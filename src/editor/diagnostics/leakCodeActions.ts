// Quick fixes on our diagnostics (found by source and code; each action names its
// diagnostic): "Show leaked records", "Ignore this identifier in this workspace",
// "Check domain again".
import * as vscode from 'vscode';
import { CommandId } from '../commands/commandIds';
import type { DomainNode } from '../tree/treeNodes';
import type { DiagnosticsController } from './diagnosticsController';
import { isLeakDiagnostic } from './matchDiagnostic';

export class LeakCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(
    private readonly controller: DiagnosticsController,
    private readonly origin: () => string | undefined,
  ) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (!isLeakDiagnostic(diagnostic)) continue;
      const shown = this.controller.matchOf(document.uri, diagnostic);
      if (!shown) continue;
      const { match } = shown;
      const target = match.target;
      const what = match.kind === 'password' ? vscode.l10n.t('this password') : match.identifier;
      if (target) {
        out.push(action(vscode.l10n.t('Show leaked records'), diagnostic, { command: CommandId.showLeakedRecords, title: vscode.l10n.t('Show leaked records'), arguments: [target.key, target.identifier] }));
      }
      out.push(
        action(match.kind === 'password' ? vscode.l10n.t('Ignore this password in this workspace') : vscode.l10n.t('Ignore this identifier in this workspace'), diagnostic, {
          command: CommandId.ignoreIdentifier,
          title: vscode.l10n.t('Ignore {0}', what),
          arguments: [document.uri.toString(), document.offsetAt(diagnostic.range.start), document.offsetAt(diagnostic.range.end), match.kind],
        }),
      );
      const origin = this.origin();
      for (const domain of match.domains.slice(0, 3)) {
        if (!origin) break;
        const node: DomainNode = { kind: 'domain', id: `d|diagnostics|${domain}`, domain, origin, types: [], folder: undefined };
        const title = match.domains.length > 1 ? vscode.l10n.t('Check {0} again', domain) : vscode.l10n.t('Check domain again');
        out.push(action(title, diagnostic, { command: CommandId.recheck, title, arguments: [node] }));
      }
    }
    return out;
  }
}

function action(title: string, diagnostic: vscode.Diagnostic, command: vscode.Command): vscode.CodeAction {
  const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  a.diagnostics = [diagnostic];
  a.command = command;
  return a;
}
