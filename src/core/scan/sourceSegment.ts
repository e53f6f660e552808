// One result's share of the leak index: per kind of identifier a fingerprint table
// (fingerprintTable.ts) from fingerprint to record numbers, and what the index's prefilters
// need (lengths, sketch slots). Built from the result's records in one pass; holds no
// string of any record: details are read back from the source when a match is shown.
// Nothing is dropped silently: generic usernames, short and common passwords get tables of
// their own (matched only in the right position); URLs that cannot be parsed are counted.
import { domainToUnicode } from 'node:url';
import type { AccountRecord, FindingsType, OpenRecord } from '../service/types';
import { isCommonPassword, mayBeCommonAsciiPassword } from './commonPasswords';
import type { Fingerprinter } from './fingerprint';
import type { FingerprintTable } from './fingerprintTable';
import { TableBuilder } from './fingerprintTable';
import type { ParsedUrl } from './normalize';
import { parseUrl, trimmed } from './normalize';
import type { RecordFacts, UserIdentifier } from './recordFields';
import { MIN_PASSWORD_LENGTH, addUserValue, asciiUserKind, recordFacts, userIdentifier } from './recordFields';
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
  /**
   * With `field`: the codes of record `i`'s values, where the source keeps a field's distinct
   * values once (equal codes, equal values; -1 where it does not), written into `out`.
   */
  readonly codes?: (i: number, out: PlainCodes) => void;
  /** With `field`: a field's values as UTF-8, where the source keeps them so (not by dictionary code). */
  readonly utf8?: (name: AccountField) => Utf8Values | undefined;
}

/** A field's values as UTF-8: record i's at `bytes[offsets[i], offsets[i + 1])`. */
export interface Utf8Values {
  readonly bytes: Uint8Array;
  readonly offsets: Uint32Array;
}

/** The dictionary codes of a plain record's values (see `LeakSource.code`); -1 where none. */
export interface PlainCodes {
  username: number;
  password: number;
  url: number;
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
  /** Sketch slots: e-mails, usernames (both tables), hosts, passwords (all three). */
  readonly emailSlots: Uint32Array;
  readonly usernameSlots: Uint32Array;
  readonly hostSlots: Uint32Array;
  readonly passwordSlots: Uint32Array;
  /** The passwords' slots of the sketch's second probe (sketch.ts: the index uses them while its passwords are few). */
  readonly passwordSlots2: Uint32Array;
  /** URLs of the records that no form of parsing could read (not indexed). */
  readonly unparsedUrls: number;
  readonly bytes: number;
}

export function emptyFacts(): RecordFacts {
  return { emails: [], usernames: [], userOnly: [], urls: [], passwords: [], owner: '', date: '', browser: '', country: '', status: '' };
}

/**
 * The identifiers of an accounts record with no other field, from its username, password and
 * URL (the fast path: the same facts `recordFacts` finds in such a record, without building it).
 */
export function plainFacts(username: string, password: string, url: string, scratch: RecordFacts): RecordFacts {
  const f = plainFactsWithoutUser(password, url, scratch);
  addUserValue(f, username);
  return f;
}

/** `plainFacts` but for the username, not read: no e-mail, username or owner. */
export function plainFactsWithoutUser(password: string, url: string, scratch: RecordFacts): RecordFacts {
  const f = scratch;
  // (Setting a length is a call into the runtime: only when there is something to drop.)
  if (f.emails.length > 0) f.emails.length = 0;
  if (f.usernames.length > 0) f.usernames.length = 0;
  if (f.userOnly.length > 0) f.userOnly.length = 0;
  if (f.urls.length > 0) f.urls.length = 0;
  if (f.passwords.length > 0) f.passwords.length = 0;
  f.owner = '';
  if (password !== '') f.passwords.push(password);
  const u = trimmed(url);
  if (u !== '') f.urls.push(u);
  return f;
}

/** The identifiers of record `i` (the fast path when the source has one). */
export function factsOf(source: LeakSource, i: number, scratch: RecordFacts): RecordFacts {
  const field = source.field;
  if (field === undefined) return recordFacts(source.record(i));
  return plainFacts(field('username', i), field('password', i), field('url', i), scratch);
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

/**
 * What repeated values add, by their code in the table's dictionary (see `LeakSource.code`):
 * one entry (table, hi, lo) per code, or none. A username adds at most one identifier and a
 * password exactly one, so three typed arrays hold it all.
 */
class CodeMemo {
  /** 255: not worked out yet; 254: adds nothing; else the table. */
  #table = new Uint8Array(0);
  #hi = new Uint32Array(0);
  #lo = new Uint32Array(0);

  static readonly UNKNOWN = 255;
  static readonly NOTHING = 254;

  table(code: number): number {
    return code < this.#table.length ? (this.#table[code] as number) : CodeMemo.UNKNOWN;
  }

  hi(code: number): number {
    return this.#hi[code] as number;
  }

  lo(code: number): number {
    return this.#lo[code] as number;
  }

  set(code: number, table: number, hi: number, lo: number): void {
    if (code >= this.#table.length) {
      const size = Math.max(1024, this.#table.length * 2, code + 1);
      const t = new Uint8Array(size).fill(CodeMemo.UNKNOWN);
      t.set(this.#table);
      const h = new Uint32Array(size);
      h.set(this.#hi);
      const l = new Uint32Array(size);
      l.set(this.#lo);
      [this.#table, this.#hi, this.#lo] = [t, h, l];
    }
    this.#table[code] = table;
    this.#hi[code] = hi;
    this.#lo[code] = lo;
  }
}

/**
 * Values `TextCodes` tells apart before it starts again: its memory per field stays bounded,
 * and its map small enough to stay in the processor's caches (a lookup that misses them costs
 * about what replaying a value saves).
 */
const TEXT_CODES = 1 << 13;
/** URLs `#urls` keeps before it starts again: parsing a URL costs far more than a lookup. */
const URL_MEMO = 1 << 17;
/**
 * Lookups between two looks at how often values repeat, and lookups skipped when they hardly
 * do: a few thousand lookups tell the rate well, and a field of distinct values then pays for
 * one lookup in 65.
 */
const TRIAL = 1 << 13;
const PAUSE = 64 * TRIAL;

/**
 * How often a memo's lookups hit, and whether it looks values up at all: a field whose values
 * repeat less than half the time is not looked up for a while, then tried again, since a
 * lookup and an insert cost about what they save.
 */
class Trial {
  #lookups = 0;
  #hits = 0;
  #paused = 0;

  /** While paused: counts a value as a lookup would, and true (it is not looked up). */
  skip(): boolean {
    if (this.#paused === 0) return false;
    this.#paused--;
    return true;
  }

  /** Counts a lookup (that hit or not). */
  looked(hit: boolean): void {
    if (hit) this.#hits++;
    if (++this.#lookups % TRIAL === 0 && this.#hits * 2 < this.#lookups) this.#paused = PAUSE;
  }
}

/**
 * Codes for the values of a field its source keeps no dictionary of (a column of mostly
 * distinct values), for the same memo as dictionary codes: repeated values still come (one
 * password for many accounts). A field of distinct values (usernames, mostly) would pay for
 * lookups that never hit: see `Trial`.
 */
class TextCodes {
  #codes = new Map<string, number>();
  memo = new CodeMemo();
  readonly trial = new Trial();

  /** The value's code, or -1 while paused. */
  code(value: string): number {
    if (this.trial.skip()) return -1;
    if (this.#codes.size >= TEXT_CODES) [this.#codes, this.memo] = [new Map(), new CodeMemo()];
    let code = this.#codes.get(value);
    this.trial.looked(code !== undefined);
    if (code === undefined) {
      code = this.#codes.size;
      // A copy of its own: a value cut from a large text (the answer's chunk) would keep it all alive.
      this.#codes.set(value.length < 13 ? value : ` ${value}`.slice(1), code);
    }
    return code;
  }
}

/**
 * `TextCodes` for values kept as UTF-8 bytes (a table's column of mostly distinct values),
 * looked up by their bytes: a value the memo knows is never made a string. Open addressing
 * over a hash of the bytes; a code names where its value's bytes are.
 */
class ByteCodes {
  readonly #slots = new Int32Array(2 * TEXT_CODES);
  readonly #starts = new Uint32Array(TEXT_CODES);
  readonly #ends = new Uint32Array(TEXT_CODES);
  #size = 0;
  memo = new CodeMemo();
  readonly trial = new Trial();

  /** The code of the value `bytes[start, end)` (the same `bytes` every time), or -1 while paused. */
  code(bytes: Uint8Array, start: number, end: number): number {
    if (this.trial.skip()) return -1;
    if (this.#size >= TEXT_CODES) {
      this.#slots.fill(0);
      this.#size = 0;
      this.memo = new CodeMemo();
    }
    let h = 0x811c9dc5;
    for (let k = start; k < end; k++) h = Math.imul(h ^ (bytes[k] as number), 0x01000193);
    const mask = this.#slots.length - 1;
    for (let slot = (h ^ (h >>> 15)) & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot] as number;
      if (held === 0) {
        const code = this.#size++;
        this.#starts[code] = start;
        this.#ends[code] = end;
        this.#slots[slot] = code + 1;
        this.trial.looked(false);
        return code;
      }
      if (equalBytes(bytes, this.#starts[held - 1] as number, this.#ends[held - 1] as number, start, end)) {
        this.trial.looked(true);
        return held - 1;
      }
    }
  }
}

/** Whether `bytes[a, b)` and `bytes[c, d)` are the same bytes. */
function equalBytes(bytes: Uint8Array, a: number, b: number, c: number, d: number): boolean {
  if (b - a !== d - c) return false;
  for (let k = 0; k < b - a; k++) if (bytes[a + k] !== bytes[c + k]) return false;
  return true;
}

/**
 * A segment built record by record: from a source at once (`buildSegment`), or while a
 * result's records arrive (the data engine feeds each one as it is parsed, so the index is
 * ready when the answer ends).
 */
export class SegmentBuilder {
  readonly #builders = Array.from({ length: TABLES }, () => new TableBuilder());
  readonly #lengths = Array.from({ length: TABLES }, () => new Set<number>());
  readonly #emailSketch = new Sketch(true);
  readonly #usernameSketch = new Sketch(true);
  readonly #hostSketch = new Sketch(true);
  readonly #passwordSketch = new Sketch(false);
  readonly #passwordSketch2 = new Sketch(false, 'second');
  /** Records share URL strings: parse and fingerprint each once ([urlHi, urlLo, hostHi, hostLo], no URL key when it has no scheme). */
  readonly #urls = new Map<string, Uint32Array | null>();
  /**
   * Records share usernames and passwords too (one person, many sites; one password, many
   * accounts): by dictionary code, what each adds is worked out once. Lengths and sketch
   * slots are sets, already holding what a repeated value would add again.
   */
  readonly #users = new CodeMemo();
  readonly #passwords = new CodeMemo();
  /** Where a source keeps no dictionary: codes of their own (see `TextCodes`). */
  #userTexts = new TextCodes();
  #passwordTexts = new TextCodes();
  /** Usernames kept as UTF-8 bytes, by their bytes (`addUsernameBytes`). */
  #userBytes = new ByteCodes();
  /**
   * What `addUsernameBytes` left for the next `addPlain`: undefined when it was not called
   * (the text memo is used); -1 when its memo is paused (none is used); else the code under
   * which its memo keeps what the username adds.
   */
  #userByteCode: number | undefined;
  /** URLs by dictionary code, as in `#urls`. */
  readonly #urlCodes: (Uint32Array | null | undefined)[] = [];
  /** While set, the last entry added is noted here (what a memo keeps). */
  #noting: { table: number; hi: number; lo: number } | undefined;
  #unparsed = 0;
  readonly #user: UserIdentifier = { kind: 'none', value: '' };

  constructor(private readonly fp: Fingerprinter) {}

  #entry(table: number, hi: number, lo: number, record: number): void {
    this.#builders[table].add(hi, lo, record);
    const noting = this.#noting;
    if (noting !== undefined) {
      noting.table = table;
      noting.hi = hi;
      noting.lo = lo;
    }
  }

  #identifier(table: number, key: string, record: number): void {
    const fp = this.fp;
    fp.identifier(key);
    this.#entry(table, fp.hi, fp.lo, record);
    this.#lengths[table].add(key.length);
  }

  #email(e: string, i: number): void {
    this.#identifier(EMAILS, e, i);
    this.#emailSketch.add(e);
  }

  /** `table`: USERNAMES or USER_ONLY. */
  #username(table: number, u: string, i: number): void {
    this.#identifier(table, u, i);
    this.#usernameSketch.add(u);
  }

  #url(url: string, i: number, code = -1): void {
    let fps = code >= 0 ? this.#urlCodes[code] : undefined;
    if (fps === undefined) {
      fps = this.#urls.get(url);
      if (fps === undefined) {
        fps = urlFingerprints(url, this.fp, this.#lengths[HOSTS], this.#hostSketch);
        // Bounded like the other memos: a million distinct URLs must not all stay here.
        if (this.#urls.size >= URL_MEMO) this.#urls.clear();
        this.#urls.set(url.length < 13 ? url : ` ${url}`.slice(1), fps);
      }
      if (code >= 0) this.#urlCodes[code] = fps;
    }
    if (fps === null) {
      this.#unparsed++;
      return;
    }
    if (fps.length === 4) this.#builders[URLS].add(fps[0], fps[1], i);
    this.#builders[HOSTS].add(fps[fps.length - 2], fps[fps.length - 1], i);
  }

  #password(p: string, i: number): void {
    const table = passwordTable(isCommonPassword(p), p.length);
    this.fp.password(p, 0, p.length);
    this.#entry(table, this.fp.hi, this.fp.lo, i);
    this.#lengths[table].add(p.length);
    this.#passwordSketch.add(p);
    this.#passwordSketch2.add(p);
  }

  /**
   * Adds record `i`'s password from its UTF-8 bytes `bytes[start, end)`, as `addPlain` does
   * from its text, and returns true; a million passwords are then never made strings. False,
   * having added nothing, when it must come as text: it is not all ASCII, it may be a common
   * password (looked up by its text), or its memo is looking values up (by their text).
   */
  addAsciiPassword(i: number, bytes: Uint8Array, start: number, end: number): boolean {
    if (start === end) return true;
    for (let k = start; k < end; k++) if ((bytes[k] as number) > 0x7f) return false;
    if (mayBeCommonAsciiPassword(bytes, start, end) || !this.#passwordTexts.trial.skip()) return false;
    const table = passwordTable(false, end - start);
    this.fp.passwordAscii(bytes, start, end);
    this.#entry(table, this.fp.hi, this.fp.lo, i);
    this.#lengths[table].add(end - start);
    this.#passwordSketch.addAscii(bytes, start, end);
    this.#passwordSketch2.addAscii(bytes, start, end);
    return true;
  }

  /** Adds record `i`'s identifiers. */
  add(i: number, f: RecordFacts): void {
    for (const e of f.emails) this.#email(e, i);
    for (const u of f.usernames) this.#username(USERNAMES, u, i);
    for (const u of f.userOnly) this.#username(USER_ONLY, u, i);
    for (const url of f.urls) this.#url(url, i);
    for (const p of f.passwords) this.#password(p, i);
  }

  /**
   * Adds record `i`, an accounts record with no other field: the same as
   * `add(i, plainFacts(...))`. Codes (-1: none) name each value in the table's dictionary:
   * a repeated value is worked out once. A username or password added from its bytes before
   * (`addUsernameBytes`, `addAsciiPassword` returned true) comes as ''.
   */
  addPlain(i: number, username: string, password: string, url: string, codes?: PlainCodes): void {
    const byteCode = this.#userByteCode;
    this.#userByteCode = undefined;
    this.#pendingMemo = undefined;
    const known =
      byteCode === undefined
        ? this.#replayed(this.#users, this.#userTexts, codes === undefined ? -1 : codes.username, username, i)
        : byteCode >= 0 && this.#replayCode(this.#userBytes.memo, byteCode, i);
    if (username !== '' && !known) {
      const { kind, value } = userIdentifier(username, this.#user);
      if (kind === 'email') this.#email(value, i);
      else if (kind !== 'none') this.#username(kind === 'username' ? USERNAMES : USER_ONLY, value, i);
      this.#remember();
    }
    if (password !== '' && !this.#replayed(this.#passwords, this.#passwordTexts, codes === undefined ? -1 : codes.password, password, i)) {
      this.#password(password, i);
      this.#remember();
    }
    if (url !== '') {
      const u = trimmed(url);
      if (u !== '') this.#url(u, i, codes !== undefined && u.length === url.length ? codes.url : -1);
    }
  }

  /** What `#remember` stores, once the value it is about is worked out. */
  readonly #note = { table: CodeMemo.NOTHING, hi: 0, lo: 0 };
  #pendingMemo: CodeMemo | undefined;
  #pendingCode = -1;

  /**
   * Adds what `value` adds when a memo knows it (by its dictionary code, else by `texts`):
   * true. Otherwise false: the caller works it out, and `#remember` keeps what it added.
   */
  #replayed(dictionary: CodeMemo, texts: TextCodes, dictionaryCode: number, value: string, i: number): boolean {
    this.#pendingMemo = undefined;
    if (value === '') return false;
    if (dictionaryCode >= 0) return this.#replayCode(dictionary, dictionaryCode, i);
    const code = texts.code(value);
    return code >= 0 && this.#replayCode(texts.memo, code, i);
  }

  /** `#replayed` of a value `memo` knows by `code`. */
  #replayCode(memo: CodeMemo, code: number, i: number): boolean {
    const table = memo.table(code);
    if (table === CodeMemo.UNKNOWN) {
      this.#note.table = CodeMemo.NOTHING;
      this.#noting = this.#note;
      this.#pendingMemo = memo;
      this.#pendingCode = code;
      return false;
    }
    if (table !== CodeMemo.NOTHING) this.#builders[table]?.add(memo.hi(code), memo.lo(code), i);
    return true;
  }

  /**
   * Adds record `i`'s username, kept as UTF-8 bytes `bytes[start, end)` (the same `bytes` for
   * every record), and returns true: a username seen before is replayed by its memo, and one
   * that is all ASCII is worked out from its bytes (`asciiUserKind`); a million usernames are
   * then never made strings. Otherwise false, having added nothing: the next `addPlain`, which
   * must then be given it as text, works it out and the memo keeps that.
   */
  addUsernameBytes(i: number, bytes: Uint8Array, start: number, end: number): boolean {
    if (start === end) return true;
    const code = this.#userBytes.code(bytes, start, end);
    // Unknown: #replayCode leaves the memo waiting for what the username adds (#remember).
    if (code >= 0 && this.#replayCode(this.#userBytes.memo, code, i)) return true;
    if (code < 0) {
      this.#pendingMemo = undefined;
      this.#noting = undefined;
    }
    const kind = asciiUserKind(bytes, start, end);
    if (kind !== undefined) {
      const table = kind === 'email' ? EMAILS : kind === 'username' ? USERNAMES : USER_ONLY;
      this.fp.identifierAscii(bytes, start, end);
      this.#entry(table, this.fp.hi, this.fp.lo, i);
      this.#lengths[table].add(end - start);
      (kind === 'email' ? this.#emailSketch : this.#usernameSketch).addAscii(bytes, start, end);
      this.#remember();
      return true;
    }
    // `addPlain` takes it from here (and asks the memo again), so nothing is noted meanwhile
    // (the password is added first).
    this.#pendingMemo = undefined;
    this.#noting = undefined;
    this.#userByteCode = code;
    return false;
  }

  #remember(): void {
    const memo = this.#pendingMemo;
    if (memo === undefined) return;
    this.#noting = undefined;
    this.#pendingMemo = undefined;
    memo.set(this.#pendingCode, this.#note.table, this.#note.hi, this.#note.lo);
  }

  /** The segment of `records` records (every one added). */
  finish(records: number): SourceSegment {
    this.#urls.clear();
    this.#urlCodes.length = 0;
    [this.#userTexts, this.#passwordTexts] = [new TextCodes(), new TextCodes()];
    const tables = this.#builders.map((b) => b.build());
    const emailSlots = this.#emailSketch.slots();
    const usernameSlots = this.#usernameSketch.slots();
    const hostSlots = this.#hostSketch.slots();
    const passwordSlots = this.#passwordSketch.slots();
    const passwordSlots2 = this.#passwordSketch2.slots();
    let bytes = emailSlots.byteLength + usernameSlots.byteLength + hostSlots.byteLength + passwordSlots.byteLength + passwordSlots2.byteLength;
    for (const t of tables) bytes += t.bytes;
    return {
      records,
      tables,
      lengths: this.#lengths.map((s) => [...s]),
      emailSlots,
      usernameSlots,
      hostSlots,
      passwordSlots,
      passwordSlots2,
      unparsedUrls: this.#unparsed,
      bytes,
    };
  }
}

/** The table of a password: common (`isCommonPassword`), short, or any other. */
function passwordTable(common: boolean, length: number): number {
  return common ? COMMON_PASSWORDS : length < MIN_PASSWORD_LENGTH ? SHORT_PASSWORDS : PASSWORDS;
}

export function buildSegment(source: LeakSource, fp: Fingerprinter): SourceSegment {
  const builder = new SegmentBuilder(fp);
  const { field, codes } = source;
  if (field !== undefined) {
    const out: PlainCodes = { username: -1, password: -1, url: -1 };
    const usernames = source.utf8?.('username');
    const passwords = source.utf8?.('password');
    for (let i = 0; i < source.length; i++) {
      codes?.(i, out);
      const known = usernames !== undefined && builder.addUsernameBytes(i, usernames.bytes, usernames.offsets[i] as number, usernames.offsets[i + 1] as number);
      const added = passwords !== undefined && builder.addAsciiPassword(i, passwords.bytes, passwords.offsets[i] as number, passwords.offsets[i + 1] as number);
      builder.addPlain(i, known ? '' : field('username', i), added ? '' : field('password', i), field('url', i), codes ? out : undefined);
    }
  } else {
    for (let i = 0; i < source.length; i++) builder.add(i, recordFacts(source.record(i)));
  }
  return builder.finish(source.length);
}
