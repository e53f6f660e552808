// Registers every command of the table in commandIds.ts; each handler lives in its own file.
import * as vscode from 'vscode';
import { CommandId } from './commandIds';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';
import { checkDomain } from './checkDomain';
import { checkAllDomains } from './checkAllDomains';
import { checkShownAgain } from './checkShownAgain';
import { setApiKey } from './setApiKey';
import { clearApiKey } from './clearApiKey';
import { addDomain } from './addDomain';
import { openResults } from './openResults';
import { resetQuotaState } from './resetQuotaState';
import { copyUsername } from './copyUsername';
import { copyUrl } from './copyUrl';
import { recheck } from './recheck';
import { exportSarif } from './exportSarif';
import { acknowledge, clearTriage, exportTriage, falsePositive, importTriage, remediate } from './triage';
import { removeDomain } from './removeDomain';
import { openGuide, treeGuide } from './openGuide';
import { manageIgnored } from '../diagnostics/manageIgnored';
import { ignoreIdentifier, scanWorkspace, showLeakedRecords } from '../diagnostics/diagnosticCommands';

type Handler = (ctx: LeakSearchContext, ...args: never[]) => unknown;

const HANDLERS: Readonly<Record<CommandId, Handler>> = {
  [CommandId.checkDomain]: checkDomain,
  [CommandId.checkAllDomains]: (ctx) => checkAllDomains(ctx),
  [CommandId.checkShownAgain]: checkShownAgain,
  [CommandId.setApiKey]: setApiKey,
  [CommandId.clearApiKey]: clearApiKey,
  [CommandId.addDomain]: addDomain,
  [CommandId.openResults]: openResults,
  [CommandId.resetQuotaState]: resetQuotaState,
  [CommandId.copyUsername]: copyUsername,
  [CommandId.copyUrl]: copyUrl,
  // Tree context menu "Show in Results Panel": the node's result, focused on its site or record.
  [CommandId.showInResults]: openResults,
  [CommandId.recheck]: recheck,
  [CommandId.removeDomain]: removeDomain,
  [CommandId.manageIgnored]: manageIgnored,
  [CommandId.showMore]: (ctx: LeakSearchContext, node?: LeakNode) => (node ? ctx.treeModel.showMore(node) : undefined),
  [CommandId.scanWorkspace]: scanWorkspace,
  [CommandId.showLeakedRecords]: showLeakedRecords,
  [CommandId.ignoreIdentifier]: ignoreIdentifier,
  [CommandId.acknowledge]: acknowledge,
  [CommandId.remediate]: remediate,
  [CommandId.falsePositive]: falsePositive,
  [CommandId.clearTriage]: clearTriage,
  [CommandId.exportTriage]: exportTriage,
  [CommandId.importTriage]: importTriage,
  [CommandId.exportSarif]: exportSarif,
  [CommandId.openGuide]: openGuide,
  [CommandId.treeGuide]: treeGuide,
};

/** Registers every command; disposing the answer unregisters them all. */
export function registerCommands(ctx: LeakSearchContext): vscode.Disposable {
  const registrations = Object.entries(HANDLERS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await (handler as (ctx: LeakSearchContext, ...a: unknown[]) => unknown)(ctx, ...args);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        ctx.log.error(`Command ${id} failed: ${message}`);
        ctx.notifier.show('error', vscode.l10n.t('Leak Search: {0}', message), [{ label: vscode.l10n.t('Show Log'), run: () => ctx.log.show() }]);
        return undefined;
      }
    }),
  );
  return vscode.Disposable.from(...registrations);
}
