// "Check All Configured Domains": every domain of every workspace folder (and the user's).
import { CommandId } from './commandIds';
import * as vscode from 'vscode';
import type { CheckOutcome } from '../checks/checkTypes';
import type { LeakSearchContext } from '../leakSearchContext';

export async function checkAllDomains(ctx: LeakSearchContext, options: { force?: boolean } = {}): Promise<CheckOutcome[]> {
  const domains = ctx.domains.all();
  if (domains.length === 0) {
    const trustNote = vscode.workspace.isTrusted ? '' : ` ${vscode.l10n.t('Workspace settings are read once you trust this workspace.')}`;
    ctx.notifier.show('info', `${vscode.l10n.t('Leak Search: no domains are configured (leakSearch.domains).')}${trustNote}`, [
      { label: vscode.l10n.t('Add Domain'), run: () => vscode.commands.executeCommand(CommandId.addDomain) },
    ]);
    return [];
  }
  return ctx.checks.check(domains.map((domain) => ({ domain })), { force: options.force ?? false });
}
