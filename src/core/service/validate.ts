// Input validation of a search, before any request (docs/decisions.md, decisions 1, 3, 9 and 10). Each failure is a
// `LeakSearchError('invalid-input')` with a message a user understands and the field at fault.
// Pure: no I/O.
import { domainToASCII } from 'node:url';
import * as l10n from '@vscode/l10n';
import { registrableProblem } from '../domains/registrable';
import { LeakSearchError } from './errors';
import type { DateRange, FindingsType } from './types';

const MAX_DOMAIN = 253;
const MAX_LABEL = 63;
const MAX_KEY = 1024;

function invalid(field: 'domain' | 'type' | 'start' | 'end' | 'range' | 'apiKey' | 'baseUrl', message: string): LeakSearchError {
  return new LeakSearchError('invalid-input', message, { field });
}

function domainError(message: string): LeakSearchError {
  return invalid('domain', message);
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * A domain as the service expects it: trimmed, lower-case, IDN converted to punycode, one
 * trailing dot dropped. Refuses anything that is not a plain host name at or under a
 * registrable domain (src/core/domains/registrable.ts).
 */
export function normalizeDomain(raw: string): string {
  const s = raw.trim();
  if (s === '') throw domainError(l10n.t('Enter a domain, for example example.com.'));
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) {
    throw domainError(l10n.t('Enter the domain only, without a scheme such as "https://" (for example example.com).'));
  }
  if (/\s/.test(s)) throw domainError(l10n.t('A domain cannot contain spaces.'));
  if (s.includes('@')) throw domainError(l10n.t('Enter a domain, not an e-mail address or user name (for example example.com).'));
  if (s.startsWith('[') || (s.match(/:/g)?.length ?? 0) > 1) throw domainError(l10n.t('Enter a domain name, not an IP address.'));
  if (s.includes('/') || s.includes('\\')) throw domainError(l10n.t('Enter the domain only, without a path (for example example.com).'));
  if (s.includes(':')) throw domainError(l10n.t('Enter the domain only, without a port (for example example.com).'));
  if (/[?#]/.test(s)) throw domainError(l10n.t('Enter the domain only, without "?" or "#" and what follows.'));
  if (s.startsWith('*')) throw domainError(l10n.t('Wildcards are not supported; enter the domain itself (for example example.com).'));
  const withoutDot = s.endsWith('.') && !s.endsWith('..') ? s.slice(0, -1) : s;
  if (IPV4.test(withoutDot)) throw domainError(l10n.t('Enter a domain name, not an IP address.'));
  if (/(^|\.)\d+$/.test(withoutDot)) throw domainError(l10n.t('Enter a domain name, not an IP address or number.'));
  if (withoutDot.length > MAX_DOMAIN * 4) throw domainError(l10n.t('A domain can be at most {0} characters long.', MAX_DOMAIN));

  const ascii = domainToASCII(withoutDot.toLowerCase());
  if (ascii === '') throw domainError(l10n.t('"{0}" is not a valid domain name.', shorten(s)));
  if (ascii.length > MAX_DOMAIN) throw domainError(l10n.t('A domain can be at most {0} characters long.', MAX_DOMAIN));
  if (IPV4.test(ascii)) throw domainError(l10n.t('Enter a domain name, not an IP address.'));
  const labels = ascii.split('.');
  if (labels.some((l) => l === '')) throw domainError(l10n.t('"{0}" has an empty part between dots.', shorten(s)));
  if (labels.length < 2) throw domainError(l10n.t('"{0}" is not a full domain; include the top-level part (for example example.com).', shorten(s)));
  for (const label of labels) {
    if (label.length > MAX_LABEL) throw domainError(l10n.t('Each part of a domain between dots can be at most {0} characters long.', MAX_LABEL));
    if (!LABEL.test(label)) {
      throw domainError(l10n.t('"{0}" is not a valid domain name: use letters, digits and hyphens, and no hyphen at the start or end of a part.', shorten(s)));
    }
  }
  const problem = registrableProblem(ascii);
  if (problem?.kind === 'unknown-tld') {
    throw domainError(l10n.t('".{1}" is not a top-level domain: check the spelling of "{0}" (for example example.com).', shorten(s), shorten(problem.tld)));
  }
  if (problem?.kind === 'public-suffix') {
    throw domainError(l10n.t('"{0}" is a public suffix, under which anyone can register names; enter your organisation’s domain under it, for example example.{1}.', shorten(s), ascii));
  }
  return ascii;
}

/** For validate-as-you-type: a message for the user, or undefined when the domain is fine. */
export function domainProblem(raw: string): string | undefined {
  return messageOf(() => normalizeDomain(raw));
}

/** `a` → accounts, `c` → customers (decision 3); case and surrounding spaces are ignored. */
export function normalizeFindingsType(raw: string): FindingsType {
  const s = raw.trim().toLowerCase();
  if (s === 'a' || s === 'accounts') return 'accounts';
  if (s === 'c' || s === 'customers') return 'customers';
  throw invalid('type', l10n.t('Unknown findings type "{0}": use accounts (a) or customers (c).', shorten(raw.trim())));
}

/**
 * A date range of whole UTC days (decision 1): both bounds or neither, real calendar dates,
 * start <= end. Accepts `YYYYMMDD` or `YYYY-MM-DD`; returns `YYYYMMDD`.
 */
export function normalizeDateRange(start?: string, end?: string): DateRange | undefined {
  const s = start?.trim() ?? '';
  const e = end?.trim() ?? '';
  if (s === '' && e === '') return undefined;
  if (s === '') throw invalid('start', l10n.t('Enter a start date as well as the end date, or neither (dates are YYYYMMDD).'));
  if (e === '') throw invalid('end', l10n.t('Enter an end date as well as the start date, or neither (dates are YYYYMMDD).'));
  const ns = normalizeDate(s, 'start');
  const ne = normalizeDate(e, 'end');
  if (ns > ne) throw invalid('range', l10n.t('The start date {0} is after the end date {1}.', ns, ne));
  return { start: ns, end: ne };
}

function normalizeDate(raw: string, field: 'start' | 'end'): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw);
  if (!m || (raw.includes('-') && raw.length !== 10)) {
    throw invalid(field, field === 'start' ? l10n.t('The start date "{0}" is not a date: use YYYYMMDD (for example 20240131).', shorten(raw)) : l10n.t('The end date "{0}" is not a date: use YYYYMMDD (for example 20240131).', shorten(raw)));
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1000 || t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) {
    throw invalid(field, field === 'start' ? l10n.t('The start date "{0}" is not a real calendar date.', shorten(raw)) : l10n.t('The end date "{0}" is not a real calendar date.', shorten(raw)));
  }
  return `${m[1]}${m[2]}${m[3]}`;
}

/**
 * The key is opaque, but it is a path segment: it must not be able to change the path.
 * Returns a message for the user (which never repeats the key), or undefined when usable.
 */
export function checkApiKey(raw: string): string | undefined {
  if (raw.length === 0) return l10n.t('Set an API key (generated in your account dashboard).');
  if (raw.length > MAX_KEY) return l10n.t('The API key is too long (over {0} characters).', MAX_KEY);
  if (/\s/.test(raw)) return l10n.t('The API key contains a space or line break; paste the key alone.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return l10n.t('The API key contains a control character; paste the key alone.');
  if (/[/?#%\\]/.test(raw)) return l10n.t('The API key contains a character that is not allowed in a key ("/", "\\", "?", "#" or "%").');
  if (raw === '.' || raw === '..') return l10n.t('The API key is not valid.');
  return undefined;
}

/** Throws `invalid-input` (field apiKey) when `checkApiKey` finds a problem; returns the key. */
export function normalizeApiKey(raw: string): string {
  const message = checkApiKey(raw);
  if (message !== undefined) throw invalid('apiKey', message);
  return raw;
}

/** An http(s) base URL with no query, fragment or user info; trailing slashes removed. */
export function normalizeBaseUrl(raw: string): string {
  const s = raw.trim();
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw invalid('baseUrl', l10n.t('The service URL is not a valid URL; use for example https://leakjar.com/api.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('baseUrl', l10n.t('The service URL must start with https:// (or http://).'));
  if (url.username !== '' || url.password !== '') throw invalid('baseUrl', l10n.t('The service URL must not contain a user name or password.'));
  if (url.search !== '' || s.includes('?')) throw invalid('baseUrl', l10n.t('The service URL must not contain a query ("?…").'));
  if (url.hash !== '' || s.includes('#')) throw invalid('baseUrl', l10n.t('The service URL must not contain a fragment ("#…").'));
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function messageOf(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    if (e instanceof LeakSearchError) return e.message;
    throw e;
  }
}

function shorten(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
