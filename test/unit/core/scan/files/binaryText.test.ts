// decodeText: the same text whichever way the bytes are read (all ASCII, or UTF-8 with a
// byte-order mark, invalid bytes or characters outside the BMP).
import * as assert from 'node:assert/strict';
import { decodeText } from '../../../../../src/core/scan/files/binaryText';

describe('scan files: decodeText', () => {
  it('decodes as UTF-8 does, and all-ASCII bytes to the same string', () => {
    const samples = [
      Buffer.from('user: alice@example.com\npassword = "S3cret!"\n'),
      Buffer.from('Licence © 2024 — naïve café 日本 😀\n'),
      Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x62]),
      Buffer.from([0x61, 0xff, 0xfe, 0x62]),
      Buffer.alloc(0),
      Buffer.from('\x7f\x01 tail'),
    ];
    for (const bytes of samples) assert.equal(decodeText(bytes), new TextDecoder('utf-8').decode(bytes));
    // A view into a larger buffer reads only its own bytes.
    const big = Buffer.from('xxhello worldxx');
    assert.equal(decodeText(big.subarray(2, 13)), 'hello world');
  });
});
