// The streaming decoder of search answers (src/core/results/utf8Stream.ts): the text of any
// bytes, cut anywhere, is what one TextDecoder makes of them whole; and the test of a piece's
// bytes for control characters, which spares the parser its own.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Utf8Stream, withoutControls } from '../../../../src/core/results/utf8Stream';
import { Engine } from '../../../../src/engine/engine';
import { LeakSearchError } from '../../../../src/core/service/errors';

function decodedInPieces(bytes: Uint8Array, cuts: readonly number[]): string {
  const stream = new Utf8Stream();
  let text = '';
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    // Each piece in a buffer of its own that is overwritten once handed over, as the engine reuses its buffers.
    const piece = Uint8Array.from(bytes.subarray(from, cut));
    text += stream.write(piece);
    piece.fill(0x41);
    from = cut;
  }
  text += stream.write(bytes.subarray(from));
  return text + stream.end();
}

/** Bytes biased to where UTF-8 goes wrong: leads of every length, bounds of second bytes, stray continuations, a BOM. */
const byte = fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xbb),
);
const bytes = fc.oneof(
  fc.array(byte, { maxLength: 40 }).map((a) => Uint8Array.from(a)),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => new Uint8Array(Buffer.from(`\ufeff${s}`))),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => new Uint8Array(Buffer.from(s))),
);

describe('results: streaming UTF-8 decoder', () => {
  it('decodes bytes cut anywhere as TextDecoder decodes them whole (property)', () => {
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(), { maxLength: 8 }), (b, cuts) => {
        const expected = new TextDecoder('utf-8').decode(b);
        assert.equal(decodedInPieces(b, cuts.map((c) => c % (b.length + 1))), expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes every cut of the hard cases one byte a piece, and drops only the first byte-order mark', () => {
    const cases = [
      [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41],
      [0xf0, 0x9f, 0x98, 0x80, 0xe2, 0x82, 0xac, 0xc3, 0xa9],
      [0xf0, 0x9f, 0x98],
      [0xe0, 0x80, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80],
      [0xc2],
      [0x80, 0x80, 0x80, 0x80, 0xc2, 0x41],
      [0xf0, 0x90, 0x80, 0x41, 0xe2, 0x82],
    ].map((a) => Uint8Array.from(a));
    for (const b of cases) {
      const expected = new TextDecoder('utf-8').decode(b);
      for (let cut = 0; cut <= b.length; cut++) assert.equal(decodedInPieces(b, [cut]), expected, `${Buffer.from(b).toString('hex')} cut at ${cut}`);
      assert.equal(decodedInPieces(b, Array.from({ length: b.length }, (_, i) => i)), expected, `${Buffer.from(b).toString('hex')} a byte a piece`);
    }
  });

  it('tells bytes with a control character from bytes without, wherever it is (property)', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), fc.integer({ min: 0, max: 0x1f }), (b, at, control) => {
        assert.equal(withoutControls(b), !b.some((x) => x < 0x20));
        const withOne = Uint8Array.from([...b.subarray(0, at % (b.length + 1)), control, ...b.subarray(at % (b.length + 1))]);
        // In a view that does not start at its buffer's start, as a piece of the engine's chunk.
        const view = new Uint8Array(withOne.length + 3).fill(0x41).subarray(1, withOne.length + 1);
        view.set(withOne);
        assert.equal(withoutControls(view), false);
      }),
      { numRuns: 1000 },
    );
  });

  it('the data engine still refuses a control character inside a string, and takes one between tokens', () => {
    const ingest = (body: string): number => {
      const engine = new Engine();
      engine.ingestBegin(1, 'k', 'https://leaks.example.test', { domain: 'example.com', type: 'accounts' }, 10);
      engine.ingestChunk(1, new TextEncoder().encode(body));
      return engine.ingestEnd(1).records;
    };
    for (const control of ['\u0000', '\u0001', '\t', '\n', '\u001f']) {
      const bad = `{"count":1,"results":[{"username":"a${control}b@example.com"}]}`;
      assert.throws(() => ingest(bad), (e: unknown) => e instanceof LeakSearchError && e.kind === 'bad-response', JSON.stringify(control));
    }
    assert.equal(ingest('{\n\t"count": 1,\r\n "results": [ {"username": "a@example.com"} ]\n}'), 1);
  });
});
