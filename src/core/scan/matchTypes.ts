// What a match is made of, shared by the index (leakIndex.ts), the sink that finds hits
// (matchSink.ts) and the details read back for them (matchDetails.ts): a file of its own so
// that those three import it and never each other in a circle.
export type MatchKind = 'email' | 'username' | 'url' | 'host' | 'password';

/** A record behind a match: record `record` of the source added as `source`. */
export interface RecordRef {
  readonly source: number;
  readonly record: number;
}

/** What the records behind a match have in common, for a message or a hover. */
export interface LeakSummary {
  readonly count: number;
  /** How many of them have status `hide`. */
  readonly hiddenCount: number;
  /** The newest record's date as `YYYY-MM-DD` (or as the record wrote it), when any has one. */
  readonly latestDate?: string;
  /** Distinct values, most frequent first. */
  readonly browsers: readonly string[];
  readonly countries: readonly string[];
  /** Hosts of the records' URLs. */
  readonly sites: readonly string[];
  readonly statuses: readonly string[];
  /** The searched domains the records came from. */
  readonly domains: readonly string[];
}
