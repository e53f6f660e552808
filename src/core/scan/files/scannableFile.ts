// A file on disk as a scan reads it: the command line's `scan` and the engine's `scanFile`.
// Read synchronously: a tree holds mostly small files, for which the four trips of an
// asynchronous read through Node's thread pool (open, stat, read, close) cost several times
// the reading itself; a caller that serves other work meanwhile yields between files. Pure: no vscode.
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { bytesLookBinary, decodeText } from './binaryText';

// Opening a file does not follow a symbolic link where the system can tell (not on Windows).
const NO_FOLLOW: number | undefined = fsConstants.O_NOFOLLOW;

/** Files up to this size are read into one reused buffer when only their text is kept. */
const SMALL_FILE = 64 * 1024;
let scratch: Buffer | undefined;

/**
 * Opens a file to scan: its descriptor and size, or undefined when it is skipped before
 * reading: not a regular file (a symbolic link is not followed) or larger than `maxBytes`.
 * Throws when it cannot be opened.
 */
function openScannable(path: string, maxBytes: number): { fd: number; size: number } | undefined {
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
    if (!stat.isFile() || stat.size > maxBytes || (NO_FOLLOW === undefined && lstatSync(path).isSymbolicLink())) {
      closeSync(fd);
      return undefined;
    }
    return { fd, size: stat.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Up to `into.length` bytes of an open file, from its start; closes it. */
function readOpened(fd: number, into: Buffer): Buffer {
  try {
    let at = 0;
    while (at < into.length) {
      const n = readSync(fd, into, at, into.length - at, null);
      if (n === 0) break;
      at += n;
    }
    return into.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's bytes, or undefined when it is skipped before reading: not a regular file (a
 * symbolic link is not followed) or larger than `maxBytes`. Throws when it cannot be read.
 */
export function readScannableFile(path: string, maxBytes: number): Uint8Array | undefined {
  const opened = openScannable(path, maxBytes);
  return opened === undefined ? undefined : readOpened(opened.fd, Buffer.allocUnsafe(opened.size));
}

/** The text of a file's content, or undefined when it is not scanned: larger than `maxBytes`, or binary. */
export function scannableText(bytes: Uint8Array, maxBytes: number): string | undefined {
  return bytes.length > maxBytes || bytesLookBinary(bytes) ? undefined : decodeText(bytes);
}

/**
 * A file's text as scanned, or undefined when it is skipped or cannot be read. A small file
 * is read into a buffer kept for the next: its text is a copy, and a tree of thousands of
 * files then allocates strings only.
 */
export function readScannableText(path: string, maxBytes: number): string | undefined {
  try {
    const opened = openScannable(path, maxBytes);
    if (opened === undefined) return undefined;
    const into = opened.size <= SMALL_FILE ? (scratch ??= Buffer.allocUnsafe(SMALL_FILE)).subarray(0, opened.size) : Buffer.allocUnsafe(opened.size);
    return scannableText(readOpened(opened.fd, into), maxBytes);
  } catch {
    return undefined;
  }
}
