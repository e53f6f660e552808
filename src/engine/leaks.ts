// The leak index of the results that matter to this workspace (the latest per domain and
// findings type of the service in use), and matching a document's text against it, in the
// engine: the editor sends text and gets matches with their messages, never the records.
// A match carries a handle; the hover asks for the records behind it by that handle.
// Results are added and removed one by one (a result that stays keeps its segment); the
// index reads record details back from the tables here. No `vscode`.
import { describeMatch } from '../core/scan/describeMatch';
import { LeakIndex } from '../core/scan/leakIndex';
import type { LeakMatch, MatchOptions, SeverityHint } from '../core/scan/leakIndex';
import type { MatchKind } from '../core/scan/matchTypes';
import { recordFacts } from '../core/scan/recordFields';
import { PARALLEL_FROM } from '../core/scan/scanParts';
import { readyHelpers } from '../core/scan/scanner';
import type { AccountField, LeakSource, PlainCodes, SourceSegment } from '../core/scan/sourceSegment';
import { NO_SITE, siteOf } from '../core/results/sites';
import { ACCOUNT_FIELDS } from '../core/service/types';
import { grow } from './store/columns';
import { ACCOUNT_COLUMN_ORDER, withoutKeys } from './store/recordTable';
import type { RecordTable, RowListener } from './store/recordTable';
import { combinedTriage } from '../core/triage/triage';
import type { TriageMark } from '../core/triage/triage';
import type { RowTriage } from './views/rowTriage';
import type { ScanText } from '../core/scan/scanText';

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
  /** A leaked password that is also a common one: a hint naming nobody. */
  readonly common: boolean;
  /** A generic user name nothing nearby ties to its records (see LeakMatch.weak): a hint. */
  readonly weak: boolean;
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
  /** The findings type of the result most records come from (which remediation guide fits). */
  readonly type?: 'accounts' | 'customers';
  /** The team's decision about every record behind the match (see core/triage/triage.ts `combinedTriage`). */
  readonly triage?: TriageMark;
}

/** Records behind a match whose decisions are read for it; a match with more shows none. */
export const TRIAGED_REFS = 5000;

/** A record behind a match, as a hover shows it (never the password itself). */
export interface HoverRecord {
  readonly date: string;
  readonly site: string;
  readonly browser: string;
  readonly country: string;
  readonly status: string;
  readonly hasPassword: boolean;
  /** Its triage id (the editor holds the decisions and notes). */
  readonly triage: string;
}

/**
 * Matches whose records can still be asked for (older handles are forgotten): at most this
 * many, and at most HELD_REFS record references in all, since a match of a common host can
 * stand for thousands of records and a scan of a whole tree makes many matches.
 */
const HANDLES = 20_000;
const HELD_REFS = 1_000_000;

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

interface Indexed {
  readonly id: number;
  readonly key: string;
  readonly table: RecordTable;
  readonly triage: RowTriage | undefined;
}

export class Leaks {
  readonly #index: LeakIndex;
  /** By result key. */
  readonly #indexed = new Map<string, Indexed>();
  /** By source id (as `RecordRef.source`). */
  readonly #byId = new Map<number, Indexed>();
  #nextId = 1;
  #version = 0;
  readonly #handles = new Map<number, { readonly version: number; readonly refs: LeakMatch['refs'] }>();
  /** Record references the handles hold in all. */
  #heldRefs = 0;
  #nextHandle = 1;
  /** Segments built while a table's records arrived (`prepare`), until the table is indexed. */
  readonly #prepared = new WeakMap<RecordTable, SourceSegment>();
  /** Whether the log says yet on how many threads long texts are scanned. */
  #threadsLogged = false;

  /** `indexKey`: the fingerprint key of segments read back (leakIndex.ts `fingerprintKey`); a new one by default. */
  constructor(
    private readonly log: Log = () => undefined,
    indexKey?: Uint8Array,
  ) {
    this.#index = new LeakIndex(indexKey);
  }

  /** The index's fingerprint key, kept with the segments it built (`segmentOf`). */
  get fingerprintKey(): Uint8Array {
    return this.#index.fingerprintKey;
  }

  /**
   * A table's index segment, to keep beside its records: the one indexed or built while its
   * records arrived, else built now (and kept for its indexing).
   */
  segmentOf(table: RecordTable, domain: string): SourceSegment {
    for (const held of this.#indexed.values()) {
      const segment = held.table === table ? this.#index.segmentOf(held.id) : undefined;
      if (segment) return segment;
    }
    let segment = this.#prepared.get(table);
    if (!segment) {
      segment = this.#index.build(tableSource(table, domain));
      this.#prepared.set(table, segment);
    }
    return segment;
  }

  /** A table's segment read back (core/scan/segmentBytes.ts), made with this index's key: its indexing takes it as it is. */
  adoptSegment(table: RecordTable, segment: SourceSegment): void {
    if (segment.records !== table.length) throw new RangeError('The segment is not of this table.');
    this.#prepared.set(table, this.#index.adopt(segment));
  }

  get version(): number {
    return this.#version;
  }

  get isEmpty(): boolean {
    return this.#index.isEmpty;
  }

  get stats(): LeakIndex['stats'] {
    return this.#index.stats;
  }

  /**
   * Builds a result's index segment while its records arrive, so that indexing the result
   * once its answer has ended costs no second pass over a million records: `row` listens to
   * the table builder; `finish` takes the complete table (records that had fields besides the
   * accounts ones are read back from it, as an index built from the table would read them).
   */
  prepare(): { readonly row: RowListener; flush(): void; finish(table: RecordTable): void } {
    const builder = this.#index.segmentBuilder();
    // Rows read back from the table at the end (4 bytes each: a customers answer has only such rows).
    let later = new Uint32Array(1024);
    let laterCount = 0;
    // Rows are indexed once their chunk of the answer is parsed (`flush`), in one tight loop,
    // so that the parser's own loop stays small.
    let rows: number[] = [];
    let fields: string[] = [];
    let codes: number[] = [];
    const out: PlainCodes = { username: -1, password: -1, url: -1 };
    const flush = (): void => {
      for (let k = 0; k < rows.length; k++) {
        out.username = codes[3 * k] as number;
        out.password = codes[3 * k + 1] as number;
        out.url = codes[3 * k + 2] as number;
        builder.addPlain(rows[k] as number, fields[3 * k] as string, fields[3 * k + 1] as string, fields[3 * k + 2] as string, out);
      }
      rows = [];
      fields = [];
      codes = [];
    };
    return {
      row: (row, plain, columnCodes) => {
        if (plain === undefined) {
          later = grow(later, laterCount + 1, (n) => new Uint32Array(n));
          later[laterCount++] = row;
          return;
        }
        rows.push(row);
        fields.push(plain[USERNAME] ?? '', plain[PASSWORD] ?? '', plain[URL] ?? '');
        codes.push(columnCodes[USERNAME] ?? -1, columnCodes[PASSWORD] ?? -1, columnCodes[URL] ?? -1);
      },
      flush,
      finish: (table) => {
        flush();
        for (let k = 0; k < laterCount; k++) builder.add(later[k] as number, recordFacts(table.record(later[k] as number)));
        this.#prepared.set(table, builder.finish(table.length));
      },
    };
  }

  /**
   * Indexes exactly these results (tables given in the same order as keys): results no
   * longer wanted (or whose table was replaced) are removed, new ones added, the others kept.
   */
  set(keys: readonly string[], tables: readonly RecordTable[], domains: readonly string[], triages: readonly (RowTriage | undefined)[] = []): number {
    const wanted = new Map(keys.map((key, i) => [key, i]));
    for (const [key, held] of this.#indexed) {
      const i = wanted.get(key);
      if (i === undefined || tables[i] !== held.table) {
        this.#index.remove(held.id);
        this.#indexed.delete(key);
        this.#byId.delete(held.id);
      }
    }
    keys.forEach((key, i) => {
      if (this.#indexed.has(key)) return;
      const table = tables[i];
      const held = { id: this.#nextId++, key, table, triage: triages[i] };
      const unparsed = this.#index.add(held.id, tableSource(table, domains[i] ?? ''), this.#prepared.get(table));
      this.#prepared.delete(table);
      if (unparsed > 0) this.log('warn', `Leak index: ${unparsed} URL(s) of ${key} could not be parsed and are not matched.`);
      this.#indexed.set(key, held);
      this.#byId.set(held.id, held);
    });
    this.#handles.clear();
    this.#heldRefs = 0;
    return ++this.#version;
  }

  /** Decisions changed: matches carry them, so earlier answers (and their handles) are stale. */
  triageChanged(): number {
    this.#handles.clear();
    this.#heldRefs = 0;
    return ++this.#version;
  }

  /** Every leaked identifier in `text`, with messages, sorted by start then end. */
  match(text: ScanText, options: MatchOptions = {}): WireMatch[] {
    if (this.#index.isEmpty) return [];
    const found = this.#index.match(text, options).map((m) => this.#wire(m));
    // The scanner's helper threads start on its first long text and serve the next ones: said
    // once they do, so a missing helper (no dist/scanHelper.js, one core) shows as no such line.
    if (!this.#threadsLogged && text.length >= PARALLEL_FROM) {
      const helpers = readyHelpers(text);
      if (helpers > 0) {
        this.#threadsLogged = true;
        this.log('info', `Scanner: texts of ${PARALLEL_FROM.toLocaleString('en-US')} characters or more are scanned on ${helpers + 1} threads.`);
      }
    }
    return found;
  }

  #wire(m: LeakMatch): WireMatch {
    const handle = this.#nextHandle++;
    this.#handles.set(handle, { version: this.#version, refs: m.refs });
    this.#heldRefs += m.refs.length;
    while (this.#handles.size > 1 && (this.#handles.size > HANDLES || this.#heldRefs > HELD_REFS)) {
      const [oldest, held] = this.#handles.entries().next().value as [number, { readonly refs: LeakMatch['refs'] }];
      this.#handles.delete(oldest);
      this.#heldRefs -= held.refs.length;
    }
    const best = mainSource(m.refs);
    const key = this.#byId.get(best)?.key;
    const type = this.#byId.get(best)?.table.type;
    // Read one record at a time: the first record without a decision settles it (most often
    // the first, asked here before a generator is made for the rest).
    const byId = this.#byId;
    const first = m.refs[0];
    const decided = first !== undefined && m.refs.length <= TRIAGED_REFS && byId.get(first.source)?.triage?.mark(first.record) !== undefined;
    const triage = decided ? combinedTriage((function* () {
      for (const r of m.refs) yield byId.get(r.source)?.triage?.mark(r.record);
    })()) : undefined;
    return {
      start: m.start,
      end: m.end,
      kind: m.kind,
      identifier: m.identifier,
      severity: m.severity,
      // The records' facts are server text: a key the service put there is masked (see recordTable.ts).
      message: withoutKeys(describeMatch(m)),
      hidden: m.hidden,
      common: m.common,
      weak: m.weak,
      count: m.refs.length,
      owners: m.owners.map(withoutKeys),
      domains: m.summary.domains,
      ...(key !== undefined ? { target: { key, identifier: m.identifier } } : {}),
      handle,
      ...(type ? { type } : {}),
      ...(triage ? { triage } : {}),
    };
  }

  /** The records behind a match, newest first, at most `limit`; undefined when the handle is stale. */
  hover(handle: number, limit: number): { readonly records: readonly HoverRecord[]; readonly total: number } | undefined {
    const held = this.#handles.get(handle);
    if (!held || held.version !== this.#version) return undefined;
    const records: HoverRecord[] = [];
    const ranked = held.refs
      .map((r) => {
        const table = this.#byId.get(r.source)?.table;
        if (table === undefined) return undefined;
        const date = table.roles.date === undefined ? '' : table.text(table.roles.date, r.record);
        return { r, table, date, triage: this.#byId.get(r.source)?.triage };
      })
      .filter((x) => x !== undefined)
      .sort((a, b) => (b.date < a.date ? -1 : b.date > a.date ? 1 : 0));
    for (const { r, table, triage } of ranked.slice(0, limit)) {
      const secrets = table.secretsOf(r.record);
      const text = (column: number | undefined): string => (column === undefined ? '' : table.shown(column, r.record, secrets));
      const url = text(table.roles.url);
      const site = url === '' ? '' : siteOf(url);
      records.push({
        date: text(table.roles.date),
        site: site === NO_SITE ? '' : site,
        browser: text(table.roles.browser),
        country: text(table.roles.country),
        status: text(table.roles.status),
        hasPassword: table.roles.password !== undefined && table.text(table.roles.password, r.record) !== '',
        triage: triage?.id(r.record) ?? '',
      });
    }
    return { records, total: held.refs.length };
  }
}

const USERNAME = ACCOUNT_COLUMN_ORDER.indexOf('username');
const PASSWORD = ACCOUNT_COLUMN_ORDER.indexOf('password');
const URL = ACCOUNT_COLUMN_ORDER.indexOf('url');

/** A table as the index reads it: records by position, and the account fields directly when they are all there is. */
export function tableSource(table: RecordTable, domain: string): LeakSource {
  const plain = table.type === 'accounts' && table.columns.length === ACCOUNT_FIELDS.length;
  const columns = new Map<AccountField, number | undefined>(
    (['username', 'password', 'url', 'date', 'browser', 'country', 'status'] as const).map((f) => [f, table.columnOf(f)]),
  );
  const code = (c: number | undefined, i: number): number => (c === undefined ? -1 : (table.stored[c]?.text?.codeOf(i) ?? -1));
  return {
    domain,
    type: table.type,
    length: table.length,
    record: (i) => table.record(i),
    ...(plain
      ? {
          field: (name: AccountField, i: number): string => {
            const c = columns.get(name);
            return c === undefined ? '' : table.text(c, i);
          },
          codes: (i: number, out: PlainCodes): void => {
            out.username = code(columns.get('username'), i);
            out.password = code(columns.get('password'), i);
            out.url = code(columns.get('url'), i);
          },
          utf8: (name: AccountField) => {
            const c = columns.get(name);
            return c === undefined ? undefined : table.stored[c]?.text?.pool;
          },
        }
      : {}),
  };
}

/** The source most of a match's records come from, or -1; the leak index shares a list between matches of one identifier, so it is counted once. */
const mainSources = new WeakMap<LeakMatch['refs'], number>();

function mainSource(refs: LeakMatch['refs']): number {
  let best = mainSources.get(refs);
  if (best !== undefined) return best;
  const counts = new Map<number, number>();
  for (const r of refs) counts.set(r.source, (counts.get(r.source) ?? 0) + 1);
  best = -1;
  let bestCount = 0;
  for (const [s, n] of counts) if (n > bestCount) [best, bestCount] = [s, n];
  mainSources.set(refs, best);
  return best;
}
