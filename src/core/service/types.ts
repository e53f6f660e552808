// Shared data types of the leaked-credential search service, as the client sees them.
// Pure: no `vscode`, no DOM. See docs/service-interface.md and docs/decisions.md.

/** The two findings types, always in their long form once validated (decision 3). */
export type FindingsType = 'accounts' | 'customers';

/** What a user or a setting may type for a findings type: long or short form. */
export type FindingsTypeInput = FindingsType | 'a' | 'c';

/** A scalar field value of an open (customers) record. */
export type FieldValue = string | number | boolean | null;

/** A customers record: open shape (decision 4); any JSON object of scalar fields. */
export type OpenRecord = Readonly<Record<string, FieldValue>>;

/**
 * An accounts record. Every field is a string; a field the server left out is ''.
 * Fields the interface does not name are kept in `extra` (never dropped silently).
 */
export interface AccountRecord {
  readonly date: string;
  readonly browser: string;
  readonly status: string;
  readonly url: string;
  readonly ip: string;
  readonly country: string;
  readonly username: string;
  readonly password: string;
  readonly extra?: OpenRecord;
}

export const ACCOUNT_FIELDS = ['date', 'browser', 'status', 'url', 'ip', 'country', 'username', 'password'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** An inclusive range of whole UTC days, both bounds `YYYYMMDD` (decision 1). */
export interface DateRange {
  readonly start: string;
  readonly end: string;
}

export type SearchResult =
  | { readonly type: 'accounts'; readonly count: number; readonly records: readonly AccountRecord[] }
  | { readonly type: 'customers'; readonly count: number; readonly records: readonly OpenRecord[] };

/** What the X-RateLimit-* and Retry-After headers of one response said. */
export interface RateLimitState {
  /** Requests allowed per window, when the server said. */
  readonly limit?: number;
  /** Requests left in the window, when the server said. */
  readonly remaining?: number;
  /** When the window resets, epoch milliseconds, when the server said. */
  readonly resetAt?: number;
  /** When the response was received, epoch milliseconds. */
  readonly observedAt: number;
}

/** A validated search: what is actually sent. */
export interface SearchQuery {
  readonly domain: string;
  readonly type: FindingsType;
  readonly range?: DateRange;
}

export interface SearchResponse {
  readonly query: SearchQuery;
  /** The count the service reported, and the records when no sink took them (see client.ts). */
  readonly result: SearchResult;
  /** Records kept (by the sink, or in `result.records`). */
  readonly kept: number;
  readonly rateLimit: RateLimitState;
  /** When the response was received, epoch milliseconds. */
  readonly fetchedAt: number;
  /** Header values that could not be believed (see ratelimit.ts), for the log. */
  readonly notes?: readonly string[];
}

/**
 * One cached or fresh result as the editor keeps it: everything but its records, which stay
 * in the data engine (src/engine/). The unit the tree, the results panel and the status bar
 * work with. Never holds the API key.
 */
export interface ResultsEntry {
  /** Stable id of (service origin, domain, findings type, date range); see `resultsKey`. */
  readonly key: string;
  /** The service origin, e.g. `https://leakjar.com` (no path, never the key). */
  readonly origin: string;
  readonly query: SearchQuery;
  /** The count the service reported. */
  readonly count: number;
  /** The records kept (the service may send fewer or more than `count`: both are shown). */
  readonly records: number;
  readonly rateLimit?: RateLimitState;
  /** When the response was received, epoch milliseconds ("as of"). */
  readonly fetchedAt: number;
  /** Records not in the previous answer to the same query (absent on a first check). */
  readonly newRecords?: number;
  /** When that previous answer was received (what "new since" means). */
  readonly newSince?: number;
}

/** The stable id of a result: the same search against the same service gives the same key. */
export function resultsKey(origin: string, query: SearchQuery): string {
  const range = query.range ? `${query.range.start}-${query.range.end}` : 'all';
  return `${origin}|${query.domain}|${query.type}|${range}`;
}
