// The files of a workspace folder as Scan Workspace lists them: every regular file under it
// that the exclude globs do not exclude (a folder they match is skipped whole, as VS Code's
// file search does), symbolic links not followed (a link's target is scanned where it lives,
// as the command line's scan does), at most `max` files. Listed with Node's file system:
// VS Code's findFiles lists through the workbench's search process and sends every file back
// as a URI, which for a large tree costs seconds. Each folder is read synchronously, a turn at
// a time, on the data engine's thread (src/engine/engine.ts `listFiles`): a read through Node's
// thread pool costs its caller's thread several times the read itself, in promises and
// wake-ups, and the extension host's thread must not wait on a disk. The files found in each
// turn are handed over at once, so a scan can match them while the rest are listed. Pure: no vscode.
import { lstatSync, readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import * as path from 'node:path';
import { excludeMatcher } from './excludeGlobs';

export interface FolderFiles {
  /** Absolute paths, in the system's form. */
  readonly paths: string[];
  /** More files were there than `max`. */
  readonly truncated: boolean;
}

/** The files listed in one turn (FolderListing.next), and whether the listing is over. */
export interface ListedFiles extends FolderFiles {
  readonly done: boolean;
}

export interface FolderFilesOptions {
  readonly max: number;
  /** Windows' rules for paths and globs (the default on Windows). */
  readonly windows?: boolean;
  /** The root's own path relative to the folder the globs are written for (`/` between segments; none: the root is that folder). */
  readonly within?: string;
}

/**
 * What a link in a folder's list is, not following it. On Windows a reparse point (a OneDrive
 * file, a deduplicated one) also reads as a link there: its own stat says what it is.
 */
function linkKind(full: string): 'file' | 'folder' | 'other' {
  try {
    const stat = lstatSync(full);
    return stat.isSymbolicLink() ? 'other' : stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * A folder's files, listed a turn at a time: depth first, a folder's own files before its
 * folders, each in name order (so the list, and a cut at `max`, does not depend on the file
 * system's order).
 */
export class FolderListing {
  readonly #excluded: (relative: string, absolute: string) => boolean;
  readonly #sep: string;
  readonly #max: number;
  // Folders still to read, each with its path relative to the root (`/` between segments).
  // Normalised once: an entry's name holds no separator, so a folder's path and a name joined
  // by one are what path.join would make, without its normalising pass over every file's path.
  readonly #stack: { readonly dir: string; readonly relative: string }[];
  #files = 0;
  #truncated = false;

  constructor(root: string, exclude: readonly string[], options: FolderFilesOptions) {
    const windows = options.windows ?? process.platform === 'win32';
    const p = windows ? path.win32 : path.posix;
    this.#excluded = excludeMatcher(exclude, windows);
    this.#sep = p.sep;
    this.#max = options.max;
    this.#stack = [{ dir: p.normalize(root), relative: options.within ?? '' }];
  }

  /** The files of the next folders, read until `turnMs` have passed (one folder at least) or the listing ends. */
  next(turnMs: number): ListedFiles {
    const paths: string[] = [];
    const started = performance.now();
    while (this.#stack.length > 0 && !this.#truncated) {
      const { dir, relative } = this.#stack.pop() as { dir: string; relative: string };
      this.#list(dir, relative, paths);
      if (performance.now() - started >= turnMs) break;
    }
    return { paths, truncated: this.#truncated, done: this.#truncated || this.#stack.length === 0 };
  }

  #list(dir: string, relative: string, paths: string[]): void {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // Gone, or not readable: its files cannot be scanned either.
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: { dir: string; relative: string }[] = [];
    const prefix = dir.endsWith(this.#sep) ? dir : dir + this.#sep;
    for (const entry of entries) {
      const full = prefix + entry.name;
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const kind = entry.isSymbolicLink() ? linkKind(full) : entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : 'other';
      if (kind === 'other' || this.#excluded(rel, full)) continue;
      if (kind === 'folder') folders.push({ dir: full, relative: rel });
      else if (this.#files === this.#max) {
        this.#truncated = true;
        return;
      } else {
        paths.push(full);
        this.#files++;
      }
    }
    for (let i = folders.length - 1; i >= 0; i--) this.#stack.push(folders[i] as { dir: string; relative: string });
  }
}

/** Every file of the folder at once (FolderListing, to its end). */
export function folderFiles(root: string, exclude: readonly string[], options: FolderFilesOptions): FolderFiles {
  const listing = new FolderListing(root, exclude, options);
  const paths: string[] = [];
  for (;;) {
    const part = listing.next(Infinity);
    for (const p of part.paths) paths.push(p);
    if (part.done) return { paths, truncated: part.truncated };
  }
}
