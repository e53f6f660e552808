// `leakSearch.exclude` for files on disk: the globs Scan Workspace gives VS Code's search, on a
// path relative to the workspace folder or absolute.
import * as assert from 'node:assert/strict';
import picomatch from 'picomatch';
import { excludeMatcher } from '../../../../src/core/scan/files/excludeGlobs';

describe('exclude globs for files not open', () => {
  it('matches the default globs at any depth, dot folders included', () => {
    const excluded = excludeMatcher(['**/node_modules/**', '**/.git/**']);
    assert.equal(excluded('node_modules/pkg/index.js', '/ws/node_modules/pkg/index.js'), true);
    assert.equal(excluded('packages/a/node_modules/x/y.js', '/ws/packages/a/node_modules/x/y.js'), true);
    assert.equal(excluded('.git/config', '/ws/.git/config'), true);
    assert.equal(excluded('src/node_modules.ts', '/ws/src/node_modules.ts'), false);
    assert.equal(excluded('.env', '/ws/.env'), false);
  });

  it('matches a glob written for the absolute path, and nothing without globs', () => {
    assert.equal(excludeMatcher(['/ws/vendor/**'])('vendor/lib.js', '/ws/vendor/lib.js'), true);
    assert.equal(excludeMatcher(['**/*.min.js', 'dist/**'])('dist/app.js', '/ws/dist/app.js'), true);
    assert.equal(excludeMatcher([])('anything', '/anything'), false);
  });
});

describe('exclude globs: a name anywhere, tested without picomatch', () => {
  it('agrees with picomatch on every path of odd and ordinary segments', () => {
    const globs = ['**/node_modules', '**/node_modules/**', '**/.git', '**/.git/**', '**/Thumbs.db', '**/build/**', '**/my folder/**', '**/*.code-search', '**/a/**/b', '**/a+b', '**/x.js'];
    const segments = ['node_modules', '.git', 'a', 'x.js', 'build', 'node_modulesx', 'xnode_modules', '.', '..', '', 'Thumbs.db', 'my folder', 'a+b', 'NODE_MODULES', 'q.code-search'];
    // Every path of one to three segments, with and without a leading or trailing slash.
    const paths: string[] = [];
    for (const a of segments) {
      paths.push(a);
      for (const b of segments) {
        paths.push(`${a}/${b}`);
        for (const c of segments) paths.push(`${a}/${b}/${c}`);
      }
    }
    const all = paths.flatMap((p) => [p, `/${p}`, `${p}/`]);
    for (const glob of globs) {
      const ours = excludeMatcher([glob], false);
      const theirs = picomatch(glob, { dot: true, windows: false, nocase: false });
      const differ = all.filter((p) => ours(p, `/ws/${p}`) !== theirs(p));
      assert.deepEqual(differ, [], glob);
    }
  });
});
