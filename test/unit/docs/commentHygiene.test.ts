// Comments say why, not what was measured: no comment under src/ holds a figure read off a
// run, and every source file opens with a header that says what it is for.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commentBlocks, sourceFiles } from './commentRefs';
import { figuresIn, headerProblem } from './commentHygiene';

const root = path.resolve(__dirname, '..', '..', '..', '..');
/** Built, not written: scanCore.generated.ts is compiled from scanCore.ts. */
const GENERATED = /\.generated\.ts$/;
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');
const files = (dirs: readonly string[]): string[] =>
  sourceFiles(root, dirs, ['.ts', '.mjs']).filter((f) => !GENERATED.test(f) && !f.startsWith(path.join('test', 'fixtures') + path.sep));

/**
 * Comments under src/ that hold a figure on purpose: `file:line` of the comment's start and
 * why it is no measurement. Keep it short: a figure that explains a constant belongs beside
 * the constant as the arithmetic that gives it.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map<string, string>([]);

describe('Comments say why, not what was measured', () => {
  it('reads each comment whole, and only comments', () => {
    const source = [
      "const url = 'https://example.com'; // a trailing one",
      '// two lines',
      '// that read as one',
      'const re = /\\/\\/ not a comment/;',
      '/**',
      ' * A block',
      ' */',
      'function f(): void {',
      '  // just before the brace',
      '}',
    ].join('\n');
    assert.deepEqual(
      commentBlocks('x.ts', source).map((c) => [c.line, c.text]),
      [
        [1, 'a trailing one two lines that read as one'],
        [5, 'A block'],
        [9, 'just before the brace'],
      ],
    );
  });

  const measured = [
    'Loaded on first use (the list costs ~70 ms to decompress).',
    'in about 60 bytes a record',
    'The network chunks (often 16–64 KB, in pooled buffers)',
    'measured 8–240 ms of "host block" while the main thread ran',
    'a CPU profile of a 100k check showed its pauses in postMessage',
    '(profiles showed no cost over indexing each as it is parsed)',
    'several times faster than the same loop in JavaScript',
    'One-shot crypto.hash (3× faster than an HMAC object)',
    'it was 40% smaller',
    'Buffer.indexOf (native, gigabytes per second)',
    'the scanner reads 1,200 MB/s on one core',
    'parses 450,000 records/s',
    'the median was 3.2 ms',
    'opening the panel took 240 ms',
    'seen in the integration tests under load; about 1 in 7 calls in a loop',
    'waited for a core for up to ~100 ms while the worker ran',
    'the corpus length is ~3% smaller',
    'we tried a Map here and it was slower',
    'a part takes the loop a few milliseconds, against tens of microseconds to wake a helper',
    'no allocation per call: a few hundred nanoseconds for a password',
    'an answer of a million distinct usernames paid seconds for nothing',
    'at 25,000 random passwords one random value in about 370 passes instead of one in 42',
  ];
  for (const text of measured) {
    it(`finds the measured figure in "${text}"`, () => {
      assert.notDeepEqual(figuresIn(text), []);
    });
  }

  const designed = [
    'Node fires a setTimeout of more than 2^31−1 ms (about 24.8 days) at once',
    'First backoff step before a retry (default 250 ms; doubles each retry, capped at 8 s).',
    'Largest accepted body of a successful answer (default 2 GiB); more is `too-large`.',
    'The most 64 KiB pages the loop memory may grow to (4 GiB, all a 32-bit pointer reaches).',
    'at most 300 characters',
    '2^20 bits (128 KiB) per set',
    'in three typed arrays (12 bytes an entry) sorted by fingerprint',
    'about one slot per four entries',
    'the two meet at about n = 505,000, where the first probe fills 0.379 of m',
    'Numbers at or above this are epoch milliseconds (1e12 ms is September 2001).',
    'How long a helper may work on a part: 5 s, and 20 times that.',
    'Each time ratio is the time at 4× the input over the time at 1× (linear ≈ 4; quadratic ≈ 16)',
    'Rounded: reset headers are whole seconds, so "in 1 h" must not read "in 1 h 1 min".',
    'a record is at most 8 MiB: the parser limit',
    'Fixed-window limit (default 1000 per hour), 100 requests per second at most',
    'a 0x7f byte, a hex 0x1F less than the next',
    'the class table (65,536 bytes), the key-end table (32,768)',
    'Linux schedules threads one by one; a helper far slower than this thread is lost',
    'treat it as spent for an hour after we saw it',
    'a column costs a few bytes in every row',
    'X-RateLimit-Reset as epoch milliseconds: epoch seconds, epoch milliseconds, seconds from now',
    'one slot in 4 of the directory',
  ];
  for (const text of designed) {
    it(`takes the design rule "${text}" for no measurement`, () => {
      assert.deepEqual(figuresIn(text), []);
    });
  }

  it('no comment under src/ holds a measured figure', () => {
    const scanned = files(['src']).flatMap((file) => commentBlocks(file, read(file)));
    assert.ok(scanned.length > 1000, `only ${scanned.length} comments read`);
    const found = scanned.flatMap((c) => {
      const kinds = figuresIn(c.text);
      const at = `${c.file}:${c.line}`;
      return kinds.length === 0 || ALLOWED.has(at) ? [] : [`${at}: ${kinds.join('; ')} — "${c.text.slice(0, 160)}"`];
    });
    assert.deepEqual(found, []);
  });

  it('each allowed figure is still there, so the list does not outlive its reasons', () => {
    const stale = [...ALLOWED.keys()].filter((at) => {
      const [file, line] = at.split(':');
      const c = commentBlocks(file, read(file)).find((b) => b.line === Number(line));
      return c === undefined || figuresIn(c.text).length === 0;
    });
    assert.deepEqual(stale, []);
  });
});

describe('Every source file says what it is for', () => {
  const headers: readonly (readonly [string, boolean])[] = [
    ['// The leak index: every identifier of the leak results.\nimport x from "y";', true],
    ['#!/usr/bin/env node\n// Serves the demo configuration on 127.0.0.1.\n', true],
    ['/**\n * Compiles the scanner loop to WebAssembly.\n */\n', true],
    ["import * as fs from 'node:fs';\n// A comment after code.\n", false],
    ['\n// A blank line first is no header.\n', false],
    ['// eslint-disable-next-line no-console\nconsole.log(1);\n', false],
    ['// Helpers.\nexport {};\n', false],
    ['', false],
  ];
  for (const [source, ok] of headers) {
    it(`${ok ? 'takes' : 'refuses'} ${JSON.stringify(source.slice(0, 40))}`, () => {
      assert.equal(headerProblem(source) === undefined, ok);
    });
  }

  it('every .ts and .mjs file under src/, service/, tools/ and test/ opens with a purpose header', () => {
    const all = files(['src', 'service', 'tools', 'test']);
    assert.ok(all.length > 300, `only ${all.length} files read`);
    const missing = all.flatMap((file) => {
      const problem = headerProblem(read(file));
      return problem === undefined ? [] : [`${file}: ${problem}`];
    });
    assert.deepEqual(missing, []);
  });
});
