// What the index does with each candidate of the scanner (scanner.ts): cheap prefilters
// first (length, sketch), then the fingerprint, then a lookup in the tables of every
// segment. The scanner runs the same first tests inside its loop when the index hands them
// over (ScanPrefilter), so most candidates never get here; the sink keeps them for any other
// scanner of the grammar (the tests' oracle). A hit records where it is and which fingerprint in which tables; the records and
// their details are gathered only for hits (matchDetails.ts).
import type { LengthFilter } from './charClass';
import { isWide } from './charClass';
import type { Fingerprinter } from './fingerprint';
import { normalizeEmail, normalizeHost, normalizeUsername, parseUrl } from './normalize';
import type { FormMarks } from './credentialForms';
import type { CandidateKind, CandidateSink } from './scanner';
import { EMAIL, FORM, FORM_AT, FORM_AUTH, FORM_DASH, FORM_PERCENT, IN_URL, PASSWORD, TOKEN_KIND, URL, USER, VALUE_KIND } from './scanner';
import type { Sketch } from './sketch';
import { COMMON_PASSWORDS, EMAILS, HOSTS, PASSWORDS, SHORT_PASSWORDS, URLS, USERNAMES, USER_ONLY } from './sourceSegment';
import type { MatchKind } from './matchTypes';
import type { ScanText } from './scanText';

/** One leaked identifier found in the text, before its records are read. */
export interface Hit {
  readonly start: number;
  readonly end: number;
  readonly kind: MatchKind;
  /** Bit set of the tables (sourceSegment.ts) whose entries for the fingerprint are its records. */
  readonly tables: number;
  readonly hi: number;
  readonly lo: number;
  /** The normalised identifier ('' for a password). */
  readonly identifier: string;
}

/** What the sink asks of the index. */
export interface Tables {
  has(table: number, hi: number, lo: number): boolean;
  readonly usernameSketch: Sketch;
  readonly hostSketch: Sketch;
  readonly passwordSketch: Sketch;
  /** Value lengths of passwords and of usernames (at a user position, any username). */
  readonly usernameLengths: LengthFilter;
  /** Token lengths of usernames (those matched anywhere, USERNAMES) and of hosts. */
  readonly plainUsernameLengths: LengthFilter;
  readonly hostLengths: LengthFilter;
  readonly passwordLengths: LengthFilter;
}

export interface Wanted {
  readonly emails: boolean;
  readonly urls: boolean;
  readonly hosts: boolean;
  readonly usernames: boolean;
  readonly passwords: boolean;
}

function hasDot(text: ScanText, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (text.charCodeAt(i) === 46) return true;
  return false;
}

/** Whether `text[s, e)` is all ASCII and holds no `:`. */
function plainHost(text: ScanText, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f || c === 58) return false;
  }
  return true;
}

export class MatchSink implements CandidateSink {
  readonly hits: Hit[] = [];
  /** The scanner's form marks by kind (FORM_DASH…), kept for credentialForms.ts. */
  readonly #marks: number[][] = [[], [], [], []];
  /** A mark came before one handed over earlier (helper threads hand over parts out of order). */
  #unordered = false;

  constructor(
    private readonly text: ScanText,
    private readonly tables: Tables,
    private readonly fp: Fingerprinter,
    private readonly want: Wanted,
  ) {}

  candidate(kind: CandidateKind, s: number, e: number, a: number, b: number): void {
    if (kind === TOKEN_KIND) this.#token(s, e, a);
    else if (kind === VALUE_KIND) this.#value(s, e, a);
    else if (kind === EMAIL) this.#email(s, e);
    else if (kind === URL) this.#url(s, e, a, b);
    else if (kind === FORM) this.#mark(a, s);
  }

  #mark(which: number, at: number): void {
    const list = this.#marks[which];
    if (list === undefined) return;
    if (list.length > 0 && at < list[list.length - 1]!) this.#unordered = true;
    list.push(at);
  }

  /** The form marks handed over, each list in ascending order. */
  formMarks(): FormMarks {
    const m = this.#marks;
    if (this.#unordered) {
      for (const list of m) list.sort((x, y) => x - y);
      this.#unordered = false;
    }
    return { dashes: m[FORM_DASH]!, ats: m[FORM_AT]!, percents: m[FORM_PERCENT]!, auths: m[FORM_AUTH]! };
  }

  #push(start: number, end: number, kind: MatchKind, tables: number, identifier: string): void {
    this.hits.push({ start, end, kind, tables, hi: this.fp.hi, lo: this.fp.lo, identifier });
  }

  #token(s: number, e: number, flags: number): void {
    const { text, tables: t, fp } = this;
    const len = e - s;
    const user = this.want.usernames && t.plainUsernameLengths[len] === 1 && t.usernameSketch.mayHave(text, s, e);
    const host = this.want.hosts && (flags & IN_URL) === 0 && t.hostLengths[len] === 1 && t.hostSketch.mayHave(text, s, e) && hasDot(text, s, e);
    if (!user && !host) return;
    const ascii = fp.foldAscii(text, s, e);
    if (user) {
      const key = ascii ? '' : normalizeUsername(text.slice(s, e));
      if (!ascii) fp.identifier(key);
      if (t.has(USERNAMES, fp.hi, fp.lo)) this.#push(s, e, 'username', 1 << USERNAMES, ascii ? text.slice(s, e).toLowerCase() : key);
    }
    if (host) {
      const key = ascii ? text.slice(s, e).toLowerCase() : normalizeHost(text.slice(s, e));
      if (!ascii) fp.identifier(key);
      else if (user) fp.foldAscii(text, s, e);
      if (t.has(HOSTS, fp.hi, fp.lo)) this.#push(s, e, 'host', 1 << HOSTS, key);
    }
  }

  #value(s: number, e: number, position: number): void {
    const { text, tables: t, fp } = this;
    const len = e - s;
    if (this.want.passwords && t.passwordLengths[len] === 1 && t.passwordSketch.mayHave(text, s, e)) {
      fp.password(text, s, e);
      if (t.has(PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << PASSWORDS, '');
      else if (position === PASSWORD && t.has(SHORT_PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << SHORT_PASSWORDS, '');
      else if (position === PASSWORD && t.has(COMMON_PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << COMMON_PASSWORDS, '');
    }
    if (position === USER && this.want.usernames && t.usernameLengths[len] === 1) {
      const key = normalizeUsername(text.slice(s, e));
      fp.identifier(key);
      const mask = (t.has(USERNAMES, fp.hi, fp.lo) ? 1 << USERNAMES : 0) | (t.has(USER_ONLY, fp.hi, fp.lo) ? 1 << USER_ONLY : 0);
      if (mask !== 0) this.#push(s, e, 'username', mask, key);
    }
  }

  /**
   * A user or password of a credential form (credentialForms.ts): `value` is what it means
   * (decoded), [s, e) the text it is written as. Looked up like a value at that position.
   */
  decoded(s: number, e: number, value: string, position: typeof USER | typeof PASSWORD): void {
    const { tables: t, fp } = this;
    const len = value.length;
    if (position === PASSWORD) {
      if (!this.want.passwords || t.passwordLengths[len] !== 1 || !t.passwordSketch.mayHave(value, 0, len)) return;
      fp.password(value, 0, len);
      if (t.has(PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << PASSWORDS, '');
      else if (t.has(SHORT_PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << SHORT_PASSWORDS, '');
      else if (t.has(COMMON_PASSWORDS, fp.hi, fp.lo)) this.#push(s, e, 'password', 1 << COMMON_PASSWORDS, '');
      return;
    }
    if (value.includes('@')) {
      if (!this.want.emails) return;
      const key = normalizeEmail(value);
      fp.identifier(key);
      if (t.has(EMAILS, fp.hi, fp.lo)) this.#push(s, e, 'email', 1 << EMAILS, key);
      return;
    }
    if (!this.want.usernames || t.usernameLengths[len] !== 1) return;
    const key = normalizeUsername(value);
    fp.identifier(key);
    const mask = (t.has(USERNAMES, fp.hi, fp.lo) ? 1 << USERNAMES : 0) | (t.has(USER_ONLY, fp.hi, fp.lo) ? 1 << USER_ONLY : 0);
    if (mask !== 0) this.#push(s, e, 'username', mask, key);
  }

  #email(s: number, e: number): void {
    const { text, tables: t, fp } = this;
    if (!this.want.emails) return;
    if (fp.foldAscii(text, s, e)) {
      if (t.has(EMAILS, fp.hi, fp.lo)) this.#push(s, e, 'email', 1 << EMAILS, text.slice(s, e).toLowerCase());
      return;
    }
    // Text in scripts without spaces sticks to an address (`連絡先alice@example.comまで`): try without it.
    const at = text.lastIndexOf('@', e - 1);
    let ls = s;
    while (ls < at - 1 && isWide(text.charCodeAt(ls))) ls++;
    let de = e;
    while (de > at + 2 && isWide(text.charCodeAt(de - 1))) de--;
    const tries: [number, number][] = [[s, e]];
    if (ls > s && text.charCodeAt(ls) < 0x80) tries.push([ls, e]);
    if (de < e && text.charCodeAt(de - 1) < 0x80 && text.charCodeAt(de - 1) !== 46) tries.push([s, de], [ls, de]);
    for (const [a, b] of tries) {
      const key = normalizeEmail(text.slice(a, b));
      fp.identifier(key);
      if (t.has(EMAILS, fp.hi, fp.lo)) {
        this.#push(a, b, 'email', 1 << EMAILS, key);
        return;
      }
    }
  }

  #url(s: number, e: number, hs: number, he: number): void {
    const { text, tables: t, fp } = this;
    if (!this.want.urls) return;
    // An ASCII host without `:` is parseUrl's host: most URLs (not leaked) end here, on the
    // length and sketch of the leaked hosts before any hash. Otherwise (a trimmed `:` hid the
    // port, or the host needs Unicode normalising) parse.
    if (hs >= 0 && plainHost(text, hs, he)) {
      if (t.hostLengths[he - hs] !== 1 || !t.hostSketch.mayHave(text, hs, he)) return;
      fp.foldAscii(text, hs, he);
      if (!t.has(HOSTS, fp.hi, fp.lo)) return;
    }
    const parsed = parseUrl(text.slice(s, e));
    if (parsed === undefined) return;
    fp.identifier(parsed.host);
    if (!t.has(HOSTS, fp.hi, fp.lo)) return;
    const hostHi = fp.hi;
    const hostLo = fp.lo;
    fp.identifier(parsed.key);
    if (t.has(URLS, fp.hi, fp.lo)) {
      this.#push(s, e, 'url', 1 << URLS, parsed.key);
      return;
    }
    fp.hi = hostHi;
    fp.lo = hostLo;
    this.#push(s + parsed.hostStart, s + parsed.hostEnd, 'host', 1 << HOSTS, parsed.host);
  }
}
