// The files Scan Workspace lists in a folder on disk: every regular file, dotfiles too, but
// what the exclude globs exclude (an excluded folder is not entered, and a glob relative to
// the folder never matches the folders above it), without following symbolic links, each
// folder's files in name order before its folders', at most `max`; in turns, the same.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FolderListing, folderFiles } from '../../../../../src/core/scan/files/folderFiles';

const DEFAULTS = ['**/node_modules/**', '**/.git/**'];

describe('folder files', () => {
  let top: string;
  let root: string;
  let outside: string;

  before(() => {
    // The workspace folder itself sits under a `node_modules` and a `build` folder.
    top = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-folder-'));
    root = path.join(top, 'node_modules', 'build', 'ws');
    outside = path.join(top, 'outside');
    const write = (rel: string): void => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), 'x');
    };
    for (const rel of ['b.txt', 'a.txt', '.env', 'sub/c.ts', 'sub/deeper/d.md', 'node_modules/pkg/index.js', 'sub/node_modules/e.js', 'dist/bundle.min.js', 'dist/keep.js', '.git/config']) write(rel);
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
    fs.symlinkSync(outside, path.join(root, 'linked-folder'));
    fs.symlinkSync(path.join(root, 'a.txt'), path.join(root, 'linked-file.txt'));
  });

  after(() => fs.rmSync(top, { recursive: true, force: true }));

  const relative = (paths: readonly string[]): string[] => paths.map((p) => path.relative(root, p).split(path.sep).join('/'));

  it('lists every regular file but the excluded ones, files before folders, without following links', () => {
    const { paths, truncated } = folderFiles(root, [...DEFAULTS, '**/*.min.js', '**/build/**'], { max: 1000 });
    assert.equal(truncated, false);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/keep.js', 'sub/c.ts', 'sub/deeper/d.md'], 'the folders above the root are not matched');
    for (const p of paths) assert.ok(path.isAbsolute(p));
  });

  it('does not enter a folder a glob names, even when no file inside matches it', () => {
    const { paths } = folderFiles(root, [...DEFAULTS, 'sub/deeper'], { max: 1000 });
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/bundle.min.js', 'dist/keep.js', 'sub/c.ts']);
  });

  it('matches a glob written for the absolute path on the absolute path', () => {
    const { paths } = folderFiles(root, [...DEFAULTS, `${root.split(path.sep).join('/')}/dist/**`], { max: 1000, windows: false });
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'sub/c.ts', 'sub/deeper/d.md']);
  });

  it('reads globs relative to the workspace folder when listing a folder inside it', () => {
    const { paths } = folderFiles(path.join(root, 'sub'), [...DEFAULTS, 'sub/deeper/**'], { max: 1000, within: 'sub' });
    assert.deepEqual(relative(paths), ['sub/c.ts']);
  });

  it('lists everything with no exclusion, and nothing of a folder that is gone', () => {
    assert.deepEqual(relative((folderFiles(root, [], { max: 1000 })).paths), ['.env', 'a.txt', 'b.txt', '.git/config', 'dist/bundle.min.js', 'dist/keep.js', 'node_modules/pkg/index.js', 'sub/c.ts', 'sub/deeper/d.md', 'sub/node_modules/e.js']);
    assert.deepEqual(folderFiles(path.join(root, 'no-such-folder'), [], { max: 1000 }), { paths: [], truncated: false });
  });

  it('stops at `max` files and says so, and reads one folder at least in a turn', () => {
    const { paths, truncated } = folderFiles(root, [], { max: 3 });
    assert.equal(truncated, true);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt']);
    const first = new FolderListing(root, [], { max: 1000 }).next(0);
    assert.deepEqual({ ...first, paths: relative(first.paths) }, { paths: ['.env', 'a.txt', 'b.txt'], truncated: false, done: false }, 'the top folder only');
  });

  it('lists a wide tree in the same order as a walk of one folder at a time', () => {
    const wide = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-wide-'));
    try {
      // Folders of several sizes and depths, some holding only folders.
      for (let i = 0; i < 40; i++) {
        const dir = path.join(wide, `d${(i * 7) % 40}`, ...(i % 3 === 0 ? ['x', `y${i}`] : []));
        fs.mkdirSync(dir, { recursive: true });
        for (let f = 0; f < (i % 5) * 10 + 1; f++) fs.writeFileSync(path.join(dir, `f${f}.txt`), 'x');
      }
      const walk = (dir: string): string[] => {
        const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const files = entries.filter((e) => e.isFile()).map((e) => path.join(dir, e.name));
        return [...files, ...entries.filter((e) => e.isDirectory()).flatMap((e) => walk(path.join(dir, e.name)))];
      };
      const { paths } = folderFiles(wide, [], { max: 100_000 });
      assert.deepEqual(paths, walk(wide));
      assert.ok(paths.length > 700);
      // In turns, as a scan takes them: the same files in the same order, a turn's files
      // handed over while the rest are still to be listed.
      const turns = (max: number): { paths: string[][]; last: { truncated: boolean; done: boolean } } => {
        const listing = new FolderListing(wide, [], { max });
        const parts: string[][] = [];
        for (;;) {
          const part = listing.next(0);
          parts.push(part.paths);
          if (part.done) return { paths: parts, last: { truncated: part.truncated, done: part.done } };
          assert.equal(part.truncated, false);
        }
      };
      const inTurns = turns(100_000);
      assert.deepEqual(inTurns.paths.flat(), paths);
      assert.deepEqual(inTurns.last, { truncated: false, done: true });
      assert.ok(inTurns.paths.length > 40 && (inTurns.paths[0] as string[]).length < paths.length, `${inTurns.paths.length} turns`);
      const cut = turns(500);
      assert.deepEqual(cut.paths.flat(), paths.slice(0, 500));
      assert.deepEqual(cut.last, { truncated: true, done: true });
    } finally {
      fs.rmSync(wide, { recursive: true, force: true });
    }
  });
});
