// Fixed-size fingerprints of what the leak index holds, so it stores no identifier and no
// password: 64 bits as two 32-bit halves. E-mails, usernames, URL keys and hosts get a fast
// keyed hash (two FNV-style lanes with random seeds, mixed at the end) computed straight
// from a range of the text with ASCII letters folded to lower case, so most candidates are
// tested without allocating a string. Passwords get SipHash-2-4 (siphash.ts) under a random
// key: a slow brute force without the key is not enough to learn them. The editor keeps its
// keys in memory only; the command line's results file keeps the key with the index it
// holds, sealed with the records themselves (cli/files/resultsFile.ts).
import { randomBytes } from 'node:crypto';
import type { SipKey } from './siphash';
import { sipHashMessage, sipKey, sipMemory, sipMessageStart } from './siphash';
import type { ScanText } from './scanText';

const encoder = new TextEncoder();

export class Fingerprinter {
  readonly #seedA: number;
  readonly #seedB: number;
  readonly #sip: SipKey;
  /** The last fingerprint: `hi`, `lo`. */
  hi = 0;
  lo = 0;
  readonly #out = new Uint32Array(2);

  constructor(key: Uint8Array = new Uint8Array(randomBytes(24))) {
    this.#seedA = (key[16] | (key[17] << 8) | (key[18] << 16) | (key[19] << 24)) >>> 0;
    this.#seedB = (key[20] | (key[21] << 8) | (key[22] << 16) | (key[23] << 24)) >>> 0;
    this.#sip = sipKey(key.subarray(0, 16));
  }

  /**
   * The identifier fingerprint of `text[start, end)` with ASCII letters lower-cased, into
   * `hi`/`lo`. Returns false (and computes nothing useful) when the range has a non-ASCII
   * character: the caller normalises the slow way and calls `identifier` on the result.
   */
  foldAscii(text: ScanText, start: number, end: number): boolean {
    let a = this.#seedA;
    let b = this.#seedB;
    for (let i = start; i < end; i++) {
      let c = text.charCodeAt(i);
      if (c > 0x7f) return false;
      if (c >= 65 && c <= 90) c |= 0x20;
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b + c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.#finish(a, b, end - start);
    return true;
  }

  /** The identifier fingerprint of a normalised identifier (any characters; ASCII letters folded as `foldAscii` does). */
  identifier(s: string): void {
    let a = this.#seedA;
    let b = this.#seedB;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 65 && c <= 90) c |= 0x20;
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b + c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.#finish(a, b, s.length);
  }

  /** `identifier` of ASCII text given as its bytes, `bytes[start, end)` (the same fingerprint as of the text). */
  identifierAscii(bytes: Uint8Array, start: number, end: number): void {
    let a = this.#seedA;
    let b = this.#seedB;
    for (let i = start; i < end; i++) {
      let c = bytes[i] as number;
      if (c >= 65 && c <= 90) c |= 0x20;
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b + c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.#finish(a, b, end - start);
  }

  #finish(a: number, b: number, length: number): void {
    a ^= Math.imul(length, 0x9e3779b1);
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    b ^= a;
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    a ^= b >>> 16;
    a = Math.imul(a ^ (a >>> 13), 0x27d4eb2f);
    this.hi = (a ^ (a >>> 16)) >>> 0;
    this.lo = (b ^ (b >>> 16)) >>> 0;
  }

  /** The password fingerprint (SipHash-2-4 of the UTF-8 bytes) of `text[start, end)`, into `hi`/`lo`. */
  password(text: ScanText, start: number, end: number): void {
    const n = end - start;
    // Encoded straight into the hash's own memory: at most 3 bytes a UTF-16 unit.
    const memory = sipMemory(n * 3);
    const at = sipMessageStart();
    let ascii = true;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(start + i);
      if (c > 0x7f) {
        ascii = false;
        break;
      }
      memory[at + i] = c;
    }
    const length = ascii ? n : encoder.encodeInto(text.slice(start, end), memory.subarray(at, at + n * 3)).written;
    this.#sipHash(length);
  }

  /** `password` of ASCII text given as its bytes, `bytes[start, end)` (the same fingerprint as of the text). */
  passwordAscii(bytes: Uint8Array, start: number, end: number): void {
    const n = end - start;
    const memory = sipMemory(n);
    const at = sipMessageStart();
    for (let i = 0; i < n; i++) memory[at + i] = bytes[start + i] as number;
    this.#sipHash(n);
  }

  #sipHash(length: number): void {
    sipHashMessage(this.#sip, length, this.#out);
    this.hi = this.#out[0];
    this.lo = this.#out[1];
  }
}
