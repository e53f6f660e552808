// The candidate scanner: one left-to-right pass over a text that reports every e-mail
// address, URL, token (username or host name) and value (where a password or a username may
// be written) as (kind, start, end, a, b). The text is copied once into 16-bit units
// (textCodes.ts); word characters are skipped by a tight loop over one event table; every
// other character is an event that each rule handles in constant time, with bounded
// look-back only (≤ 64 units for an e-mail local part, ≤ 32 for a URL scheme or a key name). Forward walks (an e-mail
// domain, a URL, an unquoted value) never cover a unit twice, so the time is linear on any
// input and the memory is a few integers. test/unit/scan/scanOracle.ts implements the same
// grammar the plain way; the property tests keep both in exact agreement.
//
// Grammar (character classes in charClass.ts):
// - token: a maximal run of TOKEN characters (`[A-Za-z0-9_.-]`, non-ASCII word characters),
//   trimmed of leading/trailing `.` and `-`; not reported when the run touches `@` (it is an
//   e-mail part). a = IN_URL when it starts after the `://` of a URL, before its end.
// - e-mail, for each `@`: local part = the LOCAL characters just before it (at most 64),
//   trimmed of leading `.` and `'`, non-empty; domain = the token run just after it, cut at
//   the first `..`, without trailing dots, not starting with `.`, with at least one dot.
// - URL, for each `://` not inside the walk of the previous URL: scheme = the SCHEME
//   characters before it (at most 32, from the first ASCII letter), non-empty; then URL
//   characters up to the first one that is none or an unbalanced `)`, `]`, `}`; trailing
//   `.,;:!?*'` trimmed; at least one character after `://`. a, b = the host (after the last
//   `@` of the authority, before a port, without trailing dots; IPv6 literals with their
//   brackets), or -1, -1. A user-info `user:password@` is also reported as two values
//   (USER, PASSWORD positions).
// - value: (1) the contents of a `"`, `'` or `` ` `` string on one line (a backslash escapes a
//   quote), unless a `:` follows the closing quote (after at most one blank): then it is a
//   key; (2) after a separator — `=` (not `==`, `=>`, `!=`, `<=`, `>=`) or `:` followed by a
//   blank or a quote, or any `:` after a user/password key — and blanks, a run of VALUE
//   characters (or the quoted string that starts there); (3) the next word after a
//   `--user`/`--password`-style flag and a blank. a = the position: PASSWORD when the key
//   (the ≤ 32 characters before the separator, after ≤ 2 blanks and one closing quote) names
//   a password (`password`, `DB_PASS`, `Pwd`, `secret`…), USER when it names a user (`user`,
//   `User Id`, `login`…), else NONE. b = QUOTED, UNQUOTED or USERINFO.
import { ALPHA, BLANK, CLASS, LOCAL, SCHEME, URL_CHAR, VALUE, WORD } from './charClass';
import type { LengthFilter } from './charClass';
import { textCodes } from './textCodes';

export const EMAIL = 0;
export const URL = 1;
export const TOKEN_KIND = 2;
export const VALUE_KIND = 3;
export type CandidateKind = typeof EMAIL | typeof URL | typeof TOKEN_KIND | typeof VALUE_KIND;

/** Token flag: it starts inside a URL (the URL rule has its host). */
export const IN_URL = 1;
/** Value positions. */
export const NONE = 0;
export const PASSWORD = 1;
export const USER = 2;
/** Value origins. */
export const QUOTED = 0;
export const UNQUOTED = 1;
export const USERINFO = 2;

/** Receives each candidate `text.slice(start, end)`; `a`, `b` as the grammar above says. */
export interface CandidateSink {
  candidate(kind: CandidateKind, start: number, end: number, a: number, b: number): void;
}

export interface ScanOptions {
  readonly emails?: boolean;
  readonly urls?: boolean;
  /** Only tokens of these lengths are reported (all when absent). */
  readonly tokens?: LengthFilter | false;
  /** Only values of these lengths are reported (all when absent). */
  readonly values?: LengthFilter | false;
}

export const MAX_LOCAL = 64;
export const MAX_SCHEME = 32;
export const MAX_KEY = 32;

/** Key names (lower-cased, the ≤ MAX_KEY characters before a separator) that make a password or user position. */
export const PASSWORD_KEY = /(?:^|[^a-z])(?:pass|pwd|pw)$|(?:password|passwd|passphrase|secret)$/;
export const USER_KEY = /(?:^|[^a-z])(?:user(?:[ _.-]?(?:name|id))?|login|usr|uid|account)$/;

const AT = 64;
const DOT = 46;
const DASH = 45;
const COLON = 58;
const SLASH = 47;
const EQ = 61;
const DQ = 34;
const SQ = 39;
const BT = 96;

/** The last two letters (lower-case) a password or user key can end with: a first test before the words. */
const KEY_ENDS = new Uint8Array(1 << 15);
for (const e of ['rd', 'wd', 'se', 'ss', 'pw', 'et', 'me', 'id', 'er', 'sr', 'in', 'nt']) KEY_ENDS[(e.charCodeAt(0) << 8) | e.charCodeAt(1)] = 1;

/**
 * What the main loop (`run`) does at a code unit: nothing for a word character, else one of
 * these events. One table read replaces a chain of comparisons; the codes are constants of
 * this module (not imported), so the optimised loop compares with immediates.
 */
const EV_WORD = 0;
const EV_DOT = 1;
const EV_DASH = 2;
/** Space or tab: ends a run (and may follow a `--flag`). */
const EV_BLANK = 3;
/** Any other non-word character: ends a run, nothing more. */
const EV_OTHER = 4;
const EV_AT = 5;
const EV_COLON = 6;
const EV_EQ = 7;
const EV_BACKSLASH = 8;
const EV_NL = 9;
/** `"`, `'` or backtick. */
const EV_QUOTE = 10;

function buildEvents(): Uint8Array {
  const t = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) t[c] = (CLASS[c] & WORD) !== 0 ? EV_WORD : (CLASS[c] & BLANK) !== 0 ? EV_BLANK : EV_OTHER;
  const set = (chars: string, ev: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = ev;
  };
  set('.', EV_DOT);
  set('-', EV_DASH);
  set('@', EV_AT);
  set(':', EV_COLON);
  set('=', EV_EQ);
  set('\\', EV_BACKSLASH);
  set('\n', EV_NL);
  set('"\'`', EV_QUOTE);
  return t;
}

/** The event table: `EVENT[code]`. */
const EVENT: Uint8Array = buildEvents();

function isQuote(c: number): boolean {
  return c === DQ || c === SQ || c === BT;
}

function isTrailing(c: number): boolean {
  // . , ; : ! ? * '
  return c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63 || c === 42 || c === 39;
}

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

function isLetter(c: number): boolean {
  const l = lower(c);
  return l >= 97 && l <= 122;
}

/** Whether `codes[.., j)` ends with `word` (lower-case ASCII), starting at or after `floor`. */
function endsWith(codes: Uint16Array, j: number, word: string, floor: number): boolean {
  const s = j - word.length;
  if (s < floor) return false;
  for (let k = 0; k < word.length; k++) if (lower(codes[s + k]) !== word.charCodeAt(k)) return false;
  return true;
}

/** `word` ends at `j` with no ASCII letter before it (or at the window's start). */
function wordAt(codes: Uint16Array, j: number, word: string, floor: number): boolean {
  if (!endsWith(codes, j, word, floor)) return false;
  const s = j - word.length;
  return s === floor || !isLetter(codes[s - 1]);
}

const PASSWORD_SUFFIXES = ['password', 'passwd', 'passphrase', 'secret'];
const PASSWORD_WORDS = ['pass', 'pwd', 'pw'];
const USER_WORDS = ['login', 'usr', 'uid', 'account', 'user'];

/**
 * The position a key ending just before `end` makes (see the grammar): NONE, PASSWORD or
 * USER. `PASSWORD_KEY`/`USER_KEY` over the lower-cased window, matched in place without
 * building a string (it runs at every `=` and `:`).
 */
export function keyPosition(_text: string, codes: Uint16Array, end: number): number {
  let j = end;
  let blanks = 0;
  while (j > 0 && blanks < 2 && (CLASS[codes[j - 1]] & BLANK) !== 0) {
    j--;
    blanks++;
  }
  if (j > 0 && isQuote(codes[j - 1])) j--;
  if (j < 2) return NONE;
  const last = codes[j - 1];
  const before = codes[j - 2];
  if (last > 127 || before > 127 || KEY_ENDS[(lower(before) << 8) | lower(last)] === 0) return NONE;
  const floor = Math.max(0, j - MAX_KEY);
  for (const w of PASSWORD_SUFFIXES) if (endsWith(codes, j, w, floor)) return PASSWORD;
  for (const w of PASSWORD_WORDS) if (wordAt(codes, j, w, floor)) return PASSWORD;
  for (const tail of ['name', 'id']) {
    if (!endsWith(codes, j, tail, floor)) continue;
    const k = j - tail.length;
    if (wordAt(codes, k, 'user', floor)) return USER;
    const sep = k > 0 ? codes[k - 1] : 0;
    if ((sep === 32 || sep === 95 || sep === 46 || sep === 45) && wordAt(codes, k - 1, 'user', floor)) return USER;
  }
  for (const w of USER_WORDS) if (wordAt(codes, j, w, floor)) return USER;
  return NONE;
}

/**
 * The state of one scan. A class with methods on its prototype (not closures made per call),
 * so the optimised code of the loop keeps the same call targets from one scan to the next.
 */
class Scan {
  readonly n: number;
  readonly wantEmails: boolean;
  readonly wantUrls: boolean;
  readonly tokenFilter: LengthFilter | undefined;
  readonly wantTokens: boolean;
  readonly tokenMax: number;
  readonly valueFilter: LengthFilter | undefined;
  readonly wantValues: boolean;
  readonly valueMax: number;
  /** Shorter token runs give no token (Infinity when none is wanted). */
  readonly minToken: number;
  /** First `..` in the current run (its first dot), or -1. */
  doubleDot = -1;
  /** A pending e-mail: its `@` and local-part start, until the run after the `@` ends. */
  emAt = -1;
  emLocal = 0;
  /** The last URL: where its walk stopped (no `://` before counts), and its range after `://`. */
  urlStop = 0;
  urlRest = -1;
  urlEnd = -1;
  /** An open quote (its character, 0 for none), where, and the position it got from a separator. */
  quote = 0;
  quoteAt = -1;
  quotePosition = NONE;
  /** Where a separator's quoted value may open, and the position it gives. */
  pendingAt = -1;
  pendingPosition = NONE;
  /** The last unquoted value walked: a start inside it ends where it ends. */
  valueStart = -1;
  valueEnd = -1;
  /** The end of the last run of backslashes, and whether it was of odd length. */
  bsEnd = -1;
  bsOdd = false;

  constructor(
    readonly text: string,
    readonly codes: Uint16Array,
    readonly sink: CandidateSink,
    options: ScanOptions,
  ) {
    this.n = codes.length;
    this.wantEmails = options.emails !== false;
    this.wantUrls = options.urls !== false;
    this.tokenFilter = options.tokens === false ? undefined : options.tokens;
    this.wantTokens = options.tokens !== false;
    this.tokenMax = this.tokenFilter === undefined ? Infinity : this.tokenFilter.length - 1;
    this.valueFilter = options.values === false ? undefined : options.values;
    this.wantValues = options.values !== false;
    this.valueMax = this.valueFilter === undefined ? Infinity : this.valueFilter.length - 1;
    let minToken = 1;
    if (!this.wantTokens) minToken = Infinity;
    else if (this.tokenFilter !== undefined) {
      while (minToken < this.tokenFilter.length && this.tokenFilter[minToken] !== 1) minToken++;
      if (minToken >= this.tokenFilter.length) minToken = Infinity;
    }
    this.minToken = minToken;
  }

  value(s: number, e: number, position: number, origin: number): void {
    const len = e - s;
    if (len > 0 && len <= this.valueMax && (this.valueFilter === undefined || this.valueFilter[len] === 1)) this.sink.candidate(VALUE_KIND, s, e, position, origin);
  }

  /** A separator's value starting at `v` (after blanks). */
  startValue(v: number, position: number): void {
    const { codes, n } = this;
    const C = CLASS;
    while (v < n && (C[codes[v]] & BLANK) !== 0) v++;
    if (v >= n) return;
    const c = codes[v];
    if (isQuote(c)) {
      this.pendingAt = v;
      this.pendingPosition = position;
    } else if ((C[c] & VALUE) !== 0) {
      let e: number;
      if (v > this.valueStart && v < this.valueEnd) e = this.valueEnd;
      else {
        e = v + 1;
        while (e < n && (C[codes[e]] & VALUE) !== 0) e++;
        this.valueStart = v;
        this.valueEnd = e;
      }
      if (this.wantValues) this.value(v, e, position, UNQUOTED);
    }
  }

  /** The token run `[a, end)` ends at a non-token character (or the end of the text). */
  closeRun(a: number, end: number): void {
    const { codes, n } = this;
    if (this.emAt >= 0) {
      if (a === this.emAt + 1 && end > a && codes[a] !== DOT) this.email(a, end);
      this.emAt = -1;
    }
    if (end - a >= this.minToken && this.wantTokens) this.token(a, end);
    // `--password value`, `--user value`: the flag is a key.
    if (this.wantValues && end - a >= 4 && end < n && codes[a] === DASH && codes[a + 1] === DASH && (CLASS[codes[end]] & BLANK) !== 0 && codes[end - 1] !== DOT && codes[end - 1] !== DASH) {
      const position = keyPosition(this.text, codes, end);
      if (position !== NONE) this.startValue(end + 1, position);
    }
  }

  /** A token run `[a, end)` long enough to be reported: trimmed, filtered, not an e-mail part. */
  token(a: number, end: number): void {
    const { codes, n } = this;
    let s = a;
    let e = end;
    while (s < e && (codes[s] === DOT || codes[s] === DASH)) s++;
    while (e > s && (codes[e - 1] === DOT || codes[e - 1] === DASH)) e--;
    if (e === s || e - s > this.tokenMax || (a > 0 && codes[a - 1] === AT) || (end < n && codes[end] === AT)) return;
    if (this.tokenFilter === undefined || this.tokenFilter[e - s] === 1) this.sink.candidate(TOKEN_KIND, s, e, s >= this.urlRest && s < this.urlEnd ? IN_URL : 0, 0);
  }

  /** The domain of the pending e-mail is the run `[a, end)`. */
  email(a: number, end: number): void {
    const codes = this.codes;
    let e = this.doubleDot >= a ? this.doubleDot : end;
    while (e > a && codes[e - 1] === DOT) e--;
    for (let k = a + 1; k < e; k++) {
      if (codes[k] === DOT) {
        if (this.wantEmails) this.sink.candidate(EMAIL, this.emLocal, e, 0, 0);
        return;
      }
    }
  }

  /** An `@` at `i`: the local part before it. */
  at(i: number): void {
    const codes = this.codes;
    let l = i;
    const floor = Math.max(0, i - MAX_LOCAL);
    while (l > floor && (CLASS[codes[l - 1]] & LOCAL) !== 0) l--;
    while (l < i && (codes[l] === DOT || codes[l] === SQ)) l++;
    if (l < i) {
      this.emAt = i;
      this.emLocal = l;
    }
  }

  /** A `:` at `i` that is no `://`. */
  colon(i: number): void {
    const codes = this.codes;
    const next = i + 1 < this.n ? codes[i + 1] : 0;
    const position = keyPosition(this.text, codes, i);
    if ((CLASS[next] & BLANK) !== 0 || isQuote(next) || position !== NONE) this.startValue(i + 1, position);
  }

  /** An `=` at `i`. */
  equals(i: number): void {
    const codes = this.codes;
    const next = i + 1 < this.n ? codes[i + 1] : 0;
    const prev = i > 0 ? codes[i - 1] : 0;
    if (next !== EQ && next !== 62 && prev !== EQ && prev !== 33 && prev !== 60 && prev !== 62) this.startValue(i + 1, keyPosition(this.text, codes, i));
  }

  /** A quote character `c` at `i`. */
  quoteChar(c: number, i: number): void {
    if (this.bsEnd === i && this.bsOdd) return;
    const codes = this.codes;
    const n = this.n;
    if (this.quote === c) {
      const key = i + 1 < n && codes[i + 1] === COLON ? true : i + 2 < n && (CLASS[codes[i + 1]] & BLANK) !== 0 && codes[i + 2] === COLON;
      if (!key && this.wantValues) this.value(this.quoteAt + 1, i, this.quotePosition, QUOTED);
      this.quote = 0;
    } else if (this.quote === 0) {
      this.quote = c;
      this.quoteAt = i;
      this.quotePosition = this.pendingAt === i ? this.pendingPosition : NONE;
    }
  }

  /** A `://` at `p`: the URL, its host and user-info. */
  url(p: number): void {
    const { codes, n } = this;
    const C = CLASS;
    let s = p;
    const floor = Math.max(this.urlStop, p - MAX_SCHEME);
    while (s > floor && (C[codes[s - 1]] & SCHEME) !== 0) s--;
    while (s < p && (C[codes[s]] & ALPHA) === 0) s++;
    if (s === p) return;
    const r = p + 3;
    let e = r;
    let paren = 0;
    let bracket = 0;
    let brace = 0;
    let inAuthority = true;
    let authEnd = -1;
    let lastAt = -1;
    let firstColon = -1;
    let portColon = -1;
    let hostStart = r;
    let v6 = false;
    for (; e < n; e++) {
      const c = codes[e];
      if ((C[c] & URL_CHAR) === 0) break;
      if (c === 40) paren++;
      else if (c === 41) {
        if (paren === 0) break;
        paren--;
      } else if (c === 91) bracket++;
      else if (c === 93) {
        if (bracket === 0) break;
        bracket--;
      } else if (c === 123) brace++;
      else if (c === 125) {
        if (brace === 0) break;
        brace--;
      }
      if (!inAuthority) continue;
      if (c === SLASH || c === 63 || c === 35) {
        inAuthority = false;
        authEnd = e;
      } else if (c === AT) {
        lastAt = e;
        hostStart = e + 1;
        portColon = -1;
        v6 = false;
      } else if (c === COLON) {
        if (firstColon < 0) firstColon = e;
        if (!v6) portColon = e;
      } else if (c === 91 && e === hostStart) v6 = true;
      else if (c === 93) v6 = false;
    }
    this.urlStop = e;
    while (e > r && isTrailing(codes[e - 1])) e--;
    if (e === r) return;
    this.urlRest = r;
    this.urlEnd = e;
    const auth = authEnd < 0 || authEnd > e ? e : authEnd;
    let he = portColon >= hostStart && portColon < auth ? portColon : auth;
    while (he > hostStart && codes[he - 1] === DOT) he--;
    if (this.wantUrls) this.sink.candidate(URL, s, e, he > hostStart ? hostStart : -1, he > hostStart ? he : -1);
    if (lastAt >= 0 && this.wantValues) {
      const uc = firstColon >= 0 && firstColon < lastAt ? firstColon : lastAt;
      this.value(r, uc, USER, USERINFO);
      if (uc < lastAt) this.value(uc + 1, lastAt, PASSWORD, USERINFO);
    }
  }

  run(): void {
    const { codes, n } = this;
    const E = EVENT;
    const minToken = this.minToken;
    let i = 0;
    // Start of the current token run (just after the last non-token character): a local, so
    // the loop does not store it to the object at every boundary.
    let rs = 0;
    for (;;) {
      // Word characters are no event: this loop is where most of the text goes by.
      let ev = EV_WORD;
      while (i < n && (ev = E[codes[i]]) === EV_WORD) i++;
      if (i >= n) break;
      if (ev === EV_DOT) {
        if (i > rs && codes[i - 1] === DOT && this.doubleDot < rs) this.doubleDot = i - 1;
        i++;
        continue;
      }
      if (ev === EV_DASH) {
        i++;
        continue;
      }
      // Closing the run does something only for a pending e-mail, a run long enough to be a
      // token, or a `--flag` before a blank; every other boundary costs these three tests.
      if (this.emAt >= 0 || i - rs >= minToken || (ev === EV_BLANK && i - rs >= 4 && codes[rs] === DASH)) this.closeRun(rs, i);
      rs = i + 1;
      switch (ev) {
        case EV_AT:
          this.at(i);
          break;
        case EV_COLON:
          if (i + 2 < n && codes[i + 1] === SLASH && codes[i + 2] === SLASH) {
            if (i >= this.urlStop && (this.wantUrls || this.wantValues)) this.url(i);
          } else if (this.wantValues) this.colon(i);
          break;
        case EV_EQ:
          if (this.wantValues) this.equals(i);
          break;
        case EV_BACKSLASH:
          this.bsOdd = this.bsEnd === i ? !this.bsOdd : true;
          this.bsEnd = i + 1;
          break;
        case EV_NL:
          this.quote = 0;
          break;
        case EV_QUOTE:
          this.quoteChar(codes[i], i);
          break;
      }
      i++;
    }
    this.closeRun(rs, n);
  }
}

/** Runs the grammar over `text`, calling `sink.candidate` once per candidate (in no particular order). */
export function scan(text: string, sink: CandidateSink, options: ScanOptions = {}): void {
  new Scan(text, textCodes(text), sink, options).run();
}

export interface Candidate {
  readonly kind: CandidateKind;
  readonly start: number;
  readonly end: number;
  readonly a: number;
  readonly b: number;
}

/** Every candidate as an object, sorted: a convenience for tests and tools. */
export function scanCandidates(text: string, options: ScanOptions = {}): Candidate[] {
  const out: Candidate[] = [];
  scan(text, { candidate: (kind, start, end, a, b) => out.push({ kind, start, end, a, b }) }, options);
  return out.sort(compareCandidates);
}

export function compareCandidates(x: Candidate, y: Candidate): number {
  return x.start - y.start || x.end - y.end || x.kind - y.kind || x.a - y.a || x.b - y.b;
}
