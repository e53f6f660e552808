// The leak index of the results that matter to this workspace (the latest per domain and
// findings type of the service in use), and matching a document's text against it, in the
// engine: the editor sends text and gets matches with their messages, never the records.
// A match carries a handle; the hover asks for the records behind it by that handle.
// No `vscode`.
import { describeMatch } from '../core/scan/describeMatch';
import { buildLeakIndex } from '../core/scan/leakIndex';
import type { LeakIndex, LeakMatch, LeakSource, MatchKind, MatchOptions, SeverityHint } from '../core/scan/leakIndex';
import { NO_SITE, siteOf } from '../core/sites';
import type { AccountRecord, OpenRecord } from '../core/types';
import type { RecordTable } from './store/recordTable';

/** A match as the editor gets it: where, what, the message; the records stay here. */
export interface WireMatch {
  readonly start: number;
  readonly end: number;
  readonly kind: MatchKind;
  /** The normalised identifier; for a password, the account it leaked for (never the password). */
  readonly identifier: string;
  readonly severity: SeverityHint;
  /** The diagnostic's message. */
  readonly message: string;
  /** Every record behind the match has status `hide`. */
  readonly hidden: boolean;
  /** Records behind the match. */
  readonly count: number;
  /** For a password: the accounts it leaked for. */
  readonly owners: readonly string[];
  /** The searched domains the records came from. */
  readonly domains: readonly string[];
  /** The result most of the records come from, and what the panel filters on. */
  readonly target?: { readonly key: string; readonly identifier: string };
  /** Asks for the records behind this match (see `hover`), while the index is this version. */
  readonly handle: number;
}

/** A record behind a match, as a hover shows it (never the password itself). */
export interface HoverRecord {
  readonly date: string;
  readonly site: string;
  readonly browser: string;
  readonly country: string;
  readonly status: string;
  readonly hasPassword: boolean;
}

/** Matches whose records can still be asked for (older handles are forgotten). */
const HANDLES = 20_000;

export class Leaks {
  #index: LeakIndex = buildLeakIndex([]);
  #keys: string[] = [];
  #tables: RecordTable[] = [];
  #version = 0;
  readonly #handles = new Map<number, { readonly version: number; readonly refs: LeakMatch['refs'] }>();
  #nextHandle = 1;

  get version(): number {
    return this.#version;
  }

  get isEmpty(): boolean {
    return this.#index.isEmpty;
  }

  /** Indexes exactly these results (tables given in the same order as keys). */
  set(keys: readonly string[], tables: readonly RecordTable[], domains: readonly string[]): number {
    const sources: LeakSource[] = tables.map((table, i) => ({ domain: domains[i] ?? '', type: table.type, records: recordsOf(table) }));
    this.#index = buildLeakIndex(sources);
    this.#keys = [...keys];
    this.#tables = [...tables];
    this.#handles.clear();
    return ++this.#version;
  }

  /** Every leaked identifier in `text`, with messages, sorted by start then end. */
  match(text: string, options: MatchOptions = {}): WireMatch[] {
    if (this.#index.isEmpty) return [];
    return this.#index.match(text, options).map((m) => this.#wire(m));
  }

  #wire(m: LeakMatch): WireMatch {
    const handle = this.#nextHandle++;
    this.#handles.set(handle, { version: this.#version, refs: m.refs });
    if (this.#handles.size > HANDLES) this.#handles.delete(this.#handles.keys().next().value as number);
    const counts = new Map<number, number>();
    for (const r of m.refs) counts.set(r.source, (counts.get(r.source) ?? 0) + 1);
    let best = -1;
    let bestCount = 0;
    for (const [s, n] of counts) if (n > bestCount) [best, bestCount] = [s, n];
    const key = this.#keys[best];
    return {
      start: m.start,
      end: m.end,
      kind: m.kind,
      identifier: m.identifier,
      severity: m.severity,
      message: describeMatch(m),
      hidden: m.hidden,
      count: m.refs.length,
      owners: m.owners,
      domains: m.summary.domains,
      ...(key !== undefined ? { target: { key, identifier: m.identifier } } : {}),
      handle,
    };
  }

  /** The records behind a match, newest first, at most `limit`; undefined when the handle is stale. */
  hover(handle: number, limit: number): { readonly records: readonly HoverRecord[]; readonly total: number } | undefined {
    const held = this.#handles.get(handle);
    if (!held || held.version !== this.#version) return undefined;
    const records: HoverRecord[] = [];
    const ranked = held.refs
      .map((r) => {
        const table = this.#tables[r.source] as RecordTable;
        const date = table.roles.date === undefined ? '' : table.text(table.roles.date, r.record);
        return { r, table, date };
      })
      .sort((a, b) => (b.date < a.date ? -1 : b.date > a.date ? 1 : 0));
    for (const { r, table, date } of ranked.slice(0, limit)) {
      const text = (column: number | undefined): string => (column === undefined ? '' : table.text(column, r.record));
      const url = text(table.roles.url);
      const site = url === '' ? '' : siteOf(url);
      records.push({
        date,
        site: site === NO_SITE ? '' : site,
        browser: text(table.roles.browser),
        country: text(table.roles.country),
        status: text(table.roles.status),
        hasPassword: text(table.roles.password) !== '',
      });
    }
    return { records, total: held.refs.length };
  }
}

/** A table's records as the index reads them (an array-like view built on demand). */
function recordsOf(table: RecordTable): readonly (AccountRecord | OpenRecord)[] {
  const out: (AccountRecord | OpenRecord)[] = new Array(table.length);
  for (let row = 0; row < table.length; row++) out[row] = table.record(row);
  return out;
}
