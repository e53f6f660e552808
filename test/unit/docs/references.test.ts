// Every pointer in a comment resolves inside the repository: the documents and source paths
// it names exist, and each "decision N" is a heading of docs/decisions.md. A newcomer with
// only this repository can follow every one.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commentBlocks, decisionsIn, outsideIn, pathsIn, resolves, sourceFiles } from './commentRefs';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const decisions = new Set([...fs.readFileSync(path.join(root, 'docs', 'decisions.md'), 'utf8').matchAll(/^## Decision (\d+):/gm)].map((m) => Number(m[1])));
const comments = sourceFiles(root, ['src', 'service', 'test', 'tools'], ['.ts', '.mjs']).flatMap((file) => commentBlocks(file, fs.readFileSync(path.join(root, file), 'utf8')));
const where = (c: { file: string; line: number }): string => `${c.file}:${c.line}`;

describe('References in comments', () => {
  it('reads paths, decision numbers and outside pointers out of a comment', () => {
    assert.deepEqual(
      commentBlocks('x.ts', "  // see docs/decisions.md\nconst a = '//not/a/comment.md'; // trailing"),
      [
        { file: 'x.ts', line: 1, text: 'see docs/decisions.md' },
        { file: 'x.ts', line: 2, text: 'trailing' },
      ],
    );
    assert.deepEqual(pathsIn(' (see net/route.ts, README.md and out/service/main.js; leakIndex.ts)'), ['net/route.ts', 'README.md']);
    assert.deepEqual(decisionsIn(' (decisions 1, 3, 9 and 10; decision 4)'), [1, 3, 9, 10, 4]);
    assert.deepEqual(outsideIn(' (never the global one: STYLE 18, ../shared/spec/x.md)'), ['STYLE 18', '../shared/spec']);
    assert.equal(resolves(root, 'src/core/client/httpTransport.ts', 'net/route.ts'), true);
    assert.equal(resolves(root, 'src/core/client/httpTransport.ts', 'spec/decisions.md'), false);
  });

  it('docs/decisions.md numbers its decisions 1, 2, 3 … without gaps', () => {
    assert.ok(decisions.size >= 10);
    assert.deepEqual([...decisions], [...decisions].map((_, i) => i + 1));
  });

  it('every document or source path a comment names exists', () => {
    const missing = comments.flatMap((c) => pathsIn(c.text).filter((p) => !resolves(root, c.file, p)).map((p) => `${where(c)} ${p}`));
    assert.deepEqual(missing, []);
  });

  it('every "decision N" a comment cites is in docs/decisions.md', () => {
    const unknown = comments.flatMap((c) => decisionsIn(c.text).filter((n) => !decisions.has(n)).map((n) => `${where(c)} decision ${n}`));
    assert.deepEqual(unknown, []);
  });

  it('no comment points to a document outside the repository', () => {
    assert.deepEqual(comments.flatMap((c) => outsideIn(c.text).map((o) => `${where(c)} ${o}`)), []);
  });
});
