// A bit sketch of a set of strings keyed on their length and their first two and last two
// characters: four character reads decide that most candidates are surely not in the set,
// before the full hash is computed. 2^20 bits (128 KiB) per set: a large result still leaves
// most bits clear, so most strangers are turned away by them.
// Passwords may get two probes (two bits from the same key): values are the most numerous
// candidates, and each that passes costs a SipHash, so a second probe pays for itself while
// the bits are sparse (test/unit/core/scan/sketch.test.ts counts the strangers that pass).
// Once they are full enough (TWO_PROBES_BELOW_FILL) one probe lets fewer through, so a
// result's segment keeps the slots of each probe apart (sourceSegment.ts) and the index,
// which rebuilds its sketches from segments after add/remove, picks (leakIndex.ts).
import type { ScanText } from './scanText';

const BITS = 20;

/** ASCII lower case; every non-ASCII character counts as one (so Unicode case never matters). */
function lower(c: number): number {
  if (c > 0x7f) return 0x80;
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/** The sketch key of `text.slice(start, end)` (at least 2 characters); `fold` ignores case (see `lower`). */
function sketchKey(text: ScanText, start: number, end: number, fold: boolean): number {
  return keyOf(text.charCodeAt(start), text.charCodeAt(start + 1), text.charCodeAt(end - 1), text.charCodeAt(end - 2), end - start, fold);
}

/** The sketch key of a text of `length` characters from its first two (`a`, `b`) and last two (`c`, then `d`). */
function keyOf(a: number, b: number, c: number, d: number, length: number, fold: boolean): number {
  if (fold) {
    a = lower(a);
    b = lower(b);
    c = lower(c);
    d = lower(d);
  }
  return (((a * 31 + b) * 31 + c) * 31 + d) ^ Math.imul(length, 0x27d4eb2f);
}

/** The first probe's slot of a key. */
function first(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> (32 - BITS);
}

/** The second probe's slot of a key (sketches of two probes). */
function second(key: number): number {
  return Math.imul(key, 0x85ebca77) >>> (32 - BITS);
}

/** The (first) sketch slot of `text.slice(start, end)` (at least 2 characters); `fold` ignores case (see `lower`). */
export function sketchSlot(text: ScanText, start: number, end: number, fold: boolean): number {
  return first(sketchKey(text, start, end, fold));
}

/** Which probes a sketch sets and tests: one (the first), the second alone (a segment's second slots), or both. */
export type Probes = 'first' | 'second' | 'both';

/**
 * Two probes let fewer strangers through while fewer than this share of the first probe's
 * slots is set: with n keys in m = 2^20 bits, two probes pass (1 − e^(−2n/m))² of them and one
 * 1 − e^(−n/m); the two meet at about n = 505,000, where the first probe fills 0.379 of m.
 */
export const TWO_PROBES_BELOW_FILL = 0.379;

/** Slots in a sketch. */
export const SKETCH_SLOTS = 1 << BITS;

export class Sketch {
  readonly #bits = new Uint8Array(1 << (BITS - 3));
  readonly #fold: boolean;
  readonly probes: Probes;

  constructor(fold: boolean, probes: Probes = 'first') {
    this.#fold = fold;
    this.probes = probes;
  }

  /** Keys under 2 characters have no slot: they always pass. */
  add(key: string): void {
    if (key.length < 2) return;
    this.#addKey(sketchKey(key, 0, key.length, this.#fold));
  }

  /** `add` of ASCII text given as its bytes, `bytes[start, end)`. */
  addAscii(bytes: Uint8Array, start: number, end: number): void {
    if (end - start < 2) return;
    this.#addKey(keyOf(bytes[start], bytes[start + 1], bytes[end - 1], bytes[end - 2], end - start, this.#fold));
  }

  #addKey(k: number): void {
    if (this.probes !== 'second') this.addSlot(first(k));
    if (this.probes !== 'first') this.addSlot(second(k));
  }

  addSlot(slot: number): void {
    this.#bits[slot >>> 3] |= 1 << (slot & 7);
  }

  /** Every slot set, ascending. */
  slots(): Uint32Array {
    const out: number[] = [];
    const bits = this.#bits;
    for (let i = 0; i < bits.length; i++) {
      const b = bits[i];
      if (b === 0) continue;
      for (let k = 0; k < 8; k++) if ((b & (1 << k)) !== 0) out.push(i * 8 + k);
    }
    return Uint32Array.from(out);
  }

  /** The bits themselves (2^20, slot `s` at byte `s >>> 3`, bit `s & 7`), for the scanner's loop; not to be changed. */
  get bits(): Uint8Array {
    return this.#bits;
  }

  /** False: `text.slice(start, end)` is surely not in the set. True: it may be. */
  mayHave(text: ScanText, start: number, end: number): boolean {
    if (end - start < 2) return true;
    const k = sketchKey(text, start, end, this.#fold);
    return (this.probes === 'second' || this.#has(first(k))) && (this.probes === 'first' || this.#has(second(k)));
  }

  #has(slot: number): boolean {
    return (this.#bits[slot >>> 3] & (1 << (slot & 7))) !== 0;
  }
}
