// Validation of the search path segments, as the reference service applies it.
// Decisions 1, 3 and 8 of docs/decisions.md: both dates or neither, real calendar dates,
// start <= end, inclusive whole UTC days; `a`/`c` are `accounts`/`customers`.
import type { WireFindingsType } from './wire';

export const MESSAGES = {
  invalidKey: 'Invalid API key.',
  subscription: 'Your subscription does not cover this domain.',
  ipNotAllowed: 'Requests from this IP address are not permitted.',
  rateLimited: 'Rate limit exceeded.',
  notFound: 'Not found.',
  internal: 'Internal server error.',
  badGateway: 'Bad gateway.',
  unavailable: 'Service unavailable.',
  badDomain: 'Invalid domain: expected a domain name such as example.com.',
  badType: 'Invalid findings type: use accounts, a, customers or c.',
  badDate: 'Invalid date: use a real calendar date in the form YYYYMMDD.',
  oneDate: 'Both start_date and end_date are required, or neither.',
  startAfterEnd: 'start_date must not be after end_date.',
  query: 'Query parameters are not supported: every input is a path segment.',
  badEncoding: 'Malformed percent-encoding in the path.',
} as const;

export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A domain name in ASCII (IDNs as punycode), at least two labels; case-insensitive. */
export function validateDomain(segment: string): Validated<string> {
  const domain = segment.toLowerCase();
  if (domain.length > 253) return { ok: false, message: MESSAGES.badDomain };
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1] ?? '')) {
    return { ok: false, message: MESSAGES.badDomain };
  }
  return { ok: true, value: domain };
}

export function validateType(segment: string): Validated<WireFindingsType> {
  if (segment === 'accounts' || segment === 'a') return { ok: true, value: 'accounts' };
  if (segment === 'customers' || segment === 'c') return { ok: true, value: 'customers' };
  return { ok: false, message: MESSAGES.badType };
}

/** `YYYYMMDD`, a real calendar date; the value is `YYYY-MM-DD` (comparable as text). */
export function validateDate(segment: string): Validated<string> {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(segment);
  if (!m) return { ok: false, message: MESSAGES.badDate };
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number(y) < 1 || date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) {
    return { ok: false, message: MESSAGES.badDate };
  }
  return { ok: true, value: `${y}-${mo}-${d}` };
}

/** An inclusive range of whole UTC days as `YYYY-MM-DD` bounds. */
export function validateRange(start: string, end: string): Validated<{ readonly from: string; readonly to: string }> {
  const s = validateDate(start);
  if (!s.ok) return s;
  const e = validateDate(end);
  if (!e.ok) return e;
  if (s.value > e.value) return { ok: false, message: MESSAGES.startAfterEnd };
  return { ok: true, value: { from: s.value, to: e.value } };
}
