// The text box of the results panel over a stored result: which rows hold the text, case
// folded, in any column that is not secret. Each column is searched its cheapest way, built
// once and cached: a dictionary column tests its distinct values and marks rows by code; a
// column of unique text keeps a lower-case copy of its UTF-8 bytes and is searched with
// Buffer.indexOf (native code, over all rows' bytes at once, no string per row); a date
// column tests its distinct days, as shown and in ISO form. One pass over the rows per
// column: linear.
import type { RecordTable } from '../store/recordTable';

interface LowerPool {
  readonly bytes: Buffer;
  readonly offsets: Uint32Array;
}

/** Day number (UTC) of an instant. */
export function dayOf(ms: number): number {
  return Math.floor(ms / 86_400_000);
}

export class TextSearch {
  readonly #lowerValues = new Map<number, string[]>();
  readonly #lowerPools = new Map<number, LowerPool>();
  readonly #days = new Map<number, { readonly days: Int32Array; readonly distinct: Map<number, string> }>();

  constructor(
    private readonly table: RecordTable,
    /** How a day is shown (the user's locale), searched besides its ISO form. */
    private readonly dayText: (day: number) => string,
  ) {}

  /** Sets `mask[row] = 1` for every row where some searchable column holds `needle` (lower case). */
  mark(needle: string, mask: Uint8Array): void {
    const { table } = this;
    for (let c = 0; c < table.columns.length; c++) {
      if (table.columns[c]?.secret) continue;
      const stored = table.stored[c];
      if (stored?.date) this.#markDates(c, needle, mask);
      else if (stored?.text?.isDictionary) this.#markDictionary(c, needle, mask);
      else if (stored?.text) this.#markPool(c, needle, mask);
    }
  }

  #markDictionary(column: number, needle: string, mask: Uint8Array): void {
    const text = this.table.stored[column]?.text;
    if (!text) return;
    let lower = this.#lowerValues.get(column);
    if (!lower) this.#lowerValues.set(column, (lower = text.values.map((v) => v.toLowerCase())));
    const hit = new Uint8Array(lower.length);
    let any = false;
    for (let i = 0; i < lower.length; i++) {
      if ((lower[i] as string).includes(needle)) {
        hit[i] = 1;
        any = true;
      }
    }
    if (!any) return;
    const codes = text.codes;
    for (let row = 0; row < mask.length; row++) if (hit[codes[row] as number]) mask[row] = 1;
  }

  #lowerPool(column: number): LowerPool | undefined {
    const cached = this.#lowerPools.get(column);
    if (cached) return cached;
    const pool = this.table.stored[column]?.text?.pool;
    if (!pool) return undefined;
    let ascii = true;
    for (let i = 0; i < pool.bytes.length; i++) {
      if ((pool.bytes[i] as number) >= 0x80) {
        ascii = false;
        break;
      }
    }
    let lower: LowerPool;
    if (ascii) {
      const bytes = Buffer.from(pool.bytes);
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i] as number;
        if (b >= 65 && b <= 90) bytes[i] = b | 0x20;
      }
      lower = { bytes, offsets: pool.offsets };
    } else {
      // Case folding can change a text's byte length: re-encode row by row.
      const n = pool.offsets.length - 1;
      const offsets = new Uint32Array(n + 1);
      const parts: Buffer[] = [];
      let at = 0;
      for (let row = 0; row < n; row++) {
        const part = Buffer.from(pool.bytes.toString('utf8', pool.offsets[row], pool.offsets[row + 1]).toLowerCase(), 'utf8');
        parts.push(part);
        at += part.length;
        offsets[row + 1] = at;
      }
      lower = { bytes: Buffer.concat(parts, at), offsets };
    }
    this.#lowerPools.set(column, lower);
    return lower;
  }

  #markPool(column: number, needle: string, mask: Uint8Array): void {
    const pool = this.#lowerPool(column);
    if (!pool) return;
    const want = Buffer.from(needle, 'utf8');
    const { bytes, offsets } = pool;
    let row = 0;
    let from = 0;
    for (;;) {
      const hit = bytes.indexOf(want, from);
      if (hit < 0) return;
      while ((offsets[row + 1] as number) <= hit) row++;
      if (hit + want.length <= (offsets[row + 1] as number)) {
        mask[row] = 1;
        from = offsets[row + 1] as number; // the rest of this row cannot add anything
      } else {
        from = hit + 1; // the match ran into the next row's text
      }
    }
  }

  #markDates(column: number, needle: string, mask: Uint8Array): void {
    const dates = this.table.stored[column]?.date;
    if (!dates) return;
    let cache = this.#days.get(column);
    if (!cache) {
      const days = new Int32Array(dates.length);
      const distinct = new Map<number, string>();
      for (let row = 0; row < days.length; row++) {
        const ms = dates.ms[row] as number;
        const day = Number.isNaN(ms) ? -2_000_000_000 : dayOf(ms);
        days[row] = day;
        if (!distinct.has(day)) distinct.set(day, Number.isNaN(ms) ? '' : `${new Date(day * 86_400_000).toISOString().slice(0, 10)}\u0001${this.dayText(day)}`.toLowerCase());
      }
      this.#days.set(column, (cache = { days, distinct }));
    }
    const hit = new Set<number>();
    for (const [day, text] of cache.distinct) if (text.includes(needle)) hit.add(day);
    for (const [row, text] of dates.texts()) if (text.toLowerCase().includes(needle)) mask[row] = 1;
    if (hit.size === 0) return;
    for (let row = 0; row < mask.length; row++) if (hit.has(cache.days[row] as number)) mask[row] = 1;
  }
}
