// Fast figures over a view of a table: each charted column (site, country, browser, status,
// month) is interned once into integer codes, so counting a view of 100,000 rows is a tight
// loop over an Int32Array. Pure and browser-safe.
import { hostOf, monthOf } from './stats';
import type { MonthCount, ValueCount } from './stats';
import type { ResultTable } from './table';

export type StatKey = 'site' | 'country' | 'browser' | 'status' | 'month';

interface Interned {
  /** Distinct values; code `i` is `values[i]`. '' is a value like any other (and never charted). */
  readonly values: readonly string[];
  readonly codes: Int32Array<ArrayBuffer>;
}

export class TableStats {
  readonly #interned = new Map<StatKey, Interned>();
  constructor(private readonly table: ResultTable) {}

  /** Whether the table has the column a figure needs. */
  has(key: StatKey): boolean {
    return this.#column(key) !== undefined;
  }

  #column(key: StatKey): number | undefined {
    const { roles } = this.table;
    if (key === 'site') return roles.url;
    if (key === 'month') return roles.date;
    return roles[key];
  }

  #intern(key: StatKey): Interned {
    let interned = this.#interned.get(key);
    if (interned) return interned;
    const column = this.#column(key);
    const codes = new Int32Array(this.table.length);
    const values: string[] = [];
    const index = new Map<string, number>();
    if (column !== undefined) {
      const map = key === 'site' ? hostOf : key === 'month' ? monthOf : undefined;
      // Hosts repeat a lot (memoise); dates hardly ever do.
      const memo = key === 'site' ? new Map<string, string>() : undefined;
      const cells = this.table.cells[column] ?? [];
      for (let row = 0; row < codes.length; row++) {
        const raw = cells[row] ?? '';
        let value = raw;
        if (map && memo) {
          const cached = memo.get(raw);
          if (cached === undefined) {
            value = map(raw);
            memo.set(raw, value);
          } else value = cached;
        } else if (map) value = map(raw);
        let code = index.get(value);
        if (code === undefined) {
          code = values.length;
          values.push(value);
          index.set(value, code);
        }
        codes[row] = code;
      }
    }
    interned = { values, codes };
    this.#interned.set(key, interned);
    return interned;
  }

  /** Counts of each distinct value over `view` (all rows when omitted). */
  #counts(key: StatKey, view?: ArrayLike<number>): { values: readonly string[]; counts: Uint32Array } {
    const { values, codes } = this.#intern(key);
    const counts = new Uint32Array(values.length);
    if (view) for (let i = 0; i < view.length; i++) counts[codes[view[i] as number] as number]++;
    else for (let row = 0; row < codes.length; row++) counts[codes[row] as number]++;
    return { values, counts };
  }

  /** The `n` most frequent non-empty values in `view` (all rows when omitted), ties alphabetical. */
  top(key: StatKey, n: number, view?: ArrayLike<number>): ValueCount[] {
    const { values, counts } = this.#counts(key, view);
    const out: ValueCount[] = [];
    values.forEach((value, code) => {
      const count = counts[code] as number;
      if (value && count > 0) out.push({ value, count });
    });
    return out.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)).slice(0, Math.max(0, n));
  }

  /** Every non-empty value, most frequent first (for the filter drop-downs). */
  distinct(key: StatKey): string[] {
    return this.top(key, Number.MAX_SAFE_INTEGER).map((v) => v.value);
  }

  /** Leaks per month over `view`, from the first to the last month, empty months included. */
  months(view?: ArrayLike<number>): MonthCount[] {
    const { values, counts } = this.#counts('month', view);
    const present = values.flatMap((month, code) => (month && (counts[code] as number) > 0 ? [month] : [])).sort();
    if (present.length === 0) return [];
    const byMonth = new Map(values.map((month, code) => [month, counts[code] as number]));
    const histogram: MonthCount[] = [];
    const last = present[present.length - 1] as string;
    let [year, month] = (present[0] as string).split('-').map(Number) as [number, number];
    for (;;) {
      const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
      histogram.push({ month: key, count: byMonth.get(key) ?? 0 });
      if (key >= last || histogram.length > 1200) break;
      month++;
      if (month > 12) {
        month = 1;
        year++;
      }
    }
    return histogram;
  }
}
