// One kind of identifier of one result: a table from 64-bit fingerprint to record numbers,
// in three typed arrays (12 bytes an entry) sorted by fingerprint, so the table holds no
// string. Built by a radix sort (six 11-bit passes): linear in the entries, no comparator
// calls. A lookup reads a directory of the top bits of `hi` (about one slot per four
// entries, ~1 byte an entry) and binary-searches the few entries of one slot: one or two
// cache lines, where a binary search over the whole table missed the cache at every one of
// its last steps (the matcher looks up every candidate that passes its sketches).

/** Directory bits for `n` entries: about n / 4 slots, at least 2. */
function directoryBits(n: number): number {
  return n < 16 ? 1 : Math.min(24, Math.floor(Math.log2(n)) - 2);
}

export class FingerprintTable {
  /** `dir[k]`: the first entry whose `hi >>> shift` is at least `k`. */
  readonly #dir: Uint32Array;
  readonly #shift: number;

  constructor(
    readonly hi: Uint32Array,
    readonly lo: Uint32Array,
    readonly records: Uint32Array,
  ) {
    const bits = directoryBits(hi.length);
    const shift = 32 - bits;
    const slots = 1 << bits;
    const dir = new Uint32Array(slots + 1);
    let i = 0;
    for (let k = 0; k <= slots; k++) {
      while (i < hi.length && hi[i] >>> shift < k) i++;
      dir[k] = i;
    }
    this.#dir = dir;
    this.#shift = shift;
  }

  static readonly EMPTY = new FingerprintTable(new Uint32Array(0), new Uint32Array(0), new Uint32Array(0));

  get size(): number {
    return this.hi.length;
  }

  get bytes(): number {
    return this.hi.byteLength * 3 + this.#dir.byteLength;
  }

  /** The first entry with this fingerprint, or -1; entries with it follow it. */
  find(hi: number, lo: number): number {
    const H = this.hi;
    const L = this.lo;
    const slot = hi >>> this.#shift;
    let a = this.#dir[slot];
    let b = this.#dir[slot + 1];
    while (a < b) {
      const m = (a + b) >>> 1;
      if (H[m] < hi || (H[m] === hi && L[m] < lo)) a = m + 1;
      else b = m;
    }
    return a < H.length && H[a] === hi && L[a] === lo ? a : -1;
  }

  /** Calls `fn` with each record of this fingerprint. */
  forEach(hi: number, lo: number, fn: (record: number) => void): void {
    for (let k = this.find(hi, lo); k >= 0 && k < this.hi.length && this.hi[k] === hi && this.lo[k] === lo; k++) fn(this.records[k]);
  }
}

const RADIX = 2048;
const MASK = RADIX - 1;

/** Collects entries, then sorts them into a table. */
export class TableBuilder {
  #hi: Uint32Array = new Uint32Array(1024);
  #lo: Uint32Array = new Uint32Array(1024);
  #rec: Uint32Array = new Uint32Array(1024);
  #n = 0;

  add(hi: number, lo: number, record: number): void {
    if (this.#n === this.#hi.length) {
      const grow = (a: Uint32Array): Uint32Array => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.#hi = grow(this.#hi);
      this.#lo = grow(this.#lo);
      this.#rec = grow(this.#rec);
    }
    this.#hi[this.#n] = hi;
    this.#lo[this.#n] = lo;
    this.#rec[this.#n] = record;
    this.#n++;
  }

  build(): FingerprintTable {
    const n = this.#n;
    if (n === 0) return FingerprintTable.EMPTY;
    // LSD radix sort on (hi, lo), 11 bits a pass, moving the entries themselves: a few
    // thousand buckets keep the scattered writes in cache (16-bit digits were 5× slower).
    let hi = this.#hi.slice(0, n);
    let lo = this.#lo.slice(0, n);
    let rec = this.#rec.slice(0, n);
    let hi2 = new Uint32Array(n);
    let lo2 = new Uint32Array(n);
    let rec2 = new Uint32Array(n);
    const counts = new Uint32Array(RADIX + 1);
    for (let pass = 0; pass < 6; pass++) {
      const key = pass < 3 ? lo : hi;
      const shift = (pass % 3) * 11;
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[((key[i] >>> shift) & MASK) + 1]++;
      if (counts[1 + ((key[0] >>> shift) & MASK)] === n) continue; // one digit for all: already in order
      for (let d = 1; d <= RADIX; d++) counts[d] += counts[d - 1];
      for (let i = 0; i < n; i++) {
        const at = counts[(key[i] >>> shift) & MASK]++;
        hi2[at] = hi[i];
        lo2[at] = lo[i];
        rec2[at] = rec[i];
      }
      [hi, hi2] = [hi2, hi];
      [lo, lo2] = [lo2, lo];
      [rec, rec2] = [rec2, rec];
    }
    return new FingerprintTable(hi, lo, rec);
  }
}
