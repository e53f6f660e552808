// A workspace file's bytes for the scanner, or undefined when it is not a file or larger than
// the limit. A `file:` URI is read with Node's own file system, in the extension host: the
// extension host runs beside the workspace's files (locally, or on the remote machine), and
// VS Code's file system API takes a message to the workbench and back for each call, which
// over thousands of files costs far more than reading them. A small file is read
// synchronously: four trips through Node's thread pool (open, stat, read, close) cost the main
// thread more than reading it does. A larger one is read through the pool, so that a slow disk
// or network mount never holds the thread for a whole read. Any other scheme (a virtual
// workspace) goes through VS Code's API.
import { closeSync, constants, fstatSync, openSync, promises as fs, readFileSync } from 'node:fs';
import * as vscode from 'vscode';

/** Files up to this size are read on the extension host's thread. */
const READ_HERE = 256 * 1024;

export async function scannedFileBytes(uri: vscode.Uri, maxBytes: number): Promise<Uint8Array | undefined> {
  if (uri.scheme === 'file') {
    // Non-blocking: a named pipe in the workspace would otherwise hold the thread until something wrote to it.
    const fd = openSync(uri.fsPath, constants.O_NONBLOCK === undefined ? 'r' : constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      // The open file's own stat: the size checked is that of the file read (it may be replaced meanwhile).
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > maxBytes) return undefined;
      if (stat.size <= READ_HERE) return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
    const bytes = await fs.readFile(uri.fsPath);
    // Grown past the limit since its stat: skipped, as a file found that large would be.
    return bytes.length > maxBytes ? undefined : bytes;
  }
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > maxBytes || (stat.type & vscode.FileType.File) === 0) return undefined;
  return vscode.workspace.fs.readFile(uri);
}
