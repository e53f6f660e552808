// A file on disk as a scan reads it: the command line's `scan` and the engine's `scanFile`.
// Read synchronously: a tree holds mostly small files, for which the four trips of an
// asynchronous read through Node's thread pool (open, stat, read, close) cost several times
// the reading itself; a caller that serves other work meanwhile yields between files. Pure: no vscode.
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import { bytesLookBinary, decodeText } from './binaryText';

// Opening a file does not follow a symbolic link where the system can tell (not on Windows).
const NO_FOLLOW: number | undefined = fsConstants.O_NOFOLLOW;

/**
 * A file's bytes, or undefined when it is skipped before reading: not a regular file (a
 * symbolic link is not followed) or larger than `maxBytes`. Throws when it cannot be read.
 */
export function readScannableFile(path: string, maxBytes: number): Uint8Array | undefined {
  let fd: number;
  try {
    // Never waits: a named pipe opened for reading would block until something writes to it.
    fd = openSync(path, NO_FOLLOW === undefined ? 'r' : fsConstants.O_RDONLY | NO_FOLLOW | (fsConstants.O_NONBLOCK ?? 0));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw e;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    if (NO_FOLLOW === undefined && lstatSync(path).isSymbolicLink()) return undefined;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The text of a file's content, or undefined when it is not scanned: larger than `maxBytes`, or binary. */
export function scannableText(bytes: Uint8Array, maxBytes: number): string | undefined {
  return bytes.length > maxBytes || bytesLookBinary(bytes) ? undefined : decodeText(bytes);
}

/** A file's text as scanned, or undefined when it is skipped or cannot be read. */
export function readScannableText(path: string, maxBytes: number): string | undefined {
  try {
    const bytes = readScannableFile(path, maxBytes);
    return bytes === undefined ? undefined : scannableText(bytes, maxBytes);
  } catch {
    return undefined;
  }
}
