// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit pseudo-random function, used to
// fingerprint leaked passwords under a random per-index key, so the index holds no password
// and no table computed without the key can reverse it. 64-bit words as pairs of 32-bit
// halves (no BigInt, so no allocation per call). Checked against the published test vectors
// in test/unit/scan/siphash.test.ts.

/** The state: v0..v3 as (hi, lo) pairs. */
const v = new Uint32Array(8);

function add(a: number, b: number): void {
  const lo = (v[a + 1] + v[b + 1]) >>> 0;
  v[a] = (v[a] + v[b] + (lo < v[a + 1] ? 1 : 0)) >>> 0;
  v[a + 1] = lo;
}

function rotl(a: number, n: number): void {
  const hi = v[a];
  const lo = v[a + 1];
  if (n === 32) {
    v[a] = lo;
    v[a + 1] = hi;
  } else {
    v[a] = ((hi << n) | (lo >>> (32 - n))) >>> 0;
    v[a + 1] = ((lo << n) | (hi >>> (32 - n))) >>> 0;
  }
}

function xor(a: number, b: number): void {
  v[a] ^= v[b];
  v[a + 1] ^= v[b + 1];
}

const V0 = 0;
const V1 = 2;
const V2 = 4;
const V3 = 6;

function round(): void {
  add(V0, V1);
  rotl(V1, 13);
  xor(V1, V0);
  rotl(V0, 32);
  add(V2, V3);
  rotl(V3, 16);
  xor(V3, V2);
  add(V0, V3);
  rotl(V3, 21);
  xor(V3, V0);
  add(V2, V1);
  rotl(V1, 17);
  xor(V1, V2);
  rotl(V2, 32);
}

function block(hi: number, lo: number): void {
  v[V3] ^= hi;
  v[V3 + 1] ^= lo;
  round();
  round();
  v[V0] ^= hi;
  v[V0 + 1] ^= lo;
}

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
  v[V0] = key[0] ^ 0x736f6d65;
  v[V0 + 1] = key[1] ^ 0x70736575;
  v[V1] = key[2] ^ 0x646f7261;
  v[V1 + 1] = key[3] ^ 0x6e646f6d;
  v[V2] = key[0] ^ 0x6c796765;
  v[V2 + 1] = key[1] ^ 0x6e657261;
  v[V3] = key[2] ^ 0x74656462;
  v[V3 + 1] = key[3] ^ 0x79746573;
  const end = length - (length % 8);
  let i = 0;
  for (; i < end; i += 8) {
    const lo = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
    const hi = (bytes[i + 4] | (bytes[i + 5] << 8) | (bytes[i + 6] << 16) | (bytes[i + 7] << 24)) >>> 0;
    block(hi, lo);
  }
  let lo = 0;
  let hi = (length & 0xff) << 24;
  for (let k = 0; i + k < length; k++) {
    const b = bytes[i + k];
    if (k < 4) lo |= b << (8 * k);
    else hi |= b << (8 * (k - 4));
  }
  block(hi >>> 0, lo >>> 0);
  v[V2 + 1] ^= 0xff;
  round();
  round();
  round();
  round();
  out[0] = (v[V0] ^ v[V1] ^ v[V2] ^ v[V3]) >>> 0;
  out[1] = (v[V0 + 1] ^ v[V1 + 1] ^ v[V2 + 1] ^ v[V3 + 1]) >>> 0;
}
