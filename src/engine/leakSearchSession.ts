// The surface a front end calls: check domains against the service, read the results, scan
// text and files against them, record triage decisions and write SARIF. It runs the engine in
// the caller's own thread (the editor runs the same engine in a worker, through
// src/editor/engine/), takes every input as a value (no settings, no UI) and is plain Node,
// so the command line and tests use it as they are. Documented in docs/ARCHITECTURE.md.
import { hkdfSync } from 'node:crypto';
import type { BodySink, ClientOptions } from '../core/client/client';
import { LeakSearchClient } from '../core/client/client';
import { sarifLevel, sarifLocation, sarifLog } from '../core/export/sarif';
import type { SarifFinding, SarifTool } from '../core/export/sarif';
import { latestOfOrigin } from '../core/results/latest';
import { FINDING_CODES, findingSeverity } from '../core/scan/findingSeverity';
import { visibleMatches } from '../core/scan/files/docFiles';
import { readScannableUnits, scannableUnits } from '../core/scan/files/scannableFile';
import type { ScanText } from '../core/scan/scanText';
import { LineIndex } from '../core/scan/files/lineIndex';
import type { MatchOptions, SeverityHint } from '../core/scan/leakIndex';
import { planChecks } from '../core/service/checkPlan';
import type { CheckTarget } from '../core/service/checkPlan';
import { LeakSearchError } from '../core/service/errors';
import type { FindingsType, SearchQuery } from '../core/service/types';
import { resultsKey } from '../core/service/types';
import { normalizeBaseUrl, normalizeDateRange, normalizeDomain, normalizeFindingsType } from '../core/service/validate';
import type { TriageMark } from '../core/triage/triage';
import { readSegment, segmentPieces } from '../core/scan/segmentBytes';
import { Engine } from './engine';
import type { WireMatch } from './leaks';
import { identityFields } from './store/identity';
import { holdsKnownKey, setKnownKeys } from './store/recordTable';
import type { RecordTable } from './store/recordTable';
import { TableReader, tablePieces } from './store/serialize';
import { csvPieces, jsonPieces, jsonlPieces } from './views/exports';
import { ResultView } from './views/resultView';
import { dateFormat } from './views/dateFormat';
import type { EngineLimits, Page, ResultMeta, SiteSummary, TreeRecord } from './workerProtocol';

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface SessionOptions {
  /** The service's base URL, e.g. `https://leakjar.com/api`. */
  readonly baseUrl: string;
  /** The API key (it travels in the URL path: never log, show or store it). */
  readonly apiKey: string;
  /** How the client talks to the service (timeouts, proxy, retries, limits). */
  readonly client?: ClientOptions;
  /** Keep results in an encrypted cache in this folder, under `cacheKey` (32 bytes, base64). */
  readonly cache?: { readonly dir: string; readonly key: string; readonly limits?: EngineLimits };
  /**
   * Build the leak index of each answer as it arrives (default true), so scanning right after a
   * check costs no second pass. A front end that only prints records turns it off: less memory
   * and time, and `index()` builds it from the table when asked.
   */
  readonly indexWhileChecking?: boolean;
  /** BCP 47 locale of dates in records (default en-US). */
  readonly locale?: string;
  readonly log?: Log;
}

export interface CheckOptions {
  /** Findings types when a target names none (default: accounts). */
  readonly types?: readonly FindingsType[];
  readonly signal?: AbortSignal;
  /** Wait for the quota's reset instead of failing at once with `rate-limited`. */
  readonly waitForQuota?: boolean;
}

/** One check's outcome: its result, or why there is none (a typed error, never the key). */
export type CheckOutcome =
  | { readonly query: SearchQuery; readonly result: ResultMeta; readonly error?: undefined }
  | { readonly query: SearchQuery | undefined; readonly domain: string; readonly result?: undefined; readonly error: LeakSearchError };

/** A leak match in a file, positioned as editors and SARIF count (1-based, end exclusive). */
export interface FileFinding {
  readonly path: string;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** `leaked-email`, `leaked-password`, … (FINDING_CODES). */
  readonly code: string;
  readonly severity: SeverityHint;
  /** Plain text that never holds a password. */
  readonly message: string;
  readonly match: WireMatch;
}

export interface ScanOptions extends MatchOptions {
  /** The severity of a leaked identifier (passwords and hosts have their own rules); default warning. */
  readonly severity?: SeverityHint;
  /** Report bare hosts in documentation files too (default false, as in the editor). */
  readonly hostsInDocumentation?: boolean;
  /** Larger files are skipped (default 10 MiB). */
  readonly maxFileBytes?: number;
}

/** What a SARIF result may carry beside the finding: its fingerprint, a suppression, a commit. */
export type SarifExtras = Pick<SarifFinding, 'fingerprint' | 'suppression' | 'commit'>;

const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A result as bytes (see store/serialize.ts), to carry it to another session (`importResult`). */
export interface ExportedResult {
  readonly meta: ResultMeta;
  /** The length of all `pieces` together. */
  readonly bytes: number;
  pieces(): Iterable<Uint8Array>;
}

/** A result's bytes arriving (`importResult`): push them in any split, then `finish`. */
export interface ResultImport {
  push(piece: Uint8Array): void;
  /**
   * Holds the result, with its index segment when one was kept beside it (`indexSegment`,
   * made under this session's fingerprint key); throws when the bytes were fewer, not a table
   * of the query's type, or the segment is not one of this table.
   */
  finish(segment?: Uint8Array): ResultMeta;
}

/** The service a session checks against; none for a session over a results file. */
interface Service {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly client: LeakSearchClient;
}

export class LeakSearchSession {
  readonly origin: string;
  readonly #service: Service | undefined;
  readonly #engine: Engine;
  #nextIngest = 1;

  private constructor(origin: string, service: Service | undefined, engine: Engine) {
    this.origin = origin;
    this.#service = service;
    this.#engine = engine;
  }

  /** A session over `baseUrl`; with `cache`, the results cached there are known at once. */
  static async open(options: SessionOptions): Promise<LeakSearchSession> {
    const baseUrl = normalizeBaseUrl(options.baseUrl);
    const engine = new Engine(options.log, { indexWhileIngesting: options.indexWhileChecking ?? true });
    // A record that echoes the request never shows the key.
    setKnownKeys([options.apiKey]);
    if (options.cache) {
      const limits = options.cache.limits ?? { maxRecords: 5_000_000, maxCached: 200, maxCacheAgeMs: 30 * 86_400_000 };
      await engine.init({ cacheDir: options.cache.dir, cacheKey: options.cache.key, limits, locale: options.locale ?? 'en-US' });
    }
    return new LeakSearchSession(new URL(baseUrl).origin, { baseUrl, apiKey: options.apiKey, client: new LeakSearchClient(options.client) }, engine);
  }

  /**
   * A session with no service and no key, over results of `origin` carried from another
   * session (`importResult`): it reads and scans them but cannot check.
   */
  static offline(origin: string, log?: Log, options: { readonly fingerprintKey?: Uint8Array } = {}): LeakSearchSession {
    return new LeakSearchSession(new URL(origin).origin, undefined, new Engine(log, options.fingerprintKey ? { indexKey: options.fingerprintKey } : {}));
  }

  /**
   * The key of the leak index's fingerprints: kept with the segments of `indexSegment`, so that
   * a session made with it (`offline`) can take them back. It tells whoever holds it which
   * identifiers a segment holds: keep it where the records are kept.
   */
  get fingerprintKey(): Uint8Array {
    return this.#engine.fingerprintKey;
  }

  /**
   * A held result's leak index segment as bytes (core/scan/segmentBytes.ts), built now when it
   * was not yet: kept beside the result's bytes, it spares whoever imports them building it
   * again. Undefined when the result is not held or this machine keeps no segments.
   */
  async indexSegment(key: string): Promise<Uint8Array[] | undefined> {
    const segment = await this.#engine.indexSegment(key);
    return segment ? segmentPieces(segment) : undefined;
  }

  #online(): Service {
    if (!this.#service) throw new LeakSearchError('invalid-input', 'This session reads results from a file; it has no service to check against.');
    return this.#service;
  }

  /**
   * Checks each target (a domain, maybe a type and a date range): one search per (domain,
   * type), in order, each once. A target that is not valid, or a search that fails, is
   * reported in its outcome; the others go on.
   */
  async check(targets: readonly CheckTarget[], options: CheckOptions = {}): Promise<CheckOutcome[]> {
    const plan = planChecks(targets, { findingsTypes: options.types ?? ['accounts'], dateRange: { mode: 'all' }, now: Date.now() });
    const out: CheckOutcome[] = plan.invalid.map(({ target, error }) => ({ query: undefined, domain: target.domain, error }));
    for (const query of plan.queries) {
      try {
        out.push({ query, result: await this.#checkOne(query, options) });
      } catch (e) {
        out.push({ query, domain: query.domain, error: e instanceof LeakSearchError ? e : new LeakSearchError('internal', e instanceof Error ? e.message : String(e)) });
        if (options.signal?.aborted) break;
      }
    }
    return out;
  }

  async #checkOne(query: SearchQuery, options: CheckOptions): Promise<ResultMeta> {
    const service = this.#online();
    let ended: number | undefined;
    const sink = (q: SearchQuery, maxRecords: number): BodySink => {
      const id = this.#nextIngest++;
      this.#engine.ingestBegin(id, resultsKey(this.origin, q), this.origin, q, maxRecords);
      return {
        write: (chunk) => void this.#engine.ingestChunk(id, chunk),
        end: async () => {
          const counts = this.#engine.ingestEnd(id);
          ended = id;
          return counts;
        },
        abort: () => this.#engine.ingestAbort(id),
      };
    };
    const response = await service.client.search({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      domain: query.domain,
      type: query.type,
      ...(query.range ? { range: query.range } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.waitForQuota ? { waitForQuota: true } : {}),
      sink,
    });
    if (ended === undefined) throw new LeakSearchError('internal', 'The answer ended without reaching the data engine.');
    return this.#engine.ingestCommit(ended, response.fetchedAt, response.rateLimit);
  }

  /** Every result this session knows (checked now or read from the cache). */
  results(): ResultMeta[] {
    return this.#engine.list();
  }

  /** The quota the service last reported for this key (undefined before any answer). */
  quota(): ReturnType<LeakSearchClient['rateLimit']> {
    return this.#service?.client.rateLimit(this.#service.baseUrl, this.#service.apiKey);
  }

  /**
   * A key for a front end's own files, derived from the API key (HKDF-SHA256 with `purpose`
   * as its info): files keyed by it can be told apart only by a holder of the API key, and
   * the API key cannot be recovered from it.
   */
  derivedKey(purpose: string, bytes = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#online().apiKey, 'leak-search derived keys', purpose, bytes));
  }

  /**
   * A result as bytes, to hold in another session (`importResult`); undefined when not held.
   * A result in which the service echoed the API key is refused: the bytes are the records as
   * sent, and whoever reads them has no key to mask.
   */
  async exportResult(key: string): Promise<ExportedResult | undefined> {
    const meta = this.#engine.list().find((m) => m.key === key);
    const table = await this.#engine.table(key);
    if (!meta || !table) return undefined;
    if (holdsKnownKey(table)) throw new LeakSearchError('bad-response', `A record of ${meta.query.domain} holds the API key (the service echoed it), so its results cannot leave this session.`);
    let bytes = 0;
    for (const piece of tablePieces(table)) bytes += piece.byteLength;
    return { meta, bytes, pieces: () => tablePieces(table) };
  }

  /**
   * Receives a result exported by another session, as `bytes` bytes (at most: a header asking
   * for more is refused before anything is allocated). Its key is made here from this
   * session's origin and the query, which is validated as a check would.
   */
  importResult(query: SearchQuery, facts: { readonly count: number; readonly fetchedAt: number }, bytes: number): ResultImport {
    const range = query.range ? normalizeDateRange(query.range.start, query.range.end) : undefined;
    const checked: SearchQuery = { domain: normalizeDomain(query.domain), type: normalizeFindingsType(query.type), ...(range ? { range } : {}) };
    if (checked.domain !== query.domain || checked.type !== query.type || (range && (range.start !== query.range?.start || range.end !== query.range.end))) {
      throw new LeakSearchError('invalid-input', 'The result\'s query is not one a check would make.');
    }
    const reader = new TableReader(bytes);
    let received = 0;
    return {
      push: (piece) => {
        received += piece.byteLength;
        reader.push(piece);
      },
      finish: (segmentBytes) => {
        const table: RecordTable = reader.finish();
        if (received !== bytes || table.type !== checked.type) throw new LeakSearchError('invalid-input', 'The result\'s records are not what its description says.');
        let segment;
        try {
          segment = segmentBytes === undefined ? undefined : readSegment(segmentBytes, table.length);
        } catch (e) {
          throw new LeakSearchError('invalid-input', `The result's index is not one of its records: ${e instanceof Error ? e.message : String(e)}.`);
        }
        const meta: ResultMeta = { key: resultsKey(this.origin, checked), origin: this.origin, query: checked, count: facts.count, records: table.length, fetchedAt: facts.fetchedAt };
        if (!this.#engine.adopt(meta, table)) throw new LeakSearchError('invalid-input', 'The same result came twice.');
        if (segment) this.#engine.adoptSegment(table, segment);
        return meta;
      },
    };
  }

  /**
   * What makes each record of a result the record it is (every field but status; see
   * store/identity.ts), in row order. The texts hold secrets: for fingerprints, never for showing.
   */
  async recordIdentities(key: string): Promise<Iterable<readonly string[]>> {
    const table = await this.#engine.table(key);
    if (!table) throw new LeakSearchError('internal', 'The result is no longer held.');
    return (function* () {
      for (let row = 0; row < table.length; row++) yield identityFields(table, row);
    })();
  }

  /** A result's sites by record count, a page at a time. */
  sites(key: string, offset = 0, limit = 200): Promise<Page<SiteSummary>> {
    return this.#engine.sites(key, offset, limit);
  }

  /** A site's records, newest first, passwords left out (`hasPassword` says one exists). */
  records(key: string, site: string, offset = 0, limit = 200): Promise<Page<TreeRecord>> {
    return this.#engine.siteRecords(key, site, offset, limit);
  }

  /**
   * A result's records as CSV, a JSON array or JSON Lines, in pieces (`rows`: these only, by
   * default all). Secret fields are left out unless `includeSecrets`; a password standing in
   * another field is masked there. `lead`: JSON fields put first on every JSON Lines record.
   */
  async *recordPieces(key: string, format: 'csv' | 'json' | 'jsonl', options: { readonly includeSecrets?: boolean; readonly rows?: ArrayLike<number>; readonly lead?: string } = {}): AsyncGenerator<string> {
    const table = await this.#engine.table(key);
    if (!table) throw new LeakSearchError('internal', 'The result is no longer held.');
    const view = new ResultView(table, dateFormat('en-US'));
    const rows = options.rows ?? allRows(table.length);
    const secrets = options.includeSecrets ?? false;
    yield* format === 'csv' ? csvPieces(view, rows, secrets) : format === 'json' ? jsonPieces(view, rows, secrets) : jsonlPieces(view, rows, secrets, options.lead);
  }

  /** Records of a result new since the previous answer to the same query this session knew. */
  newRows(key: string): Promise<Uint32Array> {
    return this.#engine.newRowsOf(key);
  }

  /** The team's decisions for this origin's records (replaced whole), shown with matches. */
  setTriage(marks: readonly (readonly [string, TriageMark])[]): void {
    this.#engine.setTriage(this.origin, marks);
  }

  /**
   * Scans against these results (default: the latest of each domain and type of this
   * origin). Resolves when the index is built.
   */
  async index(keys?: readonly string[]): Promise<void> {
    await this.#engine.setIndexed(keys ?? latestOfOrigin(this.#engine.list(), this.origin).map((r) => r.key));
  }

  /** The leak matches in a text, by UTF-16 offsets. */
  scanText(text: ScanText, options?: MatchOptions): readonly WireMatch[] {
    return this.#engine.match(text, options).matches;
  }

  /**
   * The findings in one file, or undefined when it is skipped: not a regular file (a
   * symbolic link is not followed), larger than `maxFileBytes`, or binary.
   */
  async scanFile(path: string, options: ScanOptions = {}): Promise<FileFinding[] | undefined> {
    const text = readScannableUnits(path, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    return text === undefined ? undefined : this.scanDecoded(path, text, options);
  }

  /**
   * The findings in a file's content read elsewhere (the git index, a commit), or undefined
   * when it is skipped: larger than `maxFileBytes`, or binary. `path` names the file in the
   * findings and tells documentation files.
   */
  scanBytes(path: string, bytes: Uint8Array, options: ScanOptions = {}): FileFinding[] | undefined {
    const text = scannableUnits(bytes, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    return text === undefined ? undefined : this.scanDecoded(path, text, options);
  }

  /**
   * The findings in a file's text, decoded and found to be scanned (`scannableUnits`) by the
   * caller. Read whole before it returns: a text decoded for the scan may then be reused.
   */
  scanDecoded(path: string, text: ScanText, options: ScanOptions = {}): FileFinding[] {
    const matches = visibleMatches(path, this.scanText(text, options), options.hostsInDocumentation ?? false);
    // Most files have no finding: their lines are never counted.
    if (matches.length === 0) return [];
    const lines = new LineIndex(text);
    return matches.map((match) => {
      const s = lines.position(match.start);
      const e = lines.position(match.end);
      return {
        path,
        startLine: s.line + 1,
        startColumn: s.character + 1,
        endLine: e.line + 1,
        endColumn: e.character + 1,
        code: FINDING_CODES[match.kind],
        severity: findingSeverity(match, options.severity ?? 'warning'),
        message: match.message,
        match,
      };
    });
  }

  /** A SARIF 2.1.0 log of findings; `relativeTo` makes their paths relative to that folder. */
  sarif(findings: readonly (FileFinding & SarifExtras)[], tool: SarifTool, relativeTo?: { readonly path: string; readonly uri: string }): object {
    const sarifFindings: SarifFinding[] = findings.map((f) => ({
      ...sarifLocation(f.path, relativeTo?.path),
      rule: f.code,
      level: sarifLevel(f.severity),
      severity: f.severity,
      message: f.message,
      startLine: f.startLine,
      startColumn: f.startColumn,
      endLine: f.endLine,
      endColumn: f.endColumn,
      ...(f.fingerprint !== undefined ? { fingerprint: f.fingerprint } : {}),
      ...(f.suppression !== undefined ? { suppression: f.suppression } : {}),
      ...(f.commit !== undefined ? { commit: f.commit } : {}),
    }));
    return sarifLog(sarifFindings, tool, relativeTo?.uri);
  }

  /** Waits for cache writes, then closes the connections. */
  async close(): Promise<void> {
    await this.#engine.flush();
    await this.#service?.client.close();
  }
}

/** Every row of a result, in order. */
function allRows(length: number): Uint32Array {
  const rows = new Uint32Array(length);
  for (let i = 0; i < length; i++) rows[i] = i;
  return rows;
}
