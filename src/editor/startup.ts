// What activation does after wiring: read whether a key is set, start the data engine on the
// encrypted cache and show what it holds (tree and status bar, marked with its age). No
// network request, no workspace file; the records stay in the engine's worker.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LeakSearchContext } from './leakSearchContext';
import type { LeakTreeModel } from './tree/leakTreeModel';

/** The cache keeps the newest 200 results of the last 30 days: leaked data is not kept around forever. */
export const CACHE_LIMITS = { maxCached: 200, maxCacheAgeMs: 30 * 86_400_000 } as const;

export async function startup(ctx: LeakSearchContext): Promise<void> {
  try {
    const storage = ctx.extension.globalStorageUri.fsPath;
    const [metas] = await Promise.all([
      ctx.cacheKey.get().then((cacheKey) =>
        ctx.engine.start({
          cacheDir: path.join(storage, 'results'),
          ...(cacheKey ? { cacheKey } : {}),
          limits: { maxRecords: ctx.settings.maxRecords(), ...CACHE_LIMITS },
          locale: vscode.env.language,
          legacyFile: path.join(storage, 'results-cache.bin'),
        }),
      ),
      ctx.treeModel.rereadState(),
    ]);
    if (metas.length > 0) ctx.results.putAll(metas);
    ctx.statusBar.update();
  } catch (e) {
    ctx.log.error(`Startup: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The tree's message in Restricted Mode. */
export function trustMessage(): string | undefined {
  return vscode.workspace.isTrusted ? undefined : vscode.l10n.t('Restricted Mode: workspace domains are read once you trust this workspace. You can still check a domain you type.');
}

/**
 * Keeps the tree's Restricted Mode message on a tree that shows something, and off an empty
 * one: VS Code hides a view's welcome content while the view has a message, and the Restricted
 * Mode welcome (package.json viewsWelcome) holds the buttons that work there.
 */
export function keepTrustMessage(view: vscode.TreeView<unknown>, model: LeakTreeModel): vscode.Disposable {
  const update = (): void => {
    view.message = model.roots().length > 0 ? trustMessage() : undefined;
  };
  update();
  return vscode.Disposable.from(model.onDidChange(update), vscode.workspace.onDidGrantWorkspaceTrust(update));
}
