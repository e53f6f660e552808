// The candidate scanner's loop, in AssemblyScript, compiled to WebAssembly by
// src/core/scan/wasm/build.mjs. The grammar and the reasons behind each rule are at the top of
// src/core/scan/scanner.ts, which owns this module: it lays out the memory, copies the class
// tables (charClass.ts) and the text in, runs `run`, and hands the candidates to the sink.
// WebAssembly because the loop is one read and one table lookup per code unit plus a branch
// per event: compiled ahead of time without bounds checks or deoptimisation it runs several
// times faster than the same loop in JavaScript (npm run bench: match.throughput).
//
// Linear time, as in the grammar: forward walks never cover a unit twice; look-back is bounded.
// The constants below must equal scanner.ts and charClass.ts: the unit tests' oracle
// (test/unit/scan/scanOracle.ts) fails on any difference.

// Events (scanner.ts EV_*).
const EV_WORD: i32 = 0;
const EV_DOT: i32 = 1;
const EV_DASH: i32 = 2;
const EV_BLANK: i32 = 3;
const EV_OTHER: i32 = 4;
const EV_AT: i32 = 5;
const EV_COLON: i32 = 6;
const EV_EQ: i32 = 7;
const EV_BACKSLASH: i32 = 8;
const EV_NL: i32 = 9;
const EV_QUOTE: i32 = 10;

// Classes (charClass.ts).
const LOCAL: i32 = 2;
const URL_CHAR: i32 = 4;
const SCHEME: i32 = 8;
const TOKEN: i32 = 16;
const ALPHA: i32 = 32;
const BLANK: i32 = 64;
const VALUE: i32 = 128;

// Candidate kinds, flags, positions, origins (scanner.ts).
const EMAIL: i32 = 0;
const URL: i32 = 1;
const TOKEN_KIND: i32 = 2;
const VALUE_KIND: i32 = 3;
const IN_URL: i32 = 1;
const NONE: i32 = 0;
const PASSWORD: i32 = 1;
const USER: i32 = 2;
const QUOTED: i32 = 0;
const UNQUOTED: i32 = 1;
const USERINFO: i32 = 2;

const MAX_LOCAL: i32 = 64;
const MAX_SCHEME: i32 = 32;
const MAX_KEY: i32 = 32;

const AT: i32 = 64;
const DOT: i32 = 46;
const DASH: i32 = 45;
const COLON: i32 = 58;
const SLASH: i32 = 47;
const EQ: i32 = 61;
const DQ: i32 = 34;
const SQ: i32 = 39;
const BT: i32 = 96;

/** Bytes of one sketch's bits (sketch.ts). */
const SKETCH_BYTES: usize = 1 << 17;

/** Candidates stop the loop (to be handed over) when fewer than this many slots are free: one event makes at most 6. */
const MARGIN: i32 = 8;

// Tables, set once by `setup`.
let CLS: usize = 0;
let EVT: usize = 0;
let KEY_ENDS: usize = 0;
/** 1 for a URL character that is no bracket (65,536 bytes). */
let URL_PLAIN: usize = 0;

// One scan, set by `begin`.
let codes: usize = 0;
let n: i32 = 0;
let out: usize = 0;
let outCap: i32 = 0;
let outLen: i32 = 0;
let wantEmails = false;
let wantUrls = false;
let wantTokens = false;
let wantValues = false;
/** Length filters (a byte per length, 1 = wanted), 0 for none; the largest length reported. */
let tokenFilter: usize = 0;
let tokenMax: i32 = 0;
let valueFilter: usize = 0;
let valueMax: i32 = 0;
let minToken: i32 = 0;

// The index's prefilters (scanner.ts ScanPrefilter), 0/false when the scan has none: a token,
// value or URL that surely names nothing leaked is never handed over.
let pre = false;
let preUsernames = false;
let preHosts = false;
let prePasswords = false;
let preUrls = false;
let preEmails = false;
let emailLengths: usize = 0;
let emailLengthsCap: i32 = 0;
let emailBits: usize = 0;
let userLengths: usize = 0;
let userLengthsCap: i32 = 0;
let hostLengths: usize = 0;
let hostLengthsCap: i32 = 0;
let passwordLengths: usize = 0;
let passwordLengthsCap: i32 = 0;
let userBits: usize = 0;
let hostBits: usize = 0;
let passwordBits: usize = 0;

// The scan's state (scanner.ts documents each).
let doubleDot: i32 = -1;
let emAt: i32 = -1;
let emLocal: i32 = 0;
let urlStop: i32 = 0;
let urlRest: i32 = -1;
let urlEnd: i32 = -1;
let quote: i32 = 0;
let quoteAt: i32 = -1;
let quotePosition: i32 = NONE;
let pendingAt: i32 = -1;
let pendingPosition: i32 = NONE;
let valueStart: i32 = -1;
let valueEnd: i32 = -1;
let bsEnd: i32 = -1;
let bsOdd = false;
/** Where `run` resumes, and the start of the token run there. */
let at_: i32 = 0;
let runStart: i32 = 0;

@inline function code(i: i32): i32 {
  return <i32>load<u16>(codes + (<usize>i << 1));
}

@inline function cls(c: i32): i32 {
  return <i32>load<u8>(CLS + <usize>c);
}

@inline function isQuote(c: i32): bool {
  return c == DQ || c == SQ || c == BT;
}

@inline function isTrailing(c: i32): bool {
  return c == 46 || c == 44 || c == 59 || c == 58 || c == 33 || c == 63 || c == 42 || c == 39;
}

@inline function lower(c: i32): i32 {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

@inline function isLetter(c: i32): bool {
  const l = lower(c);
  return l >= 97 && l <= 122;
}

/** sketch.ts `lower` when `fold`. */
@inline function sketchUnit(c: i32, fold: bool): i32 {
  if (!fold) return c;
  if (c > 0x7f) return 0x80;
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/** sketch.ts `Sketch.mayHave` over the bits at `bits`. */
function sketchHas(bits: usize, s: i32, e: i32, fold: bool): bool {
  const len = e - s;
  if (len < 2) return true;
  const a = sketchUnit(code(s), fold);
  const b = sketchUnit(code(s + 1), fold);
  const c = sketchUnit(code(e - 1), fold);
  const d = sketchUnit(code(e - 2), fold);
  const x = (((a * 31 + b) * 31 + c) * 31 + d) ^ (len * <i32>0x27d4eb2f);
  const slot = <u32>(x * <i32>0x9e3779b1) >> 12;
  return (<i32>load<u8>(bits + <usize>(slot >> 3)) & (1 << (slot & 7))) != 0;
}

@inline function hasLength(filter: usize, cap: i32, len: i32): bool {
  return len < cap && load<u8>(filter + <usize>len) == 1;
}

function hasDot(s: i32, e: i32): bool {
  for (let k = s; k < e; k++) if (code(k) == DOT) return true;
  return false;
}

/** Whether `[s, e)` is all ASCII without `:` (matchSink.ts plainHost). */
function plainHost(s: i32, e: i32): bool {
  for (let k = s; k < e; k++) {
    const c = code(k);
    if (c > 0x7f || c == COLON) return false;
  }
  return true;
}

/** matchSink.ts's first tests of a token, a value and a URL: false when it surely names nothing leaked. */
function tokenMayLeak(s: i32, e: i32, flags: i32): bool {
  const len = e - s;
  if (preUsernames && hasLength(userLengths, userLengthsCap, len) && sketchHas(userBits, s, e, true)) return true;
  return preHosts && (flags & IN_URL) == 0 && hasLength(hostLengths, hostLengthsCap, len) && hasDot(s, e) && sketchHas(hostBits, s, e, true);
}

function valueMayLeak(s: i32, e: i32, position: i32): bool {
  const len = e - s;
  if (prePasswords && hasLength(passwordLengths, passwordLengthsCap, len) && sketchHas(passwordBits, s, e, false)) return true;
  return position == USER && preUsernames && hasLength(userLengths, userLengthsCap, len);
}

/** matchSink.ts tries an address that is not all ASCII several ways: only an ASCII one is tested here. */
function emailMayLeak(s: i32, e: i32): bool {
  if (!preEmails) return false;
  for (let k = s; k < e; k++) if (code(k) > 0x7f) return true;
  return hasLength(emailLengths, emailLengthsCap, e - s) && sketchHas(emailBits, s, e, true);
}

function urlMayLeak(hs: i32, he: i32): bool {
  if (!preUrls) return false;
  if (hs < 0 || !plainHost(hs, he)) return true;
  return hasLength(hostLengths, hostLengthsCap, he - hs) && sketchHas(hostBits, hs, he, true);
}

function emit(kind: i32, s: i32, e: i32, a: i32, b: i32): void {
  const p = out + (<usize>outLen) * 20;
  store<i32>(p, kind);
  store<i32>(p, s, 4);
  store<i32>(p, e, 8);
  store<i32>(p, a, 12);
  store<i32>(p, b, 16);
  outLen++;
}

/** Whether the units before `j` end with `word` (lower-case ASCII), starting at or after `floor`. */
function endsWith(j: i32, word: string, floor: i32): bool {
  const len = word.length;
  const s = j - len;
  if (s < floor) return false;
  const w = changetype<usize>(word);
  for (let k = 0; k < len; k++) if (lower(code(s + k)) != <i32>load<u16>(w + (<usize>k << 1))) return false;
  return true;
}

/** `word` ends at `j` with no ASCII letter before it (or at the window's start). */
function wordAt(j: i32, word: string, floor: i32): bool {
  if (!endsWith(j, word, floor)) return false;
  const s = j - word.length;
  return s == floor || !isLetter(code(s - 1));
}

function userTail(j: i32, tail: string, floor: i32): bool {
  if (!endsWith(j, tail, floor)) return false;
  const k = j - tail.length;
  if (wordAt(k, 'user', floor)) return true;
  const sep = k > 0 ? code(k - 1) : 0;
  return (sep == 32 || sep == 95 || sep == 46 || sep == 45) && wordAt(k - 1, 'user', floor);
}

/** scanner.ts keyPosition: NONE, PASSWORD or USER for the key ending before `end`. */
function keyPosition(end: i32): i32 {
  let j = end;
  let blanks = 0;
  while (j > 0 && blanks < 2 && (cls(code(j - 1)) & BLANK) != 0) {
    j--;
    blanks++;
  }
  if (j > 0 && isQuote(code(j - 1))) j--;
  if (j < 2) return NONE;
  const last = code(j - 1);
  const before = code(j - 2);
  if (last > 127 || before > 127 || load<u8>(KEY_ENDS + <usize>((lower(before) << 8) | lower(last))) == 0) return NONE;
  const floor = j - MAX_KEY > 0 ? j - MAX_KEY : 0;
  if (endsWith(j, 'password', floor) || endsWith(j, 'passwd', floor) || endsWith(j, 'passphrase', floor) || endsWith(j, 'secret', floor)) return PASSWORD;
  if (wordAt(j, 'pass', floor) || wordAt(j, 'pwd', floor) || wordAt(j, 'pw', floor)) return PASSWORD;
  if (userTail(j, 'name', floor) || userTail(j, 'id', floor)) return USER;
  if (wordAt(j, 'login', floor) || wordAt(j, 'usr', floor) || wordAt(j, 'uid', floor) || wordAt(j, 'account', floor) || wordAt(j, 'user', floor)) return USER;
  return NONE;
}

function value(s: i32, e: i32, position: i32, origin: i32): void {
  const len = e - s;
  if (len > 0 && len <= valueMax && (valueFilter == 0 || load<u8>(valueFilter + <usize>len) == 1) && (!pre || valueMayLeak(s, e, position))) emit(VALUE_KIND, s, e, position, origin);
}

function startValue(v: i32, position: i32): void {
  while (v < n && (cls(code(v)) & BLANK) != 0) v++;
  if (v >= n) return;
  const c = code(v);
  if (isQuote(c)) {
    pendingAt = v;
    pendingPosition = position;
  } else if ((cls(c) & VALUE) != 0) {
    let e: i32;
    if (v > valueStart && v < valueEnd) e = valueEnd;
    else {
      e = v + 1;
      while (e < n && (cls(code(e)) & VALUE) != 0) e++;
      valueStart = v;
      valueEnd = e;
    }
    if (wantValues) value(v, e, position, UNQUOTED);
  }
}

function token(a: i32, end: i32): void {
  let s = a;
  let e = end;
  while (s < e && (code(s) == DOT || code(s) == DASH)) s++;
  while (e > s && (code(e - 1) == DOT || code(e - 1) == DASH)) e--;
  if (e == s || e - s > tokenMax || (a > 0 && code(a - 1) == AT) || (end < n && code(end) == AT)) return;
  if (tokenFilter != 0 && load<u8>(tokenFilter + <usize>(e - s)) != 1) return;
  const flags = s >= urlRest && s < urlEnd ? IN_URL : 0;
  if (!pre || tokenMayLeak(s, e, flags)) emit(TOKEN_KIND, s, e, flags, 0);
}

function email(a: i32, end: i32): void {
  let e = doubleDot >= a ? doubleDot : end;
  while (e > a && code(e - 1) == DOT) e--;
  for (let k = a + 1; k < e; k++) {
    if (code(k) == DOT) {
      if (wantEmails && (!pre || emailMayLeak(emLocal, e))) emit(EMAIL, emLocal, e, 0, 0);
      return;
    }
  }
}

function closeRun(a: i32, end: i32): void {
  if (emAt >= 0) {
    if (a == emAt + 1 && end > a && code(a) != DOT) email(a, end);
    emAt = -1;
  }
  if (end - a >= minToken && wantTokens) token(a, end);
  if (wantValues && end - a >= 4 && end < n && code(a) == DASH && code(a + 1) == DASH && (cls(code(end)) & BLANK) != 0 && code(end - 1) != DOT && code(end - 1) != DASH) {
    const position = keyPosition(end);
    if (position != NONE) startValue(end + 1, position);
  }
}

function atSign(i: i32): void {
  let l = i;
  const floor = i - MAX_LOCAL > 0 ? i - MAX_LOCAL : 0;
  while (l > floor && (cls(code(l - 1)) & LOCAL) != 0) l--;
  while (l < i && (code(l) == DOT || code(l) == SQ)) l++;
  if (l < i) {
    emAt = i;
    emLocal = l;
  }
}

function colon(i: i32): void {
  const next = i + 1 < n ? code(i + 1) : 0;
  const position = keyPosition(i);
  if ((cls(next) & BLANK) != 0 || isQuote(next) || position != NONE) startValue(i + 1, position);
}

function equals(i: i32): void {
  const next = i + 1 < n ? code(i + 1) : 0;
  const prev = i > 0 ? code(i - 1) : 0;
  if (next != EQ && next != 62 && prev != EQ && prev != 33 && prev != 60 && prev != 62) startValue(i + 1, keyPosition(i));
}

function quoteChar(c: i32, i: i32): void {
  if (bsEnd == i && bsOdd) return;
  if (quote == c) {
    const key = i + 1 < n && code(i + 1) == COLON ? true : i + 2 < n && (cls(code(i + 1)) & BLANK) != 0 && code(i + 2) == COLON;
    if (!key && wantValues) value(quoteAt + 1, i, quotePosition, QUOTED);
    quote = 0;
  } else if (quote == 0) {
    quote = c;
    quoteAt = i;
    quotePosition = pendingAt == i ? pendingPosition : NONE;
  }
}

function url(p: i32): void {
  let s = p;
  const floor = p - MAX_SCHEME > urlStop ? p - MAX_SCHEME : urlStop;
  while (s > floor && (cls(code(s - 1)) & SCHEME) != 0) s--;
  while (s < p && (cls(code(s)) & ALPHA) == 0) s++;
  if (s == p) return;
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
    let c = code(e);
    // Most URL characters change nothing below: in the authority the host's letters, digits,
    // dots and dashes; past it anything but brackets. Skip them.
    if (inAuthority) {
      if ((cls(c) & TOKEN) != 0) {
        do {
          e++;
          c = code(e);
        } while (e < n && (cls(c) & TOKEN) != 0);
        if (e >= n) break;
      }
    } else if (load<u8>(URL_PLAIN + <usize>c) != 0) {
      do {
        e++;
        c = code(e);
      } while (e < n && load<u8>(URL_PLAIN + <usize>c) != 0);
      if (e >= n) break;
    }
    if ((cls(c) & URL_CHAR) == 0) break;
    if (c == 40) paren++;
    else if (c == 41) {
      if (paren == 0) break;
      paren--;
    } else if (c == 91) bracket++;
    else if (c == 93) {
      if (bracket == 0) break;
      bracket--;
    } else if (c == 123) brace++;
    else if (c == 125) {
      if (brace == 0) break;
      brace--;
    }
    if (!inAuthority) continue;
    if (c == SLASH || c == 63 || c == 35) {
      inAuthority = false;
      authEnd = e;
    } else if (c == AT) {
      lastAt = e;
      hostStart = e + 1;
      portColon = -1;
      v6 = false;
    } else if (c == COLON) {
      if (firstColon < 0) firstColon = e;
      if (!v6) portColon = e;
    } else if (c == 91 && e == hostStart) v6 = true;
    else if (c == 93) v6 = false;
  }
  urlStop = e;
  while (e > r && isTrailing(code(e - 1))) e--;
  if (e == r) return;
  urlRest = r;
  urlEnd = e;
  const auth = authEnd < 0 || authEnd > e ? e : authEnd;
  let he = portColon >= hostStart && portColon < auth ? portColon : auth;
  while (he > hostStart && code(he - 1) == DOT) he--;
  const hs = he > hostStart ? hostStart : -1;
  const hostEnd = he > hostStart ? he : -1;
  if (wantUrls && (!pre || urlMayLeak(hs, hostEnd))) emit(URL, s, e, hs, hostEnd);
  if (lastAt >= 0 && wantValues) {
    const uc = firstColon >= 0 && firstColon < lastAt ? firstColon : lastAt;
    value(r, uc, USER, USERINFO);
    if (uc < lastAt) value(uc + 1, lastAt, PASSWORD, USERINFO);
  }
}

/** The class table (65,536 bytes), the event table (65,536), the key-end table (32,768) and the plain URL characters (65,536), copied in by the caller. */
export function setup(classes: usize, events: usize, keyEnds: usize, urlPlain: usize): void {
  CLS = classes;
  EVT = events;
  KEY_ENDS = keyEnds;
  URL_PLAIN = urlPlain;
}

/** Where the caller's memory may start: after this module's own data. */
export function heapBase(): usize {
  return __heap_base;
}

/**
 * Starts a scan of `length` code units at `text` (and one more unit, which it overwrites), candidates going to `output` (`capacity`
 * slots of five i32). `flags`: 1 e-mails, 2 URLs, 4 tokens, 8 values. A filter of 0 takes every length up to its max.
 */
export function begin(text: usize, length: i32, output: usize, capacity: i32, flags: i32, tokens: usize, tokensMax: i32, values: usize, valuesMax: i32, shortestToken: i32): void {
  codes = text;
  n = length;
  // The sentinel `run` stops at (the caller reserves the unit): a NUL, no word character.
  store<u16>(text + (<usize>length << 1), 0);
  out = output;
  outCap = capacity;
  outLen = 0;
  wantEmails = (flags & 1) != 0;
  wantUrls = (flags & 2) != 0;
  wantTokens = (flags & 4) != 0;
  wantValues = (flags & 8) != 0;
  tokenFilter = tokens;
  tokenMax = tokensMax;
  valueFilter = values;
  valueMax = valuesMax;
  minToken = shortestToken;
  pre = false;
  doubleDot = -1;
  emAt = -1;
  emLocal = 0;
  urlStop = 0;
  urlRest = -1;
  urlEnd = -1;
  quote = 0;
  quoteAt = -1;
  quotePosition = NONE;
  pendingAt = -1;
  pendingPosition = NONE;
  valueStart = -1;
  valueEnd = -1;
  bsEnd = -1;
  bsOdd = false;
  at_ = 0;
  runStart = 0;
}

/**
 * The index's prefilters for the scan begun last (after `begin`): `flags` 1 usernames, 2 hosts,
 * 4 passwords, 8 URLs, 32 e-mails, 16 on (0: no prefilter); each length filter with its size;
 * at `bits` four sketches of 2^20 bits: usernames, hosts (both case-folded), passwords (exact),
 * e-mails (case-folded), as leakIndex.ts builds them.
 */
export function prefilter(flags: i32, users: usize, usersCap: i32, hosts: usize, hostsCap: i32, passwords: usize, passwordsCap: i32, emails: usize, emailsCap: i32, bits: usize): void {
  pre = flags != 0;
  preUsernames = (flags & 1) != 0;
  preHosts = (flags & 2) != 0;
  prePasswords = (flags & 4) != 0;
  preUrls = (flags & 8) != 0;
  preEmails = (flags & 32) != 0;
  userLengths = users;
  userLengthsCap = usersCap;
  hostLengths = hosts;
  hostLengthsCap = hostsCap;
  passwordLengths = passwords;
  passwordLengthsCap = passwordsCap;
  emailLengths = emails;
  emailLengthsCap = emailsCap;
  userBits = bits;
  hostBits = bits + SKETCH_BYTES;
  passwordBits = bits + 2 * SKETCH_BYTES;
  emailBits = bits + 3 * SKETCH_BYTES;
}

/** Candidates written since the last `run` began. */
export function count(): i32 {
  return outLen;
}

/**
 * Scans on from where it stopped. Returns 1 when the output is (nearly) full: the caller
 * takes `count()` candidates and calls `run` again; 0 when the text is done.
 */
export function run(): i32 {
  outLen = 0;
  let i = at_;
  // Start of the current token run (just after the last non-token character).
  let rs = runStart;
  const limit = outCap - MARGIN;
  const events = EVT;
  const units = codes;
  const length = n;
  for (;;) {
    // The unit after the text is a sentinel that is no word character (`begin`), so this loop
    // needs no bound test.
    let ev = <i32>load<u8>(events + <usize>load<u16>(units + (<usize>i << 1)));
    while (ev == EV_WORD) {
      i++;
      ev = <i32>load<u8>(events + <usize>load<u16>(units + (<usize>i << 1)));
    }
    if (i >= length) break;
    if (ev == EV_DOT) {
      if (i > rs && code(i - 1) == DOT && doubleDot < rs) doubleDot = i - 1;
      i++;
      continue;
    }
    if (ev == EV_DASH) {
      i++;
      continue;
    }
    if (outLen > limit) {
      at_ = i;
      runStart = rs;
      return 1;
    }
    if (emAt >= 0 || i - rs >= minToken || (ev == EV_BLANK && i - rs >= 4 && code(rs) == DASH)) closeRun(rs, i);
    rs = i + 1;
    // Blanks and other punctuation (most events) end the run and nothing more. Tests in order
    // of frequency, not a switch: a jump table's indirect branch mispredicts on every change.
    if (ev > EV_OTHER) {
      if (ev == EV_QUOTE) quoteChar(code(i), i);
      else if (ev == EV_EQ) {
        if (wantValues) equals(i);
      } else if (ev == EV_NL) quote = 0;
      else if (ev == EV_COLON) {
        if (i + 2 < n && code(i + 1) == SLASH && code(i + 2) == SLASH) {
          if (i >= urlStop && (wantUrls || wantValues)) url(i);
        } else if (wantValues) colon(i);
      } else if (ev == EV_AT) atSign(i);
      else if (ev == EV_BACKSLASH) {
        bsOdd = bsEnd == i ? !bsOdd : true;
        bsEnd = i + 1;
      }
    }
    i++;
  }
  if (outLen > limit) {
    at_ = n;
    runStart = rs;
    return 1;
  }
  closeRun(rs, n);
  at_ = n;
  runStart = n;
  return 0;
}
