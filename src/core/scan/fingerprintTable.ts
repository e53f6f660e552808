// One kind of identifier of one result: a table from 64-bit fingerprint to record numbers,
// in three typed arrays (12 bytes an entry) sorted by fingerprint, so a lookup is a binary
// search and the table holds no string. Built by a radix sort (four 16-bit passes): linear
// in the entries, no comparator calls.

export class FingerprintTable {
  constructor(
    readonly hi: Uint32Array,
    readonly lo: Uint32Array,
    readonly records: Uint32Array,
  ) {}

  static readonly EMPTY = new FingerprintTable(new Uint32Array(0), new Uint32Array(0), new Uint32Array(0));

  get size(): number {
    return this.hi.length;
  }

  get bytes(): number {
    return this.hi.byteLength * 3;
  }

  /** The first entry with this fingerprint, or -1; entries with it follow it. */
  find(hi: number, lo: number): number {
    const H = this.hi;
    const L = this.lo;
    let a = 0;
    let b = H.length;
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
    let order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    let next = new Uint32Array(n);
    const counts = new Uint32Array(65537);
    const passes: [Uint32Array, number][] = [
      [this.#lo, 0],
      [this.#lo, 16],
      [this.#hi, 0],
      [this.#hi, 16],
    ];
    for (const [key, shift] of passes) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[((key[order[i]] >>> shift) & 0xffff) + 1]++;
      for (let d = 1; d <= 65536; d++) counts[d] += counts[d - 1];
      for (let i = 0; i < n; i++) {
        const e = order[i];
        next[counts[(key[e] >>> shift) & 0xffff]++] = e;
      }
      [order, next] = [next, order];
    }
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const rec = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const e = order[i];
      hi[i] = this.#hi[e];
      lo[i] = this.#lo[e];
      rec[i] = this.#rec[e];
    }
    return new FingerprintTable(hi, lo, rec);
  }
}
