// What is at a workspace URI on disk now: a file, a folder, a link, or nothing. A `file:` URI
// is asked of Node's file system through its thread pool: VS Code's `workspace.fs.stat` takes
// a message to the workbench and back, and the follower asks this of every file a deleted tree
// or a checkout touched, thousands at once. Any other scheme (a
// virtual workspace) goes through VS Code's API.
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';

/** A symbolic link is told as such, not followed (Scan Workspace does not follow links). */
export type DiskEntry = 'file' | 'folder' | 'link' | 'other' | undefined;

export async function diskEntry(uri: vscode.Uri): Promise<DiskEntry> {
  try {
    if (uri.scheme === 'file') {
      const stat = await fs.lstat(uri.fsPath);
      return stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
    }
    const { type } = await vscode.workspace.fs.stat(uri);
    return (type & vscode.FileType.SymbolicLink) !== 0 ? 'link' : (type & vscode.FileType.Directory) !== 0 ? 'folder' : (type & vscode.FileType.File) !== 0 ? 'file' : 'other';
  } catch {
    // Gone (or unreadable, which a scan treats the same).
    return undefined;
  }
}
