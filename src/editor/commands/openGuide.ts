// Opens a remediation guide (media/guides/, Markdown we ship) in the Markdown preview: from
// the palette (pick one), a hover link, the tree's context menu and the results panel.
import * as vscode from 'vscode';
import { GUIDE_KINDS, guideFinding, guideFor, guidePath, isGuideKind } from '../../core/text/guides';
import type { GuideKind } from '../../core/text/guides';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';

/** Opens the guide of `kind` (asks which when none is given); resolves with the file shown. */
export async function openGuide(ctx: LeakSearchContext, kind?: unknown): Promise<vscode.Uri | undefined> {
  let chosen: GuideKind | undefined = isGuideKind(kind) ? kind : undefined;
  if (!chosen) {
    const picked = await vscode.window.showQuickPick(
      GUIDE_KINDS.map((k) => ({ label: guideFinding(k), guide: k })),
      { title: vscode.l10n.t('Leak Search: remediation guide'), placeHolder: vscode.l10n.t('Which finding?') },
    );
    chosen = picked?.guide;
  }
  if (!chosen) return undefined;
  const uri = vscode.Uri.joinPath(ctx.extension.extensionUri, guidePath(chosen));
  try {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  } catch {
    // No Markdown preview (the built-in extension disabled): the text reads well as it is.
    await vscode.window.showTextDocument(uri, { preview: true });
  }
  return uri;
}

/** From the tree: the guide of a record's, site's or findings type's result. */
export function treeGuide(ctx: LeakSearchContext, node?: LeakNode): Promise<vscode.Uri | undefined> {
  const type = node?.kind === 'record' || node?.kind === 'site' ? node.entry.query.type : node?.kind === 'findings' ? node.type : undefined;
  return openGuide(ctx, type ? guideFor({ type }) : undefined);
}
