// Saves an export the webview built: asks where, then writes it. Never includes the API key:
// the content comes from the result records only.
import * as vscode from 'vscode';
import type { ExportRequest } from '../../shared/protocol';

const FILTERS: Readonly<Record<ExportRequest['format'], Record<string, string[]>>> = {
  csv: { CSV: ['csv'] },
  json: { JSON: ['json'] },
  markdown: { Markdown: ['md'] },
};

export interface ExportOutcome {
  readonly ok: boolean;
  readonly message: string;
}

function defaultFolder(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export async function handleExport(request: ExportRequest): Promise<ExportOutcome> {
  const folder = defaultFolder();
  const name = request.suggestedName.replace(/[\\/:*?"<>|]+/g, '_');
  const target = await vscode.window.showSaveDialog({
    title: 'Export leak records',
    saveLabel: 'Export',
    filters: FILTERS[request.format],
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
  });
  if (!target) return { ok: false, message: 'Export cancelled' };
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(request.content));
  return { ok: true, message: `Saved ${target.path.split('/').pop() ?? 'file'}` };
}
