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

/** SipHash-2-4 written the plain way, with BigInt words: an independent reference for any length and key. */
function referenceSipHash(key: Uint8Array, message: Uint8Array): bigint {
  const M = (1n << 64n) - 1n;
  const word = (b: Uint8Array, at: number): bigint => {
    let w = 0n;
    for (let k = 7; k >= 0; k--) w = (w << 8n) | BigInt(b[at + k] ?? 0);
    return w;
  };
  const rotl = (x: bigint, b: bigint): bigint => ((x << b) | (x >> (64n - b))) & M;
  const k0 = word(key, 0);
  const k1 = word(key, 8);
  const v = [k0 ^ 0x736f6d6570736575n, k1 ^ 0x646f72616e646f6dn, k0 ^ 0x6c7967656e657261n, k1 ^ 0x7465646279746573n];
  const round = (): void => {
    v[0] = (v[0] + v[1]) & M; v[1] = rotl(v[1], 13n) ^ v[0]; v[0] = rotl(v[0], 32n);
    v[2] = (v[2] + v[3]) & M; v[3] = rotl(v[3], 16n) ^ v[2];
    v[0] = (v[0] + v[3]) & M; v[3] = rotl(v[3], 21n) ^ v[0];
    v[2] = (v[2] + v[1]) & M; v[1] = rotl(v[1], 17n) ^ v[2]; v[2] = rotl(v[2], 32n);
  };
  const whole = message.length - (message.length % 8);
  const padded = new Uint8Array(whole + 8);
  padded.set(message);
  padded[whole + 7] = message.length & 0xff;
  for (let at = 0; at <= whole; at += 8) {
    const m = word(padded, at);
    v[3] ^= m;
    round();
    round();
    v[0] ^= m;
  }
  v[2] ^= 0xffn;
  for (let r = 0; r < 4; r++) round();
  return v[0] ^ v[1] ^ v[2] ^ v[3];
}

describe('SipHash-2-4 against a plain BigInt implementation', () => {
  it('agrees for every length up to 100 bytes and random keys, and for a message longer than its first memory', () => {
    let seed = 12345;
    const byte = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    const out = new Uint32Array(2);
    for (let length = 0; length <= 100; length++) {
      const keyBytes = Uint8Array.from({ length: 16 }, byte);
      const message = Uint8Array.from({ length }, byte);
      sipHash24(sipKey(keyBytes), message, length, out);
      assert.equal((BigInt(out[0]) << 32n) | BigInt(out[1]), referenceSipHash(keyBytes, message), `${length} bytes`);
    }
    // 200 KB: more than the module's first 64 KiB page, so its memory grows.
    const keyBytes = Uint8Array.from({ length: 16 }, byte);
    const long = Uint8Array.from({ length: 200_000 }, byte);
    sipHash24(sipKey(keyBytes), long, long.length, out);
    assert.equal((BigInt(out[0]) << 32n) | BigInt(out[1]), referenceSipHash(keyBytes, long));
    // A prefix of a longer buffer hashes as that prefix alone.
    sipHash24(sipKey(keyBytes), long, 37, out);
    assert.equal((BigInt(out[0]) << 32n) | BigInt(out[1]), referenceSipHash(keyBytes, long.subarray(0, 37)));
  });
});
