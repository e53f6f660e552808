// One result's share of the leak index: per kind of identifier a fingerprint table
// (fingerprintTable.ts) from fingerprint to record numbers, and what the index's prefilters
// need (lengths, sketch slots). Built from the result's records in one pass; holds no
// string of any record: details are read back from the source when a match is shown.
// Nothing is dropped silently: generic usernames, short and common passwords get tables of
// their own (matched only in the right position); URLs that cannot be parsed are counted.
import { domainToUnicode } from 'node:url';
import type { AccountRecord, FindingsType, OpenRecord } from '../types';
import { isCommonPassword } from './commonPasswords';
import type { Fingerprinter } from './fingerprint';
import type { FingerprintTable } from './fingerprintTable';
import { TableBuilder } from './fingerprintTable';
import type { ParsedUrl } from './normalize';
import { parseUrl } from './normalize';
import type { RecordFacts } from './recordFields';
import { MIN_PASSWORD_LENGTH, addUserValue, recordFacts } from './recordFields';
import { Sketch } from './sketch';

/** The account fields a source can hand out directly (records with no other field). */
export type AccountField = 'username' | 'password' | 'url' | 'date' | 'browser' | 'country' | 'status';

/** One result the index is built from: its records, read by position. */
export interface LeakSource {
  readonly domain: string;
  readonly type: FindingsType;
  readonly length: number;
  record(i: number): AccountRecord | OpenRecord;
  /** When every record is an accounts record with no extra field: one field's text, without building the record. */
  readonly field?: (name: AccountField, i: number) => string;
}

/** The tables of a segment. */
export const EMAILS = 0;
/** Usernames matched anywhere. */
export const USERNAMES = 1;
/** Generic or short usernames: matched only where a user is named. */
export const USER_ONLY = 2;
export const URLS = 3;
export const HOSTS = 4;
/** Passwords matched as any value. */
export const PASSWORDS = 5;
/** Short passwords: matched only where a password belongs. */
export const SHORT_PASSWORDS = 6;
/** Common passwords (commonPasswords.ts): a hint only where a password belongs. */
export const COMMON_PASSWORDS = 7;
export const TABLES = 8;

export interface SourceSegment {
  readonly records: number;
  readonly tables: readonly FingerprintTable[];
  /** The lengths of the keys of each table (hosts: also their Unicode form). */
  readonly lengths: readonly (readonly number[])[];
  /** Sketch slots: usernames (both tables), hosts, passwords (all three). */
  readonly usernameSlots: Uint32Array;
  readonly hostSlots: Uint32Array;
  readonly passwordSlots: Uint32Array;
  /** URLs of the records that no form of parsing could read (not indexed). */
  readonly unparsedUrls: number;
  readonly bytes: number;
}

export function emptyFacts(): RecordFacts {
  return { emails: [], usernames: [], userOnly: [], urls: [], passwords: [], owner: '', date: '', browser: '', country: '', status: '' };
}

/** The identifiers of record `i` (the fast path when the source has one). */
export function factsOf(source: LeakSource, i: number, scratch: RecordFacts): RecordFacts {
  const field = source.field;
  if (field === undefined) return recordFacts(source.record(i));
  const f = scratch;
  f.emails.length = 0;
  f.usernames.length = 0;
  f.userOnly.length = 0;
  f.urls.length = 0;
  f.passwords.length = 0;
  f.owner = '';
  addUserValue(f, field('username', i));
  const password = field('password', i);
  if (password !== '') f.passwords.push(password);
  const url = field('url', i).trim();
  if (url !== '') f.urls.push(url);
  return f;
}

/** A URL's fingerprints (see `buildSegment`), recording its host's lengths and sketch slots; null when it cannot be parsed. */
function urlFingerprints(url: string, fp: Fingerprinter, hostLengths: Set<number>, hostSketch: Sketch): Uint32Array | null {
  const parsed: ParsedUrl | undefined = parseUrl(url) ?? parseUrl(`https://${url}`);
  if (parsed === undefined) return null;
  const out: number[] = [];
  if (url.includes('://')) {
    fp.identifier(parsed.key);
    out.push(fp.hi, fp.lo);
  }
  fp.identifier(parsed.host);
  out.push(fp.hi, fp.lo);
  hostLengths.add(parsed.host.length);
  hostSketch.add(parsed.host);
  if (parsed.host.includes('xn--')) {
    // The host as a file may write it.
    const unicode = domainToUnicode(parsed.host);
    hostSketch.add(unicode);
    hostLengths.add(unicode.length);
  }
  return Uint32Array.from(out);
}

export function buildSegment(source: LeakSource, fp: Fingerprinter): SourceSegment {
  const builders = Array.from({ length: TABLES }, () => new TableBuilder());
  const lengths = Array.from({ length: TABLES }, () => new Set<number>());
  const usernameSketch = new Sketch(true);
  const hostSketch = new Sketch(true);
  const passwordSketch = new Sketch(false);
  /** Records share URL strings: parse and fingerprint each once ([urlHi, urlLo, hostHi, hostLo], no URL key when it has no scheme). */
  const urls = new Map<string, Uint32Array | null>();
  let unparsed = 0;
  const scratch = emptyFacts();
  const identifier = (table: number, key: string, record: number): void => {
    fp.identifier(key);
    builders[table].add(fp.hi, fp.lo, record);
    lengths[table].add(key.length);
  };
  for (let i = 0; i < source.length; i++) {
    const f = factsOf(source, i, scratch);
    for (const e of f.emails) identifier(EMAILS, e, i);
    for (const u of f.usernames) {
      identifier(USERNAMES, u, i);
      usernameSketch.add(u);
    }
    for (const u of f.userOnly) {
      identifier(USER_ONLY, u, i);
      usernameSketch.add(u);
    }
    for (const url of f.urls) {
      let fps = urls.get(url);
      if (fps === undefined) {
        fps = urlFingerprints(url, fp, lengths[HOSTS], hostSketch);
        urls.set(url, fps);
      }
      if (fps === null) {
        unparsed++;
        continue;
      }
      if (fps.length === 4) builders[URLS].add(fps[0], fps[1], i);
      builders[HOSTS].add(fps[fps.length - 2], fps[fps.length - 1], i);
    }
    for (const p of f.passwords) {
      const table = isCommonPassword(p) ? COMMON_PASSWORDS : p.length < MIN_PASSWORD_LENGTH ? SHORT_PASSWORDS : PASSWORDS;
      fp.password(p, 0, p.length);
      builders[table].add(fp.hi, fp.lo, i);
      lengths[table].add(p.length);
      passwordSketch.add(p);
    }
  }
  const tables = builders.map((b) => b.build());
  const usernameSlots = usernameSketch.slots();
  const hostSlots = hostSketch.slots();
  const passwordSlots = passwordSketch.slots();
  let bytes = usernameSlots.byteLength + hostSlots.byteLength + passwordSlots.byteLength;
  for (const t of tables) bytes += t.bytes;
  return {
    records: source.length,
    tables,
    lengths: lengths.map((s) => [...s]),
    usernameSlots,
    hostSlots,
    passwordSlots,
    unparsedUrls: unparsed,
    bytes,
  };
}
