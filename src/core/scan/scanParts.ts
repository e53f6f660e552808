// One long text's scan split across threads (scanner.ts): where its parts start, the loop's
// exports both sides call, and the shared control block through which the scanner hands a part
// to a helper thread (scanHelper.ts) and learns that it is done. A part starts at a line's
// first unit: no rule of the grammar carries anything across a newline (wasm/scanCore.ts
// `range` says why), so the parts' candidates together are exactly one scan's.
import type { ScanText } from './scanText';

/** The exports of wasm/scanCore.ts. */
export interface CoreExports {
  setup(classes: number, events: number, keyEnds: number, urlPlain: number): void;
  heapBase(): number;
  begin(text: number, length: number, output: number, capacity: number, flags: number, tokens: number, tokensMax: number, values: number, valuesMax: number, shortestToken: number): void;
  prefilter(flags: number, users: number, usersCap: number, hosts: number, hostsCap: number, passwords: number, passwordsCap: number, emails: number, emailsCap: number, bits: number): void;
  range(start: number, stop: number): void;
  count(): number;
  run(): number;
  decodeUtf8(src: number, length: number, dst: number): number;
  lineStarts(text: number, length: number, from: number, upTo: number, out: number, cap: number): number;
}

/** `begin`'s arguments, then `prefilter`'s (all 0 for none): one scan's settings, the same for each of its parts. */
export interface ScanCall {
  readonly begin: readonly number[];
  readonly prefilter: readonly number[] | undefined;
}

/** Candidates per batch out of the loop (five i32 each). */
export const CAPACITY = 4096;

/**
 * Texts shorter than this many units are scanned by one thread: each part must keep the loop
 * busy far longer than waking a helper takes, or splitting costs more than it saves.
 */
export const PARALLEL_FROM = 1 << 20;

// The control block: Int32 slots.
export const STATE = 0;
/** 1 once the helper has its instance of the loop and waits for work. */
export const READY = 1;
const BEGIN = 2;
const PREFILTER = 12;
const START = 22;
const STOP = 23;
export const CONTROL_SLOTS = 24;

// STATE: the scanner posts a part (IDLE → POSTED) and may take it back while the helper has not
// begun it (POSTED → IDLE); the helper takes it (POSTED → BUSY) and ends with DONE (its
// candidates posted on its port) or FAILED.
export const IDLE = 0;
export const POSTED = 1;
export const BUSY = 2;
export const DONE = 3;
export const FAILED = 4;

/** What a helper thread is started with (structured-cloned; the port transferred). */
export interface HelperData {
  readonly module: object;
  readonly memory: object;
  /** `setup`'s arguments: the tables are in the shared memory already. */
  readonly tables: readonly number[];
  /** Where this helper's batches of candidates go (CAPACITY slots). */
  readonly out: number;
  readonly control: SharedArrayBuffer;
  readonly port: object;
}

/** Writes a part of `call` into the control block (the state aside). */
export function postPart(control: Int32Array, call: ScanCall, start: number, stop: number): void {
  control.set(call.begin, BEGIN);
  control.fill(0, PREFILTER, PREFILTER + 10);
  if (call.prefilter !== undefined) control.set(call.prefilter, PREFILTER);
  control[START] = start;
  control[STOP] = stop;
}

/** The part in the control block, with `out` for the candidates' batches. */
export function postedPart(control: Int32Array, out: number): { call: ScanCall; start: number; stop: number } {
  const begin = Array.from(control.subarray(BEGIN, BEGIN + 10));
  begin[2] = out;
  const prefilter = Array.from(control.subarray(PREFILTER, PREFILTER + 10));
  return { call: { begin, prefilter: prefilter[0] === 0 ? undefined : prefilter }, start: control[START], stop: control[STOP] };
}

/**
 * Runs the part `[start, stop)` of `call` on one instance of the loop, handing each batch of
 * candidates (`count` of them at `out`, an Int32Array view of five slots each) to `take`.
 */
export function runPart(x: CoreExports, call: ScanCall, start: number, stop: number, take: (count: number) => void): void {
  const b = call.begin;
  x.begin(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9]);
  const p = call.prefilter;
  if (p !== undefined) x.prefilter(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9]);
  x.range(start, stop);
  for (;;) {
    const more = x.run();
    take(x.count());
    if (more === 0) return;
  }
}

/**
 * Where the parts of `text` start: 0, then up to `parts - 1` line starts near even shares of
 * the text, each at least `minPart` units after the one before and before the end.
 */
export function partStarts(text: ScanText, parts: number, minPart: number): number[] {
  const n = text.length;
  const starts = [0];
  for (let k = 1; k < parts; k++) {
    const newline = text.indexOf('\n', Math.max(Math.floor((k * n) / parts), starts[starts.length - 1] + minPart - 1));
    if (newline < 0 || n - (newline + 1) < minPart) break;
    starts.push(newline + 1);
  }
  return starts;
}
