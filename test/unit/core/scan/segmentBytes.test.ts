// A leak index segment kept as bytes beside its records (a results file): read back by an
// index made with the same fingerprint key, it matches exactly what an index built from the
// records matches; bytes that are not a segment of these records are refused, whatever is wrong.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { LeakIndex } from '../../../../src/core/scan/leakIndex';
import { SegmentFormatError, readSegment, segmentByteLength, segmentPieces } from '../../../../src/core/scan/segmentBytes';
import { SKETCH_SLOTS } from '../../../../src/core/scan/sketch';
import { TABLES } from '../../../../src/core/scan/sourceSegment';
import { makeCorpus, makeLeaks } from '../../../../tools/bench/corpus';

function bytesOf(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(segmentByteLength(pieces));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

describe('scan: segmentBytes (an index segment kept beside its records)', () => {
  const key = new Uint8Array(randomBytes(24));
  const { sources, leaked } = makeLeaks(7, { emails: 400, usernames: 200, urls: 300, passwords: 300 });
  const text = makeCorpus(11, 200_000, leaked, 0.05).text;

  it('reads back what an index built from the records matches, from aligned bytes or not', () => {
    const built = new LeakIndex(key);
    const kept: Uint8Array[] = [];
    sources.forEach((source, id) => {
      built.add(id, source);
      const pieces = segmentPieces(built.segmentOf(id) ?? assert.fail('indexed'));
      kept.push(bytesOf(pieces ?? assert.fail('this machine keeps segments')));
    });
    const expected = built.match(text);
    assert.ok(expected.length > 100, `${expected.length} matches`);
    for (const shift of [0, 1]) {
      const read = new LeakIndex(key);
      sources.forEach((source, id) => {
        const bytes = kept[id] as Uint8Array;
        // A view that does not start on a word, as a piece of a file's buffer may.
        const at = new Uint8Array(bytes.length + shift).subarray(shift);
        at.set(bytes);
        read.add(id, source, read.adopt(readSegment(at, source.length)));
      });
      assert.deepEqual(read.match(text), expected, `shifted by ${shift}`);
      assert.deepEqual(read.stats, built.stats);
    }
  });

  it('refuses bytes that are not a segment of these records', () => {
    const source = sources[0] ?? assert.fail('a source');
    const index = new LeakIndex(key);
    index.add(0, source);
    const good = bytesOf(segmentPieces(index.segmentOf(0) ?? assert.fail('indexed')) ?? []);
    const words = (b: Uint8Array): Uint32Array => new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);
    // Where the first table's entries start, and its size.
    const first = words(good)[3] as number;
    assert.ok(first > 2, 'the first table holds entries');
    const changed = (edit: (w: Uint32Array) => void): Uint8Array => {
      const c = good.slice();
      edit(words(c));
      return c;
    };
    const cases: readonly [string, Uint8Array, number?][] = [
      ['cut short', good.subarray(0, good.length - 4)],
      ['not whole words', good.subarray(0, good.length - 1)],
      ['a word too many', new Uint8Array([...good, 0, 0, 0, 0])],
      ['empty', new Uint8Array(0)],
      ['another format', changed((w) => (w[0] = 2))],
      ['of another result', good, source.length + 1],
      ['more unparsed URLs than records', changed((w) => (w[2] = source.length + 1))],
      ['a count past the end', changed((w) => (w[3] = 0xffffffff))],
      ['a table out of order', changed((w) => ([w[4], w[5]] = [w[5] as number, w[4] as number]))],
      ['a record past the result', changed((w) => (w[4 + 2 * first] = source.length))],
    ];
    // The first table's key lengths, after every table's entries.
    let lengthsAt = 3;
    for (let t = 0; t < TABLES; t++) lengthsAt += 1 + 3 * (words(good)[lengthsAt] as number);
    assert.ok((words(good)[lengthsAt] as number) >= 2, 'e-mails of several lengths');
    const more: readonly [string, Uint8Array][] = [
      ['key lengths out of order', changed((w) => ([w[lengthsAt + 1], w[lengthsAt + 2]] = [w[lengthsAt + 2] as number, w[lengthsAt + 1] as number]))],
      ['a key length twice', changed((w) => (w[lengthsAt + 2] = w[lengthsAt + 1] as number))],
      ['too many key lengths', changed((w) => (w[lengthsAt] = 1 << 20))],
    ];
    for (const [name, bytes, records] of [...cases, ...more] as [string, Uint8Array, number?][]) assert.throws(() => readSegment(bytes, records ?? source.length), SegmentFormatError, name);
    // The last word is a slot of the second password probe's sketch.
    assert.ok(index.segmentOf(0)?.passwordSlots2.length, 'the source has passwords');
    assert.throws(() => readSegment(changed((w) => (w[w.length - 1] = SKETCH_SLOTS)), source.length), /sketch slot out of range/);
    assert.equal(readSegment(good, source.length).tables.length, TABLES, 'the bytes as written read back');
  });
});
