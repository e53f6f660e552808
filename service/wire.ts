// The reference service's own wire types: what it stores and sends, mirroring the schemas of
// service/openapi.yaml (SearchResult, AccountRecord, OpenRecord, Error). The client's parsed
// types in src/core/service/types.ts are another thing (its accounts records keep unknown fields in
// an `extra` bag); the service never borrows them, so either side can change alone.

/** A scalar field value (`additionalProperties: { type: [string, number, boolean, 'null'] }`). */
export type WireValue = string | number | boolean | null;

/** The findings type of a search path, in its long form once validated. */
export type WireFindingsType = 'accounts' | 'customers';

/** The eight fields of an accounts record, in the order they are sent. */
export const WIRE_ACCOUNT_FIELDS = ['date', 'browser', 'status', 'url', 'ip', 'country', 'username', 'password'] as const;

/**
 * An accounts record (schema AccountRecord): the eight fields as strings. A record from a
 * data file may carry further scalar fields, flat beside them; they are sent after the eight.
 */
export type WireAccountRecord = { readonly [F in (typeof WIRE_ACCOUNT_FIELDS)[number]]: string };

/** Any object of scalar fields (schema OpenRecord): a customers record, or a record as sent. */
export type WireOpenRecord = Readonly<Record<string, WireValue>>;

/** The body of a 200 (schema SearchResult). */
export interface WireSearchResult {
  readonly count: number;
  readonly results: readonly WireOpenRecord[];
}

/** The body of every failure (schema Error). */
export interface WireError {
  readonly error: string;
}
