// Which documents are scanned: only in a trusted workspace, real files or untitled ones,
// not excluded by `leakSearch.exclude`, not over `leakSearch.diagnostics.maxFileSize`, not
// binary, not an export of this extension (src/editor/results/exportFile.ts), and not
// git-ignored (unless `leakSearch.diagnostics.includeGitIgnored`, or the file name is a
// secret-bearing one of `leakSearch.diagnostics.secretFiles`).
import * as vscode from 'vscode';
import { looksBinary } from '../../core/scan/files/binaryText';
import type { DiagnosticSettings } from './diagnosticSettings';
import type { GitIgnored } from './gitIgnored';

export type SkipReason = 'untrusted' | 'disabled' | 'scheme' | 'excluded' | 'tooLarge' | 'binary' | 'gitIgnored' | 'export';

/** The files this extension exported (they hold the leaked records themselves: never scanned). */
export interface ExportedFileList {
  has(uri: vscode.Uri): boolean;
  readonly onDidChange: vscode.Event<void>;
}

export const SCANNED_SCHEMES: ReadonlySet<string> = new Set(['file', 'untitled', 'vscode-remote']);

/** Whether a document matches one of the exclude globs (absolute, or relative to a workspace folder). */
export function isExcluded(document: vscode.TextDocument, globs: readonly string[]): boolean {
  if (globs.length === 0) return false;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  for (const glob of globs) {
    if (vscode.languages.match({ pattern: glob }, document) > 0) return true;
    if (folder && vscode.languages.match({ pattern: new vscode.RelativePattern(folder, glob) }, document) > 0) return true;
  }
  return false;
}

/** Why a document is not scanned, from what can be told at once (no git); undefined: scan it. */
export function quickSkipReason(document: vscode.TextDocument, text: string, settings: DiagnosticSettings, exported?: ExportedFileList): SkipReason | undefined {
  if (!vscode.workspace.isTrusted) return 'untrusted';
  if (!settings.enabled) return 'disabled';
  if (!SCANNED_SCHEMES.has(document.uri.scheme)) return 'scheme';
  if (exported?.has(document.uri)) return 'export';
  // A character is at least one byte in UTF-8: a text longer than the limit surely is too large.
  const max = settings.maxFileSize;
  if (text.length > max || (text.length * 3 > max && Buffer.byteLength(text, 'utf8') > max)) return 'tooLarge';
  if (isExcluded(document, settings.exclude)) return 'excluded';
  if (looksBinary(text)) return 'binary';
  return undefined;
}

/** Whether git ignores the document and the settings say to skip such files. */
export async function skippedAsGitIgnored(document: vscode.TextDocument, settings: DiagnosticSettings, git: GitIgnored): Promise<boolean> {
  if (settings.includeGitIgnored || document.uri.scheme !== 'file') return false;
  if (settings.secretFiles.matches(document.uri.path)) return false;
  return git.isIgnored(document.uri);
}
