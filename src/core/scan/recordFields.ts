// What a leaked record contributes to the leak index: its identifiers (e-mails, plain
// usernames, URLs, hosts, passwords) and the few facts a diagnostic shows (date, browser,
// country, status, site). Accounts records and open customers records (docs/decisions.md, decision 4) are read
// the same way: fields are recognised by name; e-mails and URLs in any other string value are
// found with the scanner.
import type { AccountRecord, FieldValue, OpenRecord } from '../service/types';
import { CLASS, LOCAL, TOKEN } from './charClass';
import { isPasswordName } from '../results/secretFields';
import { lastAtSign, normalizeEmail, normalizeUsername, trimmed } from './normalize';
import { EMAIL, URL, scan } from './scanner';

const USER_KEY = /^(user(_?name)?|login|e-?mail(_?address)?|mail|account|usr)$/i;
const PASS_KEY = /^(pass(word)?|passwd|pwd|secret)$/i;
const URL_KEY = /^(url|uri|site|website|host|hostname|origin|link|href)$/i;
const DATE_KEY = /^(date|leaked_?at|leak_?date|timestamp|time)$/i;
const BROWSER_KEY = /^(browser|software|application|app)$/i;
const COUNTRY_KEY = /^(country|country_?code)$/i;
const STATUS_KEY = /^status$/i;
const IGNORED_KEY = /^(ip|ip_?address|id)$/i;

/** Words that are never matched as plain usernames, however long. */
export const COMMON_USERNAMES: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'root', 'user', 'users', 'test', 'tester', 'testing', 'testuser', 'guest', 'support',
  'info', 'username', 'password', 'default', 'public', 'private', 'system', 'service', 'manager', 'webmaster',
  'postmaster', 'hostmaster', 'contact', 'office', 'sales', 'billing', 'account', 'accounts', 'null', 'undefined',
  'unknown', 'anonymous', 'operator', 'backup', 'server', 'client', 'master', 'sample', 'example', 'demouser',
  'welcome', 'qwerty', 'noreply', 'no-reply', 'helpdesk', 'security', 'developer', 'ubuntu', 'oracle', 'postgres',
  'mysql', 'jenkins', 'docker', 'deploy', 'github', 'gitlab', 'google', 'facebook', 'microsoft', 'windows',
  'android', 'iphone', 'customer', 'member', 'login', 'signin', 'marketing', 'newsletter', 'careers', 'finance',
  'payroll', 'reception', 'scanner', 'printer', 'monitor', 'nobody', 'daemon', 'superuser', 'sysadmin', 'vagrant',
  'student', 'teacher', 'company', 'business', 'manager1', 'admin1', 'admin123', 'user123', 'test123',
]);

/** Whether a username is matched on its own (not an e-mail): ≥ 6 token characters, a letter, not a common word. */
export function isPlainUsername(username: string): boolean {
  return isPlainNormalized(normalizeUsername(username));
}

/** `isPlainUsername` of a username already normalised. */
function isPlainNormalized(u: string): boolean {
  if (u.length < 6 || u.includes('@') || COMMON_USERNAMES.has(u)) return false;
  let letter = false;
  for (let i = 0; i < u.length; i++) {
    const c = u.charCodeAt(i);
    if ((CLASS[c] & TOKEN) === 0) return false;
    if ((c >= 97 && c <= 122) || c > 0x7f) letter = true;
  }
  const first = u.charCodeAt(0);
  const last = u.charCodeAt(u.length - 1);
  return letter && first !== 46 && first !== 45 && last !== 46 && last !== 45;
}

/** The common usernames by length and first character (`commonKey`), for `asciiUserKind`. */
const COMMON_BY_KEY = new Map<number, string[]>();
for (const u of COMMON_USERNAMES) {
  const key = commonKey(u.length, u.charCodeAt(0));
  const list = COMMON_BY_KEY.get(key);
  if (list === undefined) COMMON_BY_KEY.set(key, [u]);
  else list.push(u);
}

function commonKey(length: number, first: number): number {
  return length * 256 + first;
}

/** Whether ASCII `bytes[start, end)`, its letters lower-cased, is one of COMMON_USERNAMES. */
function isCommonAscii(bytes: Uint8Array, start: number, end: number): boolean {
  const list = COMMON_BY_KEY.get(commonKey(end - start, lowerAscii(bytes[start] as number)));
  if (list === undefined) return false;
  outer: for (const u of list) {
    for (let k = 1; k < u.length; k++) if (lowerAscii(bytes[start + k] as number) !== u.charCodeAt(k)) continue outer;
    return true;
  }
  return false;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/**
 * `userIdentifier`'s kind of a username given as its UTF-8 bytes `bytes[start, end)`, read
 * from the bytes, so that a million usernames need not be made strings. Its normal form is
 * then its bytes with ASCII letters lower-cased, which Fingerprinter.identifierAscii and a
 * case-folding Sketch's addAscii read as they read that text. Undefined when it must come as
 * text: a byte is not ASCII, or either end is a blank or control character (it is trimmed).
 */
export function asciiUserKind(bytes: Uint8Array, start: number, end: number): 'email' | 'username' | 'userOnly' | undefined {
  if (start === end) return undefined;
  const first = bytes[start] as number;
  const last = bytes[end - 1] as number;
  if (first < 33 || first > 126 || last < 33 || last > 126) return undefined;
  let at = -1;
  let letter = false;
  let token = true;
  for (let i = start; i < end; i++) {
    const c = bytes[i] as number;
    if (c > 0x7f) return undefined;
    if (c === 64) at = i;
    if ((CLASS[c] & TOKEN) === 0) token = false;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) letter = true;
  }
  if (at >= 0 && isEmailAscii(bytes, start, end, at)) return 'email';
  const plain = end - start >= 6 && token && letter && first !== 46 && first !== 45 && last !== 46 && last !== 45 && !isCommonAscii(bytes, start, end);
  return plain ? 'username' : 'userOnly';
}

/** `isEmail` of ASCII `bytes[start, end)` whose last `@` is at `at`. */
function isEmailAscii(bytes: Uint8Array, start: number, end: number, at: number): boolean {
  if (at <= start || at - start > 64 || at === end - 1) return false;
  const first = bytes[start] as number;
  if (first === 46 || first === 39) return false;
  for (let i = start; i < at; i++) if ((CLASS[bytes[i] as number] & LOCAL) === 0) return false;
  let dot = false;
  for (let i = at + 1; i < end; i++) {
    const c = bytes[i] as number;
    if ((CLASS[c] & TOKEN) === 0) return false;
    if (c === 46) {
      if (i === at + 1 || i === end - 1 || bytes[i - 1] === 46) return false;
      dot = true;
    }
  }
  return dot;
}

/** Whether a string is a single e-mail address by the scanner's grammar (scanner.ts). */
export function isEmail(s: string): boolean {
  const at = lastAtSign(s);
  if (at <= 0 || at > 64 || at === s.length - 1) return false;
  const first = s.charCodeAt(0);
  if (first === 46 || first === 39) return false;
  for (let i = 0; i < at; i++) if ((CLASS[s.charCodeAt(i)] & LOCAL) === 0) return false;
  let dot = false;
  for (let i = at + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((CLASS[c] & TOKEN) === 0) return false;
    if (c === 46) {
      if (i === at + 1 || i === s.length - 1 || s.charCodeAt(i - 1) === 46) return false;
      dot = true;
    }
  }
  return dot;
}

/** Passwords shorter than this are matched only where a password belongs (see leakIndex.ts). */
export const MIN_PASSWORD_LENGTH = 6;

export interface RecordFacts {
  emails: string[];
  /** Usernames matched anywhere (see `isPlainUsername`). */
  usernames: string[];
  /** Other usernames (generic or short): matched only where a user is named. */
  userOnly: string[];
  urls: string[];
  passwords: string[];
  /** The record's own account name (e-mail or username, normalised), '' when none. */
  owner: string;
  date: string;
  browser: string;
  country: string;
  status: string;
}

/** Where a username value goes (see `userIdentifier`): nowhere when it is blank. */
export type UserKind = 'none' | 'email' | 'username' | 'userOnly';

/** A username value's identifier: its table and its normal form. */
export interface UserIdentifier {
  kind: UserKind;
  value: string;
}

/**
 * The identifier a username value adds, written into `out`: an e-mail, a plain username
 * (`isPlainUsername`) or another username, normalised; none when it is blank.
 */
export function userIdentifier(value: string, out: UserIdentifier): UserIdentifier {
  const v = trimmed(value);
  if (v === '') {
    out.kind = 'none';
    out.value = '';
  } else if (isEmail(v)) {
    out.kind = 'email';
    out.value = normalizeEmail(v);
  } else {
    const u = normalizeUsername(v);
    out.kind = isPlainNormalized(u) ? 'username' : 'userOnly';
    out.value = u;
  }
  return out;
}

const userScratch: UserIdentifier = { kind: 'none', value: '' };

export function addUserValue(facts: RecordFacts, value: string): void {
  const { kind, value: v } = userIdentifier(value, userScratch);
  if (kind === 'none') return;
  if (facts.owner === '') facts.owner = v;
  (kind === 'email' ? facts.emails : kind === 'username' ? facts.usernames : facts.userOnly).push(v);
}

function addFreeText(facts: RecordFacts, value: string): void {
  if (!value.includes('@') && !value.includes('://')) return;
  const found: [number, number, number][] = [];
  const sink = {
    candidate: (kind: number, s: number, e: number): void => {
      if (kind === EMAIL || kind === URL) found.push([kind, s, e]);
    },
  };
  scan(value, sink, { tokens: false, values: false });
  for (const [kind, s, e] of found) {
    if (kind === EMAIL) facts.emails.push(normalizeEmail(value.slice(s, e)));
    else facts.urls.push(value.slice(s, e));
  }
}

function addField(facts: RecordFacts, key: string, value: FieldValue | undefined): void {
  if (typeof value !== 'string' || value === '') return;
  if (USER_KEY.test(key)) addUserValue(facts, value);
  else if (PASS_KEY.test(key) || isPasswordName(key)) {
    facts.passwords.push(value);
  } else if (URL_KEY.test(key)) {
    // A blank URL is no URL (not one that cannot be parsed).
    const url = value.trim();
    if (url !== '') facts.urls.push(url);
  }
  else if (DATE_KEY.test(key)) facts.date = facts.date === '' ? value : facts.date;
  else if (BROWSER_KEY.test(key)) facts.browser = facts.browser === '' ? value : facts.browser;
  else if (COUNTRY_KEY.test(key)) facts.country = facts.country === '' ? value : facts.country;
  else if (STATUS_KEY.test(key)) facts.status = facts.status === '' ? value : facts.status;
  else if (!IGNORED_KEY.test(key)) addFreeText(facts, value);
}

function isAccountRecord(r: AccountRecord | OpenRecord): r is AccountRecord {
  return typeof r.username === 'string' && typeof r.password === 'string' && typeof r.url === 'string' && typeof r.date === 'string';
}

/** The identifiers and facts of one record. */
export function recordFacts(record: AccountRecord | OpenRecord): RecordFacts {
  const facts: RecordFacts = { emails: [], usernames: [], userOnly: [], urls: [], passwords: [], owner: '', date: '', browser: '', country: '', status: '' };
  for (const [key, value] of Object.entries(record)) addField(facts, key, value as FieldValue | undefined);
  if (isAccountRecord(record) && typeof record.extra === 'object' && record.extra !== null) {
    for (const [key, value] of Object.entries(record.extra)) addField(facts, key, value);
  }
  return facts;
}
