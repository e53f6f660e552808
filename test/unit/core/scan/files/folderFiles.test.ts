// The files Scan Workspace lists in a folder on disk: every regular file, dotfiles too, but
// what leakSearch.exclude excludes (an excluded folder is not entered), without following
// symbolic links, each folder's files in name order before its folders', at most `max`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { folderFiles } from '../../../../../src/core/scan/files/folderFiles';

describe('folder files', () => {
  let root: string;
  let outside: string;

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-folder-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-outside-'));
    const write = (rel: string): void => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), 'x');
    };
    for (const rel of ['b.txt', 'a.txt', '.env', 'sub/c.ts', 'sub/deeper/d.md', 'node_modules/pkg/index.js', 'sub/node_modules/e.js', 'dist/bundle.min.js', 'dist/keep.js', '.git/config']) write(rel);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
    fs.symlinkSync(outside, path.join(root, 'linked-folder'));
    fs.symlinkSync(path.join(root, 'a.txt'), path.join(root, 'linked-file.txt'));
  });

  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const relative = (paths: readonly string[]): string[] => paths.map((p) => path.relative(root, p).split(path.sep).join('/'));

  it('lists every regular file but the excluded ones, in name order, without following links', async () => {
    const { paths, truncated } = await folderFiles(root, ['**/node_modules/**', '**/.git/**', '**/*.min.js'], 1000);
    assert.equal(truncated, false);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/keep.js', 'sub/c.ts', 'sub/deeper/d.md']);
    for (const p of paths) assert.ok(path.isAbsolute(p));
  });

  it('does not enter an excluded folder', async () => {
    const unreadable = path.join(root, 'sub', 'deeper');
    const { paths } = await folderFiles(root, ['sub/deeper/**', '**/node_modules/**', '**/.git/**'], 1000);
    assert.ok(!paths.some((p) => p.startsWith(unreadable)));
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt', 'dist/bundle.min.js', 'dist/keep.js', 'sub/c.ts']);
  });

  it('lists everything with no exclusion, and nothing of a folder that is gone', async () => {
    assert.equal((await folderFiles(root, [], 1000)).paths.length, 10);
    assert.deepEqual(await folderFiles(path.join(root, 'no-such-folder'), [], 1000), { paths: [], truncated: false });
  });

  it('stops at `max` files and says so', async () => {
    const { paths, truncated } = await folderFiles(root, [], 3);
    assert.equal(truncated, true);
    assert.deepEqual(relative(paths), ['.env', 'a.txt', 'b.txt'], "a folder's own files first");
  });
});
