// SipHash-2-4 in AssemblyScript, compiled to WebAssembly by src/core/scan/wasm/build.mjs for
// src/core/scan/siphash.ts, which owns this module and its memory layout. Here the hash's
// 64-bit words are native, where JavaScript has to carry each as two 32-bit halves: the leak
// index hashes every password of a result.

/** Where siphash.ts finds the result: 8 bytes (high half, low half) at the start of the heap. */
export function heapBase(): usize {
  return (__heap_base + 15) & ~15;
}

@inline function rotl(x: u64, b: u64): u64 {
  return (x << b) | (x >> (64 - b));
}

/**
 * SipHash-2-4 of the `length` bytes at `at` under the key k0 = (k0hi, k0lo), k1 = (k1hi,
 * k1lo) (siphash.ts `sipKey`); writes the result at `heapBase()` as two u32, high half first.
 */
export function hash(k0hi: u32, k0lo: u32, k1hi: u32, k1lo: u32, at: usize, length: i32): void {
  const k0 = (<u64>k0hi << 32) | <u64>k0lo;
  const k1 = (<u64>k1hi << 32) | <u64>k1lo;
  let v0: u64 = k0 ^ 0x736f6d6570736575;
  let v1: u64 = k1 ^ 0x646f72616e646f6d;
  let v2: u64 = k0 ^ 0x6c7967656e657261;
  let v3: u64 = k1 ^ 0x7465646279746573;
  const whole = at + <usize>(length & ~7);
  // The last word: the bytes after the whole words, and the length in its top byte.
  let last: u64 = <u64>(length & 0xff) << 56;
  for (let k = 0; k < (length & 7); k++) last |= <u64>load<u8>(whole + <usize>k) << <u64>(8 * k);
  for (let p = at; p <= whole; p += 8) {
    const m = p < whole ? load<u64>(p) : last;
    v3 ^= m;
    for (let r = 0; r < 2; r++) {
      v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);
      v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;
      v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;
      v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);
    }
    v0 ^= m;
  }
  v2 ^= 0xff;
  for (let r = 0; r < 4; r++) {
    v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);
    v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;
    v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;
    v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);
  }
  const h = v0 ^ v1 ^ v2 ^ v3;
  const out = heapBase();
  store<u32>(out, <u32>(h >> 32));
  store<u32>(out, <u32>h, 4);
}
