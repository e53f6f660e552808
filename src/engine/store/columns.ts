// The columns of a stored result, kept compactly (a million leaked records must fit in a
// couple of hundred megabytes with their index): text that repeats (browser, country,
// status, site URLs) as integer codes into a dictionary; text that does not (usernames,
// passwords) as UTF-8 bytes in one buffer with offsets; dates as numbers. Columns grow as
// records stream in and are trimmed when the result is complete. Node only (Buffer).

const INITIAL = 1024;

/** `array`, or a copy at least `need` long (sizes double). */
export function grow<T extends Uint32Array | Uint16Array | Float64Array | Uint8Array>(array: T, need: number, make: (n: number) => T): T {
  if (need <= array.length) return array;
  let size = Math.max(INITIAL, array.length);
  while (size < need) size *= 2;
  const next = make(size);
  next.set(array);
  return next;
}

/**
 * `array` cut to `length`: a view of it when it is large and nearly full, else a copy (not for
 * a Buffer, whose `slice` is a view too: TextColumn trims its bytes itself). A copy's memory
 * is written for the first time, a page fault each 4 KiB, which some virtual machines make
 * slower than the copy. A view keeps the whole array allocated (what the engine's memory
 * figures count, and what some systems commit), so only a slack of at most an eighth is kept.
 */
export function trimmed<T extends Uint32Array | Uint16Array | Float64Array | Uint8Array>(array: T, length: number): T {
  if (array.length === length) return array;
  return (viewKept(array.byteLength, (length * array.byteLength) / array.length) ? array.subarray(0, length) : array.slice(0, length)) as T;
}

/** Whether `used` of `capacity` bytes is kept as a view rather than copied (`trimmed`). */
export function viewKept(capacity: number, used: number): boolean {
  return capacity >= TRIM_BY_COPY && capacity - used <= capacity / 8;
}

/** Arrays smaller than this are trimmed by a copy (`trimmed`). */
const TRIM_BY_COPY = 1024 * 1024;

/**
 * Dictionary codes, one a row, as narrow as the dictionary allows: one byte while it has at
 * most 256 values (a column of countries, or one that is always empty, costs a byte a row).
 */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** A code array `n` long for codes below `count`, as narrow as that allows. */
export function codeArray(count: number, n: number): Codes {
  return count <= 0x100 ? new Uint8Array(n) : count <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
}

/** A code array of the same width as `codes`, `n` long. */
function codesLike(codes: Codes, n: number): Codes {
  return codes.BYTES_PER_ELEMENT === 1 ? new Uint8Array(n) : codes.BYTES_PER_ELEMENT === 2 ? new Uint16Array(n) : new Uint32Array(n);
}

/** `codes`, widened if need be to hold `code`. */
function wideEnough(codes: Codes, code: number): Codes {
  // Every value pushed asks this: a comparison, not `2 ** bits` (a call into the runtime's pow).
  const width = codes.BYTES_PER_ELEMENT;
  if (width === 4 || code < (width === 1 ? 0x100 : 0x10000)) return codes;
  const next: Codes = code <= 0xffff ? new Uint16Array(codes.length) : new Uint32Array(codes.length);
  next.set(codes);
  return next;
}

/** A column of text: dictionary codes while values repeat, UTF-8 bytes once they mostly do not. */
export class TextColumn {
  #length = 0;
  /** Dictionary mode: the distinct values and each row's code. */
  #values: string[] | undefined = [];
  #index: Map<string, number> | undefined = new Map();
  #codes: Codes = new Uint8Array(0);
  /** Pool mode: every row's text as UTF-8, row i at bytes [offsets[i], offsets[i + 1]). */
  #bytes: Buffer | undefined;
  #used = 0;
  #offsets: Uint32Array | undefined;

  get length(): number {
    return this.#length;
  }

  /** Dictionary mode (codes and distinct values) or pool mode (bytes and offsets). */
  get isDictionary(): boolean {
    return this.#values !== undefined;
  }

  push(value: string): void {
    const row = this.#length++;
    if (this.#values !== undefined && this.#index !== undefined) {
      let code = this.#index.get(value);
      if (code === undefined) {
        code = this.#values.length;
        this.#values.push(value);
        this.#index.set(value, code);
      }
      const wide = wideEnough(this.#codes, code);
      const codes = (this.#codes = grow(wide, row + 1, (n) => codesLike(wide, n)));
      codes[row] = code;
      // Many distinct values: a dictionary only costs memory (and collector time). Switch to bytes, once.
      if (this.#values.length > 4096 && this.#values.length * 4 > this.#length) this.#toPool();
      return;
    }
    this.#append(value);
  }

  #append(value: string): void {
    const row = this.#length - 1;
    const offsets = (this.#offsets = grow(this.#offsets as Uint32Array, row + 2, (n) => new Uint32Array(n)));
    const need = this.#used + value.length * 3;
    if (this.#bytes === undefined || need > this.#bytes.length) {
      let size = Math.max(64 * 1024, this.#bytes?.length ?? 0);
      while (size < need) size *= 2;
      const next = Buffer.allocUnsafe(size);
      this.#bytes?.copy(next, 0, 0, this.#used);
      this.#bytes = next;
    }
    const bytes = this.#bytes;
    let at = this.#used;
    // Short ASCII text (most usernames, passwords, addresses) is copied here: cheaper than a
    // call into Buffer.write, which takes over at the first other character.
    let i = 0;
    const n = value.length;
    if (n <= 64) {
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c > 0x7f) break;
        bytes[at + i] = c;
      }
    }
    at += i;
    if (i < n) at += bytes.write(i === 0 ? value : value.slice(i), at, 'utf8');
    this.#used = at;
    offsets[row + 1] = at;
  }

  #toPool(): void {
    const values = this.#values as string[];
    const codes = this.#codes;
    const rows = this.#length;
    this.#values = undefined;
    this.#index = undefined;
    this.#codes = new Uint8Array(0);
    this.#offsets = new Uint32Array(Math.max(INITIAL, rows + 1));
    this.#used = 0;
    this.#length = 0;
    for (let row = 0; row < rows; row++) {
      this.#length++;
      this.#append(values[codes[row] as number] as string);
    }
  }

  get(row: number): string {
    if (this.#values !== undefined) return this.#values[this.#codes[row] as number] ?? '';
    const offsets = this.#offsets as Uint32Array;
    return (this.#bytes as Buffer).toString('utf8', offsets[row], offsets[row + 1]);
  }

  /** Row `row`'s dictionary code (equal codes, equal text), or -1 in pool mode. */
  codeOf(row: number): number {
    return this.#values !== undefined && row < this.#length ? (this.#codes[row] as number) : -1;
  }

  /** Dictionary mode: the distinct values (code i is values[i]). */
  get values(): readonly string[] {
    return this.#values ?? [];
  }

  /** Dictionary mode: each row's code (exactly `length` long once finished). */
  get codes(): Codes {
    return this.#codes;
  }

  /** Pool mode: the UTF-8 bytes and row offsets (length + 1). */
  get pool(): { readonly bytes: Buffer; readonly offsets: Uint32Array } | undefined {
    if (this.#values !== undefined) return undefined;
    return { bytes: this.#bytes as Buffer, offsets: this.#offsets as Uint32Array };
  }

  /** Trims the arrays to their content (the result is complete). */
  finish(): void {
    if (this.#values !== undefined) {
      this.#codes = trimmed(this.#codes, this.#length);
      this.#index = undefined; // not needed to read; rebuilt if ever needed
      return;
    }
    this.#offsets = trimmed(this.#offsets as Uint32Array, this.#length + 1);
    const bytes = this.#bytes as Buffer;
    this.#bytes = viewKept(bytes.length, this.#used) ? bytes.subarray(0, this.#used) : Buffer.from(bytes.subarray(0, this.#used));
  }

  /** Bytes held (for the memory figures). */
  get bytes(): number {
    if (this.#values !== undefined) return this.#codes.byteLength + this.#values.reduce((s, v) => s + 16 + v.length, 0);
    return (this.#bytes?.length ?? 0) + (this.#offsets?.byteLength ?? 0);
  }

  /** A column rebuilt from stored parts (see serialize.ts). */
  static fromDictionary(values: string[], codes: Codes): TextColumn {
    const column = new TextColumn();
    column.#values = values;
    column.#index = undefined;
    column.#codes = codes;
    column.#length = codes.length;
    return column;
  }

  static fromPool(bytes: Buffer, offsets: Uint32Array): TextColumn {
    const column = new TextColumn();
    column.#values = undefined;
    column.#index = undefined;
    column.#bytes = bytes;
    column.#used = bytes.length;
    column.#offsets = offsets;
    column.#length = offsets.length - 1;
    return column;
  }
}

/**
 * Epoch ms of `YYYY-MM-DDTHH:MM:SS[.mmm]Z` with every field in range, else NaN. Worked out
 * from the fields rather than by Date.UTC, which reads the years 0 to 99 as 1900 to 1999 and
 * rolls a 13th month or a 30 February over into the next.
 */
function isoMs(text: string): number {
  const length = text.length;
  if ((length !== 24 && length !== 20) || text.charCodeAt(length - 1) !== 90) return Number.NaN;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return Number.NaN;
  if (length === 24 && text.charCodeAt(19) !== 46) return Number.NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const milli = length === 24 ? digits(text, 20, 3) : 0;
  // NaN fails every comparison, so a field that is not all digits ends here too.
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59 && milli >= 0)) return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (!(day <= (month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number)))) return Number.NaN;
  return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + milli;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar: isoOf's steps backwards. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from here on toISOString writes a six-digit year with a sign. */
const YEAR_10000_MS = 253_402_300_800_000;
/** '00'…'99' and '000'…'999': the fields of a time of day. */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * The text a date is shown as when it is its own canonical form: what `toISOString` gives. An
 * export writes it for every record, so an instant of the years 1970 to 9999 is spelled here
 * from its fields rather than through a Date made and dropped each time.
 */
export function isoOf(ms: number): string {
  if (!(ms >= 0 && ms < YEAR_10000_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  // The civil date of a day count (days from 1970-01-01), by eras of 400 years of the
  // proleptic Gregorian calendar, each starting on 1 March so that leap days fall last.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const ofEra = z - era * 146_097;
  const yearOfEra = Math.floor((ofEra - Math.floor(ofEra / 1460) + Math.floor(ofEra / 36_524) - Math.floor(ofEra / 146_096)) / 365);
  const dayOfYear = ofEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${TWO[month] as string}-${TWO[day] as string}T${TWO[hour] as string}:${TWO[minute] as string}:${TWO[second] as string}.${THREE[milli] as string}Z`;
}

/**
 * A column of dates as epoch milliseconds (NaN: no date). A value that is not exactly the
 * ISO text of its number (another format, or text that is no date) keeps its text too, so
 * what the service sent is never lost. Those texts are a text column of their own, made
 * when the first one comes ('' in every other row): a map entry per odd row would cost many
 * times the bytes of a record that is nothing but an odd date.
 */
export class DateColumn {
  #length = 0;
  #ms: Float64Array = new Float64Array(0);
  #odd: TextColumn | undefined;

  get length(): number {
    return this.#length;
  }

  push(value: string): void {
    const row = this.#length++;
    this.#ms = grow(this.#ms, row + 1, (n) => new Float64Array(n));
    const iso = isoMs(value);
    this.#ms[row] = Number.isNaN(iso) && value !== '' ? Date.parse(value) : iso;
    // A date in range in the 24-character form is what isoOf spells its instant as; '' is
    // what a row without a date reads as anyway.
    const odd = value !== '' && (Number.isNaN(iso) || value.length !== 24);
    if (odd && this.#odd === undefined) {
      this.#odd = new TextColumn();
      for (let r = 0; r < row; r++) this.#odd.push('');
    }
    this.#odd?.push(odd ? value : '');
  }

  get(row: number): string {
    const text = this.#odd?.get(row);
    if (text) return text;
    const ms = this.#ms[row] as number;
    return Number.isNaN(ms) ? '' : isoOf(ms);
  }

  /** A row's text when it is not the ISO form of its instant, else undefined. */
  oddText(row: number): string | undefined {
    return this.#odd?.get(row) || undefined;
  }

  /** Each row's instant (NaN when it has none). */
  get ms(): Float64Array {
    return this.#ms;
  }

  /** Rows whose text is not the ISO form of their instant, in row order. */
  *texts(): Generator<[number, string]> {
    const odd = this.#odd;
    if (odd === undefined) return;
    for (let row = 0; row < odd.length; row++) {
      const text = odd.get(row);
      if (text) yield [row, text];
    }
  }

  finish(): void {
    this.#ms = trimmed(this.#ms, this.#length);
    this.#odd?.finish();
  }

  get bytes(): number {
    return this.#ms.byteLength + (this.#odd?.bytes ?? 0);
  }

  static from(ms: Float64Array, texts: Iterable<readonly [number, string]>): DateColumn {
    const column = new DateColumn();
    column.#ms = ms;
    column.#length = ms.length;
    let next = 0;
    for (const [row, text] of texts) {
      if (row < next || row >= ms.length) throw new Error('The cache file has a date text out of place.');
      column.#odd ??= new TextColumn();
      for (; next < row; next++) column.#odd.push('');
      column.#odd.push(text);
      next = row + 1;
    }
    if (column.#odd) {
      for (; next < ms.length; next++) column.#odd.push('');
      column.#odd.finish();
    }
    return column;
  }
}

/** What a generic (open-record) field held in one row, besides its text. */
export const enum Tag {
  Absent = 0,
  Null = 1,
  Text = 2,
  Number = 3,
  True = 4,
  False = 5,
}

/** One byte per row: the JSON type of an open record's field (text alone cannot tell 1 from "1"). */
export class TagColumn {
  #length = 0;
  #tags: Uint8Array = new Uint8Array(0);

  push(tag: Tag): void {
    const row = this.#length++;
    this.#tags = grow(this.#tags, row + 1, (n) => new Uint8Array(n));
    this.#tags[row] = tag;
  }

  get(row: number): Tag {
    return (this.#tags[row] ?? Tag.Absent) as Tag;
  }

  get array(): Uint8Array {
    return this.#tags;
  }

  get length(): number {
    return this.#length;
  }

  finish(): void {
    this.#tags = trimmed(this.#tags, this.#length);
  }

  static from(tags: Uint8Array): TagColumn {
    const column = new TagColumn();
    column.#tags = tags;
    column.#length = tags.length;
    return column;
  }
}
