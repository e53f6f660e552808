// Which contents `leak-search scan` reads, one at a time so memory stays bounded whatever the
// tree: files of the working tree (as git lists them, .gitignore respected, but secret-bearing
// files such as `.env` scanned even when ignored, as the editor does), the staged content of the
// git index, the files changed since a revision with the lines added, or every blob of a range
// of history, each blob once. Symbolic links are never followed.
import { readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import type { SecretFileNames } from '../../core/scan/files/secretFiles';
import { UsageError } from '../exitCodes';
import { gitRecordBatches, gitRecords, gitRoot, isObjectId } from './git';

/** One content to scan. */
export interface ScanUnit {
  /** The file's absolute path (for a blob: where it is in the working tree). */
  readonly path: string;
  /** Read from git by this object id; absent: read the file from disk. */
  readonly blob?: string;
  /** The commit the blob was found in (a scan of history). */
  readonly commit?: string;
  /** Only findings that start on these lines count (1-based, inclusive ranges); absent: all. */
  readonly added?: readonly (readonly [number, number])[];
}

export interface TreeOptions {
  readonly secretFiles: SecretFileNames;
  /** Scan files git ignores too (leakSearch.diagnostics.includeGitIgnored). */
  readonly includeGitIgnored: boolean;
  /** A folder whose repository is known already (`root`, or undefined for none): not asked of git again. */
  readonly known?: { readonly dir: string; readonly root: string | undefined };
}

/**
 * The pathspecs of `paths` (relative to `cwd`) within the repository at `root`; each must be
 * inside it. `flavour` is the path flavour (the platform's by default): on Windows git names
 * `root` with `/` and the user types `\`, and both are read; a pathspec always has `/`.
 */
export function pathspecs(paths: readonly string[], cwd: string, root: string, flavour: PlatformPath = path): string[] {
  return paths.map((p) => {
    const rel = flavour.relative(root, flavour.resolve(cwd, p));
    if (rel === '..' || rel.startsWith(`..${flavour.sep}`) || flavour.isAbsolute(rel)) throw new UsageError(`${p} is not inside the git repository at ${root}.`);
    return rel === '' ? '.' : rel.split(flavour.sep).join('/');
  });
}

/**
 * The files under `dir`, depth first and in name order (the report's order does not hang on
 * the file system's), without following symbolic links or entering `.git`: a folder's files
 * at a time. A folder is read whole and synchronously, as the scan reads its files: a read
 * through Node's thread pool costs this thread several times the read itself, in a promise
 * and a wake-up.
 */
async function* walk(dir: string): AsyncGenerator<string[]> {
  const stack = [path.normalize(dir)];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // An entry's name holds no separator: joined by one, as path.join would, without its normalising pass.
    const prefix = current.endsWith(path.sep) ? current : current + path.sep;
    const files: string[] = [];
    const folders: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name !== '.git') folders.push(prefix + entry.name);
      } else if (entry.isFile()) files.push(prefix + entry.name);
    }
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i] as string);
    if (files.length > 0) yield files;
  }
}

/**
 * The working tree's files under `paths`, in batches as they are listed: the scan reads each
 * file in its turn, and an async step per file cost more than a small file's read. In a git
 * repository, what `git ls-files` lists (tracked and untracked, .gitignore respected) and the
 * ignored files whose name is a secret-bearing one; elsewhere every file found. A file named
 * on the command line is scanned even when ignored.
 */
export async function* treeUnits(paths: readonly string[], cwd: string, options: TreeOptions): AsyncGenerator<ScanUnit[]> {
  for (const p of paths) {
    const full = path.resolve(cwd, p);
    let stat;
    try {
      stat = await fs.lstat(full);
    } catch {
      throw new UsageError(`${p} does not exist.`);
    }
    if (!stat.isDirectory()) {
      yield [{ path: full }];
      continue;
    }
    const root = options.known?.dir === full ? options.known.root : await gitRoot(full);
    if (root === undefined) {
      for await (const files of walk(full)) yield files.map((file) => ({ path: file }));
      continue;
    }
    // git names the top folder with symbolic links resolved.
    const spec = pathspecs([await fs.realpath(full)], cwd, root);
    const inRoot = underRoot(root);
    const listed = options.includeGitIgnored ? ['--cached', '--others'] : ['--cached', '--others', '--exclude-standard'];
    for await (const records of gitRecordBatches(root, ['ls-files', '-z', '--deduplicate', ...listed, '--', ...spec])) {
      const units = unitsOf(records, inRoot, () => true);
      if (units.length > 0) yield units;
    }
    if (options.includeGitIgnored) continue;
    for await (const records of gitRecordBatches(root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...spec])) {
      const units = unitsOf(records, inRoot, (rel) => options.secretFiles.matches(rel));
      if (units.length > 0) yield units;
    }
  }
}

/** The files of paths `git ls-files` listed that `wanted` keeps. */
function unitsOf(records: readonly string[], inRoot: (rel: string) => string, wanted: (rel: string) => boolean): ScanUnit[] {
  const units: ScanUnit[] = [];
  for (const rel of records) if (rel !== '' && wanted(rel)) units.push({ path: inRoot(rel) });
  return units;
}

/**
 * A path `git ls-files` lists (relative, `/` between segments, never a `.` or `..` segment: git
 * keeps none in its index) joined to the repository's root: what path.join makes, without its
 * normalising pass over each of a tree's thousands of paths.
 */
function underRoot(root: string): (rel: string) => string {
  const prefix = path.join(root, path.sep);
  return path.sep === '/' ? (rel) => prefix + rel : (rel) => prefix + rel.split('/').join(path.sep);
}

/** Regular files and executables: symbolic links (120000) and submodules (160000) are not content. */
function isFileMode(mode: string | undefined): boolean {
  return mode === '100644' || mode === '100755';
}

/** The staged content of files added, copied or modified in the index (`git diff --cached`). */
export async function* stagedUnits(root: string, specs: readonly string[]): AsyncGenerator<ScanUnit> {
  let meta: string[] | undefined;
  for await (const record of gitRecords(root, ['diff', '--cached', '--raw', '-z', '--no-abbrev', '--no-renames', '--diff-filter=ACM', '--', ...specs])) {
    if (meta === undefined) {
      if (record.startsWith(':')) meta = record.slice(1).split(' ');
      continue;
    }
    const [, mode, , blob] = meta;
    meta = undefined;
    if (isFileMode(mode) && blob !== undefined && isObjectId(blob)) yield { path: path.join(root, record), blob };
  }
}

/** `+c` or `+c,d` of a hunk header: the added lines, or undefined when none. */
function addedRange(spec: string): [number, number] | undefined {
  const [start, count] = spec.split(',').map(Number);
  const n = count ?? 1;
  if (start === undefined || !Number.isInteger(start) || !Number.isInteger(n) || n <= 0) return undefined;
  return [start, start + n - 1];
}

/**
 * The path of a `+++ b/…` line. git quotes a path with unusual characters (C escapes), and ends
 * the line with a tab when the path holds a space (as GNU diff does); a tab of the name itself
 * is always quoted, so a last tab is never part of it. The path has `/` separators on every
 * system, relative to the repository's top folder.
 */
export function diffNewPath(line: string): string | undefined {
  let p = line.slice(4);
  if (p.endsWith('\t')) p = p.slice(0, -1);
  if (p === '/dev/null') return undefined;
  if (p.startsWith('"') && p.endsWith('"')) {
    const bytes: number[] = [];
    const body = p.slice(1, -1);
    const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, '"': 34 };
    for (let i = 0; i < body.length; i++) {
      const ch = body[i] as string;
      if (ch !== '\\') {
        bytes.push(...Buffer.from(ch, 'utf8'));
        continue;
      }
      const next = body[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
        i += 3;
      } else {
        bytes.push(escapes[next] ?? next.charCodeAt(0));
        i += 1;
      }
    }
    p = Buffer.from(bytes).toString('utf8');
  }
  return p.startsWith('b/') ? p.slice(2) : undefined;
}

/**
 * The files of the working tree changed since `ref`, each with the lines added since
 * (`git diff -U0`), and untracked files not ignored, as wholly added.
 */
export async function* diffUnits(root: string, ref: string, specs: readonly string[]): AsyncGenerator<ScanUnit> {
  let file: string | undefined;
  let added: [number, number][] = [];
  // Lines of the current hunk still to come (old, new): a line starting "+++ " inside one is content.
  let oldLeft = 0;
  let newLeft = 0;
  const args = ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', '-M', '--src-prefix=a/', '--dst-prefix=b/', '--end-of-options', ref, '--', ...specs];
  for await (const line of gitRecords(root, args, '\n')) {
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith('+')) newLeft--;
      else if (line.startsWith('-')) oldLeft--;
      else if (!line.startsWith('\\')) {
        oldLeft--;
        newLeft--;
      }
      continue;
    }
    if (line.startsWith('diff --git ')) {
      if (file !== undefined && added.length > 0) yield { path: path.join(root, file), added };
      file = undefined;
      added = [];
    } else if (line.startsWith('+++ ')) {
      file = diffNewPath(line);
    } else if (line.startsWith('@@ ')) {
      const m = /^@@ -(\d+(?:,\d+)?) \+(\d+(?:,\d+)?) @@/.exec(line);
      if (!m) continue;
      const [, o = '', n = ''] = m;
      oldLeft = o.includes(',') ? Number(o.split(',')[1]) : 1;
      newLeft = n.includes(',') ? Number(n.split(',')[1]) : 1;
      const range = addedRange(n);
      if (range) added.push(range);
    }
  }
  if (file !== undefined && added.length > 0) yield { path: path.join(root, file), added };
  for await (const rel of gitRecords(root, ['ls-files', '-z', '--others', '--exclude-standard', '--', ...specs])) {
    if (rel !== '') yield { path: path.join(root, rel) };
  }
}

/**
 * Every blob added or changed by the commits of `range` (default: all refs), oldest first, each
 * blob once: with the first commit and path it appeared at.
 */
export async function* historyUnits(root: string, range: string | undefined, specs: readonly string[]): AsyncGenerator<ScanUnit> {
  const seen = new Set<string>();
  let commit: string | undefined;
  let meta: string[] | undefined;
  const args = ['log', '--format=%H', '--raw', '-z', '--no-abbrev', '-m', '--root', '--no-renames', '--diff-filter=AM', '--reverse', ...(range === undefined ? ['--all'] : ['--end-of-options', range]), '--', ...specs];
  for await (const raw of gitRecords(root, args)) {
    if (meta !== undefined) {
      const [, mode, , blob] = meta;
      meta = undefined;
      if (commit !== undefined && isFileMode(mode) && blob !== undefined && isObjectId(blob) && !seen.has(blob)) {
        seen.add(blob);
        yield { path: path.join(root, raw), blob, commit };
      }
      continue;
    }
    const record = raw.replace(/^\n+/, '');
    if (record.startsWith(':')) meta = record.slice(1).split(' ');
    else if (isObjectId(record)) commit = record;
  }
}
