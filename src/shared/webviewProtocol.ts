// The typed message protocol between the results-panel host (extension) and its webview.
// Types plus tiny pure helpers only: no vscode, no DOM, no Node APIs.
//
// The records stay in the data engine (a worker thread of the extension host); the webview
// never holds more than the rows in view. Life of a panel: the webview posts `ready` once its
// script runs; only then does the host post anything (`load`: what the result is and its
// columns). The webview then posts `query` (filters, sort, grouping) and the host answers
// with `view` (counts, charts, filter values); it asks for the rows it shows with `window`
// and the host answers with `rows`. Both carry the query's `seq`: an answer to an older
// query is dropped. Requests (`reveal`, `copy`, `export`) carry an `id`; the host answers
// each with exactly one `response` of the same id. A password reaches the page only when the
// user reveals that one cell.

/** The view type of the results panel (also the serializer's key). */
export const RESULTS_VIEW_TYPE = 'leakSearch.results';

export type ExportFormat = 'csv' | 'json' | 'markdown';
export type Grouping = 'none' | 'site' | 'machine';
export type SortDirection = 'asc' | 'desc';
export type FindingsType = 'accounts' | 'customers';

export interface SortState {
  /** The column key. */
  readonly column: string;
  readonly direction: SortDirection;
}

export interface FilterState {
  /** Case-insensitive substring over every non-secret column. */
  readonly text: string;
  /** Exact value, or '' for any. */
  readonly status: string;
  readonly country: string;
  readonly browser: string;
  /** Inclusive day bounds `YYYY-MM-DD`, or '' for open. */
  readonly from: string;
  readonly to: string;
  /** Only the records new since the previous check (see PanelEntry.newRecords). */
  readonly onlyNew: boolean;
  /** Only records of one triage state, or undecided ones ('' for any). */
  readonly triage: TriageFilter;
}

/** A triage decision (see core/triage/triage.ts, which keeps them). */
export type TriageStateName = 'acknowledged' | 'remediated' | 'false-positive';

/** The panel's triage filter: any record, only undecided ones, or one state. */
export type TriageFilter = '' | 'untriaged' | TriageStateName;

export const TRIAGE_FILTERS: readonly (readonly [TriageFilter, string])[] = [
  ['', 'Any triage'],
  ['untriaged', 'Not triaged'],
  ['acknowledged', 'Acknowledged'],
  ['remediated', 'Remediated'],
  ['false-positive', 'False positive'],
];

export function parseTriageFilter(value: unknown): TriageFilter {
  return TRIAGE_FILTERS.find(([v]) => v === value)?.[0] ?? '';
}

/** Whether a record with this decision (undefined: none) passes the filter. */
export function passesTriage(filter: TriageFilter, state: TriageStateName | undefined): boolean {
  if (filter === '') return true;
  if (filter === 'untriaged') return state === undefined;
  return state === filter;
}

export const EMPTY_FILTER: FilterState = { text: '', status: '', country: '', browser: '', from: '', to: '', onlyNew: false, triage: '' };

export function isFilterEmpty(filter: FilterState): boolean {
  return !filter.text.trim() && !filter.status && !filter.country && !filter.browser && !filter.from && !filter.to && !filter.onlyNew && !filter.triage;
}

/** The active filters in words (for the incident summary and the status line), '' when none. */
export function describeFilter(filter: FilterState): string {
  const parts: string[] = [];
  if (filter.text.trim()) parts.push(`text “${filter.text.trim()}”`);
  if (filter.status) parts.push(`status ${filter.status}`);
  if (filter.country) parts.push(`country ${filter.country}`);
  if (filter.browser) parts.push(`browser ${filter.browser}`);
  if (filter.from || filter.to) parts.push(`dates ${filter.from || '…'} to ${filter.to || '…'}`);
  if (filter.onlyNew) parts.push('new records only');
  if (filter.triage) parts.push(filter.triage === 'untriaged' ? 'not triaged' : `triage ${filter.triage.replace('-', ' ')}`);
  return parts.join(', ');
}

/** Optional focus: show the records matching this identifier (e-mail, user name, host…). */
export interface PanelFocus {
  readonly identifier?: string;
}

export interface DateRange {
  readonly start: string;
  readonly end: string;
}

export interface RateLimitView {
  readonly limit?: number;
  readonly remaining?: number;
  readonly resetAt?: number;
  readonly observedAt: number;
}

/** What the panel shows about a result besides its records. */
export interface PanelEntry {
  readonly key: string;
  readonly origin: string;
  readonly query: { readonly domain: string; readonly type: FindingsType; readonly range?: DateRange };
  readonly type: FindingsType;
  /** The count the service reported. */
  readonly count: number;
  /** The records kept: fewer or more than `count` (both are shown, see recordCount.ts). */
  readonly records: number;
  readonly rateLimit?: RateLimitView;
  readonly fetchedAt: number;
  /** Records not in the previous answer to the same query, and when that answer came. */
  readonly newRecords?: number;
  readonly newSince?: number;
}

export type ColumnKind = 'date' | 'ip' | 'number' | 'text';

export interface PanelColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
  /** Masked by default, not sortable or searchable, left out of exports unless asked. */
  readonly secret: boolean;
}

export interface MonthCount {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly count: number;
}

export interface ValueCount {
  readonly value: string;
  readonly count: number;
}

/** The figures of the rows a query selects. */
export interface ViewStats {
  readonly months: readonly MonthCount[];
  readonly sites: readonly ValueCount[];
  readonly countries: readonly ValueCount[];
  readonly browsers: readonly ValueCount[];
}

/** The values of the filter drop-downs (whole result, most frequent first). */
export interface FilterOptions {
  readonly status: readonly string[];
  readonly country: readonly string[];
  readonly browser: readonly string[];
}

export interface ViewQuery {
  readonly filter: FilterState;
  readonly sort?: SortState;
  readonly grouping: Grouping;
  /** Keys of the groups shown expanded. */
  readonly expanded: readonly string[];
}

/**
 * What a query selects: counts only. The rows come with `window`, the figures with `figures`
 * (asked after the first rows are painted, so a million-row result shows its rows first).
 */
export interface ViewSummary {
  /** Records in the result. */
  readonly total: number;
  /** Records passing the filters. */
  readonly shown: number;
  /** Display items: rows, or group headers and the rows of expanded groups. */
  readonly items: number;
  /** Groups, when grouping. */
  readonly groups: number;
}

/** The charts' figures of a query's rows, and the filter drop-downs' values over the whole result. */
export interface ViewFigures {
  readonly stats: ViewStats;
  readonly options: FilterOptions;
}

/** One display item. A row's cells are display text; secret cells are masked unless revealed. */
export type ViewItem =
  | { readonly kind: 'row'; readonly row: number; readonly cells: readonly string[]; readonly fresh?: true; readonly triage?: TriageStateName }
  | { readonly kind: 'group'; readonly key: string; readonly label: string; readonly count: number; readonly expanded: boolean; readonly triage?: TriageStateName };

// ---- host → webview ------------------------------------------------------------------

/** The result to show (sent after `ready`, and again whenever the result changes). */
export interface LoadMessage {
  readonly type: 'load';
  readonly entry: PanelEntry;
  readonly columns: readonly PanelColumn[];
  readonly focus?: PanelFocus;
  /** The display language's messages for @vscode/l10n in the webview; absent for English. Data, never markup. */
  readonly l10n?: Readonly<Record<string, string>>;
  /** Presentation mode (`leakSearch.presentationMode`): every password stays masked, with no way to reveal it. */
  readonly presentation?: boolean;
}

export interface ViewMessage {
  readonly type: 'view';
  readonly seq: number;
  readonly summary: ViewSummary;
}

/** The figures of query `seq` (the answer to `figures`). */
export interface FiguresMessage {
  readonly type: 'figures';
  readonly seq: number;
  readonly figures: ViewFigures;
}

export interface RowsMessage {
  readonly type: 'rows';
  readonly seq: number;
  readonly start: number;
  readonly items: readonly ViewItem[];
}

/** Focus an already loaded panel on the records matching an identifier. */
export interface FocusMessage {
  readonly type: 'focus';
  readonly focus: PanelFocus;
}

/** The result this panel showed is gone (cache cleared); the panel says so instead of going blank. */
export interface MissingMessage {
  readonly type: 'missing';
  readonly key: string;
}

/** The answer to one request of the webview, matched by `id`. */
export interface ResponseMessage {
  readonly type: 'response';
  readonly id: number;
  readonly ok: boolean;
  /** A short user-facing message (e.g. "Saved report.csv", "Export cancelled"). */
  readonly message?: string;
  /** For `reveal`: the cell's text. */
  readonly text?: string;
}

/** Decisions about records changed: the webview runs its query again (keeping its place). */
export interface RefreshMessage {
  readonly type: 'refresh';
}

/** The service's request quota changed (any check, in any panel or the status bar): the header shows it live. */
export interface QuotaMessage {
  readonly type: 'quota';
  readonly rateLimit?: RateLimitView;
}

/** Presentation mode was turned on or off (in any panel, the command or the settings). */
export interface PresentationMessage {
  readonly type: 'presentation';
  readonly on: boolean;
}

export type HostMessage = LoadMessage | ViewMessage | RowsMessage | FiguresMessage | FocusMessage | MissingMessage | RefreshMessage | QuotaMessage | PresentationMessage | ResponseMessage;

// ---- webview → host ------------------------------------------------------------------

/** The webview's script is running and listening: the host may post now. */
export interface ReadyMessage {
  readonly type: 'ready';
}

export interface QueryMessage {
  readonly type: 'query';
  readonly seq: number;
  readonly query: ViewQuery;
}

export interface WindowMessage {
  readonly type: 'window';
  readonly seq: number;
  readonly start: number;
  readonly count: number;
  /** Cells the user revealed (`row:column`), shown unmasked unless in presentation mode. */
  readonly revealed: readonly string[];
}

/** Asks for the figures of query `seq` (answered with `figures`). */
export interface FiguresRequestMessage {
  readonly type: 'figures';
  readonly seq: number;
}

/** The user turned presentation mode on or off in the panel: the host makes it the setting, for every panel. */
export interface PresentationChangeMessage {
  readonly type: 'presentation';
  readonly on: boolean;
}

/** What the table shows now (after each change): lets the host and its tests see the panel's state. */
export interface RenderedMessage {
  readonly type: 'rendered';
  /** The key of the result shown. */
  readonly key: string;
  /** Records in the result. */
  readonly total: number;
  /** Records passing the filters. */
  readonly shown: number;
}

/** The text of one secret cell, for the user who asked to see it. */
export interface RevealRequest {
  readonly type: 'reveal';
  readonly id: number;
  readonly row: number;
  readonly column: number;
}

/** Put a cell or a row on the clipboard (secrets only when revealed). */
export interface CopyRequest {
  readonly type: 'copy';
  readonly id: number;
  readonly what: 'cell' | 'row';
  readonly row: number;
  readonly column: number;
  readonly revealed: readonly number[];
}

/** Save an export of the current view; the host picks the file and the engine writes it. */
export interface ExportRequest {
  readonly type: 'export';
  readonly id: number;
  readonly seq: number;
  readonly format: ExportFormat;
  readonly includeSecrets: boolean;
}

/** What an action applies to: a record (by row), a group of the current query (by key), or the whole result. */
export type ActionTarget = { readonly row: number } | { readonly group: string } | { readonly whole: true };

/** Mark the target's records (the host asks which decision). */
export interface TriageRequest {
  readonly type: 'triage';
  readonly id: number;
  readonly target: ActionTarget;
}

/** Open the remediation guide that fits the target. */
export interface GuideRequest {
  readonly type: 'guide';
  readonly id: number;
  readonly target: ActionTarget;
}

export type WebviewRequest = RevealRequest | CopyRequest | ExportRequest | TriageRequest | GuideRequest;
export type WebviewMessage = ReadyMessage | QueryMessage | WindowMessage | FiguresRequestMessage | RenderedMessage | PresentationChangeMessage | WebviewRequest;

/** The state the webview persists with `setState` (UI only; never data, never revealed passwords). */
export interface PanelUiState {
  readonly key?: string;
  readonly sort?: SortState;
  readonly filter?: FilterState;
  readonly grouping?: Grouping;
  readonly presentation?: boolean;
  readonly scrollTop?: number;
}

// ---- helpers ---------------------------------------------------------------------------

const EXPORT_FORMATS: readonly string[] = ['csv', 'json', 'markdown'];
/** A window larger than this is refused: the webview asks for what it shows. */
export const MAX_WINDOW = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function text(value: unknown, max = 1000): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A filter read from untrusted input: known fields only, strings only, bounded. */
export function parseFilter(value: unknown): FilterState {
  if (!isRecord(value)) return EMPTY_FILTER;
  return {
    text: text(value.text),
    status: text(value.status),
    country: text(value.country),
    browser: text(value.browser),
    from: text(value.from, 10),
    to: text(value.to, 10),
    onlyNew: value.onlyNew === true,
    triage: parseTriageFilter(value.triage),
  };
}

function parseSort(value: unknown): SortState | undefined {
  if (isRecord(value) && typeof value.column === 'string' && (value.direction === 'asc' || value.direction === 'desc')) {
    return { column: value.column.slice(0, 1000), direction: value.direction };
  }
  return undefined;
}

function parseGrouping(value: unknown): Grouping {
  return value === 'site' || value === 'machine' ? value : 'none';
}

/**
 * Validates a message that claims to come from the webview. The host treats webview messages
 * as untrusted input: anything not exactly one of the declared shapes is refused.
 */
export function parseWebviewMessage(value: unknown): WebviewMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'ready':
      return { type: 'ready' };
    case 'rendered': {
      const { key, total, shown } = value;
      if (typeof key !== 'string' || !isCount(total) || !isCount(shown) || shown > total) return undefined;
      return { type: 'rendered', key, total, shown };
    }
    case 'query': {
      const { seq, query } = value;
      if (!isCount(seq) || !isRecord(query)) return undefined;
      const expanded = Array.isArray(query.expanded) ? query.expanded.filter((k): k is string => typeof k === 'string').slice(0, 10_000) : [];
      const sort = parseSort(query.sort);
      return { type: 'query', seq, query: { filter: parseFilter(query.filter), ...(sort ? { sort } : {}), grouping: parseGrouping(query.grouping), expanded } };
    }
    case 'window': {
      const { seq, start, count, revealed } = value;
      if (!isCount(seq) || !isCount(start) || !isCount(count) || count > MAX_WINDOW || !Array.isArray(revealed)) return undefined;
      const cells = revealed.filter((r): r is string => typeof r === 'string' && /^\d+:\d+$/.test(r)).slice(0, 1000);
      return { type: 'window', seq, start, count, revealed: cells };
    }
    case 'figures': {
      const { seq } = value;
      return isCount(seq) ? { type: 'figures', seq } : undefined;
    }
    case 'presentation':
      return typeof value.on === 'boolean' ? { type: 'presentation', on: value.on } : undefined;
    case 'reveal': {
      const { id, row, column } = value;
      if (!isCount(id) || !isCount(row) || !isCount(column)) return undefined;
      return { type: 'reveal', id, row, column };
    }
    case 'copy': {
      const { id, what, row, column, revealed } = value;
      if (!isCount(id) || (what !== 'cell' && what !== 'row') || !isCount(row) || !isCount(column) || !Array.isArray(revealed)) return undefined;
      return { type: 'copy', id, what, row, column, revealed: revealed.filter(isCount).slice(0, 1000) };
    }
    case 'export': {
      const { id, seq, format, includeSecrets } = value;
      if (!isCount(id) || !isCount(seq) || typeof format !== 'string' || !EXPORT_FORMATS.includes(format) || typeof includeSecrets !== 'boolean') return undefined;
      return { type: 'export', id, seq, format: format as ExportFormat, includeSecrets };
    }
    case 'triage':
    case 'guide': {
      const { id, target } = value;
      if (!isCount(id) || !isRecord(target)) return undefined;
      if (isCount(target.row)) return { type: value.type, id, target: { row: target.row } };
      if (typeof target.group === 'string' && target.group.length <= 10_000) return { type: value.type, id, target: { group: target.group } };
      if (target.whole === true) return { type: value.type, id, target: { whole: true } };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Reads the panel's persisted state (it comes back from disk after a reload): keeps only well-formed fields. */
export function parsePanelState(value: unknown): PanelUiState | undefined {
  if (!isRecord(value)) return undefined;
  const state: { -readonly [K in keyof PanelUiState]: PanelUiState[K] } = {};
  if (typeof value.key === 'string') state.key = value.key;
  const sort = parseSort(value.sort);
  if (sort) state.sort = sort;
  if (isRecord(value.filter)) state.filter = parseFilter(value.filter);
  if (value.grouping === 'none' || value.grouping === 'site' || value.grouping === 'machine') state.grouping = value.grouping;
  if (typeof value.presentation === 'boolean') state.presentation = value.presentation;
  if (typeof value.scrollTop === 'number' && Number.isFinite(value.scrollTop) && value.scrollTop >= 0) state.scrollTop = value.scrollTop;
  return state;
}

/** The key of the result a persisted state belongs to, if any. */
export function stateKey(value: unknown): string | undefined {
  const state = parsePanelState(value);
  return typeof state?.key === 'string' && state.key.length > 0 ? state.key : undefined;
}

/** A file name safe on every platform, from a domain and a findings type. */
export function exportFileName(domain: string, type: string, format: ExportFormat): string {
  const base = `${domain}-${type}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'leaks';
  const extension = format === 'markdown' ? 'md' : format;
  return `leaks-${base}.${extension}`;
}

/** What a masked secret shows: never its length (one home: src/core/results/secretEchoes.ts). */
export { ECHO_MASK as MASK } from '../core/results/secretEchoes';
