// A file on disk as a scan reads it: the command line's `scan` and the engine's `scanFile`.
// Read synchronously: a tree holds mostly small files, for which the four trips of an
// asynchronous read through Node's thread pool (open, stat, read, close) cost several times
// the reading itself; a caller that serves other work meanwhile yields between files. Pure: no vscode.
import { closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { bytesLookBinary } from './binaryText';
import { decodeForScan } from '../scanner';
import type { UnitText } from '../scanText';

// Opening a file does not follow a symbolic link where the system can tell (not on Windows).
const NO_FOLLOW: number | undefined = fsConstants.O_NOFOLLOW;

/**
 * Files up to this size are read into one reused buffer when only their text is kept (it grows
 * to the largest such file read, by doubling from 64 KiB). Fresh memory costs a page fault per
 * 4 KiB written, which some virtual machines make slower than the read itself; larger files
 * are rare enough to be read into a buffer of their own.
 */
const REUSED_UP_TO = 4 * 1024 * 1024;
const FIRST_SCRATCH = 64 * 1024;
let scratch: Buffer | undefined;

/** The reused buffer, at least `size` bytes long when `size` is at most REUSED_UP_TO (a larger file leaves it as it is). */
function scratchFor(size: number): Buffer {
  let length = scratch?.length ?? FIRST_SCRATCH;
  if (size <= REUSED_UP_TO) while (length < size) length *= 2;
  if (scratch === undefined || scratch.length < length) scratch = Buffer.allocUnsafe(length);
  return scratch;
}

/** The most a file may hold to be read (Node's own limit for reading a whole file): a larger one is skipped as too large. */
const MAX_READ = 2 ** 31 - 1;
/** The size of each read of a file whose size its system does not tell. */
const CHUNK = 64 * 1024;

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
    if (!stat.isFile() || stat.size > maxBytes || stat.size > MAX_READ || (NO_FOLLOW === undefined && lstatSync(path).isSymbolicLink())) {
      closeSync(fd);
      return undefined;
    }
    return { fd, size: stat.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Reads into `into` from where the file stands until it is full or the file ends: how many bytes. */
function readInto(fd: number, into: Buffer): number {
  let at = 0;
  while (at < into.length) {
    const n = readSync(fd, into, at, into.length - at, null);
    if (n === 0) break;
    at += n;
  }
  return at;
}

/**
 * An opened file's content, then closes it; undefined when it holds more than `maxBytes`
 * (or than Node reads whole). The size its stat gave is read (`reused` takes a file that
 * fits). A size of 0 may be no size at all (procfs, some FUSE file systems): such a file is
 * read to its end, in chunks, up to one byte past what may be read.
 */
function readOpened(opened: { fd: number; size: number }, maxBytes: number, reused?: Buffer): Buffer | undefined {
  const { fd, size } = opened;
  try {
    if (size > 0) {
      const into = reused !== undefined && size <= reused.length ? reused.subarray(0, size) : Buffer.allocUnsafe(size);
      return into.subarray(0, readInto(fd, into));
    }
    // What may be read at most: past it the file is skipped, as a file its stat says is larger.
    const cap = Math.min(maxBytes, MAX_READ);
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= cap) {
      const room = Math.min(CHUNK, cap + 1 - total);
      // An empty file (the usual size 0) costs one read into `reused`.
      const chunk = total === 0 && reused !== undefined && reused.length >= room ? reused.subarray(0, room) : Buffer.allocUnsafe(room);
      const n = readInto(fd, chunk);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (n < chunk.length) break;
    }
    if (total > cap) return undefined;
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's content as the scanner reads it: decoded into its memory, with no JS string made
 * (scanner.ts `decodeForScan`; valid until the next file is decoded), or undefined when it is
 * not scanned: larger than `maxBytes`, or binary.
 */
export function scannableUnits(bytes: Uint8Array, maxBytes: number): UnitText | undefined {
  return bytes.length > maxBytes || bytesLookBinary(bytes) ? undefined : decodeForScan(bytes);
}

/**
 * A file's content as the scanner reads it (`scannableUnits`), or undefined when it is skipped
 * or cannot be read. A file of up to REUSED_UP_TO bytes is read into a buffer kept for the
 * next, from which it is decoded: a tree of thousands of files allocates nothing per file.
 */
export function readScannableUnits(path: string, maxBytes: number): UnitText | undefined {
  try {
    const opened = openScannable(path, maxBytes);
    const bytes = opened === undefined ? undefined : readOpened(opened, maxBytes, scratchFor(opened.size));
    return bytes === undefined ? undefined : scannableUnits(bytes, maxBytes);
  } catch {
    return undefined;
  }
}
