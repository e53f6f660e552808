// Typed errors of the client. Every message is written for a user and never holds the API
// key: constructors run their text through `redact` (see redact.ts) before storing it.
import { redact } from '../text/redact';

export type LeakSearchErrorKind =
  | 'invalid-input' // a domain, findings type, date, key or base URL failed validation; nothing was sent
  | 'bad-request' // 400
  | 'unauthorized' // 401 "Invalid API key."
  | 'forbidden' // 403: subscription or IP allow-list (see `forbiddenReason`)
  | 'not-found' // 404
  | 'rate-limited' // 429, or the limiter knows the quota is spent (see `retryAt`)
  | 'server' // 5xx
  | 'bad-response' // not JSON, truncated, wrong types
  | 'too-large' // body over the configured cap
  | 'network' // DNS, connection refused/reset, TLS, proxy
  | 'timeout'
  | 'cancelled'
  | 'internal'; // a fault of Leak Search itself while handling a check (a bug): never blamed on the network

export type ForbiddenReason = 'subscription' | 'ip' | 'unknown';

/**
 * What the user may change to put an error right. Messages here name none of a front end's
 * settings or flags: each front end says where its own knob is (the editor: a setting).
 */
export type SettingRef = 'baseUrl' | 'proxy' | 'maxRecords' | 'systemCertificates' | 'trustStore';

export interface LeakSearchErrorDetails {
  readonly status?: number;
  /** The server's own `error` text, redacted, when it sent one. */
  readonly serverMessage?: string;
  readonly forbiddenReason?: ForbiddenReason;
  /** For `rate-limited`: when checks may resume, epoch milliseconds. */
  readonly retryAt?: number;
  /** Header values that could not be believed (see ratelimit.ts), for the log. */
  readonly notes?: readonly string[];
  /** For `too-large`: the limit that was reached, in records. */
  readonly limit?: number;
  /** For `invalid-input`: which input was wrong. */
  readonly field?: 'domain' | 'type' | 'start' | 'end' | 'range' | 'apiKey' | 'baseUrl' | 'proxy';
  /** What the user may change to put it right (the front end names it). */
  readonly setting?: SettingRef;
}

export class LeakSearchError extends Error {
  override readonly name = 'LeakSearchError';
  constructor(
    readonly kind: LeakSearchErrorKind,
    message: string,
    readonly details: LeakSearchErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    // Masks any `/search/<key>` path; the client has already removed the known key itself.
    super(redact(message), options);
  }
}

export function isLeakSearchError(e: unknown): e is LeakSearchError {
  return e instanceof LeakSearchError;
}

/** A typed error for anything a check throws; what is not typed is a fault of ours, never "the network". */
export function toLeakSearchError(e: unknown): LeakSearchError {
  if (isLeakSearchError(e)) return e;
  return new LeakSearchError('internal', e instanceof Error ? e.message : String(e), {}, { cause: e });
}
