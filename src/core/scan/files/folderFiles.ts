// The files of a workspace folder as Scan Workspace lists them: every regular file under it
// that the exclude globs do not exclude (a folder they match is skipped whole, as VS Code's
// file search does), symbolic links not followed (a link's target is scanned where it lives,
// as the command line's scan does), at most `max` files. Listed with Node's file system, each
// folder read through its thread pool, a few ahead: VS Code's findFiles lists through the
// workbench's search process and sends every file back as a URI, which for a large tree costs
// seconds. The loop lets its thread turn now and then, hands over the files found so far each
// time (a scan can match them while the rest are listed), and stops when asked. Pure: no vscode.
import { promises as fs } from 'node:fs';
import type { Dirent } from 'node:fs';
import * as path from 'node:path';
import { excludeMatcher } from './excludeGlobs';

/** The longest the listing keeps its thread before letting it turn. */
const TURN_MS = 15;
/**
 * Folders read ahead of the one being listed (the next ones on the stack): a folder's read
 * waits on a trip through the thread pool, far longer than listing its entries, and reads of
 * the next folders overlap it.
 */
const READ_AHEAD = 8;
/**
 * Reads under way or done and not yet listed, at most: a folder read ahead may be buried under
 * the subfolders of the one listed before its turn comes, and its entries wait meanwhile.
 */
const READS_HELD = 4 * READ_AHEAD;

export interface FolderFiles {
  /** Absolute paths, in the system's form. */
  readonly paths: string[];
  /** More files were there than `max`. */
  readonly truncated: boolean;
}

export interface FolderFilesOptions {
  readonly max: number;
  /** Checked before each folder is read (cancellation): the files found so far are returned. */
  readonly stopped?: () => boolean;
  /** Windows' rules for paths and globs (the default on Windows). */
  readonly windows?: boolean;
  /** The root's own path relative to the folder the globs are written for (`/` between segments; none: the root is that folder). */
  readonly within?: string;
  /** The longest the listing keeps its thread before letting it turn (and handing over a part): TURN_MS by default. */
  readonly turnMs?: number;
}

/**
 * What a link in a folder's list is, not following it. On Windows a reparse point (a OneDrive
 * file, a deduplicated one) also reads as a link there: its own stat says what it is.
 */
async function linkKind(full: string): Promise<'file' | 'folder' | 'other'> {
  try {
    const stat = await fs.lstat(full);
    return stat.isSymbolicLink() ? 'other' : stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'other';
  }
}

/** Every file of the folder at once (folderFilesInParts, gathered). */
export async function folderFiles(root: string, exclude: readonly string[], options: FolderFilesOptions): Promise<FolderFiles> {
  const paths: string[] = [];
  const { truncated } = await folderFilesInParts(root, exclude, options, (part) => {
    for (const p of part) paths.push(p);
  });
  return { paths, truncated };
}

/**
 * The folder's files in parts, in the order `folderFiles` lists them: `take` is given the
 * files found since the last part each time the loop lets its thread turn, and at the end;
 * the listing goes on once it has returned (or its promise has). Says how many there were.
 */
export async function folderFilesInParts(
  root: string,
  exclude: readonly string[],
  options: FolderFilesOptions,
  take: (paths: string[]) => void | Promise<void>,
): Promise<{ readonly files: number; readonly truncated: boolean }> {
  const windows = options.windows ?? process.platform === 'win32';
  const excluded = excludeMatcher(exclude, windows);
  const p = windows ? path.win32 : path.posix;
  let paths: string[] = [];
  let files = 0;
  const handOver = async (): Promise<void> => {
    if (paths.length === 0) return;
    const part = paths;
    paths = [];
    await take(part);
  };
  // Folders still to read, each with its path relative to the root (`/` between segments).
  // Normalised once: an entry's name holds no separator, so a folder's path and a name joined
  // by one are what path.join would make, without its normalising pass over every file's path.
  const stack: { readonly dir: string; readonly relative: string }[] = [{ dir: p.normalize(root), relative: options.within ?? '' }];
  // Reads under way, by folder: those next on the stack, listed in the same order as ever.
  const reads = new Map<string, Promise<Dirent[] | undefined>>();
  // Gone, or not readable: its files cannot be scanned either.
  const read = (dir: string): Promise<Dirent[] | undefined> => fs.readdir(dir, { withFileTypes: true }).catch(() => undefined);
  let turn = performance.now();
  while (stack.length > 0 && options.stopped?.() !== true) {
    const { dir, relative } = stack.pop() as { dir: string; relative: string };
    // This folder's read first, then those of the next ones.
    const reading = reads.get(dir) ?? read(dir);
    reads.delete(dir);
    for (let i = stack.length - 1; i >= Math.max(0, stack.length - READ_AHEAD) && reads.size < READS_HELD; i--) {
      const next = (stack[i] as { dir: string }).dir;
      if (!reads.has(next)) reads.set(next, read(next));
    }
    const entries = await reading;
    if (entries === undefined) continue;
    // Sorted, so the list (and a cut at `max`) does not depend on the file system's order.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: { dir: string; relative: string }[] = [];
    const prefix = dir.endsWith(p.sep) ? dir : dir + p.sep;
    for (const entry of entries) {
      const full = prefix + entry.name;
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const kind = entry.isSymbolicLink() ? await linkKind(full) : entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : 'other';
      if (kind === 'other' || excluded(rel, full)) continue;
      if (kind === 'folder') folders.push({ dir: full, relative: rel });
      else {
        if (files === options.max) {
          await handOver();
          return { files, truncated: true };
        }
        paths.push(full);
        files++;
      }
    }
    // Depth first: a folder's own files (above), then its folders, each in name order.
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i] as { dir: string; relative: string });
    if (performance.now() - turn > (options.turnMs ?? TURN_MS)) {
      await handOver();
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
  await handOver();
  return { files, truncated: false };
}
