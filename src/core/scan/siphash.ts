// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit pseudo-random function, used to
// fingerprint leaked passwords under a random per-index key, so the index holds no password
// and no table computed without the key can reverse it. 64-bit words as pairs of 32-bit
// halves in local variables (no BigInt, no allocation and no memory traffic per call: the
// matcher hashes every password candidate its sketch lets through). Checked against the
// published test vectors in test/unit/core/scan/siphash.test.ts.

/** A 128-bit key as four 32-bit words: k0 = (key[0] hi, key[1] lo), k1 = (key[2] hi, key[3] lo). */
export type SipKey = Uint32Array;

/** The key of 16 bytes (little-endian words, as the reference implementation reads it). */
export function sipKey(bytes: Uint8Array): SipKey {
  const w = (i: number): number => (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
  return Uint32Array.of(w(4), w(0), w(12), w(8));
}

/**
 * SipHash-2-4 of `bytes[0, length)`; writes the 64-bit result as `out[0]` (high half) and
 * `out[1]` (low half).
 */
export function sipHash24(key: SipKey, bytes: Uint8Array, length: number, out: Uint32Array): void {
  let v0h = (key[0] ^ 0x736f6d65) >>> 0;
  let v0l = (key[1] ^ 0x70736575) >>> 0;
  let v1h = (key[2] ^ 0x646f7261) >>> 0;
  let v1l = (key[3] ^ 0x6e646f6d) >>> 0;
  let v2h = (key[0] ^ 0x6c796765) >>> 0;
  let v2l = (key[1] ^ 0x6e657261) >>> 0;
  let v3h = (key[2] ^ 0x74656462) >>> 0;
  let v3l = (key[3] ^ 0x79746573) >>> 0;
  const end = length - (length % 8);
  let i = 0;
  // Stage 0: the message's whole 8-byte words; 1: its last word (the rest and the length); 2: finalisation.
  let stage = 0;
  for (;;) {
    let mh = 0;
    let ml = 0;
    let rounds = 2;
    if (stage === 0 && i >= end) stage = 1;
    if (stage === 0) {
      ml = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
      mh = (bytes[i + 4] | (bytes[i + 5] << 8) | (bytes[i + 6] << 16) | (bytes[i + 7] << 24)) >>> 0;
      i += 8;
    } else if (stage === 1) {
      mh = (length & 0xff) << 24;
      for (let k = 0; i + k < length; k++) {
        const b = bytes[i + k];
        if (k < 4) ml |= b << (8 * k);
        else mh |= b << (8 * (k - 4));
      }
      mh >>>= 0;
      ml >>>= 0;
    } else {
      v2l = (v2l ^ 0xff) >>> 0;
      rounds = 4;
    }
    v3h = (v3h ^ mh) >>> 0;
    v3l = (v3l ^ ml) >>> 0;
    for (let r = 0; r < rounds; r++) {
      // v0 += v1; v1 <<<= 13; v1 ^= v0; v0 <<<= 32
      let lo = (v0l + v1l) >>> 0;
      v0h = (v0h + v1h + (lo < v0l ? 1 : 0)) >>> 0;
      v0l = lo;
      let th = ((v1h << 13) | (v1l >>> 19)) >>> 0;
      v1l = (((v1l << 13) | (v1h >>> 19)) ^ v0l) >>> 0;
      v1h = (th ^ v0h) >>> 0;
      th = v0h;
      v0h = v0l;
      v0l = th;
      // v2 += v3; v3 <<<= 16; v3 ^= v2
      lo = (v2l + v3l) >>> 0;
      v2h = (v2h + v3h + (lo < v2l ? 1 : 0)) >>> 0;
      v2l = lo;
      th = ((v3h << 16) | (v3l >>> 16)) >>> 0;
      v3l = (((v3l << 16) | (v3h >>> 16)) ^ v2l) >>> 0;
      v3h = (th ^ v2h) >>> 0;
      // v0 += v3; v3 <<<= 21; v3 ^= v0
      lo = (v0l + v3l) >>> 0;
      v0h = (v0h + v3h + (lo < v0l ? 1 : 0)) >>> 0;
      v0l = lo;
      th = ((v3h << 21) | (v3l >>> 11)) >>> 0;
      v3l = (((v3l << 21) | (v3h >>> 11)) ^ v0l) >>> 0;
      v3h = (th ^ v0h) >>> 0;
      // v2 += v1; v1 <<<= 17; v1 ^= v2; v2 <<<= 32
      lo = (v2l + v1l) >>> 0;
      v2h = (v2h + v1h + (lo < v2l ? 1 : 0)) >>> 0;
      v2l = lo;
      th = ((v1h << 17) | (v1l >>> 15)) >>> 0;
      v1l = (((v1l << 17) | (v1h >>> 15)) ^ v2l) >>> 0;
      v1h = (th ^ v2h) >>> 0;
      th = v2h;
      v2h = v2l;
      v2l = th;
    }
    if (stage === 2) break;
    v0h = (v0h ^ mh) >>> 0;
    v0l = (v0l ^ ml) >>> 0;
    if (stage === 1) stage = 2;
  }
  out[0] = (v0h ^ v1h ^ v2h ^ v3h) >>> 0;
  out[1] = (v0l ^ v1l ^ v2l ^ v3l) >>> 0;
}
