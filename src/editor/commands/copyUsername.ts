// Tree context menu "Copy Username" on a record.
import * as vscode from 'vscode';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';

export async function copyUsername(ctx: LeakSearchContext, node?: LeakNode): Promise<void> {
  if (node?.kind !== 'record') return;
  await vscode.env.clipboard.writeText(node.record.username);
  ctx.log.debug('Copied a username from the tree.');
}
