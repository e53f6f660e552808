// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit pseudo-random function, used to
// fingerprint leaked passwords under a random per-index key, so the index holds no password
// and no table computed without the key can reverse it. The hash itself is WebAssembly
// (wasm/sipHash.ts): its 64-bit words are native there, where JavaScript has to carry each as
// two 32-bit halves, and the index hashes every password of a result.
// Checked against the published test vectors in test/unit/core/scan/siphash.test.ts.
import { SIP_HASH_WASM } from './wasm/sipHash.generated';

/** A 128-bit key as four 32-bit words: k0 = (key[0] hi, key[1] lo), k1 = (key[2] hi, key[3] lo). */
export type SipKey = Uint32Array;

/** The key of 16 bytes (little-endian words, as the reference implementation reads it). */
export function sipKey(bytes: Uint8Array): SipKey {
  const w = (i: number): number => (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
  return Uint32Array.of(w(4), w(0), w(12), w(8));
}

// The WebAssembly JS API this file uses (the project's `lib` has no DOM types).
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
};

interface SipExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  heapBase(): number;
  hash(k0hi: number, k0lo: number, k1hi: number, k1lo: number, at: number, length: number): void;
}

/** The module, its result's place and the message's, with views of its memory (made again when it grows). */
interface Sip {
  readonly x: SipExports;
  readonly out: number;
  readonly message: number;
  bytes: Uint8Array;
  words: Uint32Array;
}

let sip: Sip | undefined;

function instance(): Sip {
  const x = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SIP_HASH_WASM, 'base64')), {}).exports as SipExports;
  const out = x.heapBase();
  return { x, out, message: out + 16, bytes: new Uint8Array(x.memory.buffer), words: new Uint32Array(x.memory.buffer) };
}

const PAGE = 65536;

/**
 * The module's memory, with room for a message of `length` bytes from `sipMessageStart()`:
 * a caller that encodes a password there spares a copy, and (unlike a view of the message
 * alone) no new array is made for each password. Valid until the next call.
 */
export function sipMemory(length: number): Uint8Array {
  const s = (sip ??= instance());
  if (s.message + length > s.bytes.length) {
    s.x.memory.grow(Math.ceil((s.message + length - s.bytes.length) / PAGE));
    s.bytes = new Uint8Array(s.x.memory.buffer);
    s.words = new Uint32Array(s.x.memory.buffer);
  }
  return s.bytes;
}

/** Where in `sipMemory` the message starts. */
export function sipMessageStart(): number {
  return (sip ??= instance()).message;
}

/** SipHash-2-4 of the `length` bytes written at `sipMessageStart()` into `sipMemory(n)` (n ≥ `length`); the result as in `sipHash24`. */
export function sipHashMessage(key: SipKey, length: number, out: Uint32Array): void {
  const s = sip as Sip;
  s.x.hash(key[0], key[1], key[2], key[3], s.message, length);
  out[0] = s.words[s.out >>> 2];
  out[1] = s.words[(s.out >>> 2) + 1];
}

/**
 * SipHash-2-4 of `bytes[0, length)`; writes the 64-bit result as `out[0]` (high half) and
 * `out[1]` (low half).
 */
export function sipHash24(key: SipKey, bytes: Uint8Array, length: number, out: Uint32Array): void {
  sipMemory(length).set(length === bytes.length ? bytes : bytes.subarray(0, length), sipMessageStart());
  sipHashMessage(key, length, out);
}
