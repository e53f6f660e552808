// The typed message protocol between the results-panel host (extension) and its webview.
// Types plus tiny pure helpers only: no vscode, no DOM, no Node APIs.
//
// Life of a panel: the webview posts `ready` once its script runs; only then does the host
// post anything (`load`, later `focus`, `missing`). Requests the webview makes (`export`,
// `copy`) carry an `id`; the host answers each with exactly one `response` of the same id.
import type { FieldValue, FindingsType, RateLimitState, SearchQuery } from '../core/types';
import type { FilterState } from './results/filter';

/** The view type of the results panel (also the serializer's key). */
export const RESULTS_VIEW_TYPE = 'leakSearch.results';

export type ExportFormat = 'csv' | 'json' | 'markdown';

/** Optional focus: show the records matching this identifier (e-mail, user name, host…). */
export interface PanelFocus {
  readonly identifier?: string;
}

// ---- host → webview ------------------------------------------------------------------

/** What the panel shows about a result besides its records (a `ResultsEntry` without them). */
export interface PanelEntry {
  readonly key: string;
  readonly origin: string;
  readonly query: SearchQuery;
  readonly type: FindingsType;
  /** The count the service reported. */
  readonly count: number;
  readonly rateLimit?: RateLimitState;
  readonly fetchedAt: number;
}

/**
 * The records, column by column: `columns[i]` holds the values of field `keys[i]` in record
 * order (null where a record lacks it). A few arrays of scalars cross the host → webview
 * boundary several times faster than 100,000 small objects (see results/packed.ts).
 */
export interface PackedRecords {
  readonly length: number;
  readonly keys: readonly string[];
  readonly columns: readonly (readonly FieldValue[])[];
}

/** The result to show (sent after `ready`, and again whenever the result changes). */
export interface LoadMessage {
  readonly type: 'load';
  readonly entry: PanelEntry;
  readonly records: PackedRecords;
  readonly focus?: PanelFocus;
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
}

export type HostMessage = LoadMessage | FocusMessage | MissingMessage | ResponseMessage;

// ---- webview → host ------------------------------------------------------------------

/** The webview's script is running and listening: the host may post now. */
export interface ReadyMessage {
  readonly type: 'ready';
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

/** Save an export of the current view. The webview builds the content; the host picks the file. */
export interface ExportRequest {
  readonly type: 'export';
  readonly id: number;
  readonly format: ExportFormat;
  readonly suggestedName: string;
  readonly content: string;
}

/** Put text on the clipboard (a cell or a row). */
export interface CopyRequest {
  readonly type: 'copy';
  readonly id: number;
  readonly what: 'cell' | 'row';
  readonly text: string;
}

export type WebviewRequest = ExportRequest | CopyRequest;
export type WebviewMessage = ReadyMessage | RenderedMessage | WebviewRequest;

/** The state the webview persists with `setState` (UI only; never data, never revealed passwords). */
export interface PanelUiState {
  readonly key?: string;
  readonly sort?: { readonly column: string; readonly direction: 'asc' | 'desc' };
  readonly filter?: FilterState;
  readonly grouping?: 'none' | 'site' | 'machine';
  readonly presentation?: boolean;
  readonly scrollTop?: number;
}

// ---- helpers ---------------------------------------------------------------------------

const EXPORT_FORMATS: readonly string[] = ['csv', 'json', 'markdown'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    case 'export': {
      const { id, format, suggestedName, content } = value;
      if (!isRequestId(id) || typeof format !== 'string' || !EXPORT_FORMATS.includes(format)) return undefined;
      if (typeof suggestedName !== 'string' || typeof content !== 'string') return undefined;
      return { type: 'export', id, format: format as ExportFormat, suggestedName, content };
    }
    case 'copy': {
      const { id, what, text } = value;
      if (!isRequestId(id) || (what !== 'cell' && what !== 'row') || typeof text !== 'string') return undefined;
      return { type: 'copy', id, what, text };
    }
    default:
      return undefined;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isRequestId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Reads the panel's persisted state (it comes back from disk after a reload): keeps only well-formed fields. */
export function parsePanelState(value: unknown): PanelUiState | undefined {
  if (!isRecord(value)) return undefined;
  const state: { -readonly [K in keyof PanelUiState]: PanelUiState[K] } = {};
  if (typeof value.key === 'string') state.key = value.key;
  const sort = value.sort;
  if (isRecord(sort) && typeof sort.column === 'string' && (sort.direction === 'asc' || sort.direction === 'desc')) {
    state.sort = { column: sort.column, direction: sort.direction };
  }
  const filter = value.filter;
  if (isRecord(filter)) {
    const text = (name: string): string => (typeof filter[name] === 'string' ? (filter[name] as string) : '');
    state.filter = { text: text('text'), status: text('status'), country: text('country'), browser: text('browser'), from: text('from'), to: text('to') };
  }
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
