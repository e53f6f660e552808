// `leakSearch.exclude` for files on disk: the globs Scan Workspace gives VS Code's search, on a
// path relative to the workspace folder or absolute.
import * as assert from 'node:assert/strict';
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
