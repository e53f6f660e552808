// The data engine: owns every stored result (records in compact columns), their encrypted
// cache files, and the queries of the tree and the results panel. It runs in a worker thread
// (worker.ts) so nothing it does blocks the editor; tests call it directly. No `vscode`.
import { DiskCache } from '../core/cache/diskCache';
import { NO_ECHOES } from '../core/results/secretEchoes';
import type { CacheMeta } from '../core/cache/diskCache';
import { LeakSearchError } from '../core/service/errors';
import { SearchBodyParser } from '../core/results/searchBodyParser';
import { Utf8Stream, withoutControls } from '../core/results/utf8Stream';
import type { RateLimitState, SearchQuery } from '../core/service/types';
import type { PanelColumn, PanelEntry, ViewQuery } from '../shared/webviewProtocol';
import type { MatchOptions } from '../core/scan/leakIndex';
import { visibleMatches } from '../core/scan/files/docFiles';
import { readScannableUnits } from '../core/scan/files/scannableFile';
import { placeMatches } from '../core/scan/files/placedMatches';
import type { Placed } from '../core/scan/files/placedMatches';
import { Leaks } from './leaks';
import type { HoverRecord, WireMatch } from './leaks';
import type { EngineLimits, FileToMatch, InitParams, MemoryFigures, Page, PanelSelection, ResultMeta, SiteSummary, TreeRecord } from './workerProtocol';
import { MATCH_FILES_TURN_MS, TRIAGE_COLUMN } from './workerProtocol';
import { newRows } from './store/identity';
import { triageKey } from '../core/triage/triage';
import type { TriageMark } from '../core/triage/triage';
import { RowTriage } from './views/rowTriage';
import { RecordTableBuilder } from './store/recordTable';
import { migrateLegacyCache } from './store/legacyCache';
import { freshFromCache, metaFromCache } from './store/cacheMeta';
import { groupBySite } from './views/siteGroups';
import type { SiteGroups } from './views/siteGroups';
import { dateFormat } from './views/dateFormat';
import type { SourceSegment } from '../core/scan/sourceSegment';
import type { RecordTable } from './store/recordTable';
import { TableReader, tablePieces } from './store/serialize';
import { exportPieces, writeExport } from './views/exports';
import { ResultView } from './views/resultView';
import type { DateFormat } from './views/resultView';
import type { ScanText } from '../core/scan/scanText';

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

interface Stored {
  meta: ResultMeta;
  table: RecordTable | undefined;
  loading: Promise<RecordTable | undefined> | undefined;
  cached: CacheMeta | undefined;
  /** Rows new since the previous answer to the same query (see store/identity.ts), when known. */
  fresh?: Uint32Array;
  /** Sites by record count, and each site's rows newest first (built when the tree asks). */
  sites: SiteGroups | undefined;
  /** Its rows' triage ids and decisions (built when first asked, for its current table). */
  triage?: RowTriage;
}

interface Ingest {
  readonly key: string;
  readonly origin: string;
  readonly query: SearchQuery;
  readonly decoder: Utf8Stream;
  readonly parser: SearchBodyParser;
  readonly builder: RecordTableBuilder;
  /** Its leak index segment, built as the records arrive. */
  readonly segment: ReturnType<Leaks['prepare']>;
  /** Set once the body ended: the table waiting for `ingestCommit`. */
  staged?: { readonly table: RecordTable; readonly count: number };
}

interface Panel {
  readonly key: string;
  readonly view: ResultView;
  readonly table: RecordTable;
  readonly triage: RowTriage;
}

const NO_MARKS: ReadonlyMap<string, TriageMark> = new Map();

/**
 * Bytes of an answer decoded into one string. A string over 128 KiB is allocated on pages of
 * its own, fresh each time, a page fault each 4 KiB, which some virtual machines make slower
 * than the decoding; the strings of pieces this size (at most 64 KiB of UTF-16) reuse the young
 * generation's pages instead. The editor sends chunks of 256 KiB (editor/engine/engineSink.ts).
 */
const DECODED_PIECE = 32 * 1024;
/** The segment of an answer not indexed while it arrives. */
const NO_SEGMENT: ReturnType<Leaks['prepare']> = { row: () => undefined, flush: () => undefined, finish: () => undefined };

export class Engine {
  readonly #results = new Map<string, Stored>();
  readonly #ingests = new Map<number, Ingest>();
  readonly #panels = new Map<number, Panel>();
  #cache: DiskCache | undefined;
  #cacheDir = '';
  #limits: EngineLimits = { maxRecords: 5_000_000, maxCached: 200, maxCacheAgeMs: 30 * 86_400_000 };
  #dates: DateFormat;
  #writing: Promise<unknown> = Promise.resolve();
  readonly #leaks: Leaks;
  #indexed: readonly string[] = [];
  /** The editor's triage decisions per service origin (replaced whole on every change). */
  readonly #marks = new Map<string, ReadonlyMap<string, TriageMark>>();

  /**
   * `indexWhileIngesting`: build each answer's leak index segment as its records arrive (the
   * editor scans its files against every result). A front end that only prints records turns
   * it off: the index is then built from the table when first asked for (`setIndexed`).
   */
  constructor(
    private readonly log: Log = () => undefined,
    private readonly options: { readonly indexWhileIngesting?: boolean; readonly indexKey?: Uint8Array } = {},
  ) {
    this.#dates = dateFormat('en-US');
    this.#leaks = new Leaks((level, message) => this.log(level, message), options.indexKey);
  }

  /** The leak index's fingerprint key (kept with the segments of `indexSegment`). */
  get fingerprintKey(): Uint8Array {
    return this.#leaks.fingerprintKey;
  }

  /** A result's index segment, to keep beside its records (built now when it is not yet); undefined when the result is not held. */
  async indexSegment(key: string): Promise<SourceSegment | undefined> {
    const table = await this.table(key);
    const meta = this.#results.get(key)?.meta;
    return table && meta ? this.#leaks.segmentOf(table, meta.query.domain) : undefined;
  }

  /** A held result's segment read back, made with this engine's fingerprint key: its indexing takes it. */
  adoptSegment(table: RecordTable, segment: SourceSegment): void {
    this.#leaks.adoptSegment(table, segment);
  }

  async init(params: InitParams): Promise<ResultMeta[]> {
    this.#cacheDir = params.cacheDir;
    this.#limits = params.limits;
    this.#dates = dateFormat(params.locale);
    if (params.cacheKey) this.#cache = new DiskCache(params.cacheDir, Buffer.from(params.cacheKey, 'base64'), (m) => this.log('warn', m));
    const out: ResultMeta[] = [];
    if (this.#cache) {
      for (const cached of await this.#cache.list()) {
        const meta = metaFromCache(cached);
        if (!meta || this.#results.has(meta.key)) continue;
        this.#results.set(meta.key, { meta, table: undefined, loading: undefined, cached, sites: undefined });
        out.push(meta);
      }
      if (out.length > 0) this.log('info', `Cache: ${out.length} result(s) on disk.`);
      void this.#prune();
    }
    if (params.legacyFile) {
      out.push(...(await migrateLegacyCache(params.legacyFile, params.cacheKey, (meta, table) => this.adopt(meta, table), () => this.#writing, this.log)));
    }
    return out;
  }

  /**
   * Holds a result read from elsewhere (an old cache, a results file) and saves it to the
   * cache if there is one; false when a result of its key is held already (that one stays).
   */
  adopt(meta: ResultMeta, table: RecordTable): boolean {
    if (this.#results.has(meta.key)) return false;
    this.#results.set(meta.key, { meta, table, loading: undefined, cached: undefined, sites: undefined });
    this.#save(meta, table);
    return true;
  }

  setCacheKey(key: string): void {
    if (!this.#cache && this.#cacheDir) this.#cache = new DiskCache(this.#cacheDir, Buffer.from(key, 'base64'), (m) => this.log('warn', m));
  }

  setLimits(limits: EngineLimits): void {
    this.#limits = limits;
  }

  /** Every result known (metas). */
  list(): ResultMeta[] {
    return [...this.#results.values()].map((s) => s.meta);
  }

  // ---- a check's answer -----------------------------------------------------------------

  ingestBegin(id: number, key: string, origin: string, query: SearchQuery, maxRecords: number): void {
    const segment = this.options.indexWhileIngesting === false ? NO_SEGMENT : this.#leaks.prepare();
    const builder = new RecordTableBuilder(query.type, segment === NO_SEGMENT ? undefined : segment.row);
    const parser = new SearchBodyParser(query.type, { maxRecords }, builder);
    this.#ingests.set(id, { key, origin, query, decoder: new Utf8Stream(), parser, builder, segment });
  }

  ingestChunk(id: number, chunk: Uint8Array): { records: number; spare: Uint8Array } {
    const ingest = this.#ingest(id);
    try {
      for (let at = 0; at < chunk.length; at += DECODED_PIECE) {
        const piece = chunk.subarray(at, at + DECODED_PIECE);
        ingest.parser.write(ingest.decoder.write(piece), withoutControls(piece));
      }
      ingest.segment.flush();
    } catch (e) {
      this.#ingests.delete(id);
      throw e;
    }
    // Decoded into a string, the bytes are no longer needed: the buffer goes back to be refilled.
    return { records: ingest.builder.length, spare: chunk };
  }

  ingestEnd(id: number): { count: number; records: number } {
    const ingest = this.#ingest(id);
    try {
      ingest.parser.write(ingest.decoder.end());
      const { count } = ingest.parser.end();
      const table = ingest.builder.finish();
      ingest.segment.finish(table);
      ingest.staged = { table, count };
      return { count, records: ingest.staged.table.length };
    } catch (e) {
      this.#ingests.delete(id);
      throw e;
    }
  }

  async ingestCommit(id: number, fetchedAt: number, rateLimit: RateLimitState | undefined): Promise<ResultMeta> {
    const ingest = this.#ingest(id);
    this.#ingests.delete(id);
    if (!ingest.staged) throw new LeakSearchError('internal', 'The answer was not complete when its check ended.');
    const { table, count } = ingest.staged;
    const previous = this.#results.get(ingest.key);
    // What is new: compared with the previous answer to the same query (none on a first check).
    const before = previous ? await this.table(ingest.key) : undefined;
    const fresh = before ? newRows(table, before) : undefined;
    const meta: ResultMeta = {
      key: ingest.key,
      origin: ingest.origin,
      query: ingest.query,
      count,
      records: table.length,
      fetchedAt,
      ...(rateLimit ? { rateLimit } : {}),
      ...(fresh && previous ? { newRecords: fresh.length, newSince: previous.meta.fetchedAt } : {}),
    };
    this.#results.set(meta.key, { meta, table, loading: undefined, cached: previous?.cached, sites: undefined, ...(fresh ? { fresh } : {}) });
    this.#save(meta, table, fresh);
    return meta;
  }

  /** Row numbers of the records new in a result (empty when none or not known). */
  async newRowsOf(key: string): Promise<Uint32Array> {
    const stored = this.#results.get(key);
    if (!stored) return new Uint32Array(0);
    stored.fresh ??= freshFromCache(stored.cached, stored.meta.records);
    return stored.fresh ?? new Uint32Array(0);
  }

  ingestAbort(id: number): void {
    this.#ingests.delete(id);
  }

  #ingest(id: number): Ingest {
    const ingest = this.#ingests.get(id);
    if (!ingest) throw new LeakSearchError('internal', 'The answer was not expected (its check already ended).');
    return ingest;
  }

  // ---- storage --------------------------------------------------------------------------

  /** Saves a result to its cache file in the background (writes are queued one after another). */
  #save(meta: ResultMeta, table: RecordTable, fresh?: Uint32Array): void {
    const cache = this.#cache;
    if (!cache) return;
    this.#writing = this.#writing.then(async () => {
      try {
        const info = { ...meta, ...(fresh ? { newRows: Buffer.from(fresh.buffer, fresh.byteOffset, fresh.byteLength).toString('base64') } : {}) };
        const cached = await cache.writePieces(meta.key, meta.fetchedAt, info, tablePieces(table));
        const stored = this.#results.get(meta.key);
        if (stored?.meta === meta) stored.cached = cached;
        await this.#prune();
      } catch (e) {
        this.log('error', `Cache: could not save a result (${e instanceof Error ? e.message : String(e)}).`);
      }
    });
  }

  /** Waits until every cache write asked for so far is on disk. */
  async flush(): Promise<void> {
    await this.#writing;
  }

  async #prune(): Promise<void> {
    try {
      await this.#cache?.prune(Date.now(), { maxEntries: this.#limits.maxCached, maxAgeMs: this.#limits.maxCacheAgeMs });
    } catch (e) {
      this.log('warn', `Cache: could not prune (${e instanceof Error ? e.message : String(e)}).`);
    }
  }

  /** The records of a result, read from the cache when not in memory yet. */
  async table(key: string): Promise<RecordTable | undefined> {
    const stored = this.#results.get(key);
    if (!stored) return undefined;
    if (stored.table) return stored.table;
    stored.loading ??= this.#load(stored);
    return stored.loading;
  }

  async #load(stored: Stored): Promise<RecordTable | undefined> {
    const cache = this.#cache;
    if (!cache || !stored.cached) return undefined;
    try {
      const reader = new TableReader();
      // Another window may have rewritten the result since it was listed: its version is read.
      let newer: ResultMeta | undefined;
      const adopt = (current: CacheMeta): void => {
        newer = metaFromCache(current);
        if (!newer) throw new Error('the newer version of the result has an unreadable description');
        stored.cached = current;
      };
      for await (const piece of cache.readPieces(stored.cached, adopt)) reader.push(piece);
      const table = reader.finish();
      if (table.type !== stored.meta.query.type) throw new Error('the file holds another findings type');
      if (this.#results.get(stored.meta.key) === stored) {
        stored.table = table;
        if (newer) {
          stored.meta = newer;
          stored.fresh = undefined;
        }
      }
      return table;
    } catch (e) {
      this.log('warn', `Cache: a result could not be read and was dropped (${e instanceof Error ? e.message : String(e)}).`);
      if (this.#results.get(stored.meta.key) === stored) this.#results.delete(stored.meta.key);
      return undefined;
    } finally {
      stored.loading = undefined;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      this.#results.delete(key);
      await this.#cache?.remove(key);
    }
  }

  async clear(origin?: string): Promise<void> {
    const keys = [...this.#results.values()].filter((s) => origin === undefined || s.meta.origin === origin).map((s) => s.meta.key);
    await this.#writing;
    if (origin === undefined) {
      this.#results.clear();
      await this.#cache?.clear();
      return;
    }
    await this.remove(keys);
    // Files of this origin written by another window are not in memory: find them by their meta.
    for (const cached of (await this.#cache?.list()) ?? []) {
      const meta = metaFromCache(cached);
      if (meta?.origin === origin) await this.#cache?.remove(cached.key);
    }
  }

  // ---- leaked identifiers in files ------------------------------------------------------

  /** Indexes these results (loading them from the cache as needed); results that cannot be read are left out. */
  async setIndexed(keys: readonly string[]): Promise<{ version: number; empty: boolean }> {
    this.#indexed = [...keys];
    const present: string[] = [];
    const tables: RecordTable[] = [];
    const domains: string[] = [];
    const triages: RowTriage[] = [];
    for (const key of keys) {
      const table = await this.table(key);
      const meta = this.#results.get(key)?.meta;
      if (!table || !meta) continue;
      present.push(key);
      tables.push(table);
      domains.push(meta.query.domain);
      triages.push(this.#rowTriage(key, table));
    }
    // A newer call overtook this one while tables loaded: it builds the index.
    if (this.#indexed.join('\n') !== keys.join('\n')) return { version: this.#leaks.version, empty: this.#leaks.isEmpty };
    const version = this.#leaks.set(present, tables, domains, triages);
    return { version, empty: this.#leaks.isEmpty };
  }

  match(text: ScanText, options: MatchOptions | undefined): { version: number; matches: WireMatch[] } {
    return { version: this.#leaks.version, matches: this.#leaks.match(text, options) };
  }

  /** `match` over files read here, the first of them within a turn (workerProtocol.ts `matchFiles`). */
  matchFiles(files: readonly FileToMatch[], options: MatchOptions | undefined): { version: number; matches: (Placed<WireMatch>[] | undefined)[] } {
    const version = this.#leaks.version;
    const matches: (Placed<WireMatch>[] | undefined)[] = [];
    const started = performance.now();
    for (const { path, maxBytes, hostsInDocumentation } of files) {
      const text = readScannableUnits(path, maxBytes);
      matches.push(text === undefined ? undefined : placeMatches(text, this.#leaks.isEmpty ? [] : visibleMatches(path, this.#leaks.match(text, options), hostsInDocumentation ?? true)));
      if (performance.now() - started >= MATCH_FILES_TURN_MS) break;
    }
    return { version, matches };
  }

  hover(handle: number, limit: number): { records: readonly HoverRecord[]; total: number } | undefined {
    return this.#leaks.hover(handle, limit);
  }

  // ---- triage ---------------------------------------------------------------------------

  /**
   * The editor's decisions of an origin (all of them, replacing what was held). Matches are
   * answered anew (their triage changed): returns the leak index's new version.
   */
  setTriage(origin: string, marks: readonly (readonly [string, TriageMark])[]): { version: number } {
    const held = this.#marks.get(origin) ?? NO_MARKS;
    // Sent again unchanged (startup, another window's results): nothing to answer anew.
    const same = held.size === marks.length && marks.every(([id, m]) => {
      const h = held.get(id);
      return h !== undefined && h.state === m.state && h.at === m.at && h.note === m.note;
    });
    if (same) return { version: this.#leaks.version };
    this.#marks.set(origin, new Map(marks));
    return { version: this.#leaks.triageChanged() };
  }

  /** The triage ids and decisions of a result's rows, for its current table. */
  #rowTriage(key: string, table: RecordTable): RowTriage {
    const stored = this.#results.get(key);
    if (stored?.triage?.table === table) return stored.triage;
    const origin = stored?.meta.origin ?? '';
    const triage = new RowTriage(table, triageKey(origin), () => this.#marks.get(origin) ?? NO_MARKS);
    if (stored) stored.triage = triage;
    return triage;
  }

  // ---- the tree -------------------------------------------------------------------------

  async #sites(key: string): Promise<NonNullable<Stored['sites']> | undefined> {
    const table = await this.table(key);
    const stored = this.#results.get(key);
    if (!table || !stored) return undefined;
    if (stored.sites) return stored.sites;
    stored.sites = groupBySite(table);
    return stored.sites;
  }

  async sites(key: string, offset: number, limit: number): Promise<Page<SiteSummary>> {
    const sites = await this.#sites(key);
    if (!sites) return { items: [], total: 0 };
    return { items: sites.list.slice(offset, offset + limit), total: sites.list.length };
  }

  async siteRecords(key: string, site: string, offset: number, limit: number): Promise<Page<TreeRecord>> {
    const sites = await this.#sites(key);
    const table = await this.table(key);
    const rows = sites?.rows.get(site);
    if (!table || !rows) return { items: [], total: 0 };
    const { roles } = table;
    // What the tree shows never holds the record's password, also where it stands in another field.
    let secrets = NO_ECHOES;
    const text = (column: number | undefined, row: number): string => (column === undefined ? '' : table.shown(column, row, secrets));
    const triage = this.#rowTriage(key, table);
    const items: TreeRecord[] = [];
    for (const row of rows.subarray(offset, offset + limit)) {
      secrets = table.secretsOf(row);
      const email = table.columnOf('email');
      items.push({
        row,
        username: text(roles.username, row) || text(email, row),
        url: text(roles.url, row),
        date: text(roles.date, row),
        ip: text(roles.ip, row),
        country: text(roles.country, row),
        browser: text(roles.browser, row),
        status: text(roles.status, row),
        hasPassword: roles.password !== undefined && table.text(roles.password, row) !== '',
        triage: triage.id(row),
      });
    }
    return { items, total: rows.length };
  }

  // ---- the results panel ----------------------------------------------------------------

  async panelOpen(panel: number, key: string): Promise<{ entry: PanelEntry; columns: readonly PanelColumn[] } | undefined> {
    const stored = this.#results.get(key);
    const table = await this.table(key);
    if (!stored || !table) {
      this.#panels.delete(panel);
      return undefined;
    }
    const triage = this.#rowTriage(key, table);
    this.#panels.set(panel, { key, table, triage, view: new ResultView(table, this.#dates, await this.newRowsOf(key), triage) });
    const { meta } = stored;
    const entry: PanelEntry = {
      key,
      origin: meta.origin,
      query: meta.query,
      type: meta.query.type,
      count: meta.count,
      records: meta.records,
      fetchedAt: meta.fetchedAt,
      ...(meta.rateLimit ? { rateLimit: meta.rateLimit } : {}),
      ...(meta.newRecords !== undefined && meta.newSince !== undefined ? { newRecords: meta.newRecords, newSince: meta.newSince } : {}),
    };
    const columns: PanelColumn[] = table.columns.map((c) => ({ key: c.key, label: c.label, kind: c.kind, secret: c.secret }));
    // Not a field of the record: the team's decision, last (so record columns keep their numbers).
    columns.push(TRIAGE_COLUMN);
    return { entry, columns };
  }

  #panel(panel: number): Panel {
    const p = this.#panels.get(panel);
    if (!p) throw new LeakSearchError('internal', 'The results panel has no result open.');
    return p;
  }

  panelQuery(panel: number, query: ViewQuery): ReturnType<ResultView['query']> {
    return this.#panel(panel).view.query(query);
  }

  panelFigures(panel: number): ReturnType<ResultView['figures']> {
    return this.#panel(panel).view.figures();
  }

  panelWindow(panel: number, start: number, count: number, revealed: readonly string[], presentation: boolean): ReturnType<ResultView['window']> {
    return this.#panel(panel).view.window(start, count, new Set(revealed), presentation);
  }

  panelCell(panel: number, row: number, column: number): string | undefined {
    const { table } = this.#panel(panel);
    return row < table.length && column < table.columns.length ? table.text(column, row) : undefined;
  }

  panelCopy(panel: number, what: 'cell' | 'row', row: number, column: number, revealed: readonly number[]): string | undefined {
    return this.#panel(panel).view.copyText(what, row, column, new Set(revealed));
  }

  async panelExport(panel: number, format: 'csv' | 'json' | 'markdown', includeSecrets: boolean, file: string, filterDescription: string): Promise<{ bytes: number; rows: number }> {
    const p = this.#panel(panel);
    const meta = this.#results.get(p.key)?.meta;
    const rows = p.view.rows;
    const pieces = exportPieces(format, p.view, rows, includeSecrets && format !== 'markdown', {
      domain: meta?.query.domain ?? '',
      type: meta?.query.type ?? '',
      fetchedAt: meta?.fetchedAt ?? Number.NaN,
      ...(meta?.query.range ? { range: meta.query.range } : {}),
      filterDescription,
    });
    const bytes = await writeExport(file, pieces);
    return { bytes, rows: rows.length };
  }

  /**
   * What a panel's triage or guide action applies to: a row, or every row of a group of the
   * current query; their triage ids, and (`machine`: for the guide, as it takes a pass over the
   * whole result) how many records the machine of the first row leaked.
   */
  panelSelection(panel: number, rows: readonly number[], group: string | undefined, machine: boolean): PanelSelection {
    const p = this.#panel(panel);
    const members = group === undefined ? Uint32Array.from(rows.filter((r) => r < p.table.length)) : p.view.groupRows(group);
    const first = members[0];
    return {
      ids: Array.from(members, (row) => p.triage.id(row)),
      type: p.table.type,
      machineGroup: group?.startsWith('m:') === true,
      ...(machine ? { machineRecords: first === undefined ? 0 : p.view.machineSize(first) } : {}),
    };
  }

  panelClose(panel: number): void {
    this.#panels.delete(panel);
  }

  memory(): MemoryFigures {
    const usage = process.memoryUsage();
    let tableBytes = 0;
    let records = 0;
    let loaded = 0;
    for (const s of this.#results.values()) {
      if (!s.table) continue;
      loaded++;
      tableBytes += s.table.bytes;
      records += s.table.length;
    }
    return { heapUsed: usage.heapUsed, external: usage.external, arrayBuffers: usage.arrayBuffers, tableBytes, records, loaded };
  }
}
