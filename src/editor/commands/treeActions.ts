// The tree's context-menu commands: copy username, copy URL, show in results, re-check.
import * as vscode from 'vscode';
import { fieldText } from '../../core/sites';
import type { CheckOutcome } from '../checks/checkRunner';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';
import { openResults } from './openResults';

export async function copyUsername(ctx: LeakSearchContext, node?: LeakNode): Promise<void> {
  if (node?.kind !== 'record') return;
  const username = fieldText(node.record, 'username') || fieldText(node.record, 'email');
  await vscode.env.clipboard.writeText(username);
  ctx.log.debug('Copied a username from the tree.');
}

export async function copyUrl(_ctx: LeakSearchContext, node?: LeakNode): Promise<void> {
  if (node?.kind === 'record') await vscode.env.clipboard.writeText(fieldText(node.record, 'url'));
  else if (node?.kind === 'site') await vscode.env.clipboard.writeText(node.site);
}

export function showInResults(ctx: LeakSearchContext, node?: LeakNode): Promise<string | undefined> {
  return openResults(ctx, node);
}

export async function recheck(ctx: LeakSearchContext, node?: LeakNode): Promise<CheckOutcome[]> {
  if (node?.kind === 'domain') return ctx.checks.check([{ domain: node.domain }], { force: true, announce: true });
  if (node?.kind === 'findings') {
    const range = node.entry ? node.entry.query.range ?? null : undefined;
    return ctx.checks.check([{ domain: node.domain, type: node.type, ...(range !== undefined ? { range } : {}) }], { force: true, announce: true });
  }
  return [];
}
