// "Add Domain to Workspace": validated input, written to the chosen folder's settings
// (user settings when no folder is open). Writing workspace settings waits for trust.
import * as vscode from 'vscode';
import { domainProblem, normalizeDomain } from '../../core/service/validate';
import { SECTION } from '../settings';
import { CommandId } from './commandIds';
import type { LeakSearchContext } from '../leakSearchContext';

export async function addDomain(ctx: LeakSearchContext, arg?: unknown, folderArg?: unknown): Promise<boolean> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length > 0 && !vscode.workspace.isTrusted) {
    ctx.notifier.show('warning', vscode.l10n.t('Leak Search: adding a domain to this workspace needs a trusted workspace. You can still check any domain with “Check Domain for Leaks”.'), [
      { label: vscode.l10n.t('Manage Workspace Trust'), run: () => vscode.commands.executeCommand('workbench.trust.manage') },
    ]);
    return false;
  }
  let raw = typeof arg === 'string' ? arg : undefined;
  if (raw === undefined) {
    raw = await vscode.window.showInputBox({
      title: vscode.l10n.t('Leak Search: Add Domain to Workspace'),
      prompt: vscode.l10n.t('A domain of your company, e.g. example.com'),
      placeHolder: 'example.com',
      ignoreFocusOut: true,
      validateInput: (value) => domainProblem(value),
    });
    if (raw === undefined) return false;
  }
  let domain: string;
  try {
    domain = normalizeDomain(raw);
  } catch (e) {
    ctx.notifier.show('error', vscode.l10n.t('Leak Search: {0}', e instanceof Error ? e.message : String(e)));
    return false;
  }
  const folder = await chooseFolder(folders, folderArg);
  if (folder === null) return false;
  const config = vscode.workspace.getConfiguration(SECTION, folder?.uri);
  const inspect = config.inspect<string[]>('domains');
  const target = folder === undefined
    ? vscode.ConfigurationTarget.Global
    : folders.length > 1 ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
  const current = (target === vscode.ConfigurationTarget.Global ? inspect?.globalValue
    : target === vscode.ConfigurationTarget.WorkspaceFolder ? inspect?.workspaceFolderValue : inspect?.workspaceValue) ?? [];
  if (current.includes(domain)) {
    ctx.notifier.show('info', folder ? vscode.l10n.t('Leak Search: {0} is already configured for {1}.', domain, folder.name) : vscode.l10n.t('Leak Search: {0} is already configured.', domain));
    return true;
  }
  await config.update('domains', [...current, domain], target);
  ctx.notifier.show('info', folder ? vscode.l10n.t('Leak Search: {0} added to {1}.', domain, folder.name) : vscode.l10n.t('Leak Search: {0} added to your user settings.', domain), [
    { label: vscode.l10n.t('Check Now'), run: () => vscode.commands.executeCommand(CommandId.checkDomain, domain) },
  ]);
  return true;
}

/** undefined = no folder (user settings); null = the user dismissed the pick. */
async function chooseFolder(folders: readonly vscode.WorkspaceFolder[], arg: unknown): Promise<vscode.WorkspaceFolder | undefined | null> {
  if (folders.length === 0) return undefined;
  if (arg instanceof vscode.Uri) return vscode.workspace.getWorkspaceFolder(arg) ?? folders[0];
  if (folders.length === 1) return folders[0];
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder should check this domain?') });
  return picked ?? null;
}
