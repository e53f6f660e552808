// One kind of identifier of one result: a table from 64-bit fingerprint to record numbers,
// in three typed arrays (12 bytes an entry) sorted by fingerprint, so the table holds no
// string. A lookup reads a directory of the top bits of `hi` (about one 4-byte slot per four
// entries) and binary-searches the few entries of one slot: one or two
// cache lines, where a binary search over the whole table missed the cache at every one of
// its last steps (the matcher looks up every candidate that passes its sketches).
// Built by one counting pass into those slots, then each slot sorted on its own: fingerprints
// are keyed hashes, so slots hold a handful of entries, except where many records share one
// identifier (one site, one password), which one check finds already in order.

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
    /** The directory, when the builder made it (the same as the one computed here). */
    directory?: Uint32Array,
  ) {
    const bits = directoryBits(hi.length);
    const shift = 32 - bits;
    const slots = 1 << bits;
    let dir = directory;
    if (dir === undefined || dir.length !== slots + 1) {
      dir = new Uint32Array(slots + 1);
      let i = 0;
      for (let k = 0; k <= slots; k++) {
        while (i < hi.length && hi[i] >>> shift < k) i++;
        dir[k] = i;
      }
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

  /** The records of this fingerprint, in table order (a view, empty when there are none). */
  recordsOf(hi: number, lo: number): Uint32Array {
    const first = this.find(hi, lo);
    if (first < 0) return this.records.subarray(0, 0);
    let end = first + 1;
    while (end < this.hi.length && this.hi[end] === hi && this.lo[end] === lo) end++;
    return this.records.subarray(first, end);
  }
}

/** Slots up to this size are sorted by insertion; larger ones (shared identifiers) otherwise. */
const SMALL = 16;

/** Whether entries a..b (excluded) are in (hi, lo) order already. */
function ordered(hi: Uint32Array, lo: Uint32Array, a: number, b: number): boolean {
  for (let i = a + 1; i < b; i++) if (hi[i - 1] > hi[i] || (hi[i - 1] === hi[i] && lo[i - 1] > lo[i])) return false;
  return true;
}

/** Sorts entries a..b (excluded) by (hi, lo), keeping the order of equal ones. */
function sortSlot(hi: Uint32Array, lo: Uint32Array, rec: Uint32Array, a: number, b: number): void {
  if (b - a <= SMALL) {
    for (let i = a + 1; i < b; i++) {
      const h = hi[i];
      const l = lo[i];
      const r = rec[i];
      let j = i - 1;
      while (j >= a && (hi[j] > h || (hi[j] === h && lo[j] > l))) {
        hi[j + 1] = hi[j];
        lo[j + 1] = lo[j];
        rec[j + 1] = rec[j];
        j--;
      }
      hi[j + 1] = h;
      lo[j + 1] = l;
      rec[j + 1] = r;
    }
    return;
  }
  if (ordered(hi, lo, a, b)) return;
  // Several identifiers shared by many records each met in one slot: a comparison sort, ties by position (stable).
  const order = Array.from({ length: b - a }, (_, k) => a + k);
  order.sort((x, y) => (hi[x] !== hi[y] ? (hi[x] < hi[y] ? -1 : 1) : lo[x] !== lo[y] ? (lo[x] < lo[y] ? -1 : 1) : x - y));
  const h = order.map((k) => hi[k]);
  const l = order.map((k) => lo[k]);
  const r = order.map((k) => rec[k]);
  hi.set(h, a);
  lo.set(l, a);
  rec.set(r, a);
}

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
    const bits = directoryBits(n);
    const shift = 32 - bits;
    const slots = 1 << bits;
    const hi0 = this.#hi;
    const lo0 = this.#lo;
    const rec0 = this.#rec;
    // Entries per slot, then where each slot starts: the lookup's directory.
    const dir = new Uint32Array(slots + 1);
    for (let i = 0; i < n; i++) dir[(hi0[i] >>> shift) + 1]++;
    for (let k = 1; k <= slots; k++) dir[k] += dir[k - 1];
    const next = dir.slice(0, slots);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const rec = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const at = next[hi0[i] >>> shift]++;
      hi[at] = hi0[i];
      lo[at] = lo0[i];
      rec[at] = rec0[i];
    }
    this.#hi = this.#lo = this.#rec = new Uint32Array(0);
    this.#n = 0;
    for (let k = 0; k < slots; k++) {
      const a = dir[k];
      const b = dir[k + 1];
      if (b - a > 1) sortSlot(hi, lo, rec, a, b);
    }
    return new FingerprintTable(hi, lo, rec, dir);
  }
}
