// The candidate scanner: one left-to-right pass over a text that reports every e-mail
// address, URL, token (username or host name) and value (where a password or a username may
// be written) as (kind, start, end, a, b). The loop itself is WebAssembly (wasm/scanCore.ts,
// AssemblyScript, SIMD): the text is copied once into its memory as 16-bit units (a file's
// bytes are decoded there instead, `decodeForScan`, and never become a string); blocks of
// 64 units are classified at once, and only the units a rule needs are visited (ends of runs
// long enough to be tokens, `@ : = \` and quotes, `--`), with bounded look-back only (≤ 64
// units for an e-mail local part, ≤ 32 for a URL scheme or a key name). Forward walks (an
// e-mail domain, a URL, an unquoted value, a flag) each cover a stretch no other walk of their
// kind covers, so the time is linear on any input and the memory is the text's copy plus a
// fixed buffer of candidates, handed to the sink 4,096 at a time. A text of at least
// scanParts.ts PARALLEL_FROM units is split at line starts into parts; helper threads
// (scanHelper.ts, one per other core) scan all but the first over the same shared memory while
// this thread scans the first, then this thread hands their candidates to the sink too.
// test/unit/core/scan/scanOracle.ts implements the same grammar the plain way; the property tests
// keep both in exact agreement.
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
// - form mark (only when asked, `forms`): where credentialForms.ts looks for the forms it
//   reads, so that it need not search the text itself. a = FORM_DASH at a `-` after a
//   non-TOKEN unit (or the text's start) followed by `u` or `p`, and at the second `-` of such
//   a `--` followed by `u`; FORM_AT at every `@` after a unit (not at the text's start) other
//   than a blank (space, tab, CR, LF), a quote, `/`, `<` or `>`; FORM_PERCENT at a `%` followed by two hex
//   digits; FORM_AUTH at the first `"` of every `"auth"`. end = start + 1, b = 0.
import { BLANK, CLASS, URL_CHAR, WORD } from './charClass';
import type { LengthFilter } from './charClass';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { CoreExports, HelperData, ScanCall } from './scanParts';
import { BUSY, CAPACITY, CONTROL_SLOTS, DONE, FAILED, IDLE, PARALLEL_FROM, POSTED, READY, STATE, partStarts, postPart, runPart } from './scanParts';
import { SCAN_CORE_WASM } from './wasm/scanCore.generated';
import { UnitText } from './scanText';
import type { ScanText } from './scanText';

export const EMAIL = 0;
export const URL = 1;
export const TOKEN_KIND = 2;
export const VALUE_KIND = 3;
export const FORM = 4;
export type CandidateKind = typeof EMAIL | typeof URL | typeof TOKEN_KIND | typeof VALUE_KIND | typeof FORM;

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
/** Form marks (a of a FORM). */
export const FORM_DASH = 0;
export const FORM_AT = 1;
export const FORM_PERCENT = 2;
export const FORM_AUTH = 3;

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
  /** Form marks are reported (none when absent). */
  readonly forms?: boolean;
  /** The leak index's first tests (matchSink.ts), run inside the loop: what fails them is never reported. */
  readonly prefilter?: ScanPrefilter;
  /**
   * Texts of at least this many units (default scanParts.ts PARALLEL_FROM) are split at line
   * starts into parts, which helper threads scan beside this one; tests lower it.
   */
  readonly splitFrom?: number;
  /** Into how many parts at most (default: one per core, helpers at most 3); parts without a ready helper are scanned here in turn. */
  readonly parts?: number;
}

/** Lengths and sketch bits (sketch.ts, 2^20 bits) of one kind of leaked identifier. */
export interface PrefilterSet {
  readonly lengths: LengthFilter;
  readonly bits: Uint8Array;
  /** The bits are of both probes (sketch.ts; passwords while few), not the first alone. */
  readonly twoProbes?: boolean;
}

/**
 * What the index wants, as matchSink.ts tests it first: an all-ASCII e-mail address one of the
 * e-mails (lengths, case-folded sketch; any other address goes on); a token a username (its
 * lengths and case-folded sketch) or a host (the same, not inside a URL, with a dot); a value
 * a password (exact sketch) or, at a user position, a username; a URL with a plain ASCII host
 * one of the hosts (which it needs even when no token may be a host). An absent set is not
 * wanted. Treated as immutable: a scan copies it into the loop's memory only when it is
 * another object than the last one.
 */
export interface ScanPrefilter {
  readonly emails?: PrefilterSet;
  readonly usernames?: PrefilterSet;
  readonly hosts?: PrefilterSet;
  readonly passwords?: PrefilterSet;
  /** Whether a token may be a host (else only a URL's host is looked up in `hosts`). */
  readonly hostTokens: boolean;
  readonly urls: boolean;
}

export const MAX_LOCAL = 64;
export const MAX_SCHEME = 32;
export const MAX_KEY = 32;

/** Key names (lower-cased, the ≤ MAX_KEY characters before a separator) that make a password or user position. */
export const PASSWORD_KEY = /(?:^|[^a-z])(?:pass|pwd|pw)$|(?:password|passwd|passphrase|secret)$/;
export const USER_KEY = /(?:^|[^a-z])(?:user(?:[ _.-]?(?:name|id))?|login|usr|uid|account)$/;

/**
 * What the loop does at a code unit: nothing for a word character, else one of these events
 * (wasm/scanCore.ts has the same numbers). One table read replaces a chain of comparisons.
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
/** `%`: a form mark when two hex digits follow. */
const EV_PERCENT = 11;

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
  set('%', EV_PERCENT);
  return t;
}

/** The last two letters (lower-case) a password or user key can end with: a first test before the words. */
function buildKeyEnds(): Uint8Array {
  const t = new Uint8Array(1 << 15);
  for (const e of ['rd', 'wd', 'se', 'ss', 'pw', 'et', 'me', 'id', 'er', 'sr', 'in', 'nt']) t[(e.charCodeAt(0) << 8) | e.charCodeAt(1)] = 1;
  return t;
}

// The few WebAssembly JS API types this file uses (the project's `lib` has no DOM types).
interface WasmModule {
  readonly kind?: 'module';
}
interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
};

/** URL characters that are no bracket: the URL walk skips them past the authority. */
function buildUrlPlain(): Uint8Array {
  const t = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) if ((CLASS[c] & URL_CHAR) !== 0) t[c] = 1;
  for (const bracket of '()[]{}') t[bracket.charCodeAt(0)] = 0;
  return t;
}

const PAGE = 65536;
/** The memory's most pages, as wasm/build.mjs declares them. */
const MAX_PAGES = 65536;
/** Bytes of one sketch's bits. */
const SKETCH_BYTES = 1 << 17;
/** "No limit" for a length, as the core's i32. */
const UNLIMITED = 0x7fffffff;
/** Helper threads per core at most, whatever the machine has. */
const MAX_HELPERS = 3;
/** Units of text before a part's start copied before its helper is woken: more than any look-back (≤ 64 units). */
const LOOK_BACK = 256;

/**
 * Bytes kept for the length filters before the text: within them the text always starts at
 * the same place, where `load` decodes a file before its scan.
 */
const FILTER_ROOM = 64 * 1024;

/**
 * The bytes a text of `n` units takes: its units, its sentinel unit, the rest of its last
 * 64-unit block (the core reads whole blocks) and 16 units more (a run walk reads 16 units
 * from any position up to the sentinel).
 */
function textBytes(n: number): number {
  return align(n + 17, 64) * 2;
}

let compiled: WasmModule | undefined;

/**
 * One instance of the core with its tables in place. A scan holds one until it ends, so a
 * sink that scans again (re-entrant) gets another one from the pool. Its memory is shared, so
 * that helper threads (scanHelper.ts), started on its first long text, scan parts of a text.
 */
class Core {
  readonly #memory: WasmMemory;
  readonly #x: CoreExports;
  readonly #tables: number[];
  readonly #out: number;
  /** Each possible helper's batch of candidates (CAPACITY slots). */
  readonly #helperOut: number;
  /** Four sketches' bits (usernames, hosts, passwords, e-mails), copied in when the prefilter changes. */
  readonly #bits: number;
  readonly #free: number;
  #prefilter: ScanPrefilter | undefined;
  /**
   * The length filters and prefilter whose lengths were written last (each by identity: the
   * leak index makes them once per index). The same ones are not written again: a workspace
   * scan calls once per file, and the copy into shared memory costs more than a small file's scan.
   */
  #written: readonly [LengthFilter | undefined, LengthFilter | undefined, ScanPrefilter | undefined] | undefined;
  #helpers: Helper[] | undefined;
  /** Where the last scan's text began: where `load` decodes the next file, so that its scan finds it in place. */
  #textAt: number;
  /** Counts the texts written into the memory: a decoded text is read only while it is the last. */
  #generation = 0;

  constructor() {
    compiled ??= new WebAssembly.Module(Buffer.from(SCAN_CORE_WASM, 'base64'));
    this.#memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
    this.#x = new WebAssembly.Instance(compiled, { env: { memory: this.#memory } }).exports as unknown as CoreExports;
    const base = align(this.#x.heapBase(), 16);
    const classes = base;
    const events = classes + 65536;
    const keyEnds = events + 65536;
    const urlPlain = keyEnds + (1 << 15);
    this.#out = urlPlain + 65536;
    this.#helperOut = this.#out + CAPACITY * 20;
    this.#bits = this.#helperOut + MAX_HELPERS * CAPACITY * 20;
    this.#free = this.#bits + 4 * SKETCH_BYTES;
    this.#textAt = align(this.#free + FILTER_ROOM, 16);
    this.#reserve(this.#free);
    const bytes = new Uint8Array(this.#memory.buffer);
    bytes.set(CLASS, classes);
    bytes.set(EVENTS, events);
    bytes.set(KEY_ENDS, keyEnds);
    bytes.set(URL_PLAIN, urlPlain);
    this.#tables = [classes, events, keyEnds, urlPlain];
    this.#x.setup(classes, events, keyEnds, urlPlain);
  }

  #reserve(end: number): void {
    const memory = this.#memory;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
  }

  /**
   * Decodes a file's UTF-8 bytes (scanText.ts says why) where the next scan reads its text,
   * the bytes themselves just past it, as TextDecoder would (wasm/scanCore.ts `decodeUtf8`).
   */
  load(bytes: Uint8Array): UnitText {
    const textAt = this.#textAt;
    const rawAt = textAt + textBytes(bytes.length);
    this.#reserve(rawAt + bytes.length);
    new Uint8Array(this.#memory.buffer).set(bytes, rawAt);
    const n = this.#x.decodeUtf8(rawAt, bytes.length, textAt);
    const generation = ++this.#generation;
    return new CoreText(this, new Uint16Array(this.#memory.buffer, textAt, n), () => this.#generation === generation);
  }

  /**
   * UnitText.lineStarts over `units` in this memory, eight units a step (wasm/scanCore.ts
   * `lineStarts`), through the candidates' batch: no scan is under way while matches are placed.
   */
  lineStarts(units: Uint16Array, from: number, upTo: number, starts: number[]): number {
    const n = units.length;
    const out = new Int32Array(this.#memory.buffer, this.#out, CAPACITY);
    let i = from;
    while (i <= upTo && i <= n) {
      const count = this.#x.lineStarts(units.byteOffset, n, i, upTo, this.#out, CAPACITY);
      for (let k = 0; k < count; k++) starts.push(out[k] as number);
      const last = count > 0 ? (out[count - 1] as number) : -1;
      if (last > upTo) return last;
      if (count < CAPACITY) return n + 1;
      i = last;
    }
    return i;
  }

  scan(text: ScanText, sink: CandidateSink, options: ScanOptions): void {
    const tokens = options.tokens === false ? undefined : options.tokens;
    const values = options.values === false ? undefined : options.values;
    const pre = options.prefilter;
    const tokenAt = this.#free;
    const valueAt = tokenAt + (tokens?.length ?? 0);
    const userAt = valueAt + (values?.length ?? 0);
    const hostAt = userAt + (pre?.usernames?.lengths.length ?? 0);
    const passwordAt = hostAt + (pre?.hosts?.lengths.length ?? 0);
    const emailAt = passwordAt + (pre?.passwords?.lengths.length ?? 0);
    const textAt = Math.max(align(emailAt + (pre?.emails?.lengths.length ?? 0), 16), align(this.#free + FILTER_ROOM, 16));
    const n = text.length;
    this.#reserve(textAt + textBytes(n));
    const buffer = this.#memory.buffer;
    const bytes = new Uint8Array(buffer);
    // A decoded text is in place already, unless this scan's filters need more room than the last's.
    const decoded = text instanceof CoreText && text.core === this ? text : undefined;
    if (decoded !== undefined) {
      const from = decoded.units.byteOffset;
      if (from !== textAt) {
        bytes.copyWithin(textAt, from, from + n * 2);
        decoded.moved(new Uint16Array(buffer, textAt, n));
      }
    } else this.#generation++;
    this.#textAt = textAt;
    const written = this.#written;
    if (written === undefined || written[0] !== tokens || written[1] !== values || written[2] !== pre) {
      if (tokens !== undefined) bytes.set(tokens, tokenAt);
      if (values !== undefined) bytes.set(values, valueAt);
      if (pre?.usernames !== undefined) bytes.set(pre.usernames.lengths, userAt);
      if (pre?.hosts !== undefined) bytes.set(pre.hosts.lengths, hostAt);
      if (pre?.passwords !== undefined) bytes.set(pre.passwords.lengths, passwordAt);
      if (pre?.emails !== undefined) bytes.set(pre.emails.lengths, emailAt);
      this.#written = [tokens, values, pre];
    }
    if (pre !== undefined) {
      if (pre !== this.#prefilter) {
        const sets = [pre.usernames, pre.hosts, pre.passwords, pre.emails];
        for (let k = 0; k < 4; k++) {
          const set = sets[k];
          if (set !== undefined) bytes.set(set.bits.subarray(0, SKETCH_BYTES), this.#bits + k * SKETCH_BYTES);
        }
        this.#prefilter = pre;
      }
    }
    let shortest = 1;
    if (options.tokens === false) shortest = UNLIMITED;
    else if (tokens !== undefined) {
      while (shortest < tokens.length && tokens[shortest] !== 1) shortest++;
      if (shortest >= tokens.length) shortest = UNLIMITED;
    }
    const flags = (options.emails !== false ? 1 : 0) | (options.urls !== false ? 2 : 0) | (options.tokens !== false ? 4 : 0) | (options.values !== false ? 8 : 0) | (options.forms === true ? 16 : 0);
    const call: ScanCall = {
      begin: [textAt, n, this.#out, CAPACITY, flags, tokens === undefined ? 0 : tokenAt, tokens === undefined ? UNLIMITED : tokens.length - 1, values === undefined ? 0 : valueAt, values === undefined ? UNLIMITED : values.length - 1, shortest],
      // A prefilter that wants nothing still filters (everything out): flag 16 keeps it on.
      prefilter:
        pre === undefined
          ? undefined
          : [
              (pre.usernames !== undefined ? 1 : 0) | (pre.hosts !== undefined && pre.hostTokens ? 2 : 0) | (pre.passwords !== undefined ? 4 : 0) | (pre.urls ? 8 : 0) | (pre.emails !== undefined ? 32 : 0) | (pre.passwords?.twoProbes === true ? 64 : 0) | 16,
              userAt,
              pre.usernames?.lengths.length ?? 0,
              hostAt,
              pre.hosts?.lengths.length ?? 0,
              passwordAt,
              pre.passwords?.lengths.length ?? 0,
              emailAt,
              pre.emails?.lengths.length ?? 0,
              this.#bits,
            ],
    };
    const splitFrom = options.splitFrom ?? PARALLEL_FROM;
    const starts = n >= splitFrom ? partStarts(text, options.parts ?? HELPERS + 1, Math.max(1, splitFrom >> 1)) : [0];
    // The runtime's own UTF-16 encoder: no per-character call. The other parts' text (and the
    // units their look-back reads) first, so that their helpers start while the rest is copied.
    const copy = (from: number, to: number): void => {
      if (decoded === undefined && to > from) Buffer.from(buffer, textAt + from * 2, (to - from) * 2).write(from === 0 && to === n ? text.toString() : text.slice(from, to), 0, (to - from) * 2, 'utf16le');
    };
    const out = new Int32Array(buffer, this.#out, CAPACITY * 5);
    const take = (count: number): void => {
      for (let k = 0, p = 0; k < count; k++, p += 5) sink.candidate(out[p] as CandidateKind, out[p + 1], out[p + 2], out[p + 3], out[p + 4]);
    };
    if (starts.length === 1) {
      // One part, on this thread: nothing to share out.
      copy(0, n);
      runPart(this.#x, call, 0, n, take);
      return;
    }
    const ends = [...starts.slice(1), n];
    const helpers = this.readyHelpers();
    const posted: { helper: Helper; part: number }[] = [];
    try {
      let copied = n;
      for (let part = starts.length - 1; part >= 1 && posted.length < helpers.length; part--) {
        const from = Math.max(0, starts[part] - LOOK_BACK);
        copy(from, copied);
        copied = from;
        const helper = helpers[posted.length];
        helper.post(call, starts[part], ends[part]);
        posted.push({ helper, part });
      }
      copy(0, copied);
      const mine = new Set(starts.keys());
      for (const { part } of posted) mine.delete(part);
      const t0 = performance.now();
      let units = 0;
      for (const part of mine) {
        runPart(this.#x, call, starts[part], ends[part], take);
        units += ends[part] - starts[part];
      }
      // This thread's pace over its own parts: a helper far slower than that is lost (see collect).
      const msPerUnit = (performance.now() - t0) / Math.max(1, units);
      for (const { helper, part } of posted) {
        const found = helper.collect(msPerUnit * (ends[part] - starts[part]));
        if (found === undefined) runPart(this.#x, call, starts[part], ends[part], take);
        else for (let p = 0; p < found.length; p += 5) sink.candidate(found[p] as CandidateKind, found[p + 1], found[p + 2], found[p + 3], found[p + 4]);
      }
    } finally {
      // A sink that threw leaves no helper at work on this memory, which the next scan rewrites.
      for (const { helper } of posted) helper.settle();
    }
  }

  /** The helpers ready now; starts them on the first call (they are ready for a later scan). */
  readyHelpers(): Helper[] {
    if (this.#helpers === undefined) {
      this.#helpers = [];
      for (let k = 0; k < HELPERS; k++) {
        const helper = Helper.start(compiled as WasmModule, this.#memory, this.#tables, this.#helperOut + k * CAPACITY * 20);
        if (helper !== undefined) this.#helpers.push(helper);
      }
    }
    return this.#helpers.filter((h) => h.ready);
  }
}

/** How long a helper may work on a part this thread would scan in `ms` before it is given up: 5 s, and 20 times that. */
function lostAfter(ms: number): number {
  return 5_000 + 20 * ms;
}

/** Helper threads per core on this machine: one per other core, at most MAX_HELPERS. */
const HELPERS = Math.max(0, Math.min(MAX_HELPERS, availableParallelism() - 1));

/** The scanner's side of one helper thread (scanHelper.ts). */
class Helper {
  readonly #control: Int32Array;
  readonly #port: MessagePort;
  readonly #worker: Worker;
  #dead = false;

  private constructor(control: Int32Array, port: MessagePort, worker: Worker) {
    this.#control = control;
    this.#port = port;
    this.#worker = worker;
  }

  /** A helper thread over `memory`, or undefined when no thread can be started here. */
  static start(module: WasmModule, memory: WasmMemory, tables: number[], out: number): Helper | undefined {
    try {
      const control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
      const { port1, port2 } = new MessageChannel();
      const data: HelperData = { module, memory, tables, out, control: control.buffer as SharedArrayBuffer, port: port2 };
      const worker = new Worker(join(__dirname, 'scanHelper.js'), { workerData: data, transferList: [port2], name: 'Leak Search scanner' });
      const helper = new Helper(control, port1, worker);
      // A helper that cannot start (no script, no memory) is never ready: its parts stay on this thread.
      worker.on('error', () => helper.#die());
      worker.on('exit', () => helper.#die());
      worker.unref();
      port1.unref();
      return helper;
    } catch {
      return undefined;
    }
  }

  #die(): void {
    this.#dead = true;
  }

  /** Gives the helper up: never posted to again, its thread ended (it may still be at work over memory the next scan rewrites, writing only its own batch). */
  #giveUp(): void {
    this.#dead = true;
    void this.#worker.terminate().catch(() => undefined);
  }

  get ready(): boolean {
    return !this.#dead && Atomics.load(this.#control, READY) === 1 && Atomics.load(this.#control, STATE) === IDLE;
  }

  post(call: ScanCall, start: number, stop: number): void {
    postPart(this.#control, call, start, stop);
    Atomics.store(this.#control, STATE, POSTED);
    Atomics.notify(this.#control, STATE);
  }

  /**
   * The part's candidates (five slots each), or undefined when the caller must scan the part
   * itself: the helper had not begun it, failed, or is lost (this thread would scan the part in
   * about `ms`).
   */
  collect(ms: number): Int32Array | undefined {
    const control = this.#control;
    // Not begun yet (the thread is slow to wake): this thread does it sooner.
    if (Atomics.compareExchange(control, STATE, POSTED, IDLE) === POSTED) return undefined;
    const deadline = performance.now() + lostAfter(ms);
    for (;;) {
      const state = Atomics.load(control, STATE);
      if (state === DONE) {
        const message = receiveMessageOnPort(this.#port)?.message;
        Atomics.store(control, STATE, IDLE);
        return message instanceof Int32Array ? message : undefined;
      }
      if (state === FAILED) {
        Atomics.store(control, STATE, IDLE);
        return undefined;
      }
      // BUSY: the part takes the loop about as long as this thread's own. A thread that died
      // at work never answers (and this thread, blocked, hears no 'exit'): far past that, the
      // helper is given up.
      if (Atomics.wait(control, STATE, state, 100) === 'timed-out' && performance.now() > deadline) {
        this.#giveUp();
        return undefined;
      }
    }
  }

  /** Leaves the helper idle (its part's candidates dropped) when `collect` was not called or threw. */
  settle(): void {
    const control = this.#control;
    if (this.#dead || Atomics.compareExchange(control, STATE, POSTED, IDLE) === POSTED) return;
    const deadline = performance.now() + lostAfter(0);
    while (Atomics.load(control, STATE) === BUSY) {
      if (Atomics.wait(control, STATE, BUSY, 100) === 'timed-out' && performance.now() > deadline) {
        this.#giveUp();
        return;
      }
    }
    if (Atomics.load(control, STATE) !== IDLE) {
      receiveMessageOnPort(this.#port);
      Atomics.store(control, STATE, IDLE);
    }
  }
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

const EVENTS = buildEvents();
const KEY_ENDS = buildKeyEnds();
const URL_PLAIN = buildUrlPlain();
const idle: Core[] = [];

/** A text decoded into a core's memory (`decodeForScan`), scanned by that core. */
class CoreText extends UnitText {
  constructor(
    readonly core: Core,
    units: Uint16Array,
    current: () => boolean,
  ) {
    super(units, current);
  }

  override lineStarts(from: number, upTo: number, starts: number[]): number {
    return this.core.lineStarts(this.units, from, upTo, starts);
  }
}

/** The core that decodes files (`decodeForScan`); the pool's cores scan strings. */
let fileCore: Core | undefined;

/**
 * A file's UTF-8 bytes decoded as TextDecoder decodes them (a byte-order mark dropped, invalid
 * bytes replaced), into the scanner's memory, where `scan` and the match path read them
 * (scanText.ts says why). Valid until the next call: a read after it throws.
 */
export function decodeForScan(bytes: Uint8Array): UnitText {
  fileCore ??= new Core();
  return fileCore.load(bytes);
}

/** Runs the grammar over `text`, calling `sink.candidate` once per candidate (in no particular order). */
export function scan(text: ScanText, sink: CandidateSink, options: ScanOptions = {}): void {
  if (text instanceof CoreText) {
    text.core.scan(text, sink, options);
    return;
  }
  const core = idle.pop() ?? new Core();
  try {
    core.scan(text, sink, options);
  } finally {
    idle.push(core);
  }
}

export interface Candidate {
  readonly kind: CandidateKind;
  readonly start: number;
  readonly end: number;
  readonly a: number;
  readonly b: number;
}

/**
 * How many helper threads the scanner has ready for a long text now, starting them on the first
 * call (a scan of a long text starts them too; until they are ready it scans alone).
 */
export function readyHelpers(scanned?: ScanText): number {
  // A file's text was scanned by the core that decoded it, which has helpers of its own.
  if (scanned instanceof CoreText) return scanned.core.readyHelpers().length;
  const core = idle.pop() ?? new Core();
  try {
    return core.readyHelpers().length;
  } finally {
    idle.push(core);
  }
}

/** Every candidate as an object, sorted: a convenience for tests and tools. */
export function scanCandidates(text: ScanText, options: ScanOptions = {}): Candidate[] {
  const out: Candidate[] = [];
  scan(text, { candidate: (kind, start, end, a, b) => out.push({ kind, start, end, a, b }) }, options);
  return out.sort(compareCandidates);
}

export function compareCandidates(x: Candidate, y: Candidate): number {
  return x.start - y.start || x.end - y.end || x.kind - y.kind || x.a - y.a || x.b - y.b;
}
