// SipHash-2-4 against the published reference vectors.
import * as assert from 'node:assert/strict';
import { sipHash24, sipKey } from '../../../../src/core/scan/siphash';

/** The reference vectors (SipHash paper, vectors.h): key 00..0f, message i = bytes 00..i-1, output as little-endian bytes. */
const VECTORS: Record<number, string> = {
  0: '310e0edd47db6f72',
  1: 'fd67dc93c539f874',
  2: '5a4fa9d909806c0d',
  3: '2d7efbd796666785',
  4: 'b7877127e09427cf',
  5: '8da699cd64557618',
  6: 'cee3fe586e46c9cb',
  7: '37d1018bf50002ab',
  8: '6224939a79f5f593',
  9: 'b0e4a90bdf82009e',
  15: 'e545be4961ca29a1',
};

describe('SipHash-2-4', () => {
  const key = sipKey(Uint8Array.from({ length: 16 }, (_, i) => i));
  for (const [length, expected] of Object.entries(VECTORS)) {
    it(`matches the published vector for a ${length}-byte message`, () => {
      const message = Uint8Array.from({ length: Number(length) }, (_, i) => i);
      const out = new Uint32Array(2);
      sipHash24(key, message, message.length, out);
      const le = Buffer.alloc(8);
      le.writeUInt32LE(out[1], 0);
      le.writeUInt32LE(out[0], 4);
      assert.equal(le.toString('hex'), expected);
    });
  }
});
