// The candidate scanner's loop, in AssemblyScript, compiled to WebAssembly by
// src/core/scan/wasm/build.mjs. The grammar and the reasons behind each rule are at the top of
// src/core/scan/scanner.ts, which owns this module: it lays out the memory, copies the class
// tables (charClass.ts) and the text in, runs `run`, and hands the candidates to the sink.
// WebAssembly with SIMD because the loop classifies 64 units at a time into bit masks and
// visits only the units a rule needs (`run`), and the long walks (a value, a URL, a host) go
// 16 units a step: compiled ahead of time, with no bounds checks and no deoptimisation, the
// loop's pace does not hang on what a JIT makes of it (npm run bench reports match.throughput).
//
// Linear time, as in the grammar: each forward walk covers a stretch no other walk of its
// kind covers (a URL's, an e-mail domain's, a flag's run, a value cached in valueStart and
// valueEnd), so a unit is read a bounded number of times; look-back is bounded.
// The constants below must equal scanner.ts and charClass.ts: the unit tests' oracle
// (test/unit/core/scan/scanOracle.ts) fails on any difference.

// Events (scanner.ts EV_*); 0–4 (word, dot, dash, blank, other) have no rule of their own.
const EV_AT: i32 = 5;
const EV_COLON: i32 = 6;
const EV_EQ: i32 = 7;
const EV_BACKSLASH: i32 = 8;
const EV_QUOTE: i32 = 10;
const EV_PERCENT: i32 = 11;

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
const FORM: i32 = 4;
const IN_URL: i32 = 1;
const NONE: i32 = 0;
const PASSWORD: i32 = 1;
const USER: i32 = 2;
const QUOTED: i32 = 0;
const UNQUOTED: i32 = 1;
const USERINFO: i32 = 2;
// Form marks (scanner.ts FORM_*).
const FORM_DASH: i32 = 0;
const FORM_AT: i32 = 1;
const FORM_PERCENT: i32 = 2;
const FORM_AUTH: i32 = 3;

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
let wantForms = false;
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
/** The passwords' sketch has both probes' bits (sketch.ts). */
let twoProbes = false;
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
/** Where `run` resumes; what it carries from the block before that position's block (see `run`). */
let at_: i32 = 0;
/** Where this scan's events end (`range`): the text's end, or the start of the next part's line. */
let stopAt: i32 = 0;
let carryZ: u64 = 0;
let carryD: u64 = 0;
let carryB: i32 = -1;
/** The last newline before the block being visited, and that block's start. */
let carryNL: i32 = -1;
let blockBase: i32 = 0;
/** The shortest token run that needs `closeRun` (1–64), 0 when none does. */
let runMin: i32 = 0;
// One block's masks (`masks`): bit j stands for the unit at the block's start + j.
let blockZ: u64 = 0;
let blockS: u64 = 0;
let blockD: u64 = 0;
let blockN: u64 = 0;

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

/** sketch.ts `sketchKey` of `[s, e)` (at least 2 units). */
@inline function sketchKey(s: i32, e: i32, fold: bool): i32 {
  const a = sketchUnit(code(s), fold);
  const b = sketchUnit(code(s + 1), fold);
  const c = sketchUnit(code(e - 1), fold);
  const d = sketchUnit(code(e - 2), fold);
  return (((a * 31 + b) * 31 + c) * 31 + d) ^ ((e - s) * <i32>0x27d4eb2f);
}

/** sketch.ts `sketchSlot` (the first probe's slot) of `[s, e)` (at least 2 units). */
@inline function sketchSlot(s: i32, e: i32, fold: bool): u32 {
  return <u32>(sketchKey(s, e, fold) * <i32>0x9e3779b1) >> 12;
}

@inline function hasSlot(bits: usize, slot: u32): bool {
  return (<i32>load<u8>(bits + <usize>(slot >> 3)) & (1 << (slot & 7))) != 0;
}

/** sketch.ts `Sketch.mayHave` over the bits at `bits`. */
function sketchHas(bits: usize, s: i32, e: i32, fold: bool): bool {
  return e - s < 2 || hasSlot(bits, sketchSlot(s, e, fold));
}

/** sketch.ts `Sketch.mayHave` of a sketch of two probes (passwords, exact) over the bits at `bits`. */
function sketchHas2(bits: usize, s: i32, e: i32): bool {
  if (e - s < 2) return true;
  const key = sketchKey(s, e, false);
  return hasSlot(bits, <u32>(key * <i32>0x9e3779b1) >> 12) && hasSlot(bits, <u32>(key * <i32>0x85ebca77) >> 12);
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

/**
 * 1 when `len` is one of a length filter's lengths, else 0, with no branch: a token's length
 * decides it, and real text's lengths come in no order a branch predictor learns.
 */
@inline function lengthBit(filter: usize, cap: i32, len: i32): i32 {
  const inside = len < cap;
  return <i32>load<u8>(filter + <usize>(inside ? len : 0)) & <i32>inside;
}

/** A slot's bit (0 or 1) in the sketch at `bits`. */
@inline function slotBit(bits: usize, slot: u32): i32 {
  return (<i32>load<u8>(bits + <usize>(slot >> 3)) >> <i32>(slot & 7)) & 1;
}

/**
 * matchSink.ts's first tests of a token (a URL's are in `urlMayLeak`, a value's in `value`),
 * with the scan's token lengths (`wanted`, 0 or 1): false when it surely names nothing leaked.
 * The lengths and both sketches are read whatever each says, and only their sum decides: most
 * tokens fail, each in its own way, and one branch taken rarely costs less than three taken at
 * random.
 */
@inline function tokenMayLeak(s: i32, e: i32, flags: i32, wanted: i32): bool {
  const len = e - s;
  const user = wanted & <i32>preUsernames & lengthBit(userLengths, userLengthsCap, len);
  const host = wanted & <i32>preHosts & <i32>((flags & IN_URL) == 0) & lengthBit(hostLengths, hostLengthsCap, len);
  // Both sketches fold case and share the slot: one hash, and the dot looked for last.
  if (len < 2) return user != 0 || (host != 0 && hasDot(s, e));
  const slot = sketchSlot(s, e, true);
  const u = user & slotBit(userBits, slot);
  const h = host & slotBit(hostBits, slot);
  if ((u | h) == 0) return false;
  return u != 0 || hasDot(s, e);
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

@inline function isHex(c: i32): bool {
  const l = c | 0x20;
  return (c >= 48 && c <= 57) || (l >= 97 && l <= 102);
}

/** A form mark (scanner.ts FORM): where credentialForms.ts looks. */
@inline function mark(which: i32, i: i32): void {
  emit(FORM, i, i + 1, which, 0);
}

/** A unit before which no user-info or login is read back from an `@` (credentialForms.ts urlUserInfo). */
@inline function endsLogin(c: i32): bool {
  return c == 32 || c == 9 || c == 10 || c == 13 || c == DQ || c == SQ || c == SLASH || c == 60 || c == 62 || c == BT;
}

/**
 * A dash after a boundary: a mark where a `-u`, `-p` or `--user` flag may start (for
 * `--user`, at its second dash, where credentialForms.ts reads it).
 */
function dashMark(i: i32): void {
  const next = code(i + 1);
  if (next == 117 || next == 112) mark(FORM_DASH, i);
  else if (next == DASH && code(i + 2) == 117) mark(FORM_DASH, i + 1);
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

/**
 * A value's position, NONE, PASSWORD or USER, or a key not looked at yet: `lazy(end)`, the key
 * ending before `end`. Most values fail their length or sketch test, so most keys are never read.
 */
@inline function lazy(end: i32): i32 {
  return -1 - end;
}

function resolve(position: i32): i32 {
  return position < 0 ? keyPosition(-1 - position) : position;
}

function value(s: i32, e: i32, position: i32, origin: i32): void {
  const len = e - s;
  if (len <= 0 || len > valueMax || (valueFilter != 0 && load<u8>(valueFilter + <usize>len) != 1)) return;
  // The prefilter (matchSink.ts's first tests): a password, or a username at a user position.
  if (pre && !(prePasswords && hasLength(passwordLengths, passwordLengthsCap, len) && (twoProbes ? sketchHas2(passwordBits, s, e) : sketchHas(passwordBits, s, e, false)))) {
    if (!preUsernames || !hasLength(userLengths, userLengthsCap, len)) return;
    position = resolve(position);
    if (position != USER) return;
  }
  emit(VALUE_KIND, s, e, resolve(position), origin);
}

// Run walks, 16 units a step where they are ASCII (see `masks` for the rectangles). Each
// stops at the sentinel unit after the text (a NUL: no TOKEN, VALUE or URL character), so at
// most at `n`; a step may read 15 units past it, which the caller reserves.

/**
 * The vectors `masks` and `walk` compare with (rectangles: high nibble set × low nibble set,
 * see `masks`), as data in memory: the compiled code rebuilds a vector constant from
 * immediates at every use, three or four instructions, where a load is one. They are the
 * module's initial data, not written by `setup`: instantiating the module again on the same
 * memory (a helper thread starting while this thread scans) writes the same bytes over them.
 */
const VECTORS: usize = memory.data<u8>(
  [
    // V_TOKEN_LO, V_TOKEN_HI. Token rectangles: 1 {4,6}×{1–F} A–O a–o, 2 {5,7}×{0–A} P–Z p–z,
    // 4 {3}×{0–9} digits, 8 {2}×{D,E} `-.`, 16 {5}×{F} `_`.
    6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 3, 1, 1, 9, 9, 17,
    0, 0, 8, 4, 1, 18, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0,
    // V_SPECIAL_LO, V_SPECIAL_HI. Special rectangles: 1 {4,6}×{0} `@` backtick, 2 {3}×{A,D} `:=`,
    // 4 {5}×{C} backslash, 16 {2}×{2,5,7} `"%'`.
    1, 0, 16, 0, 0, 16, 0, 16, 0, 0, 2, 0, 4, 2, 0, 0,
    0, 0, 16, 2, 1, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // V_NIBBLE, V_DASH, V_NEWLINE: 0x0f, `-` and `\n` in every byte.
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    // V_WIDE: 0xff80 in every 16-bit lane (the bits of a unit past ASCII).
    0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff,
    // V_VALUE_STOP_LO, V_VALUE_STOP_HI. Units that end an unquoted value: 1 {0,1}×all controls,
    // 2 {2}×{0,2,6,7,8,9,C} blank `"&'(),`, 4 {3}×{B–E} `;<=>`, 8 {5,7}×{B,D} `[]{}`,
    // 16 {6}×{0} backtick, 32 {7}×{F} DEL.
    19, 1, 3, 1, 1, 1, 3, 3, 3, 3, 1, 13, 7, 13, 5, 33,
    1, 1, 2, 4, 0, 8, 16, 40, 0, 0, 0, 0, 0, 0, 0, 0,
    // V_URL_STOP_LO, V_URL_STOP_HI. Units that end a URL's plain run: 1 {0,1}×all controls,
    // 2 {2}×{0,2,8,9} blank `"()`, 4 {3}×{C,E} `<>`, 8 {5,7}×{B,C,D} `[\]{|}`, 16 {5}×{E} `^`,
    // 32 {6}×{0} backtick, 64 {7}×{F} DEL.
    35, 1, 3, 1, 1, 1, 1, 1, 3, 3, 1, 9, 13, 9, 21, 65,
    1, 1, 2, 4, 0, 24, 32, 72, 0, 0, 0, 0, 0, 0, 0, 0,
  ],
  16,
);
const V_TOKEN_LO: usize = 0;
const V_TOKEN_HI: usize = 16;
const V_SPECIAL_LO: usize = 32;
const V_SPECIAL_HI: usize = 48;
const V_NIBBLE: usize = 64;
const V_DASH: usize = 80;
const V_NEWLINE: usize = 96;
const V_WIDE: usize = 112;
const V_VALUE_STOP_LO: usize = 128;
const V_VALUE_STOP_HI: usize = 144;
const V_URL_STOP_LO: usize = 160;
const V_URL_STOP_HI: usize = 176;

/** Bits of the first of 16 ASCII units at `p` that the rectangles `lo`, `hi` hold (`stop`) or do not hold; -1 when a unit is not ASCII. */
@inline function groupMask(p: usize, lo: v128, hi: v128, wide: v128, nibble: v128, stop: bool): i32 {
  const a = v128.load(p);
  const b = v128.load(p, 16);
  if (v128.any_true(v128.and(v128.or(a, b), wide))) return -1;
  const u = i8x16.narrow_i16x8_u(a, b);
  // The high nibbles by a 16-bit shift and the nibble mask in hand (an 8-bit shift compiles to the same with a mask it builds).
  const t = v128.and(i8x16.swizzle(lo, v128.and(u, nibble)), i8x16.swizzle(hi, v128.and(i16x8.shr_u(u, 4), nibble)));
  // `ne` compiles to `eq` and a negation: the bits are negated instead.
  const outside = i8x16.bitmask(i8x16.eq(t, v128.xor(t, t)));
  return stop ? ~outside & 0xffff : outside;
}

// What ends a walk (`walk`).
const WALK_TOKEN: i32 = 0;
const WALK_VALUE: i32 = 1;
const WALK_URL: i32 = 2;

/** Whether the unit `c` goes on a walk of `kind` (the class tables' answer, for units that are not ASCII). */
@inline function walks(kind: i32, c: i32): bool {
  if (kind == WALK_TOKEN) return (cls(c) & TOKEN) != 0;
  if (kind == WALK_VALUE) return (cls(c) & VALUE) != 0;
  return load<u8>(URL_PLAIN + <usize>c) != 0;
}

/** The first unit at or after `e` that ends a walk of `kind`: no TOKEN character, no VALUE character, no plain URL character (URL_PLAIN). */
@inline function walk(e: i32, kind: i32): i32 {
  const lo = v128.load(VECTORS + (kind == WALK_TOKEN ? V_TOKEN_LO : kind == WALK_VALUE ? V_VALUE_STOP_LO : V_URL_STOP_LO));
  const hi = v128.load(VECTORS + (kind == WALK_TOKEN ? V_TOKEN_HI : kind == WALK_VALUE ? V_VALUE_STOP_HI : V_URL_STOP_HI));
  const wide = v128.load(VECTORS + V_WIDE);
  const nibble = v128.load(VECTORS + V_NIBBLE);
  for (;;) {
    const p = codes + (<usize>e << 1);
    const m = groupMask(p, lo, hi, wide, nibble, kind != WALK_TOKEN);
    if (m > 0) return e + ctz(m);
    if (m < 0) {
      for (let k = 0; k < 16; k++, e++) if (!walks(kind, code(e))) return e;
    } else e += 16;
  }
  // Not reached: the sentinel stops every walk.
  return n;
}

function tokenRun(e: i32): i32 {
  return walk(e, WALK_TOKEN);
}

function valueRun(e: i32): i32 {
  return walk(e, WALK_VALUE);
}

function urlRun(e: i32): i32 {
  return walk(e, WALK_URL);
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
      e = valueRun(v + 1);
      valueStart = v;
      valueEnd = e;
    }
    if (wantValues) value(v, e, position, UNQUOTED);
  }
}

@inline function token(a: i32, end: i32): void {
  let s = a;
  let e = end;
  while (s < e && (code(s) == DOT || code(s) == DASH)) s++;
  while (e > s && (code(e - 1) == DOT || code(e - 1) == DASH)) e--;
  if (e == s || e - s > tokenMax || (a > 0 && code(a - 1) == AT) || (end < n && code(end) == AT)) return;
  const wanted = tokenFilter == 0 ? 1 : <i32>load<u8>(tokenFilter + <usize>(e - s));
  const flags = s >= urlRest && s < urlEnd ? IN_URL : 0;
  if (pre ? tokenMayLeak(s, e, flags, wanted) : wanted == 1) emit(TOKEN_KIND, s, e, flags, 0);
}

/** The e-mail address of the local part `[local, at)` and the domain run `[a, end)` (its first `..` at `doubleDot`, or -1). */
function email(local: i32, a: i32, end: i32, doubleDot: i32): void {
  let e = doubleDot >= a ? doubleDot : end;
  while (e > a && code(e - 1) == DOT) e--;
  for (let k = a + 1; k < e; k++) {
    if (code(k) == DOT) {
      if (!pre || emailMayLeak(local, e)) emit(EMAIL, local, e, 0, 0);
      return;
    }
  }
}

/**
 * A token run `[a, end)` long enough to be a token, ended by a boundary (or the text's end).
 * Inlined into `run`, as are `token`, `tokenMayLeak` and `special`: `run` reaches them once
 * per event, and real text has events throughout.
 */
@inline function closeRun(a: i32, end: i32): void {
  if (end - a >= minToken) token(a, end);
}

/**
 * A `--` at `i - 1` that starts a token run: a `--user`/`--password`-style flag when the run
 * ends at a blank. Walks the run (no other `--` starts it, so each unit once).
 */
function flag(i: i32): void {
  const a = i - 1;
  const end = tokenRun(i + 1);
  if (end - a >= 4 && end < n && (cls(code(end)) & BLANK) != 0 && code(end - 1) != DOT && code(end - 1) != DASH) {
    const position = keyPosition(end);
    if (position != NONE) startValue(end + 1, position);
  }
}

/** An `@`: the local part before it (bounded look-back) and the domain run after it (walked once: only this `@` starts it). */
function atSign(i: i32): void {
  let l = i;
  const floor = i - MAX_LOCAL > 0 ? i - MAX_LOCAL : 0;
  while (l > floor && (cls(code(l - 1)) & LOCAL) != 0) l--;
  while (l < i && (code(l) == DOT || code(l) == SQ)) l++;
  if (l == i) return;
  const a = i + 1;
  let end = a;
  let doubleDot = -1;
  while (end < n) {
    const c = code(end);
    if ((cls(c) & TOKEN) == 0) break;
    if (c == DOT && end > a && doubleDot < 0 && code(end - 1) == DOT) doubleDot = end - 1;
    end++;
  }
  if (end > a && code(a) != DOT) email(l, a, end, doubleDot);
}

function colon(i: i32): void {
  const next = i + 1 < n ? code(i + 1) : 0;
  if ((cls(next) & BLANK) != 0 || isQuote(next)) startValue(i + 1, lazy(i));
  else {
    const position = keyPosition(i);
    if (position != NONE) startValue(i + 1, position);
  }
}

function equals(i: i32): void {
  const next = i + 1 < n ? code(i + 1) : 0;
  const prev = i > 0 ? code(i - 1) : 0;
  if (next != EQ && next != 62 && prev != EQ && prev != 33 && prev != 60 && prev != 62) startValue(i + 1, lazy(i));
}

/** The last newline before `i`, in the block being visited. */
function lastNewline(i: i32): i32 {
  const before = blockN & ((<u64>1 << <u64>(i - blockBase)) - 1);
  return before != 0 ? blockBase + 63 - <i32>clz(before) : carryNL;
}

function quoteChar(c: i32, i: i32): void {
  if (bsEnd == i && bsOdd) return;
  // A string ends at its line's end: newlines are no events (`run`), so look back for one.
  if (quote != 0 && lastNewline(i) > quoteAt) quote = 0;
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
        e = tokenRun(e + 1);
        if (e >= n) break;
        c = code(e);
      }
    } else if (load<u8>(URL_PLAIN + <usize>c) != 0) {
      e = urlRun(e + 1);
      if (e >= n) break;
      c = code(e);
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
 * slots of five i32). `flags`: 1 e-mails, 2 URLs, 4 tokens, 8 values, 16 form marks. A filter of 0 takes every length up to its max.
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
  wantForms = (flags & 16) != 0;
  tokenFilter = tokens;
  tokenMax = tokensMax;
  valueFilter = values;
  valueMax = valuesMax;
  minToken = shortestToken;
  pre = false;
  runMin = !wantTokens || minToken <= 0 ? 0 : minToken < 64 ? minToken : 64;
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
  stopAt = length;
  carryZ = 0;
  carryD = 0;
  carryB = -1;
  carryNL = -1;
}

/**
 * Limits the scan begun last to the events in `[start, stop)`, where `start` is 0 or a line's
 * first unit and `stop` the text's end or another part's `start` (scanner.ts splits a long text
 * into such parts for several threads). No rule carries anything across a newline: strings end
 * at their line's end, blanks before a value are spaces and tabs, and no walk (a token, an
 * e-mail domain, a URL, a value, a flag) takes a newline. So a part begun fresh at its line's
 * start finds what one scan of the whole text finds there. Look-back and walks still read the
 * whole text (it is all in memory), so they see what they would have seen.
 */
export function range(start: i32, stop: i32): void {
  at_ = start;
  stopAt = stop;
  // The unit before `start` is a newline: a boundary for token runs, the last newline seen.
  carryB = start - 1;
  carryNL = start - 1;
}

/**
 * The index's prefilters for the scan begun last (after `begin`): `flags` 1 usernames, 2 hosts,
 * 4 passwords, 8 URLs, 32 e-mails, 64 passwords with two probes, 16 on (0: no prefilter); each length filter with its size;
 * at `bits` four sketches of 2^20 bits: usernames, hosts (both case-folded), passwords (exact, one or two probes),
 * e-mails (case-folded), as leakIndex.ts builds them.
 */
export function prefilter(flags: i32, users: usize, usersCap: i32, hosts: usize, hostsCap: i32, passwords: usize, passwordsCap: i32, emails: usize, emailsCap: i32, bits: usize): void {
  pre = flags != 0;
  preUsernames = (flags & 1) != 0;
  preHosts = (flags & 2) != 0;
  prePasswords = (flags & 4) != 0;
  twoProbes = (flags & 64) != 0;
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

// Block masks. A block is 64 units; `masks` sets, per unit, whether it is a token character
// (TOKEN: a run of them is a token or an e-mail domain; any other unit is a boundary), a
// special (the units with a rule of their own: @ : = \ % and quotes), a dash, a newline. All-ASCII
// groups of 16 units are classified 16 at a time with SIMD: each class is a union of
// rectangles (high nibble set × low nibble set), looked up with two swizzles whose results are
// ANDed (bit k of both = rectangle k). Exact for every ASCII unit; other groups go through the
// class tables one unit at a time.

// The token and special rectangles are VECTORS' (above `walk`).

/** Classifies the 64 units at `base` (a unit index) into blockZ (token), blockS (special), blockD (dash), blockN (newline). */
function masks(base: i32): void {
  let z: u64 = 0;
  let sp: u64 = 0;
  let d: u64 = 0;
  let nl: u64 = 0;
  const nibble = v128.load(VECTORS + V_NIBBLE);
  const dash = v128.load(VECTORS + V_DASH);
  const newline = v128.load(VECTORS + V_NEWLINE);
  const wide = v128.load(VECTORS + V_WIDE);
  const tokenLo = v128.load(VECTORS + V_TOKEN_LO);
  const tokenHi = v128.load(VECTORS + V_TOKEN_HI);
  const specialLo = v128.load(VECTORS + V_SPECIAL_LO);
  const specialHi = v128.load(VECTORS + V_SPECIAL_HI);
  for (let g = 0; g < 64; g += 16) {
    const p = codes + (<usize>(base + g) << 1);
    const lo = v128.load(p);
    const hi = v128.load(p, 16);
    let gz: u64;
    let gs: u64;
    let gd: u64;
    let gn: u64;
    if (!v128.any_true(v128.and(v128.or(lo, hi), wide))) {
      const b = i8x16.narrow_i16x8_u(lo, hi);
      const ln = v128.and(b, nibble);
      // A 16-bit shift and the nibble mask in hand: an 8-bit shift compiles to the same with a mask it builds.
      const hn = v128.and(i16x8.shr_u(b, 4), nibble);
      const t = v128.and(i8x16.swizzle(tokenLo, ln), i8x16.swizzle(tokenHi, hn));
      const u = v128.and(i8x16.swizzle(specialLo, ln), i8x16.swizzle(specialHi, hn));
      // `ne` compiles to `eq` and a negation: the bits are negated instead.
      gz = <u64>(~i8x16.bitmask(i8x16.eq(t, v128.xor(t, t))) & 0xffff);
      gs = <u64>(~i8x16.bitmask(i8x16.eq(u, v128.xor(u, u))) & 0xffff);
      gd = <u64>i8x16.bitmask(i8x16.eq(b, dash));
      gn = <u64>i8x16.bitmask(i8x16.eq(b, newline));
    } else {
      gz = 0;
      gs = 0;
      gd = 0;
      gn = 0;
      for (let k = 0; k < 16; k++) {
        const c = code(base + g + k);
        gz |= <u64>((cls(c) & TOKEN) != 0) << k;
        gs |= <u64>(<i32>load<u8>(EVT + <usize>c) >= EV_AT && c != 10) << k;
        gd |= <u64>(c == DASH) << k;
        gn |= <u64>(c == 10) << k;
      }
    }
    z |= gz << g;
    sp |= gs << g;
    d |= gd << g;
    nl |= gn << g;
  }
  blockZ = z;
  blockS = sp;
  blockD = d;
  blockN = nl;
}

/** An event at `i` that is a special (`masks`). */
@inline function special(i: i32): void {
  const c = code(i);
  const ev = <i32>load<u8>(EVT + <usize>c);
  if (ev == EV_QUOTE) {
    // `"auth"` marks Docker's credentials, whether or not the quote is escaped.
    if (wantForms && c == DQ && i + 5 < n && code(i + 1) == 97 && code(i + 2) == 117 && code(i + 3) == 116 && code(i + 4) == 104 && code(i + 5) == DQ) mark(FORM_AUTH, i);
    quoteChar(c, i);
  } else if (ev == EV_EQ) {
    if (wantValues) equals(i);
  } else if (ev == EV_COLON) {
    if (i + 2 < n && code(i + 1) == SLASH && code(i + 2) == SLASH) {
      if (i >= urlStop && (wantUrls || wantValues)) url(i);
    } else if (wantValues) colon(i);
  } else if (ev == EV_AT) {
    if (wantForms && i > 0 && !endsLogin(code(i - 1))) mark(FORM_AT, i);
    if (wantEmails) atSign(i);
  } else if (ev == EV_PERCENT) {
    if (wantForms && isHex(code(i + 1)) && isHex(code(i + 2))) mark(FORM_PERCENT, i);
  } else if (ev == EV_BACKSLASH) {
    bsOdd = bsEnd == i ? !bsOdd : true;
    bsEnd = i + 1;
  }
}

/**
 * Scans on from where it stopped. Returns 1 when the output is (nearly) full: the caller
 * takes `count()` candidates and calls `run` again; 0 when the text is done.
 *
 * Block by block: only four kinds of unit need any work, and the masks find them without a
 * branch per unit. (1) A boundary that ends a token run of at least `runMin` units (shorter
 * ones cannot be tokens): E, from the token mask by doubling shifts (a run may begin in the
 * block before, whose mask is carried; runMin ≤ 64 keeps that one block enough). (2) A
 * special. (3) A `--` that starts a run (F: dash, dash after a boundary), for flags. (4) With
 * form marks, a dash after a boundary (G), where a `-u`, `-p` or `--user` may start. Units of
 * a block are then visited in order through their bits, so every rule sees events in text
 * order as before.
 */
export function run(): i32 {
  outLen = 0;
  const limit = outCap - MARGIN;
  const length = stopAt;
  const k = runMin;
  let base = at_ & ~63;
  let from = at_ - base;
  while (base < length) {
    masks(base);
    blockBase = base;
    const left = length - base;
    const valid: u64 = left >= 64 ? <u64>-1 : (<u64>1 << <u64>left) - 1;
    const z = blockZ;
    const cz = carryZ;
    const bounds = ~z & valid;
    // E: bit j when the k units before j are all token characters (and j is a boundary).
    let e: u64 = 0;
    if (k > 0) {
      let rh = (z << 1) | (cz >> 63);
      let rl = cz << 1;
      let c = 1;
      while (c * 2 <= k) {
        const sh = <u64>c;
        const nh = rh & ((rh << sh) | (rl >> (64 - sh)));
        rl = rl & (rl << sh);
        rh = nh;
        c *= 2;
      }
      if (c < k) {
        const sh = <u64>(k - c);
        rh = rh & ((rh << sh) | (rl >> (64 - sh)));
      }
      e = bounds & rh;
    }
    // F: a dash after a dash after a boundary (before the text counts as a boundary).
    let f: u64 = 0;
    if (wantValues) {
      const d = blockD;
      f = d & ((d << 1) | (carryD >> 63)) & ((~z << 2) | (~cz >> 62)) & valid;
    }
    // G: a dash after a boundary.
    const g: u64 = wantForms ? blockD & ((~z << 1) | (~cz >> 63)) & valid : 0;
    const s = blockS & valid;
    let m = (e | f | g | s) & (<u64>-1 << <u64>from);
    while (m != 0) {
      const j = <i32>ctz(m);
      const bit: u64 = <u64>1 << <u64>j;
      m ^= bit;
      const i = base + j;
      if (outLen > limit) {
        at_ = i;
        return 1;
      }
      if ((e & bit) != 0) {
        const before = bounds & (bit - 1);
        closeRun(before != 0 ? base + 64 - <i32>clz(before) : carryB + 1, i);
      }
      if ((f & bit) != 0) flag(i);
      if ((g & bit) != 0) dashMark(i);
      if ((s & bit) != 0) special(i);
    }
    if (bounds != 0) carryB = base + 63 - <i32>clz(bounds);
    const newlines = blockN & valid;
    if (newlines != 0) carryNL = base + 63 - <i32>clz(newlines);
    carryZ = z;
    carryD = blockD;
    base += 64;
    from = 0;
  }
  if (outLen > limit) {
    at_ = length;
    return 1;
  }
  at_ = length;
  // A part that ends before the text's end ends after a newline, whose event closed its last run.
  if (k > 0 && length == n) closeRun(carryB + 1, length);
  return 0;
}

/**
 * The line starts (the unit after each newline) of the `length` units at `text`, from the
 * newlines at or after `from`, written as i32 at `out` until one is past `upTo` (written too)
 * or `cap` are written: how many were written. Eight units a step: a file's matches are placed
 * by line (lineIndex.ts), and a line is read here rather than one unit at a time in JS.
 */
export function lineStarts(text: usize, length: i32, from: i32, upTo: i32, out: usize, cap: i32): i32 {
  let count = 0;
  let i = from;
  const newline = i16x8.splat(10);
  while (i + 8 <= length) {
    let m = i16x8.bitmask(i16x8.eq(v128.load(text + (<usize>i << 1)), newline));
    while (m != 0) {
      const start = i + <i32>ctz(m) + 1;
      store<i32>(out + (<usize>count << 2), start);
      count++;
      if (start > upTo || count == cap) return count;
      m &= m - 1;
    }
    i += 8;
  }
  for (; i < length; i++) {
    if (load<u16>(text + (<usize>i << 1)) != 10) continue;
    store<i32>(out + (<usize>count << 2), i + 1);
    count++;
    if (i + 1 > upTo || count == cap) return count;
  }
  return count;
}

/**
 * Decodes `length` bytes of UTF-8 at `src` into UTF-16 units at `dst` exactly as TextDecoder
 * (`utf-8`, not fatal) does: a byte-order mark at the start is dropped, and each maximal
 * subpart of an ill-formed sequence becomes one U+FFFD (the Encoding Standard's decoder, whose
 * bounds `lower` and `upper` exclude overlong forms, surrogates and code points past U+10FFFF).
 * Returns the units written, at most `length`; writes no further than `dst + 2 * length`.
 * ASCII goes 16 bytes a step: a group is widened whole, and the units past its first
 * non-ASCII byte are written over by what follows.
 */
export function decodeUtf8(src: usize, length: i32, dst: usize): i32 {
  let i = 0;
  let o = dst;
  if (length >= 3 && load<u8>(src) == 0xef && load<u8>(src, 1) == 0xbb && load<u8>(src, 2) == 0xbf) i = 3;
  while (i < length) {
    if (i + 16 <= length) {
      const v = v128.load(src + <usize>i);
      const high = i8x16.bitmask(v);
      v128.store(o, i16x8.extend_low_i8x16_u(v));
      v128.store(o, i16x8.extend_high_i8x16_u(v), 16);
      if (high == 0) {
        o += 32;
        i += 16;
        continue;
      }
      const ascii = <i32>ctz(high);
      o += <usize>ascii << 1;
      i += ascii;
    }
    const b = <i32>load<u8>(src + <usize>i);
    if (b < 0x80) {
      store<u16>(o, b);
      o += 2;
      i++;
      continue;
    }
    let need = 0;
    let cp = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      if (b == 0xe0) lower = 0xa0;
      else if (b == 0xed) upper = 0x9f;
      need = 2;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      if (b == 0xf0) lower = 0x90;
      else if (b == 0xf4) upper = 0x8f;
      need = 3;
      cp = b & 0x07;
    } else {
      store<u16>(o, 0xfffd);
      o += 2;
      i++;
      continue;
    }
    let j = i + 1;
    let seen = 0;
    while (seen < need && j < length) {
      const c = <i32>load<u8>(src + <usize>j);
      if (c < lower || c > upper) break;
      lower = 0x80;
      upper = 0xbf;
      cp = (cp << 6) | (c & 0x3f);
      j++;
      seen++;
    }
    // An ill-formed sequence: one U+FFFD, and the byte that broke it (if any) is read again.
    if (seen < need) {
      store<u16>(o, 0xfffd);
      o += 2;
    } else if (cp >= 0x10000) {
      cp -= 0x10000;
      store<u16>(o, 0xd800 | (cp >> 10));
      store<u16>(o, 0xdc00 | (cp & 0x3ff), 2);
      o += 4;
    } else {
      store<u16>(o, cp);
      o += 2;
    }
    i = j;
  }
  return <i32>((o - dst) >> 1);
}
