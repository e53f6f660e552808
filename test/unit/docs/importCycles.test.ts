// No file imports itself through others: the import graph of src/, service/, tools/ and test/
// has no cycle, type-only imports included. The finder is tested first on small graphs, so
// the check of the tree is known to fail when a cycle comes back.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { findCycles, importGraph, readTree, specifiersOf } from './importGraph';

const root = path.resolve(__dirname, '..', '..', '..', '..');

function graph(edges: Record<string, string[]>): Map<string, string[]> {
  return new Map(Object.entries(edges));
}

/** A chain (or, closed, a ring) of `n` files: f0 → f1 → … → f(n-1) (→ f0). */
function chain(n: number, closed: boolean): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (let i = 0; i < n; i++) edges.set(`f${i}`, i + 1 < n ? [`f${i + 1}`] : closed ? ['f0'] : []);
  return edges;
}

describe('Import cycles', () => {
  describe('the cycle finder', () => {
    const cases: { name: string; edges: Record<string, string[]>; cycles: { path: string[]; tied: string[] }[] }[] = [
      { name: 'no files', edges: {}, cycles: [] },
      { name: 'one file that imports nothing', edges: { a: [] }, cycles: [] },
      { name: 'a chain', edges: { a: ['b'], b: ['c'], c: [] }, cycles: [] },
      { name: 'a diamond (two ways to one file is no cycle)', edges: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, cycles: [] },
      { name: 'imports of files outside the graph', edges: { a: ['x', 'y'], b: ['x'] }, cycles: [] },
      { name: 'a file that imports itself', edges: { a: ['a'] }, cycles: [{ path: ['a', 'a'], tied: ['a'] }] },
      { name: 'two files', edges: { a: ['b'], b: ['a'] }, cycles: [{ path: ['a', 'b', 'a'], tied: ['a', 'b'] }] },
      {
        name: "the scanner's old cycle (index, sink, details)",
        edges: { leakIndex: ['matchDetails', 'matchSink', 'scanner'], matchDetails: ['leakIndex', 'normalize'], matchSink: ['leakIndex', 'scanner'], scanner: [], normalize: [] },
        cycles: [{ path: ['leakIndex', 'matchDetails', 'leakIndex'], tied: ['leakIndex', 'matchDetails', 'matchSink'] }],
      },
      { name: 'a cycle behind a chain', edges: { a: ['b'], b: ['c'], c: ['d'], d: ['b'] }, cycles: [{ path: ['b', 'c', 'd', 'b'], tied: ['b', 'c', 'd'] }] },
      { name: 'the shortest way round', edges: { a: ['b'], b: ['c'], c: ['d', 'a'], d: ['a'] }, cycles: [{ path: ['a', 'b', 'c', 'a'], tied: ['a', 'b', 'c', 'd'] }] },
      {
        name: 'two cycles apart',
        edges: { e: ['a', 'c'], a: ['b'], b: ['a'], c: ['d'], d: ['c'] },
        cycles: [
          { path: ['a', 'b', 'a'], tied: ['a', 'b'] },
          { path: ['c', 'd', 'c'], tied: ['c', 'd'] },
        ],
      },
      { name: 'a cycle met late, through a file already done', edges: { a: ['b'], b: [], c: ['b', 'd'], d: ['c'] }, cycles: [{ path: ['c', 'd', 'c'], tied: ['c', 'd'] }] },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const found = findCycles(graph(c.edges)).map((cycle) => ({ path: [...cycle.path], tied: [...cycle.tied].sort() }));
        assert.deepEqual(found, c.cycles);
      });
    }

    it('walks a chain of 50 000 files without recursion, and finds the ring they close', () => {
      assert.deepEqual(findCycles(chain(50_000, false)), []);
      const [ring, ...more] = findCycles(chain(50_000, true));
      assert.equal(more.length, 0);
      assert.equal(ring.path.length, 50_001);
      assert.equal(ring.tied.length, 50_000);
      assert.deepEqual([ring.path[0], ring.path[1], ring.path.at(-2), ring.path.at(-1)], ['f0', 'f1', 'f49999', 'f0']);
    });
  });

  describe('the import specifiers of a file', () => {
    const cases: { name: string; text: string; specifiers: string[] }[] = [
      { name: 'an import', text: "import { a } from './a';", specifiers: ['./a'] },
      { name: 'a type-only import', text: "import type { A } from './a';", specifiers: ['./a'] },
      { name: 'a side-effect import', text: "import './a';", specifiers: ['./a'] },
      { name: 'a namespace import', text: "import * as a from '../a';", specifiers: ['../a'] },
      { name: 'a re-export', text: "export { a } from './a';", specifiers: ['./a'] },
      { name: 'a type-only re-export', text: "export type { A } from './a';", specifiers: ['./a'] },
      { name: 'a star re-export', text: "export * from './a';", specifiers: ['./a'] },
      { name: 'import = require', text: "import a = require('./a');", specifiers: ['./a'] },
      { name: 'a require call inside a function', text: "function f() {\n  if (x) return require('./a');\n}", specifiers: ['./a'] },
      { name: 'a dynamic import', text: "async function f() { return await import('./a'); }", specifiers: ['./a'] },
      { name: 'an import type', text: "type A = import('./a').A;", specifiers: ['./a'] },
      { name: 'several, over lines, in order', text: "import {\n  a,\n  b,\n} from './a';\nimport type { C } from \"./c\";", specifiers: ['./a', './c'] },
      { name: 'packages too (the graph drops them)', text: "import * as fs from 'node:fs';\nimport * as vscode from 'vscode';", specifiers: ['node:fs', 'vscode'] },
      { name: 'in a line comment: none', text: "// import { a } from './a';", specifiers: [] },
      { name: 'in a block comment: none', text: "/*\nimport { a } from './a';\n*/", specifiers: [] },
      { name: 'in a string: none', text: "const s = \"import { a } from './a'\";", specifiers: [] },
      { name: 'in a template: none', text: "const s = `import { a } from './a'`;", specifiers: [] },
      { name: 'an empty file', text: '', specifiers: [] },
    ];
    for (const c of cases) {
      it(c.name, () => assert.deepEqual(specifiersOf(c.text), c.specifiers));
    }
  });

  describe('the graph of a tree', () => {
    const files = new Map<string, string>([
      ['src/a.ts', "import type { B } from './b';\nimport { b } from './b';\nimport { x } from './x.js';\nimport './main.css';\nimport * as fs from 'node:fs';"],
      ['src/b.ts', "export * from './lib';\nimport { up } from '../top';"],
      ['src/lib/index.ts', "const m = require('./missing');"],
      ['src/lib/util.ts', "import { i } from '.';\nimport type { T } from '../types';"],
      ['src/types.d.ts', ''],
      ['src/x.ts', ''],
      ['src/main.css', "@import './a';"],
      ['top.ts', "import { a } from './src/a';"],
    ]);

    it('resolves each relative import to a file, once', () => {
      assert.deepEqual(
        importGraph(files).edges,
        new Map([
          ['src/a.ts', ['src/b.ts', 'src/x.ts', 'src/main.css']],
          ['src/b.ts', ['src/lib/index.ts', 'top.ts']],
          ['src/lib/index.ts', []],
          ['src/lib/util.ts', ['src/lib/index.ts', 'src/types.d.ts']],
          ['src/types.d.ts', []],
          ['src/x.ts', []],
          ['top.ts', ['src/a.ts']],
        ]),
      );
    });

    it('names the imports it cannot resolve, and the cycle it sees', () => {
      const { edges, unresolved } = importGraph(files);
      assert.deepEqual(unresolved, ['src/lib/index.ts: ./missing']);
      assert.deepEqual(
        findCycles(edges).map((c) => c.path),
        [['src/a.ts', 'src/b.ts', 'top.ts', 'src/a.ts']],
      );
    });
  });

  describe('this repository', () => {
    let edges: ReadonlyMap<string, readonly string[]>;
    let unresolved: readonly string[];
    before(() => {
      ({ edges, unresolved } = importGraph(readTree(root, ['src', 'service', 'tools', 'test'])));
    });

    it('is read whole (the check has something to check)', () => {
      assert.ok([...edges.keys()].filter((f) => f.startsWith('src/')).length >= 100, `${edges.size} files`);
      assert.ok(edges.get('src/core/scan/leakIndex.ts')?.includes('src/core/scan/matchSink.ts'));
      // A type-only import is an edge.
      assert.ok(edges.get('src/core/scan/matchSink.ts')?.includes('src/core/scan/matchTypes.ts'));
    });

    it('resolves every relative import (no edge is missing)', () => {
      assert.deepEqual(unresolved, []);
    });

    it('has no import cycle', () => {
      const cycles = findCycles(edges).map((c) => `${c.path.join(' → ')} (${c.tied.length} files tied: ${c.tied.join(', ')})`);
      assert.deepEqual(cycles, []);
    });
  });
});
