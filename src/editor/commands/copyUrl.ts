// Tree context menu "Copy URL" on a record (its URL) or a site (its host).
import * as vscode from 'vscode';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';

export async function copyUrl(_ctx: LeakSearchContext, node?: LeakNode): Promise<void> {
  if (node?.kind === 'record') await vscode.env.clipboard.writeText(node.record.url);
  else if (node?.kind === 'site') await vscode.env.clipboard.writeText(node.site);
}
