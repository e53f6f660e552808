// The body of a search answer, parsed as it arrives: `{"count": N, "results": [record, …]}`
// with any other top-level keys skipped. Each record is validated and handed to a sink the
// moment its closing brace arrives, so nothing waits for the whole body, memory holds only
// what the sink keeps, and a limit in records stops an oversized answer early.
//
// Written for this one shape rather than taken from a general streaming JSON library: the
// shape is fixed and small, the parser must be iterative (a record field nested 100,000
// deep must not overflow the stack), must keep a nested value as its JSON text without
// re-serialising it, and must stop at a record limit with a typed error — a generic
// event-per-token parser would cost more per byte than this whole file. Time is linear in the
// body: every character is looked at a bounded number of times, whatever the chunking.
// Pure: no `vscode`, no I/O.
import { LeakSearchError } from '../service/errors';
import { JsonGrammar } from './jsonGrammar';
import { setOwn } from './ownFields';
import { ACCOUNT_FIELDS } from '../service/types';
import type { AccountRecord, FieldValue, FindingsType, OpenRecord } from '../service/types';

export interface BodyLimits {
  /** More records than this is `too-large`, naming the limit and the next step. */
  readonly maxRecords: number;
  /** The longest field value, in characters (a nested value's JSON text included). */
  readonly maxFieldChars?: number;
  /** The longest record, in characters of JSON. */
  readonly maxRecordChars?: number;
}

export const DEFAULT_MAX_FIELD_CHARS = 1 << 20;
export const DEFAULT_MAX_RECORD_CHARS = 8 << 20;

export type RecordSink = (record: AccountRecord | OpenRecord, index: number) => void;

/** How a field's value was written. */
export const enum ValueKind {
  /** A string, true, false or null: `value` is it. */
  Plain = 0,
  /** An object or array: `value` is its compact JSON text. */
  Nested = 1,
  /**
   * A number: `value` is its literal exactly as sent (a double would round an integer past
   * 2^53 and respell others: what is shown must be what the service said).
   */
  Number = 2,
}

/**
 * A record's fields one by one, as they are read (the data engine's table builder takes them
 * this way: no object per record). A key sent twice in a record comes twice: the later wins.
 */
export interface FieldSink {
  begin(index: number): void;
  field(key: string, value: FieldValue, kind: ValueKind): void;
  end(index: number): void;
}

/** What the body said besides its records. */
export interface BodySummary {
  readonly count: number;
  readonly records: number;
}

const KNOWN = new Set<string>(ACCOUNT_FIELDS);

function bad(message: string): LeakSearchError {
  return new LeakSearchError('bad-response', `The service sent an unexpected answer: ${message}`, { status: 200 });
}

/**
 * The fewest characters a record may take on average (its braces, fields and the comma after
 * it). Storing a record costs the engine and the results panel a few dozen bytes whatever it
 * holds, so this floor is what keeps the memory of any accepted answer within a few times its
 * size; real records are far larger (README "Privacy and security").
 */
export const MIN_RECORD_CHARS = 10;
/** Records before the floor applies: an answer this small costs little however it is made. */
const FREE_RECORDS = 4096;

const NOT_JSON = 'the body is not valid JSON (it may have been cut off).';

/** Record keys remembered for `#knownKey` (records have a handful of keys; odd ones are read the long way). */
const MAX_KNOWN_KEYS = 16;

/** Where the parser is in the body's grammar. */
const enum At {
  Start,
  TopKey,
  TopColon,
  TopValue,
  TopNext,
  ResultsFirst,
  ResultsItem,
  ResultsNext,
  RecordKey,
  RecordColon,
  RecordValue,
  RecordNext,
  End,
}

/** A value being copied as text (a record's nested field) or skipped (an unknown top-level key). */
interface Raw {
  depth: number;
  inString: boolean;
  escaped: boolean;
  /** Collected text (whitespace outside strings dropped), or undefined when skipping. */
  parts: string[] | undefined;
  length: number;
  /** The last character outside strings that was not whitespace. */
  last: number;
  /** Whitespace followed a number or literal: it matters if another one follows. */
  pendingSpace: boolean;
  /** The grammar of a value kept (a skipped one is only bracket-matched). */
  grammar: JsonGrammar | undefined;
}

/** A character a number or a literal (true, false, null) ends with: whitespace after it may separate two tokens. */
function endsToken(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 46 || c === 43 || c === 45;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function isDelimiter(c: number): boolean {
  return isSpace(c) || c === 44 || c === 125 || c === 93 || c === 58;
}

export class SearchBodyParser {
  #buf = '';
  #pos = 0;
  #at: At = At.Start;
  #seenAny = false;
  #count: number | undefined;
  #resultsSeen = false;
  #key = '';
  /** Record keys read so far (a few), and where the next one is likely to be among them. */
  readonly #keys: string[] = [];
  #keyHint = 0;
  #records = 0;
  /** A record is open (between its braces). */
  #inRecord = false;
  /** The key awaited (At.TopKey, At.RecordKey) follows a comma: a closing brace there is not JSON. */
  #afterComma = false;
  /** The buffer holds no control character at all (the usual case: strings need no check of their own). */
  #clean = true;
  /** Characters dropped from the front of the buffer so far: `#dropped + p` is an absolute offset. */
  #dropped = 0;
  /** Where the current record started (absolute offset). */
  #recordStart = 0;
  #raw: Raw | undefined;
  /**
   * The parts of a string (a key or a field value) that began in an earlier chunk and is not
   * closed yet; undefined when no string is open. Parts are kept aside, so a long string
   * split over many chunks is scanned once, never again from its start.
   */
  #strParts: string[] | undefined;
  #strLength = 0;
  readonly #maxField: number;
  readonly #maxRecord: number;

  readonly #fields: FieldSink;

  constructor(
    private readonly type: FindingsType,
    private readonly limits: BodyLimits,
    sink: RecordSink | FieldSink,
  ) {
    this.#fields = typeof sink === 'function' ? this.#objects(sink) : sink;
    this.#maxField = limits.maxFieldChars ?? DEFAULT_MAX_FIELD_CHARS;
    this.#maxRecord = limits.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  }

  /**
   * Feeds the next piece of the body (any split, even inside a string or a number).
   * `controlFree`: the caller knows it holds no control character (utf8Stream.ts
   * `withoutControls` of its bytes), so it is not searched for one again.
   */
  write(chunk: string, controlFree = false): void {
    if (chunk === '') return;
    if (this.#pos > 0) {
      this.#buf = this.#buf.slice(this.#pos);
      this.#dropped += this.#pos;
      this.#pos = 0;
    }
    // One native scan a chunk: without control characters (compact JSON), no string needs its own check.
    // eslint-disable-next-line no-control-regex
    this.#clean = (this.#buf === '' || this.#clean) && (controlFree || !/[\u0000-\u001f]/.test(chunk));
    this.#buf += chunk;
    this.#run(false);
  }

  /** The body is complete: checks it was whole and says what it held. */
  end(): BodySummary {
    this.#run(true);
    if (!this.#seenAny) throw bad('the body is empty.');
    if (this.#at !== At.End) throw bad(NOT_JSON);
    if (this.#count === undefined) throw bad('"count" is not a non-negative whole number.');
    if (!this.#resultsSeen) throw bad('"results" is not a list.');
    return { count: this.#count, records: this.#records };
  }

  #run(final: boolean): void {
    const buf = this.#buf;
    let p = this.#pos;
    for (;;) {
      if (this.#raw !== undefined) {
        const done = this.#copyRaw(buf, p);
        p = done.pos;
        if (!done.finished) break;
        this.#rawDone();
        continue;
      }
      if (this.#strParts !== undefined) {
        // A string from an earlier chunk goes on at `p`.
        const s = this.#string(buf, p, final, true);
        if (!s.done) {
          p = s.end;
          break;
        }
        p = s.end;
        this.#gotString(s.value);
        continue;
      }
      while (p < buf.length && isSpace(buf.charCodeAt(p))) p++;
      if (p >= buf.length) break;
      this.#seenAny = true;
      const c = buf.charCodeAt(p);
      const at = this.#at;
      if (at === At.Start) {
        if (c !== 123) throw bad(c === 91 || c === 110 || c === 116 || c === 102 || c === 34 || (c >= 48 && c <= 57) || c === 45 ? 'the body is not a JSON object.' : NOT_JSON);
        this.#at = At.TopKey;
        p++;
      } else if (at === At.TopKey || at === At.RecordKey) {
        if (c === 125) {
          if (this.#afterComma) throw bad(NOT_JSON);
          p++;
          if (at === At.TopKey) this.#at = At.End;
          else this.#finishRecord(p);
          continue;
        }
        if (c !== 34) throw bad(NOT_JSON);
        if (at === At.RecordKey) {
          // Records repeat their keys: a key read before is taken as that same string (no copy, and its hash is known).
          const known = this.#knownKey(buf, p + 1);
          if (known !== undefined) {
            p += known.length + 2;
            this.#gotString(known);
            continue;
          }
        }
        const s = this.#string(buf, p + 1, final, false);
        p = s.end;
        if (!s.done) break;
        if (at === At.RecordKey) this.#learnKey(s.value);
        this.#gotString(s.value);
      } else if (at === At.TopColon || at === At.RecordColon) {
        if (c !== 58) throw bad(NOT_JSON);
        p++;
        this.#at = at === At.TopColon ? At.TopValue : At.RecordValue;
      } else if (at === At.TopValue) {
        if (this.#key === 'results') {
          if (this.#resultsSeen) throw bad('the body has more than one "results" list.');
          this.#resultsSeen = true;
          if (c !== 91) {
            if (c === 123 || c === 34 || c === 110 || c === 116 || c === 102 || c === 45 || (c >= 48 && c <= 57)) throw bad('"results" is not a list.');
            throw bad(NOT_JSON);
          }
          p++;
          this.#at = At.ResultsFirst;
        } else if (this.#key === 'count') {
          if (c === 123 || c === 91 || c === 34) throw bad('"count" is not a non-negative whole number.');
          const v = this.#scalar(buf, p, final);
          if (v === undefined) break;
          p = v.end;
          this.#count = countOf(v);
          this.#at = At.TopNext;
        } else {
          // Another top-level key: its value is skipped, whatever its size or depth.
          p = this.#startRaw(buf, p, final, false);
          if (this.#raw === undefined && this.#at === At.TopValue) break;
        }
      } else if (at === At.TopNext || at === At.RecordNext) {
        if (c === 44) {
          p++;
          this.#at = at === At.TopNext ? At.TopKey : At.RecordKey;
          this.#afterComma = true;
        } else if (c === 125) {
          p++;
          if (at === At.TopNext) this.#at = At.End;
          else this.#finishRecord(p);
        } else throw bad(NOT_JSON);
      } else if (at === At.ResultsFirst || at === At.ResultsItem) {
        if (c === 93 && at === At.ResultsFirst) {
          p++;
          this.#at = At.TopNext;
        } else if (c === 123) {
          if (this.#records >= this.limits.maxRecords) throw tooMany(this.limits.maxRecords);
          this.#inRecord = true;
          this.#fields.begin(this.#records);
          this.#recordStart = this.#dropped + p;
          p++;
          this.#at = At.RecordKey;
          this.#afterComma = false;
        } else if (c === 93 || c === 44) {
          throw bad(NOT_JSON);
        } else {
          throw bad(`result ${this.#records + 1} is not an object.`);
        }
      } else if (at === At.ResultsNext) {
        if (c === 44) {
          p++;
          this.#at = At.ResultsItem;
        } else if (c === 93) {
          p++;
          this.#at = At.TopNext;
        } else throw bad(NOT_JSON);
      } else if (at === At.RecordValue) {
        if (c === 123 || c === 91) {
          p = this.#startRaw(buf, p, final, true);
          continue;
        }
        if (c === 34) {
          const s = this.#string(buf, p + 1, final, false);
          p = s.end;
          if (!s.done) break;
          this.#gotString(s.value);
          continue;
        }
        const v = this.#scalar(buf, p, final);
        if (v === undefined) break;
        p = v.end;
        this.#fields.field(this.#key, v.value, v.number ? ValueKind.Number : ValueKind.Plain);
        this.#at = At.RecordNext;
      } else {
        // At.End: only whitespace may follow.
        throw bad(NOT_JSON);
      }
      this.#checkRecordSize(p);
    }
    this.#checkRecordSize(p);
    this.#pos = p;
    if (final && this.#raw !== undefined) throw bad(NOT_JSON);
  }

  /**
   * A record key written at `from` (after its opening quote) exactly as one read before, when
   * it is: its characters, then an unescaped closing quote (a learnt key has no backslash,
   * no quote and no control character, so its text there is its value).
   */
  #knownKey(buf: string, from: number): string | undefined {
    const keys = this.#keys;
    const n = keys.length;
    for (let k = 0; k < n; k++) {
      const key = keys[(this.#keyHint + k) % n] as string;
      if (buf.charCodeAt(from + key.length) === 34 && buf.startsWith(key, from)) {
        this.#keyHint = (this.#keyHint + k + 1) % n;
        return key;
      }
    }
    return undefined;
  }

  #learnKey(key: string): void {
    // eslint-disable-next-line no-control-regex
    if (this.#keys.length >= MAX_KNOWN_KEYS || key === '' || /["\\\u0000-\u001f]/.test(key) || this.#keys.includes(key)) return;
    this.#keys.push(key);
  }

  #checkRecordSize(p: number): void {
    if (this.#inRecord && this.#dropped + p - this.#recordStart > this.#maxRecord) {
      throw bad(`result ${this.#records + 1} is larger than ${Math.round(this.#maxRecord / 1048576)} MiB.`);
    }
  }

  /** A whole string arrived: a key, or the value of a record's field. */
  #gotString(value: string): void {
    const at = this.#at;
    if (at === At.TopKey || at === At.RecordKey) {
      this.#key = value;
      this.#at = at === At.TopKey ? At.TopColon : At.RecordColon;
    } else {
      this.#setField(this.#key, value);
      this.#at = At.RecordNext;
    }
  }

  /**
   * The rest of a JSON string whose content starts at `from` (after the opening quote, or at
   * the start of the buffer when `goingOn`). Done: its value and the position after the
   * closing quote. Not done: what was read is kept aside and `end` is where the next chunk
   * must resume (before a trailing run of backslashes, which the next chunk decides).
   */
  #string(buf: string, from: number, final: boolean, goingOn: boolean): { done: true; value: string; end: number } | { done: false; end: number } {
    let q = from;
    for (;;) {
      const quote = buf.indexOf('"', q);
      if (quote === -1) {
        if (final) throw bad(NOT_JSON);
        let end = buf.length;
        while (end > from && buf.charCodeAt(end - 1) === 92) end--;
        this.#keepString(buf.slice(from, end));
        return { done: false, end };
      }
      let slashes = 0;
      for (let i = quote - 1; i >= from && buf.charCodeAt(i) === 92; i--) slashes++;
      if (slashes % 2 === 1) {
        q = quote + 1;
        continue;
      }
      const last = buf.slice(from, quote);
      let raw = last;
      if (goingOn || this.#strParts !== undefined) {
        this.#keepString(last);
        raw = (this.#strParts as string[]).join('');
        this.#strParts = undefined;
        this.#strLength = 0;
      } else if (raw.length > this.#maxField) {
        throw bad(`a text of result ${this.#records + 1} is longer than ${this.#maxField} characters.`);
      }
      if (raw.indexOf('\\') === -1) {
        // eslint-disable-next-line no-control-regex
        if (!this.#clean && /[\u0000-\u001f]/.test(raw)) throw bad(NOT_JSON);
        return { done: true, value: raw, end: quote + 1 };
      }
      try {
        // `\ud800` escapes can make a lone surrogate, which no UTF-8 text (the cache, the
        // table's byte columns) can hold: it is U+FFFD from here on, wherever it is read.
        return { done: true, value: (JSON.parse(`"${raw}"`) as string & { toWellFormed(): string }).toWellFormed(), end: quote + 1 };
      } catch {
        throw bad(NOT_JSON);
      }
    }
  }

  #keepString(part: string): void {
    // eslint-disable-next-line no-control-regex
    if (!this.#clean && /[\u0000-\u001f]/.test(part)) throw bad(NOT_JSON);
    (this.#strParts ??= []).push(part);
    this.#strLength += part.length;
    if (this.#strLength > this.#maxField) throw bad(`a text of result ${this.#records + 1} is longer than ${this.#maxField} characters.`);
  }

  /** A number (its literal), true, false or null at `p`, or undefined when it is not complete yet. */
  #scalar(buf: string, p: number, final: boolean): { value: FieldValue; end: number; number?: true } | undefined {
    let e = p;
    while (e < buf.length && !isDelimiter(buf.charCodeAt(e))) {
      e++;
      if (e - p > 400) throw bad(NOT_JSON);
    }
    if (e >= buf.length && !final) return undefined;
    const token = buf.slice(p, e);
    if (token === 'true') return { value: true, end: e };
    if (token === 'false') return { value: false, end: e };
    if (token === 'null') return { value: null, end: e };
    if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(token)) return { value: token, end: e, number: true };
    throw bad(NOT_JSON);
  }

  /** Starts copying (or skipping) an object, array or scalar value at `p` (a string too, when skipped). */
  #startRaw(buf: string, p: number, final: boolean, keep: boolean): number {
    const c = buf.charCodeAt(p);
    if (c !== 123 && c !== 91 && c !== 34) {
      // A scalar: read it whole (nothing to copy for a skipped one).
      const v = this.#scalar(buf, p, final);
      if (v === undefined) return p;
      this.#at = this.#at === At.TopValue ? At.TopNext : At.RecordNext;
      return v.end;
    }
    this.#raw = { depth: 0, inString: false, escaped: false, parts: keep ? [] : undefined, length: 0, last: 0, pendingSpace: false, grammar: keep ? new JsonGrammar() : undefined };
    return p;
  }

  /** Copies or skips raw text until its value closes; linear, iterative, any depth. */
  #copyRaw(buf: string, p: number): { pos: number; finished: boolean } {
    const raw = this.#raw as Raw;
    let from = p;
    let i = p;
    const flush = (to: number): void => {
      if (raw.parts !== undefined && to > from) {
        raw.parts.push(buf.slice(from, to));
        raw.length += to - from;
        if (raw.length > this.#maxField) throw bad(`a field of result ${this.#records + 1} is longer than ${this.#maxField} characters.`);
      }
    };
    const grammar = raw.grammar;
    for (; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (grammar !== undefined && !grammar.step(c)) throw bad(NOT_JSON);
      if (raw.inString) {
        if (raw.escaped) raw.escaped = false;
        else if (c === 92) raw.escaped = true;
        else if (c === 34) {
          raw.inString = false;
          raw.last = c;
          if (raw.depth === 0) {
            // A skipped value that is a bare string ends here.
            flush(i + 1);
            return { pos: i + 1, finished: true };
          }
        } else if (c < 0x20) throw bad(NOT_JSON);
        continue;
      }
      if (c === 34) raw.inString = true;
      else if (c === 123 || c === 91) raw.depth++;
      else if (c === 125 || c === 93) {
        raw.depth--;
        if (raw.depth === 0) {
          flush(i + 1);
          return { pos: i + 1, finished: true };
        }
      } else if (isSpace(c)) {
        // Whitespace outside strings is dropped (the text is the compact JSON of the value),
        // except between two numbers or literals: `1 2` must not become `12` (valid JSON).
        flush(i);
        if (endsToken(raw.last)) raw.pendingSpace = true;
        from = i + 1;
        continue;
      } else if (raw.depth === 0) throw bad(NOT_JSON);
      if (raw.pendingSpace) {
        raw.pendingSpace = false;
        if (endsToken(c) && raw.parts !== undefined) {
          flush(i);
          raw.parts.push(' ');
          raw.length++;
          from = i;
        }
      }
      raw.last = c;
    }
    flush(i);
    return { pos: i, finished: false };
  }

  #rawDone(): void {
    const raw = this.#raw as Raw;
    this.#raw = undefined;
    if (raw.parts === undefined) {
      this.#at = At.TopNext;
      return;
    }
    // Checked character by character as it was copied (jsonGrammar.ts): nothing is built.
    if (raw.grammar?.complete !== true) throw bad(NOT_JSON);
    this.#fields.field(this.#key, raw.parts.join(''), ValueKind.Nested);
    this.#at = At.RecordNext;
  }

  #setField(key: string, value: FieldValue): void {
    this.#fields.field(key, value, ValueKind.Plain);
  }

  #finishRecord(p: number): void {
    this.#inRecord = false;
    const index = this.#records++;
    // Whatever stores a record keeps a few dozen bytes for it, however little it holds: an answer
    // of records far smaller than any leaked credential would cost many times its size.
    if (this.#records > FREE_RECORDS && this.#records * MIN_RECORD_CHARS > this.#dropped + p) {
      throw bad(`its first ${this.#records.toLocaleString('en-US')} records take ${(this.#dropped + p).toLocaleString('en-US')} characters, fewer than ${MIN_RECORD_CHARS} a record. No leaked-credential record is that small (an accounts record's eight fields alone take 93), so nothing of it was kept.`);
    }
    this.#at = At.ResultsNext;
    this.#fields.end(index);
  }

  /** Field events made into record objects for a `RecordSink` (accounts records typed). */
  #objects(sink: RecordSink): FieldSink {
    let bag: Record<string, FieldValue> = {};
    let nested: Set<string> | undefined;
    return {
      begin: () => {
        bag = {};
        nested = undefined;
      },
      field: (key, value, kind) => {
        setOwn(bag, key, kind === ValueKind.Number ? numberValue(value as string) : value);
        // A later duplicate key wins, as in JSON.parse.
        if (kind === ValueKind.Nested) (nested ??= new Set()).add(key);
        else nested?.delete(key);
      },
      end: (index) => sink(this.type === 'accounts' ? accountRecord(bag, index, nested) : bag, index),
    };
  }
}

/** An accounts record: the eight fields as strings ('' when missing), other fields in `extra`. */
function accountRecord(bag: Record<string, FieldValue>, index: number, nestedFields: ReadonlySet<string> | undefined): AccountRecord {
  const fields = {} as Record<(typeof ACCOUNT_FIELDS)[number], string>;
  for (const f of ACCOUNT_FIELDS) {
    const v = bag[f];
    if (nestedFields?.has(f)) throw bad(`the field "${f}" of result ${index + 1} is not text.`);
    fields[f] = v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v);
  }
  let extra: Record<string, FieldValue> | undefined;
  for (const key of Object.keys(bag)) {
    if (KNOWN.has(key)) continue;
    extra ??= {};
    setOwn(extra, key, bag[key] ?? null);
  }
  return extra === undefined ? fields : { ...fields, extra };
}

/**
 * A number literal as a record object's value: a number, except an integer a double cannot
 * hold exactly (past 2^53), which stays its digits (text) rather than be rounded.
 */
export function numberValue(literal: string): number | string {
  const n = Number(literal);
  if (Number.isSafeInteger(n) || !/^-?\d+$/.test(literal)) return n;
  return Number.isFinite(n) && BigInt(n) === BigInt(literal) ? n : literal;
}

/** `count`: a whole number a double holds exactly; past 2^53 it is refused rather than rounded. */
function countOf(v: { value: FieldValue; number?: true }): number {
  const n = v.number ? Number(v.value) : Number.NaN;
  if (Number.isInteger(n) && n >= 0 && !Number.isSafeInteger(n)) {
    throw bad(`"count" (${String(v.value).slice(0, 40)}) is larger than ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}, the largest count this extension can hold exactly.`);
  }
  if (!Number.isSafeInteger(n) || n < 0) throw bad('"count" is not a non-negative whole number.');
  return n;
}

function tooMany(limit: number): LeakSearchError {
  return new LeakSearchError(
    'too-large',
    `The answer holds more than ${limit.toLocaleString('en-US')} records, the record limit; nothing of it was kept. Narrow the search with a date range, or raise the limit.`,
    { limit, setting: 'maxRecords' },
  );
}
