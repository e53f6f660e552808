// The files of a workspace folder as Scan Workspace lists them: every regular file under it
// that `leakSearch.exclude` does not exclude, a folder the globs match skipped whole (as
// VS Code's file search does), symbolic links not followed (a link's target is scanned where
// it lives, as the command line's scan does), at most `max` files. Read with Node's file system
// on the data engine's thread: VS Code's findFiles lists through the workbench's search
// process and sends every file back as a URI, which for a large tree costs seconds. Yields the
// thread now and then, so a very large tree does not hold the engine. Pure: no vscode.
import { promises as fs } from 'node:fs';
import type { Dirent } from 'node:fs';
import * as path from 'node:path';
import { excludeMatcher } from './excludeGlobs';

/** The longest the listing keeps its thread before letting it turn. */
const TURN_MS = 20;

export interface FolderFiles {
  /** Absolute paths, in the system's form. */
  readonly paths: string[];
  /** More files were there than `max`. */
  readonly truncated: boolean;
}

export async function folderFiles(root: string, exclude: readonly string[], max: number, windows = process.platform === 'win32'): Promise<FolderFiles> {
  const excluded = excludeMatcher(exclude, windows);
  const p = windows ? path.win32 : path.posix;
  const paths: string[] = [];
  // Folders still to read, each with its path relative to the root (`/` between segments).
  const stack: { readonly dir: string; readonly relative: string }[] = [{ dir: root, relative: '' }];
  let turn = performance.now();
  while (stack.length > 0) {
    const { dir, relative } = stack.pop() as { dir: string; relative: string };
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      // Gone, or not readable: its files cannot be scanned either.
      continue;
    }
    // Sorted, so the list (and a cut at `max`) does not depend on the file system's order.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: { dir: string; relative: string }[] = [];
    for (const entry of entries) {
      const full = p.join(dir, entry.name);
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!excluded(rel, full)) folders.push({ dir: full, relative: rel });
      } else if (entry.isFile() && !excluded(rel, full)) {
        if (paths.length === max) return { paths, truncated: true };
        paths.push(full);
      }
    }
    // Depth first: a folder's own files (above), then its folders, each in name order.
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i] as { dir: string; relative: string });
    if (performance.now() - turn > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
  return { paths, truncated: false };
}
