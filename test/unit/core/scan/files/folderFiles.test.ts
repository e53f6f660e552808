// The files Scan Workspace lists in a folder on disk: every regular file, dotfiles too, but
// what the exclude globs exclude (an excluded folder is not entered, and a glob relative to
// the folder never matches the folders above it), without following symbolic links, each
// folder's files in name order before its folders', at most `max`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { folderFiles, folderFilesInParts } from '../../../../../src/core/scan/files/folderFiles';

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

  it('lists every regular file but the excluded ones, files before folders, without following links', async () => {
    const { paths, truncated } = await folderFiles(root, [...DEFAULTS, '**/*.min.js', '**/build/**'], { max: 1000 });
    assert.equal(truncated, false);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/keep.js', 'sub/c.ts', 'sub/deeper/d.md'], 'the folders above the root are not matched');
    for (const p of paths) assert.ok(path.isAbsolute(p));
  });

  it('does not enter a folder a glob names, even when no file inside matches it', async () => {
    const { paths } = await folderFiles(root, [...DEFAULTS, 'sub/deeper'], { max: 1000 });
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/bundle.min.js', 'dist/keep.js', 'sub/c.ts']);
  });

  it('matches a glob written for the absolute path on the absolute path', async () => {
    const { paths } = await folderFiles(root, [...DEFAULTS, `${root.split(path.sep).join('/')}/dist/**`], { max: 1000, windows: false });
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'sub/c.ts', 'sub/deeper/d.md']);
  });

  it('reads globs relative to the workspace folder when listing a folder inside it', async () => {
    const { paths } = await folderFiles(path.join(root, 'sub'), [...DEFAULTS, 'sub/deeper/**'], { max: 1000, within: 'sub' });
    assert.deepEqual(relative(paths), ['sub/c.ts']);
  });

  it('lists everything with no exclusion, and nothing of a folder that is gone', async () => {
    assert.deepEqual(relative((await folderFiles(root, [], { max: 1000 })).paths), ['.env', 'a.txt', 'b.txt', '.git/config', 'dist/bundle.min.js', 'dist/keep.js', 'node_modules/pkg/index.js', 'sub/c.ts', 'sub/deeper/d.md', 'sub/node_modules/e.js']);
    assert.deepEqual(await folderFiles(path.join(root, 'no-such-folder'), [], { max: 1000 }), { paths: [], truncated: false });
  });

  it('stops at `max` files and says so, and when asked to stop', async () => {
    const { paths, truncated } = await folderFiles(root, [], { max: 3 });
    assert.equal(truncated, true);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt']);
    let asked = 0;
    const stopped = await folderFiles(root, [], { max: 1000, stopped: () => asked++ > 0 });
    assert.deepEqual(relative(stopped.paths), ['.env', 'a.txt', 'b.txt'], 'the top folder only');
  });

  it('lists a wide tree in the same order as a walk of one folder at a time', async () => {
    const wide = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-wide-'));
    try {
      // Folders of several sizes and depths, so that folders read ahead finish in any order.
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
      const { paths } = await folderFiles(wide, [], { max: 100_000 });
      assert.deepEqual(paths, walk(wide));
      assert.ok(paths.length > 700);
      // In parts, as a scan takes them: the same files in the same order, the first part
      // handed over while the rest are still to be listed, none listed while a part is taken.
      const parts: string[][] = [];
      let taking = false;
      const listed = await folderFilesInParts(wide, [], { max: 100_000, turnMs: 0 }, async (part) => {
        assert.equal(taking, false, 'one part at a time');
        taking = true;
        parts.push(part);
        await new Promise((resolve) => setTimeout(resolve, 2));
        taking = false;
      });
      assert.deepEqual(parts.flat(), paths);
      assert.deepEqual(listed, { files: paths.length, truncated: false });
      assert.ok(parts.length > 1 && (parts[0] as string[]).length < paths.length, `${parts.length} parts`);
      assert.ok(parts.every((part) => part.length > 0), 'no empty part');
      const cut = await folderFilesInParts(wide, [], { max: 500 }, async () => undefined);
      assert.deepEqual(cut, { files: 500, truncated: true });
    } finally {
      fs.rmSync(wide, { recursive: true, force: true });
    }
  });
});
