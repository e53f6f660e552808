// The workspace scan's positions for files not open in an editor, and its binary-file test:
// pure code from src/core, checked in plain Node.
import * as assert from 'node:assert/strict';
import { bytesLookBinary, looksBinary } from '../../../../../src/core/scan/files/binaryText';
import { LineIndex } from '../../../../../src/core/scan/files/lineIndex';
import { decodeForScan } from '../../../../../src/core/scan/scanner';

describe('lineIndex and binaryText', () => {
  it('gives zero-based line and UTF-16 character, CRLF and empty lines included', () => {
    const text = 'a\r\n\nb😀c\nlast';
    const index = new LineIndex(text);
    assert.deepEqual(index.position(0), { line: 0, character: 0 });
    assert.deepEqual(index.position(text.indexOf('\r')), { line: 0, character: 1 });
    assert.deepEqual(index.position(text.indexOf('\n\n') + 1), { line: 1, character: 0 });
    assert.deepEqual(index.position(text.indexOf('c')), { line: 2, character: 3 });
    assert.deepEqual(index.position(text.length), { line: 3, character: 4 });
    assert.deepEqual(new LineIndex('').position(0), { line: 0, character: 0 });
  });

  it('gives every offset the position of counting its line from the start, whatever order offsets are asked in', () => {
    const text = '\nab\r\n\n\ncd😀\nefg\n\nh\nlast line';
    const expected = (offset: number): { line: number; character: number } => {
      const before = text.slice(0, offset).split('\n');
      return { line: before.length - 1, character: (before[before.length - 1] as string).length };
    };
    const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
    for (const order of [offsets, [...offsets].reverse(), offsets.map((_, i) => (i * 7) % offsets.length)]) {
      const index = new LineIndex(text);
      for (const offset of order) assert.deepEqual(index.position(offset), expected(offset), `offset ${offset}`);
      // The same text decoded into the scanner's memory, as a file read from disk is.
      const decoded = new LineIndex(decodeForScan(Buffer.from(text)));
      for (const offset of order) assert.deepEqual(decoded.position(offset), expected(offset), `decoded, offset ${offset}`);
    }
  });

  it('places offsets on long lines, short ones and lines of every length near where the search changes hands', () => {
    // A decoded file's lines are read in place up to some length, then searched by Node: the
    // lengths around that hand-over, a line of one unit and a long last line without a newline.
    const lengths = [0, 1, 2, 63, 64, 65, 255, 256, 257, 258, 511, 512, 513, 3000, 0, 5000];
    const line = (n: number, k: number): string => Array.from({ length: n }, (_, i) => (i % 97 === 96 ? '😀'[i % 2] : String.fromCharCode(97 + ((i + k) % 26)))).join('');
    const text = lengths.map((n, k) => line(n, k)).join('\n');
    const expected: { line: number; character: number }[] = [];
    for (let offset = 0, l = 0, c = 0; offset <= text.length; offset++) {
      expected.push({ line: l, character: c });
      if (text[offset] === '\n') {
        l++;
        c = 0;
      } else c++;
    }
    const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
    for (const order of [offsets, [...offsets].reverse(), offsets.filter((o) => o % 251 === 0 || text[o] === '\n' || text[o - 1] === '\n')]) {
      for (const index of [new LineIndex(text), new LineIndex(decodeForScan(Buffer.from(text)))]) {
        for (const offset of order) assert.deepEqual(index.position(offset), expected[offset], `offset ${offset}`);
      }
    }
  });

  it('places offsets in a decoded file of more lines than the scanner hands back at once', () => {
    // Lines of 0 to 20 units, then a far offset: its line starts come back from the scanner's
    // memory a batch at a time; CRLF, a line of only newlines and no newline at the end.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const lines: string[] = [];
    for (let k = 0; k < 30_000; k++) lines.push('x'.repeat(random(21)) + (k % 1000 === 0 ? '\r' : ''));
    const text = `${lines.join('\n')}\n\n\n${'é'.repeat(300)}`;
    const expected = (offset: number): { line: number; character: number } => {
      const line = text.slice(0, offset).split('\n').length - 1;
      return { line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
    };
    const far = [text.length, text.length - 301, text.length - 302, text.indexOf('\n', 200_000) + 1];
    for (const offset of far) assert.deepEqual(new LineIndex(decodeForScan(Buffer.from(text))).position(offset), expected(offset), `alone, offset ${offset}`);
    const index = new LineIndex(decodeForScan(Buffer.from(text)));
    const asked = Array.from({ length: 400 }, () => random(text.length + 1)).sort((a, b) => a - b);
    for (const offset of [...asked, ...far]) assert.deepEqual(index.position(offset), expected(offset), `offset ${offset}`);
  });

  it('calls text binary only for a NUL among the first 8,000 characters or bytes', () => {
    assert.equal(looksBinary('plain\ttext\r\n'), false);
    assert.equal(looksBinary('PK\u0003\u0004\u0000'), true);
    assert.equal(looksBinary(`${'x'.repeat(8000)}\u0000`), false);
    assert.equal(bytesLookBinary(new Uint8Array([0x50, 0x4b, 0x00])), true);
    assert.equal(bytesLookBinary(new TextEncoder().encode('héllo')), false);
    assert.equal(bytesLookBinary(new Uint8Array([...new Uint8Array(8000).fill(0x41), 0])), false);
    const last = new Uint8Array(9000).fill(0x41);
    last[7999] = 0;
    assert.equal(bytesLookBinary(last), true);
    assert.equal(bytesLookBinary(last.subarray(1)), true, 'a view: its own first 8,000');
    assert.equal(bytesLookBinary(last.subarray(8000)), false);
  });
});
