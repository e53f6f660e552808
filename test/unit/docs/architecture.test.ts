// docs/ARCHITECTURE.md stays true: every file or folder it names exists, and the README
// links to it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const map = fs.readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');

/** Code spans that name a path in the repository: they hold a `/` or end in a file extension. */
function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((s) => /^(src|service|test|docs|media)\//.test(s));
}

describe('docs/ARCHITECTURE.md', () => {
  it('names paths (the check has something to check)', () => {
    assert.ok(namedPaths(map).length >= 20, namedPaths(map).join(', '));
    assert.deepEqual(namedPaths('`src/core/` and `nothing` and `docs/x.md`'), ['src/core/', 'docs/x.md']);
  });

  it('names only files and folders that exist', () => {
    assert.deepEqual(namedPaths(map).filter((p) => !fs.existsSync(path.join(root, p))), []);
  });

  it('links only to documents that exist', () => {
    const links = [...map.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]).filter((l) => !/^https?:/.test(l));
    assert.deepEqual(links.filter((l) => !fs.existsSync(path.join(root, 'docs', l))), []);
  });

  it('has a diagram and is linked from the README', () => {
    assert.match(map, /```mermaid\n/);
    assert.match(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), /\]\(docs\/ARCHITECTURE\.md\)/);
  });
});
