// How identifiers are compared. E-mails and plain usernames: case-insensitive (lower-cased,
// IDN domains in their ASCII form). URLs: scheme and host lower-cased, IDN hosts in ASCII,
// default ports dropped, user-info dropped, one trailing slash ignored, query and fragment
// ignored — two URLs match when their origin and path are equal. Hosts: lower-cased, ASCII,
// no trailing dot. Pure: `node:url` only for the IDN (punycode) conversion.
import { domainToASCII } from 'node:url';

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  http: '80',
  https: '443',
  ws: '80',
  wss: '443',
  ftp: '21',
  ftps: '990',
  sftp: '22',
  ssh: '22',
  ldap: '389',
  ldaps: '636',
};

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return true;
  return false;
}

/**
 * `s.trim()`, with no call when `s` begins and ends with a visible ASCII character, as nearly
 * every value does: the leak index trims each of a million records' fields more than once.
 */
export function trimmed(s: string): string {
  const n = s.length;
  if (n > 0) {
    const a = s.charCodeAt(0);
    const b = s.charCodeAt(n - 1);
    if (a > 32 && a < 127 && b > 32 && b < 127) return s;
  }
  return s.trim();
}

/** `s.lastIndexOf('@')` without the call into the runtime that it costs: a value's `@` is near its end. */
export function lastAtSign(s: string): number {
  for (let i = s.length - 1; i >= 0; i--) if (s.charCodeAt(i) === 64) return i;
  return -1;
}

/** IDN hosts already converted (bounded). */
const asciiHosts = new Map<string, string>();

/** A host in the form used for matching; '' when it is not a valid host. */
export function normalizeHost(host: string): string {
  let h = trimmed(host).toLowerCase();
  while (h.endsWith('.')) h = h.slice(0, -1);
  if (h === '') return '';
  if (hasNonAscii(h)) {
    const cached = asciiHosts.get(h);
    if (cached !== undefined) return cached;
    const ascii = domainToASCII(h);
    if (asciiHosts.size >= 4096) asciiHosts.clear();
    asciiHosts.set(h, ascii);
    return ascii;
  }
  return h;
}

/** An e-mail address in the form used for matching (local part and domain lower-cased, IDN domain in ASCII). */
export function normalizeEmail(email: string): string {
  const e = trimmed(email);
  const at = lastAtSign(e);
  if (at <= 0) return e.toLowerCase();
  if (isNormalAscii(e, at)) return e;
  const domain = normalizeHost(e.slice(at + 1));
  return `${e.slice(0, at).toLowerCase()}@${domain === '' ? e.slice(at + 1).toLowerCase() : domain}`;
}

/**
 * Whether `normalizeEmail` leaves a trimmed address with its last `@` at `at` as it is: all
 * ASCII, no capital letter, no blank after the `@` and no dot at the end. Most addresses are
 * written so, and then need no slices and no new string.
 */
function isNormalAscii(e: string, at: number): boolean {
  for (let i = 0; i < e.length; i++) {
    const c = e.charCodeAt(i);
    if (c > 0x7f || (c >= 65 && c <= 90)) return false;
  }
  const next = e.charCodeAt(at + 1);
  return !(next === 32 || (next >= 9 && next <= 13)) && e.charCodeAt(e.length - 1) !== 46;
}

/** A plain username in the form used for matching. */
export function normalizeUsername(username: string): string {
  return trimmed(username).toLowerCase();
}

export interface ParsedUrl {
  /** The matching key: `scheme://host[:port]path`, no user-info, query, fragment or trailing slash. */
  readonly key: string;
  /** The normalised host. */
  readonly host: string;
  /** Where the host starts and ends in the string that was parsed. */
  readonly hostStart: number;
  readonly hostEnd: number;
}

/**
 * Parses `scheme://[userinfo@]host[:port][/path][?query][#fragment]`. Returns undefined when
 * there is no `://` or no host. Percent-escapes are compared as written.
 */
export function parseUrl(url: string): ParsedUrl | undefined {
  const sep = url.indexOf('://');
  if (sep <= 0) return undefined;
  const scheme = url.slice(0, sep).toLowerCase();
  const restStart = sep + 3;
  let authEnd = url.length;
  for (let i = restStart; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) {
      authEnd = i;
      break;
    }
  }
  const at = url.lastIndexOf('@', authEnd - 1);
  const hostStart = at >= restStart ? at + 1 : restStart;
  let hostEnd = authEnd;
  let port = '';
  if (url.charCodeAt(hostStart) === 91) {
    const close = url.indexOf(']', hostStart);
    if (close === -1 || close >= authEnd) return undefined;
    hostEnd = close + 1;
    if (url.charCodeAt(hostEnd) === 58) port = url.slice(hostEnd + 1, authEnd);
  } else {
    const colon = url.lastIndexOf(':', authEnd - 1);
    if (colon >= hostStart) {
      hostEnd = colon;
      port = url.slice(colon + 1, authEnd);
    }
  }
  const host = normalizeHost(url.slice(hostStart, hostEnd));
  if (host === '') return undefined;
  if (/^\d+$/.test(port)) port = String(Number(port));
  if (port === DEFAULT_PORTS[scheme]) port = '';
  let pathEnd = url.length;
  for (let i = authEnd; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 || c === 35) {
      pathEnd = i;
      break;
    }
  }
  let path = url.slice(authEnd, pathEnd);
  if (path.endsWith('/')) path = path.slice(0, -1);
  return { key: `${scheme}://${host}${port === '' ? '' : `:${port}`}${path}`, host, hostStart, hostEnd };
}

/** The matching key of a URL (see `parseUrl`), or undefined when it is not a URL. */
export function normalizeUrl(url: string): string | undefined {
  return parseUrl(url.trim())?.key;
}
