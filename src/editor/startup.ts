// What activation does after wiring: read whether a key is set, load the encrypted cache and
// show it (tree and status bar, marked with its age). No network request, no workspace file.
import * as vscode from 'vscode';
import type { LeakSearchContext } from './leakSearchContext';

export async function startup(ctx: LeakSearchContext): Promise<void> {
  try {
    const [entries] = await Promise.all([ctx.cache.load(), ctx.treeModel.refreshState()]);
    if (entries.length > 0) ctx.results.putAll(entries);
    ctx.statusBar.update();
  } catch (e) {
    ctx.log.error(`Startup: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The tree's message in Restricted Mode. */
export function trustMessage(): string | undefined {
  return vscode.workspace.isTrusted ? undefined : 'Restricted Mode: workspace domains are read once you trust this workspace. You can still check a domain you type.';
}
