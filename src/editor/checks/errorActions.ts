// Maps an error's next step (src/editor/checks/formatError.ts) to a notification button.
import * as vscode from 'vscode';
import { actionLabel } from './formatError';
import type { ErrorAction } from './formatError';
import type { NotifierAction } from '../notifier';
import { CommandId } from '../commands/commandIds';

export interface ErrorActionHandlers {
  retry(): unknown;
  showLog(): unknown;
  checkAt(): unknown;
}

/** `setting`: the one setting 'openSettings' opens; without it, all of this extension's. */
export function errorActionRunner(action: ErrorAction, handlers: ErrorActionHandlers, setting?: string): NotifierAction {
  const label = actionLabel(action);
  switch (action) {
    case 'setApiKey':
      return { label, run: () => vscode.commands.executeCommand(CommandId.setApiKey) };
    case 'openSettings':
      return { label, run: () => vscode.commands.executeCommand('workbench.action.openSettings', setting ?? '@ext:leaksearch.leak-search') };
    case 'openProxySettings':
      return { label, run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy') };
    case 'enterDomain':
      return { label, run: () => vscode.commands.executeCommand(CommandId.checkDomain) };
    case 'retry':
      return { label, run: handlers.retry };
    case 'showLog':
      return { label, run: handlers.showLog };
    case 'checkWhenQuotaResets':
      return { label, run: handlers.checkAt };
  }
}
