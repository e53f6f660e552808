// The boundary between the extension host's main thread and the data engine (a worker
// thread, see worker.ts): one typed method table. The main thread calls a method with its
// params and gets its result (or a typed error); the engine also posts a few events. Only
// small things cross, apart from the answer's bytes on their way in (transferred, not
// copied) and a document's text for matching. Pure types: no vscode, no Node APIs.
import type { LeakSearchErrorDetails, LeakSearchErrorKind } from '../core/service/errors';
import type { DateRange, FindingsType, RateLimitState, SearchQuery } from '../core/service/types';
import type { MatchOptions } from '../core/scan/leakIndex';
import type { Placed } from '../core/scan/files/placedMatches';
import type { ExportFormat, PanelColumn, PanelEntry, ViewFigures, ViewItem, ViewQuery, ViewSummary } from '../shared/webviewProtocol';
import type { HoverRecord, WireMatch } from './leaks';
import type { TriageMark } from '../core/triage/triage';

/** What the worker is started with: the display language's translations (none for English). */
export interface EngineWorkerData {
  readonly l10n?: Readonly<Record<string, string>>;
}

/** What the main thread keeps of a stored result: everything but its records. */
export interface ResultMeta {
  /** See `resultsKey`: origin, domain, type and range. */
  readonly key: string;
  readonly origin: string;
  readonly query: SearchQuery;
  /** What the service said it found. */
  readonly count: number;
  /** Records kept (the service may send fewer than `count`). */
  readonly records: number;
  readonly fetchedAt: number;
  readonly rateLimit?: RateLimitState;
  /** Records not in the previous answer to the same query (absent on a first check). */
  readonly newRecords?: number;
  /** When that previous answer was received. */
  readonly newSince?: number;
}

export interface EngineLimits {
  /** Most records one answer may bring. */
  readonly maxRecords: number;
  /** The cache keeps at most this many results, none older than maxAgeMs. */
  readonly maxCached: number;
  readonly maxCacheAgeMs: number;
}

export interface InitParams {
  /** Folder of the encrypted cache files. */
  readonly cacheDir: string;
  /** The cache key (32 bytes, base64), from SecretStorage. Undefined: nothing is cached yet. */
  readonly cacheKey?: string;
  readonly limits: EngineLimits;
  /** BCP 47 locale for dates shown in the panel and the tree (VS Code's display language). */
  readonly locale: string;
  /** The single cache file of version 0.1.0: its results are moved into the cache, then it is removed. */
  readonly legacyFile?: string;
}

/** A site of a result, for the tree. */
export interface SiteSummary {
  readonly site: string;
  readonly count: number;
}

/** A record as the tree shows it: never the password (only whether there is one). */
export interface TreeRecord {
  /** Its position in the result (stable for the result's lifetime). */
  readonly row: number;
  readonly username: string;
  readonly url: string;
  readonly date: string;
  readonly ip: string;
  readonly country: string;
  readonly browser: string;
  readonly status: string;
  readonly hasPassword: boolean;
  /** Its triage id (see core/triage/triage.ts): the same for the same record in any later answer. */
  readonly triage: string;
}

/** The results panel's Triage column: the decision about each row (not a field of the record). */
export const TRIAGE_COLUMN: PanelColumn = { key: 'triage', label: 'Triage', kind: 'text', secret: false };

/** What a panel's triage or guide action applies to (see `panelSelection`). */
export interface PanelSelection {
  /** The triage ids of its records. */
  readonly ids: readonly string[];
  readonly type: FindingsType;
  /** It is an infected-machine group. */
  readonly machineGroup: boolean;
  /** Records of the machine of its first record (same IP, browser, country and day); only when asked (`machine`). */
  readonly machineRecords?: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** A typed error as it crosses the boundary (rebuilt as a LeakSearchError on the other side). */
export interface WireError {
  readonly kind: LeakSearchErrorKind;
  readonly message: string;
  readonly details?: LeakSearchErrorDetails;
}

export interface MemoryFigures {
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  readonly tableBytes: number;
  readonly records: number;
  readonly loaded: number;
}

/** A file on disk for `matchFiles`, with the largest size scanned in its folder. */
export interface FileToMatch {
  readonly path: string;
  readonly maxBytes: number;
  /**
   * false: a documentation file's host matches are not answered (docFiles.ts; the editor would
   * drop them, and a tree's READMEs name many hosts). Absent or true: every match is answered.
   */
  readonly hostsInDocumentation?: boolean;
}

/** How long one `matchFiles` call keeps the engine's thread before it answers the files done. */
export const MATCH_FILES_TURN_MS = 25;

/** The engine's methods: params → result. */
export interface EngineMethods {
  init: { params: InitParams; result: ResultMeta[] };
  /** The cache key appeared (set after init): results are saved from now on. */
  setCacheKey: { params: { key: string }; result: void };
  setLimits: { params: EngineLimits; result: void };
  /** The API keys of this session: never shown in a record's text, whatever the service put there. */
  setKnownKeys: { params: { keys: readonly string[] }; result: void };

  /** A check's answer starts: records will arrive for `key`. */
  ingestBegin: { params: { id: number; key: string; origin: string; query: SearchQuery; maxRecords: number }; result: void };
  /**
   * The next bytes of the answer's body (any split). Fails with the answer's typed error.
   * `spare`: the chunk's buffer moved back, read, for the next batch (see engineSink.ts).
   */
  ingestChunk: { params: { id: number; chunk: Uint8Array }; result: { records: number; spare: Uint8Array } };
  /** The body is complete and valid: what it held (the result waits for `ingestCommit`). */
  ingestEnd: { params: { id: number }; result: { count: number; records: number } };
  /** The check succeeded: store the result (replacing the previous one of its key), cache and index it. */
  ingestCommit: { params: { id: number; fetchedAt: number; rateLimit?: RateLimitState }; result: ResultMeta };
  /** The check failed or was cancelled: forget what arrived. */
  ingestAbort: { params: { id: number }; result: void };

  /** Forgets results (and their cache files). */
  remove: { params: { keys: readonly string[] }; result: void };
  /** Forgets every result of an origin, or all. */
  clear: { params: { origin?: string }; result: void };

  /** The results that feed the leak index (the latest per domain and type of the service in use). */
  setIndexed: { params: { keys: readonly string[] }; result: { version: number; empty: boolean } };
  /** Every leaked identifier in a text (a document, or the lines an edit touched). */
  match: { params: { text: string; options?: MatchOptions }; result: { version: number; matches: readonly WireMatch[] } };
  /**
   * Every leaked identifier in files the engine reads itself (a workspace scan), placed by
   * line: the editor's thread neither reads nor decodes them. One call per batch of files, in
   * order; the engine answers the first files once MATCH_FILES_TURN_MS have passed (at least
   * one), so that other calls do not wait long behind a batch, and the caller asks again for
   * the rest. An entry is undefined when its file is skipped (not a regular file, larger than
   * its `maxBytes`, binary) or unreadable.
   */
  matchFiles: { params: { files: readonly FileToMatch[]; options?: MatchOptions }; result: { version: number; matches: readonly (readonly Placed<WireMatch>[] | undefined)[] } };
  /** The records behind a match (newest first); undefined once the index changed. */
  hover: { params: { handle: number; limit: number }; result: { records: readonly HoverRecord[]; total: number } | undefined };
  /** Every triage decision of an origin (replacing those held); answers the leak index's new version. */
  setTriage: { params: { origin: string; marks: readonly (readonly [string, TriageMark])[] }; result: { version: number } };

  sites: { params: { key: string; offset: number; limit: number }; result: Page<SiteSummary> };
  siteRecords: { params: { key: string; site: string; offset: number; limit: number }; result: Page<TreeRecord> };

  panelOpen: { params: { panel: number; key: string }; result: { entry: PanelEntry; columns: readonly PanelColumn[] } | undefined };
  panelQuery: { params: { panel: number; query: ViewQuery }; result: ViewSummary };
  panelFigures: { params: { panel: number }; result: ViewFigures };
  panelWindow: { params: { panel: number; start: number; count: number; revealed: readonly string[]; presentation: boolean }; result: readonly ViewItem[] };
  panelCell: { params: { panel: number; row: number; column: number }; result: string | undefined };
  panelCopy: { params: { panel: number; what: 'cell' | 'row'; row: number; column: number; revealed: readonly number[] }; result: string | undefined };
  panelExport: { params: { panel: number; format: ExportFormat; includeSecrets: boolean; file: string; filterDescription: string }; result: { bytes: number; rows: number } };
  /** `machine`: count the records of the first record's machine too (a pass over the result, for the guide). */
  panelSelection: { params: { panel: number; rows: readonly number[]; group?: string; machine?: boolean }; result: PanelSelection };
  panelClose: { params: { panel: number }; result: void };

  memory: { params: Record<string, never>; result: MemoryFigures };
  /** Resolves when every cache write asked for so far is on disk. */
  flush: { params: Record<string, never>; result: void };
}

export type EngineMethod = keyof EngineMethods;
export type ParamsOf<M extends EngineMethod> = EngineMethods[M]['params'];
export type ResultOf<M extends EngineMethod> = EngineMethods[M]['result'];

/** main → worker */
export interface EngineRequest<M extends EngineMethod = EngineMethod> {
  readonly id: number;
  readonly method: M;
  readonly params: ParamsOf<M>;
}

/** worker → main */
export type EngineReply = { readonly id: number; readonly ok: true; readonly result: unknown } | { readonly id: number; readonly ok: false; readonly error: WireError };

/** worker → main, unasked. */
export type EngineEvent =
  | { readonly event: 'log'; readonly level: 'info' | 'warn' | 'error'; readonly message: string }
  /** Results appeared or disappeared without a call (another window's, loaded or pruned). */
  | { readonly event: 'results'; readonly results: readonly ResultMeta[] };

export type EngineOutMessage = EngineReply | EngineEvent;

export type { DateRange, FindingsType, HoverRecord, MatchOptions, WireMatch };
