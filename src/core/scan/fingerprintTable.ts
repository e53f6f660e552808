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

const EMPTY_CHUNK = new Uint32Array(0);

/** Entries in a builder's first chunk, and the most in one (three slots each). */
const FIRST_CHUNK = 1024;
const LARGEST_CHUNK = 1 << 16;

/**
 * Collects entries, then sorts them into a table. Entries go into chunks that are never copied
 * (a doubling array would copy every entry about once more and hold up to twice the room it
 * needs), each entry's three numbers side by side.
 */
export class TableBuilder {
  readonly #chunks: Uint32Array[] = [];
  #chunk = new Uint32Array(0);
  #at = 0;
  #n = 0;

  add(hi: number, lo: number, record: number): void {
    let chunk = this.#chunk;
    let at = this.#at;
    if (at === chunk.length) {
      chunk = new Uint32Array(3 * Math.min(LARGEST_CHUNK, Math.max(FIRST_CHUNK, this.#n)));
      this.#chunks.push(chunk);
      this.#chunk = chunk;
      at = 0;
    }
    chunk[at] = hi;
    chunk[at + 1] = lo;
    chunk[at + 2] = record;
    this.#at = at + 3;
    this.#n++;
  }

  build(): FingerprintTable {
    const n = this.#n;
    if (n === 0) return FingerprintTable.EMPTY;
    const bits = directoryBits(n);
    const shift = 32 - bits;
    const slots = 1 << bits;
    const chunks = this.#chunks;
    const last = chunks.length - 1;
    // Entries per slot, then where each slot starts: the lookup's directory.
    const dir = new Uint32Array(slots + 1);
    for (let c = 0; c <= last; c++) {
      const chunk = chunks[c] as Uint32Array;
      const end = c === last ? this.#at : chunk.length;
      for (let j = 0; j < end; j += 3) dir[((chunk[j] as number) >>> shift) + 1]++;
    }
    for (let k = 1; k <= slots; k++) dir[k] += dir[k - 1];
    const next = dir.slice(0, slots);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const rec = new Uint32Array(n);
    for (let c = 0; c <= last; c++) {
      const chunk = chunks[c] as Uint32Array;
      const end = c === last ? this.#at : chunk.length;
      for (let j = 0; j < end; j += 3) {
        const h = chunk[j] as number;
        const at = next[h >>> shift]++;
        hi[at] = h;
        lo[at] = chunk[j + 1] as number;
        rec[at] = chunk[j + 2] as number;
      }
      // Let go as soon as it is read: the chunks' memory goes while the table's fills.
      chunks[c] = EMPTY_CHUNK;
    }
    this.#chunks.length = 0;
    this.#chunk = EMPTY_CHUNK;
    this.#at = 0;
    this.#n = 0;
    for (let k = 0; k < slots; k++) {
      const a = dir[k];
      const b = dir[k + 1];
      if (b - a > 1) sortSlot(hi, lo, rec, a, b);
    }
    return new FingerprintTable(hi, lo, rec, dir);
  }
}
