// The results panel's queries over one stored result, answered in the engine so the webview
// only ever holds the rows in view: filter → sort → group → figures, then windows of display
// items. Every step is linear in the rows (sort orders are computed once per column and
// cached); a million rows re-filter or re-sort in a fraction of a second. Node only.
import { visibleText } from '../../core/text/plainText';
import { maskEchoes } from '../../core/results/secretEchoes';
import { MASK } from '../../shared/webviewProtocol';
import type { FilterOptions, FilterState, Grouping, MonthCount, SortState, ValueCount, ViewFigures, ViewItem, ViewQuery, ViewStats, ViewSummary } from '../../shared/webviewProtocol';
import { NO_SITE, siteOf } from '../../core/results/sites';
import type { RecordTable } from '../store/recordTable';
import { withoutKeys } from '../store/recordTable';
import { codeArray } from '../store/columns';
import type { Codes } from '../store/columns';
import { columnOrder, hasSortKeys, sortKeys } from './columnOrder';
import type { ColumnOrder } from './columnOrder';
import { firstInOrder } from './firstInOrder';
import { TextSearch, dayOf } from './textSearch';
import { combinedTriage } from '../../core/triage/triage';
import { triageLabel } from '../../shared/triageLabel';
import { TRIAGE_COLUMN } from '../workerProtocol';
import type { TriageCounts } from '../../core/triage/triage';
import { passesTriage } from '../../shared/webviewProtocol';
import type { RowTriage } from './rowTriage';
import { stateOfCode } from './rowTriage';

const TOP_N = 8;
const OPTIONS_MAX = 500;
/** The longest text a cell shows (the export has it whole). */
const CELL_MAX = 2000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * While a column's full order is not computed yet, windows within this many first rows are
 * answered by a one-pass selection (a million rows: a few ms instead of a sort): the first
 * screen of a fresh panel never waits for the sort. Further windows compute the full order.
 */
const FIRST_ROWS = 1000;

interface Group {
  readonly key: string;
  readonly label: string;
  readonly rows: Uint32Array;
}

/** How the panel shows dates and days (the user's locale). */
export interface DateFormat {
  dateTime(ms: number): string;
  day(day: number): string;
}

export const ISO_DATES: DateFormat = {
  dateTime: (ms) => new Date(ms).toISOString().replace('T', ' ').replace(/:\d\d\.\d{3}Z$/, ''),
  day: (day) => new Date(day * 86_400_000).toISOString().slice(0, 10),
};

export class ResultView {
  readonly #orders = new Map<number, ColumnOrder>();
  readonly #search: TextSearch;
  #sites: { readonly codes: Codes; readonly values: string[] } | undefined;
  #options: FilterOptions | undefined;
  /** The current query's rows, in order; undefined while only its first rows are known (see FIRST_ROWS). */
  #rows: Uint32Array | undefined = new Uint32Array(0);
  /** The current query's selection, and its sort when its rows are not in order yet. */
  #mask: Uint8Array = new Uint8Array(0);
  #shown = 0;
  #sort: SortState | undefined;
  /** The first rows of the current query while `#rows` is not computed. */
  #first: Uint32Array | undefined;
  #groups: Group[] = [];
  /** Display items when grouping: -(g + 1) for a group header, else a row. */
  #items: Int32Array | undefined;
  #expanded = new Set<string>();
  #grouping: Grouping = 'none';

  /** 1 for a record new since the previous check (empty when none is). */
  readonly #fresh: Uint8Array;

  constructor(
    readonly table: RecordTable,
    private readonly dates: DateFormat = ISO_DATES,
    freshRows: Uint32Array = new Uint32Array(0),
    /** Each row's triage decision; with it the view shows a Triage column after the table's. */
    readonly triage?: RowTriage,
  ) {
    this.#search = new TextSearch(table, (day) => dates.day(day));
    this.#fresh = new Uint8Array(freshRows.length > 0 ? table.length : 0);
    for (const row of freshRows) if (row < table.length) this.#fresh[row] = 1;
  }

  /** The figures of the last filter: a new sort or grouping keeps the same rows, so the same figures. */
  #statsOf: { readonly filter: string; readonly stats: ViewStats } | undefined;
  #filterKey = '';
  /** Each row's month (year * 12 + month, UTC), or -1 without a date: built once, counted per query. */
  #monthOfRow: Int32Array | undefined;

  /** Runs a query: which rows it selects, in what order, grouped; returns its counts (figures: `figures()`). */
  query(q: ViewQuery): ViewSummary {
    const mask = this.#filter(q.filter);
    let shown = 0;
    for (let row = 0; row < mask.length; row++) shown += mask[row] as number;
    this.#mask = mask;
    this.#shown = shown;
    this.#sort = q.sort;
    this.#first = undefined;
    // A new decision changes the figures of a triage filter without changing the filter.
    this.#filterKey = `${JSON.stringify(q.filter)}${q.filter.triage && this.triage ? `|${this.#marksSeen()}` : ''}`;
    this.#grouping = q.grouping;
    this.#expanded = new Set(q.expanded);
    // Grouping and a sort whose order is known need the rows now; otherwise they wait for a window past the first rows.
    const column = this.#sortColumn(q.sort);
    this.#rows = q.grouping !== 'none' || column === undefined || this.#orders.has(column) || !hasSortKeys(this.table, column) ? this.#sorted(mask, q.sort) : undefined;
    this.#groups = q.grouping === 'none' ? [] : this.#group(this.rows, q.grouping);
    this.#items = q.grouping === 'none' ? undefined : this.#buildItems();
    return {
      total: this.table.length,
      shown,
      items: this.#items ? this.#items.length : shown,
      groups: this.#groups.length,
    };
  }

  /** The charts' figures of the current query's rows, and the drop-downs' values. */
  figures(): ViewFigures {
    if (this.#statsOf?.filter !== this.#filterKey) this.#statsOf = { filter: this.#filterKey, stats: this.stats(this.#rows ?? this.#inRecordOrder()) };
    return { stats: this.#statsOf.stats, options: this.options() };
  }

  /** The rows the current query selects, in order (for exports). */
  get rows(): Uint32Array {
    this.#rows ??= this.#sorted(this.#mask, this.#sort);
    return this.#rows;
  }

  /** The selected rows in record order (figures do not depend on the order). */
  #inRecordOrder(): Uint32Array {
    const mask = this.#mask;
    const out = new Uint32Array(this.#shown);
    let at = 0;
    for (let row = 0; row < mask.length; row++) if (mask[row]) out[at++] = row;
    return out;
  }

  /** Row `i` of the current query's order (`i` < shown). */
  #rowAt(i: number): number {
    if (!this.#rows && i < FIRST_ROWS) {
      const column = this.#sortColumn(this.#sort) as number;
      this.#first ??= firstInOrder(this.#mask, sortKeys(this.table, column) as Float64Array, this.#sort?.direction ?? 'asc', FIRST_ROWS);
      return this.#first[i] as number;
    }
    return this.rows[i] as number;
  }

  /** The column a sort applies to, if it can be sorted (an unknown or secret column cannot). */
  #sortColumn(sort: SortState | undefined): number | undefined {
    const column = sort ? this.table.columnOf(sort.column) : undefined;
    return column === undefined || this.table.columns[column]?.secret ? undefined : column;
  }

  /** Display items [start, start + count) of the current query. */
  window(start: number, count: number, revealed: ReadonlySet<string>, presentation = false): ViewItem[] {
    const total = this.#items ? this.#items.length : this.#shown;
    const end = Math.min(total, start + count);
    const out: ViewItem[] = [];
    for (let i = start; i < end; i++) {
      const item = this.#items ? (this.#items[i] as number) : this.#rowAt(i);
      if (item < 0) {
        const g = this.#groups[-item - 1] as Group;
        const decided = this.triage ? combinedTriage(Array.from(g.rows, (row) => this.triage?.mark(row)))?.state : undefined;
        out.push({ kind: 'group', key: g.key, label: g.label, count: g.rows.length, expanded: this.#expanded.has(g.key), ...(decided ? { triage: decided } : {}) });
      } else {
        const cells = this.cells(item, (c) => !presentation && revealed.has(`${item}:${c}`));
        const state = this.triage?.state(item);
        out.push({ kind: 'row', row: item, cells, ...(this.#fresh[item] ? { fresh: true as const } : {}), ...(state ? { triage: state } : {}) });
      }
    }
    return out;
  }

  /** A row's display texts, secrets masked unless `revealed(column)`; then its triage state when the view has one. */
  cells(row: number, revealed: (column: number) => boolean = () => false): string[] {
    const { table } = this;
    const cells = table.columns.map((column, c) => {
      const text = this.display(c, row);
      if (!column.secret) return text;
      return text === '' ? '' : revealed(c) ? text : MASK;
    });
    if (this.triage) {
      const state = this.triage.state(row);
      cells.push(state ? triageLabel(state) : '');
    }
    return cells;
  }

  /** Records per triage state among `rows` (all undecided without triage). */
  triageCounts(rows: Uint32Array): TriageCounts {
    const counts = [0, 0, 0, 0];
    const codes = this.triage?.codes();
    for (const row of rows) counts[codes ? (codes[row] as number) : 0]++;
    return { untriaged: counts[0] as number, acknowledged: counts[1] as number, remediated: counts[2] as number, 'false-positive': counts[3] as number };
  }

  /** Changes whenever the decisions do (their map is replaced on every change). */
  #marksSeen(): number {
    const codes = this.triage?.codes();
    if (codes !== this.#lastCodes) {
      this.#lastCodes = codes;
      this.#marksGeneration++;
    }
    return this.#marksGeneration;
  }

  #lastCodes: Uint8Array | undefined;
  #marksGeneration = 0;

  /** A cell as the panel shows it: one line, no invisible characters, bounded; dates in the user's format. */
  display(column: number, row: number): string {
    const date = this.table.stored[column]?.date;
    if (date) {
      const raw = date.oddText(row);
      if (raw !== undefined) return visibleText(maskEchoes(raw, this.table.secretsOf(row))).slice(0, CELL_MAX);
      const ms = date.ms[row] as number;
      return Number.isNaN(ms) ? '' : this.dates.dateTime(ms);
    }
    // A secret column's text as is (cells() masks it unless revealed); any other column's with
    // the record's secrets masked where they stand in it.
    const text = this.table.shown(column, row);
    return visibleText(text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text);
  }

  /** What "Copy cell" / "Copy row" put on the clipboard: as stored (not shortened); secrets only when revealed. */
  copyText(what: 'cell' | 'row', row: number, column: number, revealed: ReadonlySet<number>): string | undefined {
    const { table } = this;
    if (row >= table.length) return undefined;
    const visible = (c: number): boolean => !table.columns[c]?.secret || revealed.has(c);
    // The Triage column (after the table's own, when the view has decisions) copies as it shows.
    const state = this.triage ? this.triage.state(row) : undefined;
    const decision = state ? triageLabel(state) : '';
    const secrets = table.secretsOf(row);
    if (what === 'cell') return this.triage && column === table.columns.length ? decision : visible(column) ? table.shown(column, row, secrets) : undefined;
    const lines = table.columns.flatMap((col, c) => (visible(c) ? [`${col.label}: ${table.shown(c, row, secrets)}`] : []));
    if (this.triage) lines.push(`${TRIAGE_COLUMN.label}: ${decision}`);
    return lines.join('\n');
  }

  // ---- filter ---------------------------------------------------------------------------

  #filter(filter: FilterState): Uint8Array {
    const { table } = this;
    const n = table.length;
    const { roles } = table;
    const needle = filter.text.trim().toLowerCase();
    const from = DAY.test(filter.from) ? Date.parse(`${filter.from}T00:00:00Z`) : Number.NaN;
    const to = DAY.test(filter.to) ? Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000 : Number.NaN;
    // Each check narrows a mask of candidates; no check: every row.
    let mask: Uint8Array;
    if (needle) {
      mask = new Uint8Array(n);
      this.#search.mark(needle, mask);
    } else mask = new Uint8Array(n).fill(1);
    const exact = (column: number | undefined, value: string): void => {
      if (!value) return;
      const text = column === undefined ? undefined : table.stored[column]?.text;
      if (column === undefined || !text) {
        mask.fill(0);
        return;
      }
      if (text.isDictionary) {
        const code = text.values.indexOf(value);
        const codes = text.codes;
        for (let row = 0; row < n; row++) if (mask[row] && codes[row] !== code) mask[row] = 0;
      } else {
        for (let row = 0; row < n; row++) if (mask[row] && text.get(row) !== value) mask[row] = 0;
      }
    };
    if (filter.onlyNew) {
      const fresh = this.#fresh;
      for (let row = 0; row < n; row++) if (mask[row] && !fresh[row]) mask[row] = 0;
    }
    if (filter.triage && this.triage) {
      const codes = this.triage.codes();
      for (let row = 0; row < n; row++) if (mask[row] && !passesTriage(filter.triage, stateOfCode(codes[row] as number))) mask[row] = 0;
    } else if (filter.triage && filter.triage !== 'untriaged') mask.fill(0);
    exact(roles.status, filter.status);
    exact(roles.country, filter.country);
    exact(roles.browser, filter.browser);
    if (!Number.isNaN(from) || !Number.isNaN(to)) {
      const dates = roles.date === undefined ? undefined : table.stored[roles.date]?.date;
      for (let row = 0; row < n; row++) {
        if (!mask[row]) continue;
        const ms = dates ? (dates.ms[row] as number) : Number.NaN;
        if (Number.isNaN(ms) || (!Number.isNaN(from) && ms < from) || (!Number.isNaN(to) && ms >= to)) mask[row] = 0;
      }
    }
    return mask;
  }

  // ---- sort -----------------------------------------------------------------------------

  /** The cached ascending order of a column. */
  order(column: number): ColumnOrder {
    let order = this.#orders.get(column);
    if (!order) {
      order = columnOrder(this.table, column);
      this.#orders.set(column, order);
    }
    return order;
  }

  /**
   * The rows passing `mask`, in the order of `sort`. Descending keeps ties in record order too.
   * An unknown or secret sort column means record order (sorting a masked column would leak it).
   */
  #sorted(mask: Uint8Array, sort: SortState | undefined): Uint32Array {
    const n = mask.length;
    let count = 0;
    for (let row = 0; row < n; row++) count += mask[row] as number;
    const view = new Uint32Array(count);
    let at = 0;
    const column = this.#sortColumn(sort);
    if (sort?.column === 'triage' && column === undefined && this.triage) return byTriage(mask, count, this.triage.codes(), sort.direction);
    if (column === undefined || !sort) {
      for (let row = 0; row < n; row++) if (mask[row]) view[at++] = row;
      return view;
    }
    const { order, starts } = this.order(column);
    if (sort.direction === 'asc') {
      for (let i = 0; i < order.length; i++) {
        const row = order[i] as number;
        if (mask[row]) view[at++] = row;
      }
      return view;
    }
    // Descending: the runs of equal values from the end, each run in record order.
    let end = order.length;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && !starts[start]) start--;
      for (let i = start; i < end; i++) {
        const row = order[i] as number;
        if (mask[row]) view[at++] = row;
      }
      end = start;
    }
    return view;
  }

  // ---- groups ---------------------------------------------------------------------------

  /** Site of each row (the host of its URL), interned; cached. */
  #siteCodes(): { readonly codes: Codes; readonly values: string[] } {
    if (this.#sites) return this.#sites;
    const { table } = this;
    const column = table.roles.url;
    let codes: Codes;
    const values: string[] = [''];
    const index = new Map<string, number>([['', 0]]);
    const siteOfUrl = (url: string): string => {
      const site = siteOf(url);
      return site === NO_SITE ? '' : site;
    };
    const intern = (site: string): number => {
      let code = index.get(site);
      if (code === undefined) {
        code = values.length;
        values.push(site);
        index.set(site, code);
      }
      return code;
    };
    const text = column === undefined ? undefined : table.stored[column]?.text;
    if (text?.isDictionary) {
      // No more sites than URLs: the codes can be as narrow as the URLs' (a byte a row for a few hundred).
      const byUrl = text.values.map((url) => intern(siteOfUrl(url)));
      codes = codeArray(values.length, table.length);
      for (let row = 0; row < codes.length; row++) codes[row] = byUrl[text.codes[row] as number] as number;
    } else if (text) {
      codes = new Uint32Array(table.length);
      for (let row = 0; row < codes.length; row++) codes[row] = intern(siteOfUrl(text.get(row)));
    } else codes = new Uint8Array(table.length);
    this.#sites = { codes, values };
    return this.#sites;
  }

  #group(rows: Uint32Array, by: Exclude<Grouping, 'none'>): Group[] {
    const members = new Map<string, number[]>();
    const labels = new Map<string, string>();
    if (by === 'site') {
      const { codes, values } = this.#siteCodes();
      const byCode = new Map<number, number[]>();
      for (const row of rows) {
        const code = codes[row] as number;
        const list = byCode.get(code);
        if (list) list.push(row);
        else byCode.set(code, [row]);
      }
      for (const [code, list] of byCode) {
        const site = values[code] as string;
        members.set(`s:${site}`, list);
        labels.set(`s:${site}`, site || '(no site)');
      }
    } else {
      for (const row of rows) {
        const key = this.#machineKey(row);
        const list = members.get(key);
        if (list) list.push(row);
        else {
          members.set(key, [row]);
          labels.set(key, key.slice(2).split('\u0001').map((part, i) => visibleText(withoutKeys(part)) || (['(no IP)', '(no browser)', '(no country)', '(no date)'][i] as string)).join(' · '));
        }
      }
    }
    return [...members.entries()]
      .map(([key, list]) => ({ key, label: labels.get(key) ?? key, rows: Uint32Array.from(list) }))
      .sort((a, b) => b.rows.length - a.rows.length || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  }

  /** A row's machine group key: `m:` then its IP, browser, country and day. */
  #machineKey(row: number): string {
    const { table } = this;
    const { roles } = table;
    const dates = roles.date === undefined ? undefined : table.stored[roles.date]?.date;
    const ip = roles.ip === undefined ? '' : table.text(roles.ip, row);
    const browser = roles.browser === undefined ? '' : table.text(roles.browser, row);
    const country = roles.country === undefined ? '' : table.text(roles.country, row);
    const ms = dates ? (dates.ms[row] as number) : Number.NaN;
    const day = Number.isNaN(ms) ? '' : this.dates.day(dayOf(ms));
    return `m:${ip}\u0001${browser}\u0001${country}\u0001${day}`;
  }

  #buildItems(): Int32Array {
    let count = this.#groups.length;
    for (const g of this.#groups) if (this.#expanded.has(g.key)) count += g.rows.length;
    const items = new Int32Array(count);
    let at = 0;
    this.#groups.forEach((g, i) => {
      items[at++] = -(i + 1);
      if (this.#expanded.has(g.key)) for (const row of g.rows) items[at++] = row;
    });
    return items;
  }

  /** How many distinct sites `rows` have. */
  siteCount(rows: Uint32Array): number {
    const { codes, values } = this.#siteCodes();
    const seen = new Uint8Array(values.length);
    let count = 0;
    for (const row of rows) {
      const code = codes[row] as number;
      if (code !== 0 && !seen[code]) {
        seen[code] = 1;
        count++;
      }
    }
    return count;
  }

  /** The machine groups of `rows` (the incident summary lists the largest). */
  machineGroups(rows: Uint32Array): { readonly label: string; readonly count: number }[] {
    return this.#group(rows, 'machine').map((g) => ({ label: g.label, count: g.rows.length }));
  }

  /** The rows of a group of the current query (empty when there is no such group). */
  groupRows(key: string): Uint32Array {
    return this.#groups.find((g) => g.key === key)?.rows ?? new Uint32Array(0);
  }

  /** How many records of the whole result share a row's machine (same IP, browser, country and day). */
  machineSize(row: number): number {
    const { roles } = this.table;
    if (roles.ip === undefined && roles.browser === undefined) return 1;
    const key = this.#machineKey(row);
    let count = 0;
    for (let r = 0; r < this.table.length; r++) if (this.#machineKey(r) === key) count++;
    return count;
  }

  /** The grouping of the current query. */
  get grouping(): Grouping {
    return this.#grouping;
  }

  // ---- figures --------------------------------------------------------------------------

  /** Months, top sites, countries and browsers of `rows`. */
  stats(rows: Uint32Array): ViewStats {
    const { table } = this;
    const { roles } = table;
    const months = new Map<number, number>();
    const monthOf = this.#months();
    if (monthOf) {
      for (const row of rows) {
        const m = monthOf[row] as number;
        if (m >= 0) months.set(m, (months.get(m) ?? 0) + 1);
      }
    }
    const { codes, values } = this.#siteCodes();
    return {
      months: monthHistogram(months),
      sites: topCodes(rows, codes, values, TOP_N),
      countries: this.#topOf(roles.country, rows),
      browsers: this.#topOf(roles.browser, rows),
    };
  }

  #months(): Int32Array | undefined {
    if (this.#monthOfRow) return this.#monthOfRow;
    const { roles } = this.table;
    const dates = roles.date === undefined ? undefined : this.table.stored[roles.date]?.date;
    if (!dates) return undefined;
    const out = new Int32Array(this.table.length);
    for (let row = 0; row < out.length; row++) {
      const ms = dates.ms[row] as number;
      out[row] = Number.isNaN(ms) ? -1 : monthIndex(ms);
    }
    this.#monthOfRow = out;
    return out;
  }

  #topOf(column: number | undefined, rows: Uint32Array): ValueCount[] {
    const text = column === undefined ? undefined : this.table.stored[column]?.text;
    if (!text) return [];
    if (text.isDictionary) return topCodes(rows, text.codes, text.values, TOP_N);
    const counts = new Map<string, number>();
    for (const row of rows) {
      const v = text.get(row);
      if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return ranked(counts, TOP_N).map(([value, count]) => ({ value: visibleText(withoutKeys(value)), count }));
  }

  /** The filter drop-downs' values over the whole result (most frequent first). */
  options(): FilterOptions {
    if (this.#options) return this.#options;
    const all = (column: number | undefined): string[] => {
      const text = column === undefined ? undefined : this.table.stored[column]?.text;
      if (!text) return [];
      const counts = new Map<string, number>();
      if (text.isDictionary) {
        const byCode = new Uint32Array(text.values.length);
        for (let row = 0; row < this.table.length; row++) byCode[text.codes[row] as number]++;
        text.values.forEach((v, i) => v && counts.set(v, byCode[i] as number));
      } else for (let row = 0; row < this.table.length; row++) {
        const v = text.get(row);
        if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      return ranked(counts, OPTIONS_MAX).map(([v]) => v);
    };
    const { roles } = this.table;
    this.#options = { status: all(roles.status), country: all(roles.country), browser: all(roles.browser) };
    return this.#options;
  }
}

/** The rows passing `mask` ordered by triage state (undecided first when ascending), record order within a state. */
function byTriage(mask: Uint8Array, count: number, codes: Uint8Array, direction: 'asc' | 'desc'): Uint32Array {
  const view = new Uint32Array(count);
  let at = 0;
  const order = direction === 'asc' ? [0, 1, 2, 3] : [3, 2, 1, 0];
  for (const code of order) for (let row = 0; row < mask.length; row++) if (mask[row] && codes[row] === code) view[at++] = row;
  return view;
}

function ranked(counts: Map<string, number>, n: number): [string, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, n);
}

function topCodes(rows: Uint32Array, codes: ArrayLike<number>, values: readonly string[], n: number): ValueCount[] {
  const counts = new Uint32Array(values.length);
  for (const row of rows) counts[codes[row] as number]++;
  const map = new Map<string, number>();
  values.forEach((v, i) => {
    if (v && counts[i]) map.set(v, (map.get(v) ?? 0) + (counts[i] as number));
  });
  return ranked(map, n).map(([value, count]) => ({ value: visibleText(withoutKeys(value)), count }));
}

/** Leaks per month from the first to the last month seen, empty months included (at most a century). */
function monthHistogram(months: Map<number, number>): MonthCount[] {
  if (months.size === 0) return [];
  const keys = [...months.keys()].sort((a, b) => a - b);
  const first = keys[0] as number;
  const last = Math.min(keys[keys.length - 1] as number, first + 1199);
  const out: MonthCount[] = [];
  for (let m = first; m <= last; m++) {
    const year = Math.floor(m / 12);
    out.push({ month: `${String(year).padStart(4, '0')}-${String((m % 12) + 1).padStart(2, '0')}`, count: months.get(m) ?? 0 });
  }
  return out;
}

/** year * 12 + month (UTC) of an epoch-ms time, by arithmetic (a Date per row costs 1M allocations). */
export function monthIndex(ms: number): number {
  // Howard Hinnant's civil_from_days.
  const z = Math.floor(ms / 86_400_000) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + (month - 1);
}
