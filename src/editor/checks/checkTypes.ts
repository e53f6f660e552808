// The vocabulary of a check, shared by its planning (src/core/service/checkPlan.ts), fetching
// (resultFetcher.ts), reporting (checkReporter.ts) and the runner that puts them together.
import type { LeakSearchError } from '../../core/service/errors';
import type { ResultsEntry, SearchQuery } from '../../core/service/types';

export interface CheckOptions {
  /** Ignore a fresh cached result (Refresh, Re-check). */
  readonly force?: boolean;
  /** Say what was found when done, new or not (single interactive checks). */
  readonly announce?: boolean;
  /** A scheduled check: progress in the status bar instead of a notification. */
  readonly background?: boolean;
  /** Say nothing when done but the errors (a key's trial check, which says its own). */
  readonly quiet?: boolean;
}

export type CheckStatus = 'fetched' | 'cached' | 'failed' | 'cancelled' | 'skipped';

export interface CheckOutcome {
  readonly query?: SearchQuery;
  readonly domain: string;
  readonly status: CheckStatus;
  readonly entry?: ResultsEntry;
  readonly error?: LeakSearchError;
}

/** The service endpoint in use: base URL and its origin (the key's storage slot). */
export interface Endpoint {
  readonly baseUrl: string;
  readonly origin: string;
  /** The setting as the user wrote it: whether it is loopback is judged on this (src/core/client/net/loopback.ts). */
  readonly written: string;
}
