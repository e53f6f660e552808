// A workspace file's bytes for the scanner, read through VS Code's file system API, or
// undefined when it is not a file or larger than the limit. Only for a scheme Node cannot read
// (a virtual workspace): a file on disk is read by the data engine (its `matchFiles`).
import * as vscode from 'vscode';

export async function scannedFileBytes(uri: vscode.Uri, maxBytes: number): Promise<Uint8Array | undefined> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > maxBytes || (stat.type & vscode.FileType.File) === 0) return undefined;
  return vscode.workspace.fs.readFile(uri);
}
