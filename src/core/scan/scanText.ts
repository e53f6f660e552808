// A text as the match path reads it: a JS string, or a file's UTF-16 units where the scanner
// decoded them (scanner.ts `decodeForScan`). A file read from disk need not become a string:
// a large one would be allocated on fresh memory, which costs more than decoding and scanning
// it, while the match path reads only a few short stretches of it (the candidates, the forms
// around their marks, the lines of what it finds). Pure: no vscode.

/** What the match path reads of a text. A JS string has all of it, with the same meaning. */
export interface ScanText {
  readonly length: number;
  charCodeAt(index: number): number;
  slice(start?: number, end?: number): string;
  indexOf(search: string, position?: number): number;
  lastIndexOf(search: string, position?: number): number;
  startsWith(search: string, position?: number): boolean;
  /** The whole text as a string (a units view makes it once, for the rare reader of the whole). */
  toString(): string;
}

function bytesOf(units: Uint16Array): Buffer {
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength);
}

/** A position as String.prototype reads one: NaN is 0, fractions are cut. */
function integer(x: number): number {
  return Number.isNaN(x) ? 0 : Math.trunc(x);
}

/** Stretches up to this many units are made from their codes in the call; longer ones are decoded by Node. */
const SHORT = 64;

/** Units a one-unit search (`indexOf`) reads here before it is left to Node's search. */
const NEAR = 64;

/** Units of a line read one at a time (`lineStarts`) before the rest of it is left to Node's search. */
const LONG_LINE = 256;

/**
 * UTF-16 units as a ScanText, with String.prototype's answers (`charCodeAt` out of range is
 * NaN, negative `slice` bounds count from the end). Valid while `current()` says so: the
 * memory under the units is reused for the next text, and a stale read throws instead of
 * reading another file's text.
 */
export class UnitText implements ScanText {
  #units: Uint16Array;
  /** The same memory as bytes, for Node's searches. */
  #bytes: Buffer;
  #whole: string | undefined;
  readonly length: number;

  constructor(
    units: Uint16Array,
    private readonly current: () => boolean,
  ) {
    this.#units = units;
    this.#bytes = bytesOf(units);
    this.length = units.length;
  }

  /** The units themselves, for the scanner. */
  get units(): Uint16Array {
    this.#check();
    return this.#units;
  }

  /** The same units, moved (by the scanner) to `units`. */
  moved(units: Uint16Array): void {
    this.#units = units;
    this.#bytes = bytesOf(units);
  }

  #check(): void {
    if (!this.current()) throw new Error('This text was decoded for an earlier scan: its memory holds another text now.');
  }

  charCodeAt(index: number): number {
    this.#check();
    if (index >= 0 && index < this.length) return this.#units[index | 0] as number;
    const i = integer(index);
    return i >= 0 && i < this.length ? (this.#units[i] as number) : NaN;
  }

  slice(start = 0, end = this.length): string {
    this.#check();
    const n = this.length;
    const a = integer(start);
    const b = integer(end);
    const s = a < 0 ? Math.max(n + a, 0) : Math.min(a, n);
    const e = b < 0 ? Math.max(n + b, 0) : Math.min(b, n);
    if (e <= s) return '';
    if (e - s <= SHORT) return String.fromCharCode(...this.#units.subarray(s, e));
    return this.#bytes.toString('utf16le', s * 2, e * 2);
  }

  // Searched by Node's own search over the units (aligned: a match never straddles two units).
  // One unit (a newline, most often) is first looked for in the next few units here: Node's
  // search first converts the string it looks for, which costs more than a short stretch.
  indexOf(search: string, position = 0): number {
    this.#check();
    const from = Math.min(Math.max(integer(position), 0), this.length);
    if (search.length === 0) return from;
    if (from + search.length > this.length) return -1;
    let start = from;
    if (search.length === 1) {
      const code = search.charCodeAt(0);
      const units = this.#units;
      const stop = Math.min(this.length, from + NEAR);
      for (; start < stop; start++) if (units[start] === code) return start;
      if (start === this.length) return -1;
    }
    const at = this.#bytes.indexOf(search, start * 2, 'utf16le');
    return at < 0 ? -1 : at / 2;
  }

  lastIndexOf(search: string, position = Infinity): number {
    this.#check();
    const p = Number.isNaN(position) ? Infinity : Math.trunc(position);
    const from = Math.min(Math.max(p, 0), this.length - search.length);
    if (from < 0) return -1;
    if (search.length === 0) return from;
    const at = this.#bytes.lastIndexOf(search, from * 2, 'utf16le');
    return at < 0 ? -1 : at / 2;
  }

  startsWith(search: string, position = 0): boolean {
    this.#check();
    const at = Math.min(Math.max(integer(position), 0), this.length);
    return at + search.length <= this.length && this.#at(at, search);
  }

  toString(): string {
    this.#check();
    this.#whole ??= this.slice(0, this.length);
    return this.#whole;
  }

  /**
   * Pushes onto `starts` the start (the unit after) of each newline at or after `from`, until
   * one is past `upTo` (pushed too): where the next search resumes, or length + 1 once no
   * newline is left. lineIndex.ts places a file's matches with it. The rest of a line longer
   * than LONG_LINE (minified code, a bundle of one line) is left to Node's search, which reads
   * a long stretch a block at a time.
   */
  lineStarts(from: number, upTo: number, starts: number[]): number {
    const units = this.units;
    const n = units.length;
    let i = from;
    while (i <= upTo && i <= n) {
      let j = i;
      const stop = Math.min(n, i + LONG_LINE);
      while (j < stop && units[j] !== 10) j++;
      if (j === stop && stop < n) {
        j = this.indexOf('\n', stop);
        if (j < 0) j = n;
      }
      if (j >= n) return n + 1;
      starts.push(j + 1);
      i = j + 1;
    }
    return i;
  }

  /** Whether `search` stands at `i` (which leaves room for it). */
  #at(i: number, search: string): boolean {
    const units = this.#units;
    for (let k = 0; k < search.length; k++) if (units[i + k] !== search.charCodeAt(k)) return false;
    return true;
  }
}
