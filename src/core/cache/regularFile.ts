// Reading a file of a folder that anyone with access to it may have filled: only a regular
// file is read, and never more than a bound. A symbolic link is not followed (O_NOFOLLOW), a
// FIFO does not block the open (O_NONBLOCK) and, like a device or a directory, is refused
// once fstat shows what it is; the size is checked on the open descriptor, so a file swapped
// in between is the one judged. Where the flags do not exist (Windows), an lstat first.
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';

const NOFOLLOW: number | undefined = constants.O_NOFOLLOW;
const FLAGS = constants.O_RDONLY | (NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** An open regular file and its size when opened. */
export interface RegularFile {
  readonly handle: fs.FileHandle;
  readonly size: number;
  /** Its inode: which file the name pointed at when opened. */
  readonly ino: number;
}

/** Opens `file` when it is a regular file itself; undefined when it is gone or anything else (the caller closes the handle). */
export async function openRegularFile(file: string): Promise<RegularFile | undefined> {
  let handle: fs.FileHandle;
  try {
    if (NOFOLLOW === undefined && !(await fs.lstat(file)).isFile()) return undefined;
    handle = await fs.open(file, FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, size: stat.size, ino: stat.ino };
  } catch {
    // fall through: closed below
  }
  await handle.close().catch(() => undefined);
  return undefined;
}

/**
 * The bytes (and inode) of a regular file of at most `maxBytes` (exactly `exactBytes` when given);
 * undefined when it is gone, not a regular file, or of another size. Reads at most what fstat
 * said, so a file that grows meanwhile is read no further.
 */
export async function readRegularFile(file: string, limit: { readonly maxBytes: number; readonly exactBytes?: number }): Promise<{ readonly data: Buffer; readonly ino: number } | undefined> {
  const opened = await openRegularFile(file);
  if (!opened) return undefined;
  const { handle, size, ino } = opened;
  try {
    if (size > limit.maxBytes || (limit.exactBytes !== undefined && size !== limit.exactBytes)) return undefined;
    const out = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(out, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled === size ? { data: out, ino } : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
