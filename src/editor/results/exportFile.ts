// Where an export of leaked records goes. It holds usernames and URLs (passwords when asked),
// so it must not end up in a repository by accident: the save dialog opens in the user's
// Downloads (or home) folder, a target inside a workspace folder or a git working tree is
// confirmed in a modal first, the data engine writes it readable by its owner only, and the
// files exported are remembered so the extension never scans them as leaks.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { ExportFormat } from '../../shared/webviewProtocol';

const FILTERS: Readonly<Record<ExportFormat | 'sarif', Record<string, string[]>>> = {
  csv: { CSV: ['csv'] },
  json: { JSON: ['json'] },
  markdown: { Markdown: ['md'] },
  sarif: { SARIF: ['sarif', 'json'] },
};

const STATE_KEY = 'leakSearch.exportedFiles';
const KEEP = 500;

/** The files this extension exported (in global state: paths only), which scans skip. */
export class ExportedFiles extends Disposable {
  readonly #emitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#emitter.event;

  constructor(private readonly memento: vscode.Memento) {
    super();
  }

  has(uri: vscode.Uri): boolean {
    return this.#list().includes(uri.toString());
  }

  async add(uri: vscode.Uri): Promise<void> {
    const list = this.#list().filter((u) => u !== uri.toString());
    list.push(uri.toString());
    await this.memento.update(STATE_KEY, list.slice(-KEEP));
    this.#emitter.fire();
  }

  #list(): string[] {
    const v = this.memento.get<unknown>(STATE_KEY);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }
}

/** The user's Downloads folder when there is one, else the home folder. */
export function defaultExportFolder(home = os.homedir()): string {
  const downloads = path.join(home, 'Downloads');
  try {
    if (fs.statSync(downloads).isDirectory()) return downloads;
  } catch {
    // no Downloads folder
  }
  return home;
}

/** The git working tree a path lies in (the folder holding `.git`), if any. */
export function gitWorkingTree(file: string): string | undefined {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Why saving at `file` deserves a second thought: inside a workspace folder, or a git working tree. */
export function exportRisk(file: vscode.Uri): string | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(file);
  if (folder) return vscode.l10n.t('inside the workspace folder “{0}”, where it may be committed, shared or synced', folder.name);
  if (file.scheme !== 'file') return undefined;
  const tree = gitWorkingTree(file.fsPath);
  return tree ? vscode.l10n.t('inside the git working tree {0}, where it may be committed', tree) : undefined;
}

/** Asks where to save an export; undefined when the user cancels. */
export async function chooseExportFile(name: string, format: ExportFormat | 'sarif'): Promise<vscode.Uri | undefined> {
  const safeName = name.replace(/[\\/:*?"<>|]+/g, '_');
  for (;;) {
    const target = await vscode.window.showSaveDialog({
      title: format === 'sarif' ? vscode.l10n.t('Export leaked identifiers as SARIF') : vscode.l10n.t('Export leaked records'),
      saveLabel: vscode.l10n.t('Export'),
      filters: FILTERS[format],
      defaultUri: vscode.Uri.file(path.join(defaultExportFolder(), safeName)),
    });
    if (!target) return undefined;
    if (target.scheme !== 'file') {
      void vscode.window.showErrorMessage(vscode.l10n.t('Leak Search: exports are written to a folder on disk; choose one there.'));
      continue;
    }
    const risk = exportRisk(target);
    if (!risk) return target;
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('This export holds leaked account data and would be saved {0}.', risk),
      { modal: true, detail: vscode.l10n.t('Exports are saved readable by you only. Choose another folder, or save here anyway.') },
      vscode.l10n.t('Save Here Anyway'),
      vscode.l10n.t('Choose Another Folder'),
    );
    if (choice === vscode.l10n.t('Save Here Anyway')) return target;
    if (choice !== vscode.l10n.t('Choose Another Folder')) return undefined;
  }
}
