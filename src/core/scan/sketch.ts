// A one-probe bit sketch of a set of strings keyed on their length and their first two and
// last two characters: four character reads decide that most candidates are surely not in
// the set, before the full hash is computed. 2^20 bits (128 KiB) per set; with 100,000 keys
// about one candidate in ten passes. A result's segment keeps only the slots its keys set
// (sourceSegment.ts), so the index rebuilds its sketches from segments after add/remove.

const BITS = 20;

/** ASCII lower case; every non-ASCII character counts as one (so Unicode case never matters). */
function lower(c: number): number {
  if (c > 0x7f) return 0x80;
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/** The sketch slot of `text.slice(start, end)` (at least 2 characters); `fold` ignores case (see `lower`). */
export function sketchSlot(text: string, start: number, end: number, fold: boolean): number {
  let a = text.charCodeAt(start);
  let b = text.charCodeAt(start + 1);
  let c = text.charCodeAt(end - 1);
  let d = text.charCodeAt(end - 2);
  if (fold) {
    a = lower(a);
    b = lower(b);
    c = lower(c);
    d = lower(d);
  }
  const x = (((a * 31 + b) * 31 + c) * 31 + d) ^ Math.imul(end - start, 0x27d4eb2f);
  return Math.imul(x, 0x9e3779b1) >>> (32 - BITS);
}

export class Sketch {
  readonly #bits = new Uint8Array(1 << (BITS - 3));
  readonly #fold: boolean;

  constructor(fold: boolean) {
    this.#fold = fold;
  }

  /** The slot of a key, or -1 when it is too short to have one (such keys always pass). */
  slotOf(key: string): number {
    return key.length < 2 ? -1 : sketchSlot(key, 0, key.length, this.#fold);
  }

  add(key: string): void {
    const slot = this.slotOf(key);
    if (slot >= 0) this.addSlot(slot);
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
  mayHave(text: string, start: number, end: number): boolean {
    if (end - start < 2) return true;
    const slot = sketchSlot(text, start, end, this.#fold);
    return (this.#bits[slot >>> 3] & (1 << (slot & 7))) !== 0;
  }
}
