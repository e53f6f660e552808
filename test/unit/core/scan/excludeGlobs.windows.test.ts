// `leakSearch.exclude` on Windows paths as well as POSIX ones, whatever system runs the test:
// the matcher is asked for Windows' rules (case, backslashes, drive letters, UNC shares) or
// POSIX ones explicitly, so Linux, macOS and Windows runners check the same thing.
import * as assert from 'node:assert/strict';
import { excludeMatcher } from '../../../../src/core/scan/files/excludeGlobs';

const DEFAULTS = ['**/node_modules/**', '**/.git/**'];

describe('exclude globs on Windows paths', () => {
  it('excludes node_modules under a drive letter, given with backslashes, forward slashes or as a URI path', () => {
    const excluded = excludeMatcher(DEFAULTS, true);
    assert.equal(excluded('node_modules/x.js', 'C:\\repo\\node_modules\\x.js'), true);
    assert.equal(excluded('node_modules\\x.js', 'C:\\repo\\node_modules\\x.js'), true, 'a relative path with backslashes');
    assert.equal(excluded('packages/a/node_modules/x/y.js', 'c:/repo/packages/a/node_modules/x/y.js'), true);
    assert.equal(excluded('node_modules/x.js', '/c:/repo/node_modules/x.js'), true);
    assert.equal(excluded('.git\\config', 'C:\\repo\\.git\\config'), true);
    assert.equal(excluded('src\\node_modules.ts', 'C:\\repo\\src\\node_modules.ts'), false);
    assert.equal(excluded('src/a.ts', 'C:\\repo\\src\\a.ts'), false);
  });

  it('ignores case on Windows, where Node_Modules is the same folder', () => {
    const excluded = excludeMatcher(DEFAULTS, true);
    assert.equal(excluded('Node_Modules\\x.js', 'C:\\Repo\\Node_Modules\\x.js'), true);
    assert.equal(excludeMatcher(['**/*.MIN.js'], true)('dist\\app.min.JS', 'C:\\repo\\dist\\app.min.JS'), true);
  });

  it('matches a glob written for an absolute Windows path whatever the drive letter case and the path spelling', () => {
    const excluded = excludeMatcher(['C:/repo/vendor/**'], true);
    for (const absolute of ['C:\\repo\\vendor\\lib.js', 'c:\\repo\\vendor\\lib.js', 'c:/repo/vendor/lib.js', '/c:/repo/vendor/lib.js', 'C:\\repo/vendor\\lib.js']) {
      assert.equal(excluded('vendor/lib.js', absolute), true, absolute);
    }
    assert.equal(excluded('vendor/lib.js', 'D:\\repo\\vendor\\lib.js'), false, 'another drive is another file');
    assert.equal(excluded('src/lib.js', 'C:\\repo\\src\\lib.js'), false);
  });

  it('works under a UNC root', () => {
    assert.equal(excludeMatcher(DEFAULTS, true)('node_modules/x.js', '\\\\server\\share\\repo\\node_modules\\x.js'), true);
    const share = excludeMatcher(['//server/share/repo/dist/**'], true);
    assert.equal(share('dist/app.js', '\\\\server\\share\\repo\\dist\\app.js'), true);
    assert.equal(share('dist/app.js', '\\\\server\\other\\repo\\dist\\app.js'), false);
  });

  it('keeps POSIX rules apart: case counts, and a backslash is part of a name', () => {
    const excluded = excludeMatcher(DEFAULTS, false);
    assert.equal(excluded('node_modules/x.js', '/ws/node_modules/x.js'), true);
    assert.equal(excluded('Node_Modules/x.js', '/ws/Node_Modules/x.js'), false);
    assert.equal(excluded('node_modules\\x.js', '/ws/node_modules\\x.js'), false, 'one file named "node_modules\\x.js"');
    assert.equal(excludeMatcher(['/c:/repo/vendor/**'], false)('vendor/lib.js', '/c:/repo/vendor/lib.js'), true, 'a URI path is matched as it is');
  });

  it('follows the system it runs on when not told', () => {
    const excluded = excludeMatcher(['**/node_modules/**']);
    assert.equal(excluded('x', 'C:\\repo\\node_modules\\x.js'), process.platform === 'win32');
    assert.equal(excluded('node_modules/x.js', '/ws/node_modules/x.js'), true);
  });
});
