// A small seeded PRNG (mulberry32) and the helpers the data generator draws with.
// Never Math.random: the same seed always gives the same data.

/** 32-bit FNV-1a hash of a string, mixed with a seed. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Pick from [item, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  /** Pick from a table prepared once with `weightedTable` (fast in hot loops). */
  fromTable<T>(table: WeightedTable<T>): T {
    const r = this.next() * table.total;
    const { cumulative, items } = table;
    let i = 0;
    while (i < cumulative.length - 1 && r >= (cumulative[i] as number)) i++;
    return items[i] as T;
  }
}

export interface WeightedTable<T> {
  readonly items: readonly T[];
  readonly cumulative: readonly number[];
  readonly total: number;
}

export function weightedTable<T>(pairs: readonly (readonly [T, number])[]): WeightedTable<T> {
  let total = 0;
  const cumulative = pairs.map(([, w]) => (total += w));
  return { items: pairs.map(([item]) => item), cumulative, total };
}
