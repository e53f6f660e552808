// "Open and visible" documents: shown in a visible editor or open in an editor tab. A
// document an extension opened without showing it is not scanned.
import * as vscode from 'vscode';

/** Whether the document with this URI is in a visible editor or an editor tab. */
export function isShown(uri: vscode.Uri): boolean {
  const key = uri.toString();
  if (vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === key)) return true;
  return tabUris().has(key);
}

/** The URIs (as strings) of every text tab. */
export function tabUris(): Set<string> {
  const out = new Set<string>();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      const uri = tabUri(tab);
      if (uri) out.add(uri.toString());
    }
  }
  return out;
}

export function tabUri(tab: vscode.Tab): vscode.Uri | undefined {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}

/** The open documents that are shown. */
export function shownDocuments(): vscode.TextDocument[] {
  const tabs = tabUris();
  const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  return vscode.workspace.textDocuments.filter((d) => !d.isClosed && (visible.has(d.uri.toString()) || tabs.has(d.uri.toString())));
}
