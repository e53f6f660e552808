// A stored result's records, column by column (see columns.ts). Accounts records have their
// eight fields as columns; any other field (accounts' extras, customers' open shape) gets a
// generic column with the JSON type of each value, up to MAX_OWN_COLUMNS; further field names
// are folded, as `name: value` text, into one "other fields" column (secret names into a
// masked one), so the width is bounded whatever the records look like and nothing is lost.
// Node only.
import { getOwn, setOwn } from '../../core/results/ownFields';
import { isPasswordName, isSecretName, nestedTextHasSecret } from '../../core/results/secretFields';
import { echoesOf, maskEchoes, NO_ECHOES } from '../../core/results/secretEchoes';
import type { Echoes } from '../../core/results/secretEchoes';
import { maskKnownSecrets } from '../../core/text/redact';
import type { AccountRecord, FieldValue, FindingsType, OpenRecord } from '../../core/service/types';
import { ACCOUNT_FIELDS } from '../../core/service/types';
import { LeakSearchError } from '../../core/service/errors';
import { numberValue, ValueKind } from '../../core/results/searchBodyParser';
import type { FieldSink } from '../../core/results/searchBodyParser';
import { DateColumn, grow, Tag, TagColumn, TextColumn } from './columns';

/** What a column holds, so sorting, filters and charts treat it right. */
export type ColumnKind = 'date' | 'ip' | 'number' | 'text';

export interface ColumnInfo {
  /** The field name in the record (or OTHER_FIELDS / OTHER_SECRET_FIELDS). */
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
  /** Masked by default, never searched or sorted, left out of exports unless asked. */
  readonly secret: boolean;
}

/** Which column plays which role (each may be missing in customers records). */
export interface ColumnRoles {
  readonly date?: number;
  readonly url?: number;
  readonly ip?: number;
  readonly browser?: number;
  readonly country?: number;
  readonly status?: number;
  readonly username?: number;
  readonly password?: number;
}

export const MAX_OWN_COLUMNS = 46;
export const OTHER_FIELDS = '\u0000other';
export const OTHER_SECRET_FIELDS = '\u0000other-secret';

/** The display order of the eight accounts fields. */
export const ACCOUNT_COLUMN_ORDER = ['date', 'username', 'password', 'url', 'ip', 'country', 'browser', 'status'] as const;

const LABELS: ReadonlyMap<string, string> = new Map([
  ['date', 'Date'],
  ['username', 'Username'],
  ['password', 'Password'],
  ['url', 'URL'],
  ['ip', 'IP'],
  ['country', 'Country'],
  ['browser', 'Browser'],
  ['status', 'Status'],
  [OTHER_FIELDS, 'Other fields'],
  [OTHER_SECRET_FIELDS, 'Other secret fields'],
]);

export function labelOf(key: string): string {
  return LABELS.get(key) ?? LABELS.get(key.toLowerCase()) ?? key;
}

const DATE_KEYS = new Set(['date', 'leak_date', 'leakdate', 'leaked_at', 'timestamp', 'time']);

function kindOf(key: string): ColumnKind {
  const lower = key.toLowerCase();
  if (DATE_KEYS.has(lower)) return 'date';
  if (lower === 'ip' || lower.endsWith('_ip') || lower === 'ip_address') return 'ip';
  return 'text';
}

/** The storage of one column. */
export interface StoredColumn {
  readonly info: ColumnInfo;
  readonly text?: TextColumn;
  readonly date?: DateColumn;
  /** Generic columns: the JSON type of each row's value. */
  readonly tags?: TagColumn;
}

/** The first column named a password in another language (`Passwort`, `contraseña`, `пароль`), if any. */
function passwordColumn(columns: readonly ColumnInfo[]): number | undefined {
  const index = columns.findIndex((column) => isPasswordName(column.key));
  return index >= 0 ? index : undefined;
}

function rolesOf(columns: readonly ColumnInfo[]): ColumnRoles {
  const find = (...names: string[]): number | undefined => {
    const index = columns.findIndex((column) => names.includes(column.key.toLowerCase()));
    return index >= 0 ? index : undefined;
  };
  return {
    date: find('date', 'leak_date', 'timestamp', 'time'),
    url: find('url', 'site', 'host', 'domain'),
    ip: find('ip', 'ip_address'),
    browser: find('browser'),
    country: find('country', 'country_code'),
    status: find('status'),
    username: find('username', 'user', 'email', 'login'),
    password: find('password', 'pass', 'passwd', 'pwd') ?? passwordColumn(columns),
  };
}

/**
 * The API keys this engine has been told of (see `Engine.setKnownKeys`). A hostile or careless
 * service may put the key into a record (a URL that echoes the request); what is shown of a
 * record never holds it. One engine per worker thread, so one list per module.
 */
let knownKeys: readonly string[] = [];

export function setKnownKeys(keys: readonly string[]): void {
  knownKeys = [...keys];
}

/** `text` without any spelling of a known key (for figures that count values across records). */
export function withoutKeys(text: string): string {
  return mayHoldKey(text) ? maskKnownSecrets(text, knownKeys) : text;
}

/** No spelling of a key is shorter than the shortest key itself (base64 is longer). */
function mayHoldKey(text: string): boolean {
  return knownKeys.length > 0 && text.length >= 3 && knownKeys.some((k) => text.length >= Math.min(k.length, 12));
}

/**
 * Whether a cell of `table` holds a known key in any spelling `withoutKeys` masks: a table
 * that leaves this engine whole (a results file) must not carry the key that fetched it.
 */
export function holdsKnownKey(table: RecordTable): boolean {
  const holds = (text: string): boolean => withoutKeys(text) !== text;
  for (let c = 0; c < table.columns.length; c++) {
    // A dictionary column: each distinct value once, not once a row; a date column: only the
    // texts kept as sent (the rest are times it formats itself).
    const { text, date } = table.stored[c] ?? {};
    if (date) {
      for (const [, odd] of date.texts()) if (holds(odd)) return true;
      continue;
    }
    if (text?.isDictionary) {
      if (text.values.some(holds)) return true;
      continue;
    }
    for (let row = 0; row < table.length; row++) {
      if (holds(table.text(c, row))) return true;
    }
  }
  return false;
}

export class RecordTable {
  readonly columns: readonly ColumnInfo[];
  readonly roles: ColumnRoles;
  readonly #byKey: Map<string, number>;
  /** The columns whose values are secret (the password and any other secret-named field). */
  readonly #secret: readonly number[];

  constructor(
    readonly type: FindingsType,
    readonly length: number,
    readonly stored: readonly StoredColumn[],
  ) {
    this.columns = stored.map((c) => c.info);
    this.roles = rolesOf(this.columns);
    this.#byKey = new Map(this.columns.map((c, i) => [c.key, i]));
    this.#secret = this.columns.flatMap((c, i) => (c.secret ? [i] : []));
  }

  /** A record's secret values (its password, any other secret field) in their spellings, for `shown`. */
  secretsOf(row: number): Echoes {
    if (this.#secret.length === 0) return NO_ECHOES;
    const values: string[] = [];
    for (const c of this.#secret) {
      const v = this.text(c, row);
      if (v !== '') values.push(v);
    }
    return echoesOf(values);
  }

  /**
   * A cell as it may be shown while its record's secrets are masked: a secret column's text as
   * is (the caller masks or reveals it whole), any other column's with each of the record's
   * secret values masked where it stands in it (a password inside the URL or the user name).
   */
  shown(column: number, row: number, secrets: Echoes = this.secretsOf(row)): string {
    return this.masked(column, this.text(column, row), secrets);
  }

  /** `text`, a value of `column`, as `shown` gives it (for a caller that has read the value already). */
  masked(column: number, text: string, secrets: Echoes): string {
    if (this.columns[column]?.secret) return text;
    return withoutKeys(maskEchoes(text, secrets));
  }

  /** The index of the column of a field, or undefined. */
  columnOf(key: string): number | undefined {
    return this.#byKey.get(key);
  }

  /** The display text of a cell (as the service sent it; never masked here). */
  text(column: number, row: number): string {
    const c = this.stored[column];
    if (!c) return '';
    if (c.date) return c.date.get(row);
    return c.text?.get(row) ?? '';
  }

  /** A cell with its JSON type (for JSON export and the leak index). */
  value(column: number, row: number): FieldValue | undefined {
    const c = this.stored[column];
    if (!c) return undefined;
    const tag = c.tags?.get(row) ?? Tag.Text;
    switch (tag) {
      case Tag.Absent:
        return undefined;
      case Tag.Null:
        return null;
      case Tag.True:
        return true;
      case Tag.False:
        return false;
      case Tag.Number:
        return numberValue(this.text(column, row));
      default:
        return this.text(column, row);
    }
  }

  /** A cell as JSON text, undefined when the record has no such field (a number: its literal as sent). */
  /** Whether a cell is a number (kept as the literal the service sent, see `json`). */
  isNumber(column: number, row: number): boolean {
    return this.stored[column]?.tags?.get(row) === Tag.Number;
  }

  json(column: number, row: number): string | undefined {
    const value = this.value(column, row);
    if (value === undefined) return undefined;
    return this.isNumber(column, row) ? this.text(column, row) : JSON.stringify(value);
  }

  /** One record as the service sent it (for the leak index and hovers; folded fields as their text). */
  record(row: number): AccountRecord | OpenRecord {
    if (this.type === 'accounts') {
      const fields = {} as Record<(typeof ACCOUNT_FIELDS)[number], string>;
      for (const f of ACCOUNT_FIELDS) fields[f] = this.text(this.#byKey.get(f) as number, row);
      let extra: Record<string, FieldValue> | undefined;
      for (let c = ACCOUNT_FIELDS.length; c < this.stored.length; c++) {
        const v = this.value(c, row);
        if (v === undefined) continue;
        extra ??= {};
        setOwn(extra, this.columns[c]?.key as string, v);
      }
      return extra ? { ...fields, extra } : fields;
    }
    const out: Record<string, FieldValue> = {};
    for (let c = 0; c < this.stored.length; c++) {
      const v = this.value(c, row);
      if (v !== undefined) setOwn(out, this.columns[c]?.key as string, v);
    }
    return out;
  }

  /** Bytes held by the columns (for the memory figures). */
  get bytes(): number {
    let sum = 0;
    for (const c of this.stored) sum += (c.text?.bytes ?? 0) + (c.date?.bytes ?? 0) + (c.tags?.array.byteLength ?? 0);
    return sum;
  }
}

/** Field names a builder tracks before folding any new one at once. */
const CANDIDATES = 1024;
/**
 * A generic field becomes a column of its own when it is in at least this share of the
 * rows (or the result is small): a column costs a few bytes in every row, so a rare field
 * as a column would cost many times its own bytes. Rarer fields are folded.
 */
const COLUMN_SHARE = 1 / 4;
const SMALL_RESULT = 4096;

/** A value's JSON type and its text as a column keeps it. */
function tagOf(value: FieldValue, kind: ValueKind): Tag {
  if (kind === ValueKind.Number || typeof value === 'number') return Tag.Number;
  return value === null ? Tag.Null : typeof value === 'string' ? Tag.Text : value ? Tag.True : Tag.False;
}

function textOf(value: FieldValue): string {
  return value === null ? '' : typeof value === 'string' ? value : String(value);
}

/**
 * One generic field while records stream in. While rare it is sparse: the rows that have it
 * and their values, in columns of their own (a typed array, tags, text), so records that each
 * bring a name of their own cost about their own bytes; once it is in a good share of the rows
 * it becomes dense (one entry per row).
 */
class Candidate {
  count = 0;
  nestedSecret = false;
  #dense = false;
  /** Sparse: the rows that have the field, in order. */
  #rows: Uint32Array = new Uint32Array(0);
  /** Sparse: one entry per value; dense: one entry per row. */
  #tags = new TagColumn();
  #text: TextColumn | undefined;
  #date: DateColumn | undefined;
  /** Dense: rows written so far. */
  #filled = 0;

  constructor(
    readonly key: string,
    readonly order: number,
  ) {
    if (kindOf(key) === 'date') this.#date = new DateColumn();
    else this.#text = new TextColumn();
  }

  /** `kind`: how the parser read it (a number's text is its literal as sent). */
  add(row: number, value: FieldValue, kind: ValueKind): void {
    this.count++;
    // Any text, not only what the parser read as nested: whole records (`add`) hold nested values as their JSON text.
    if (kind !== ValueKind.Number && !this.nestedSecret && typeof value === 'string' && nestedTextHasSecret(value)) this.nestedSecret = true;
    if (this.#dense) {
      this.#padTo(row);
      this.#put(tagOf(value, kind), textOf(value));
      this.#filled = row + 1;
      return;
    }
    this.#rows = grow(this.#rows, this.count, (n) => new Uint32Array(n));
    this.#rows[this.count - 1] = row;
    this.#put(tagOf(value, kind), textOf(value));
    if (this.count > 1024 && this.count > (row + 1) * COLUMN_SHARE) this.#densify();
  }

  #put(tag: Tag, text: string): void {
    this.#tags.push(tag);
    if (this.#date) this.#date.push(text);
    else this.#text?.push(text);
  }

  #densify(): void {
    const tags = this.#tags;
    const text = this.#text;
    const date = this.#date;
    const rows = this.#rows;
    this.#dense = true;
    this.#rows = new Uint32Array(0);
    this.#tags = new TagColumn();
    this.#text = text ? new TextColumn() : undefined;
    this.#date = date ? new DateColumn() : undefined;
    for (let i = 0; i < tags.length; i++) {
      const row = rows[i] as number;
      this.#padTo(row);
      this.#put(tags.get(i), date ? date.get(i) : (text as TextColumn).get(i));
      this.#filled = row + 1;
    }
  }

  /** The column, `length` rows long (a sparse field is made dense now). */
  column(length: number): StoredColumn {
    if (!this.#dense) this.#densify();
    this.#padTo(length);
    this.#tags.finish();
    this.#text?.finish();
    this.#date?.finish();
    const info: ColumnInfo = { key: this.key, label: labelOf(this.key), kind: this.#numeric() ? 'number' : kindOf(this.key), secret: isSecretName(this.key) || this.nestedSecret };
    return this.#date ? { info, date: this.#date, tags: this.#tags } : { info, text: this.#text as TextColumn, tags: this.#tags };
  }

  /** Every value the field has is a number (then it sorts as numbers). */
  #numeric(): boolean {
    if (this.#date) return false;
    let any = false;
    for (const tag of this.#tags.array.subarray(0, this.#tags.length)) {
      if (tag === Tag.Number) any = true;
      else if (tag !== Tag.Absent && tag !== Tag.Null) return false;
    }
    return any;
  }

  /** Rows up to `row` (excluded) that have no value are absent. */
  #padTo(row: number): void {
    while (this.#filled < row) {
      this.#put(Tag.Absent, '');
      this.#filled++;
    }
  }

  /** Every (row, text) of the field, in row order (null as ''). */
  *entries(): Generator<[number, string]> {
    const get = (i: number): string => (this.#date ? this.#date.get(i) : (this.#text as TextColumn).get(i));
    if (!this.#dense) {
      for (let i = 0; i < this.#tags.length; i++) yield [this.#rows[i] as number, get(i)];
      return;
    }
    for (let row = 0; row < this.#filled; row++) if (this.#tags.get(row) !== Tag.Absent) yield [row, get(row)];
  }
}

/**
 * Folded `name: value` texts of some rows (a row's parts joined), kept compactly: the rows in
 * a typed array and their texts in a text column.
 */
class Folds {
  #rows: Uint32Array = new Uint32Array(0);
  readonly #texts = new TextColumn();

  push(row: number, text: string): void {
    const i = this.#texts.length;
    this.#rows = grow(this.#rows, i + 1, (n) => new Uint32Array(n));
    this.#rows[i] = row;
    this.#texts.push(text);
  }

  get size(): number {
    return this.#texts.length;
  }

  *entries(): Generator<[number, string]> {
    for (let i = 0; i < this.#texts.length; i++) yield [this.#rows[i] as number, this.#texts.get(i)];
  }
}

/**
 * The texts of several row-ordered sources merged by row, as one row-ordered stream of
 * (row, texts of that row in source order): a heap of the sources' next rows, so k sources
 * of m entries in all cost m log k.
 */
function* mergeByRow(sources: readonly Iterator<[number, string]>[]): Generator<[number, string[]]> {
  const heads: ([number, string] | undefined)[] = sources.map((s) => s.next().value as [number, string] | undefined);
  const heap: number[] = [];
  const less = (a: number, b: number): boolean => {
    const ra = (heads[a] as [number, string])[0];
    const rb = (heads[b] as [number, string])[0];
    return ra < rb || (ra === rb && a < b);
  };
  const up = (i: number): void => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(heap[i] as number, heap[p] as number)) break;
      [heap[i], heap[p]] = [heap[p] as number, heap[i] as number];
      i = p;
    }
  };
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l] as number, heap[m] as number)) m = l;
      if (r < heap.length && less(heap[r] as number, heap[m] as number)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m] as number, heap[i] as number];
      i = m;
    }
  };
  heads.forEach((h, i) => {
    if (h === undefined) return;
    heap.push(i);
    up(heap.length - 1);
  });
  let row = -1;
  let parts: string[] = [];
  while (heap.length > 0) {
    const s = heap[0] as number;
    const [r, text] = heads[s] as [number, string];
    if (r !== row) {
      if (parts.length > 0) yield [row, parts];
      row = r;
      parts = [];
    }
    parts.push(text);
    const next = sources[s]?.next();
    heads[s] = next?.done ? undefined : (next?.value as [number, string]);
    if (heads[s] === undefined) {
      heap[0] = heap[heap.length - 1] as number;
      heap.pop();
    }
    if (heap.length > 0) down(0);
  }
  if (parts.length > 0) yield [row, parts];
}

/** Where each accounts field goes among the fixed columns. */
const FIXED_INDEX: ReadonlyMap<string, number> = new Map(ACCOUNT_COLUMN_ORDER.map((key, i) => [key, i]));

/**
 * Told of each record as it is stored (the leak index builds its segment meanwhile: see
 * engine.ts). `codes`: with `plain`, each fixed column's dictionary code of the row's value
 * (-1 where the column keeps no dictionary).
 */
export type RowListener = (row: number, plain: readonly string[] | undefined, codes: Int32Array) => void;

/**
 * Builds a table as records stream in: the answer parser's field sink (no object per record),
 * or whole records with `add`. Time and memory are linear in the records' size whatever their
 * shape. `onRow` hears of each record once stored: `plain` is its accounts fields (in
 * ACCOUNT_COLUMN_ORDER, as the table keeps them) when it has no other field, else undefined
 * (read it back from the finished table).
 */
export class RecordTableBuilder implements FieldSink {
  #length = 0;
  /** The record being read has only accounts fields. */
  #plain = true;
  readonly #codes = new Int32Array(ACCOUNT_COLUMN_ORDER.length).fill(-1);
  /** The accounts fields of the record being read (a later duplicate key wins). */
  readonly #values: string[] = ACCOUNT_COLUMN_ORDER.map(() => '');
  readonly #fixed: StoredColumn[] = [];
  readonly #candidates: Candidate[] = [];
  readonly #candidateIndex = new Map<string, Candidate>();
  /**
   * The generic fields of the record being read, in the order of their first key. A later
   * duplicate key takes the first one's slot (its value wins, its place is the first's), as
   * in JSON.parse. Found by a scan while a record has few, through an index past that.
   */
  readonly #pendingKeys: string[] = [];
  #pendingIndex: Map<string, number> | undefined;
  readonly #pendingValues: FieldValue[] = [];
  readonly #pendingKinds: ValueKind[] = [];
  /** Rows' folded `name: value` texts, by secrecy. */
  readonly #folded = new Folds();
  readonly #foldedSecret = new Folds();

  constructor(
    readonly type: FindingsType,
    private readonly onRow?: RowListener,
  ) {
    if (type === 'accounts') {
      for (const key of ACCOUNT_COLUMN_ORDER) {
        const info: ColumnInfo = { key, label: labelOf(key), kind: kindOf(key), secret: key === 'password' };
        this.#fixed.push(key === 'date' ? { info, date: new DateColumn() } : { info, text: new TextColumn() });
      }
    }
  }

  get length(): number {
    return this.#length;
  }

  begin(): void {
    if (this.type === 'accounts') for (let f = 0; f < this.#values.length; f++) this.#values[f] = '';
    this.#plain = this.type === 'accounts';
  }

  field(key: string, value: FieldValue, kind: ValueKind): void {
    if (this.type === 'accounts') {
      const f = FIXED_INDEX.get(key);
      if (f !== undefined) {
        if (kind === ValueKind.Nested) throw new LeakSearchError('bad-response', `The service sent an unexpected answer: the field "${key}" of result ${this.#length + 1} is not text.`, { status: 200 });
        this.#values[f] = textOf(value);
        return;
      }
    }
    this.#plain = false;
    const slot = this.#slotOf(key);
    if (slot < 0) {
      this.#pendingIndex?.set(key, this.#pendingKeys.length);
      this.#pendingKeys.push(key);
      this.#pendingValues.push(value);
      this.#pendingKinds.push(kind);
    } else {
      this.#pendingValues[slot] = value;
      this.#pendingKinds[slot] = kind;
    }
  }

  /** Where a generic field of the record being read already is, or -1. */
  #slotOf(key: string): number {
    const keys = this.#pendingKeys;
    if (this.#pendingIndex === undefined) {
      if (keys.length < 16) return keys.indexOf(key);
      this.#pendingIndex = new Map(keys.map((k, i) => [k, i]));
    }
    return this.#pendingIndex.get(key) ?? -1;
  }

  end(): void {
    const row = this.#length;
    if (this.type === 'accounts') {
      const fixed = this.#fixed;
      for (let f = 0; f < fixed.length; f++) {
        const column = fixed[f] as StoredColumn;
        const text = this.#values[f] as string;
        if (column.date) column.date.push(text);
        else column.text?.push(text);
      }
    }
    const keys = this.#pendingKeys;
    if (keys.length > 0) {
      let folded: string[] | undefined;
      let foldedSecret: string[] | undefined;
      for (let slot = 0; slot < keys.length; slot++) {
        const key = keys[slot] as string;
        const value = this.#pendingValues[slot] as FieldValue;
        const kind = this.#pendingKinds[slot] as ValueKind;
        const c = this.#candidate(key);
        if (c !== undefined) c.add(row, value, kind);
        else if (isSecretName(key) || (kind !== ValueKind.Number && typeof value === 'string' && nestedTextHasSecret(value))) (foldedSecret ??= []).push(`${key}: ${textOf(value)}`);
        else (folded ??= []).push(`${key}: ${textOf(value)}`);
      }
      if (folded) this.#folded.push(row, folded.join('; '));
      if (foldedSecret) this.#foldedSecret.push(row, foldedSecret.join('; '));
      keys.length = 0;
      this.#pendingIndex = undefined;
      this.#pendingValues.length = 0;
      this.#pendingKinds.length = 0;
    }
    if (this.onRow) this.#tell(row, this.#plain ? this.#values : undefined);
    this.#length++;
  }

  add(record: AccountRecord | OpenRecord): void {
    this.begin();
    let bag: Readonly<Record<string, FieldValue>> | undefined;
    if (this.type === 'accounts') {
      const r = record as AccountRecord;
      for (const key of ACCOUNT_FIELDS) this.field(key, getOwn(r as unknown as Record<string, FieldValue>, key), ValueKind.Plain);
      bag = r.extra;
    } else {
      bag = record as OpenRecord;
    }
    if (bag) for (const key of Object.keys(bag)) this.field(key, getOwn(bag, key), ValueKind.Plain);
    this.end();
  }

  #tell(row: number, plain: readonly string[] | undefined): void {
    const codes = this.#codes;
    if (plain !== undefined) for (let f = 0; f < this.#fixed.length; f++) codes[f] = this.#fixed[f]?.text?.codeOf(row) ?? -1;
    this.onRow?.(row, plain, codes);
  }

  /** The candidate of a field name, made while there is room for one more. */
  #candidate(key: string): Candidate | undefined {
    let c = this.#candidateIndex.get(key);
    if (c === undefined && this.#candidates.length < CANDIDATES) {
      c = new Candidate(key, this.#candidates.length);
      this.#candidates.push(c);
      this.#candidateIndex.set(key, c);
    }
    return c;
  }

  /**
   * The complete table: the most frequent generic fields as columns (first seen first), as
   * many as there is room for among those in a good share of the rows; the rest folded.
   */
  finish(): RecordTable {
    const n = this.#length;
    for (const column of this.#fixed) {
      column.text?.finish();
      column.date?.finish();
    }
    const room = MAX_OWN_COLUMNS - this.#fixed.length;
    const frequent = this.#candidates.filter((c) => n <= SMALL_RESULT || c.count >= n * COLUMN_SHARE);
    const ranked = frequent.sort((a, b) => b.count - a.count || a.order - b.order);
    const kept = new Set(ranked.slice(0, Math.max(0, room)));
    const stored: StoredColumn[] = [...this.#fixed];
    const folds: Iterator<[number, string]>[] = [this.#folded.entries()];
    const secretFolds: Iterator<[number, string]>[] = [this.#foldedSecret.entries()];
    for (const c of this.#candidates) {
      if (kept.has(c)) stored.push(c.column(n));
      else (isSecretName(c.key) || c.nestedSecret ? secretFolds : folds).push(prefixed(c.key, c.entries()));
    }
    for (const [key, sources] of [[OTHER_FIELDS, folds], [OTHER_SECRET_FIELDS, secretFolds]] as const) {
      const text = new TextColumn();
      const tags = new TagColumn();
      let next = 0;
      for (const [row, parts] of mergeByRow(sources)) {
        for (; next < row; next++) {
          text.push('');
          tags.push(Tag.Absent);
        }
        text.push(parts.join('; '));
        tags.push(Tag.Text);
        next = row + 1;
      }
      if (next === 0) continue;
      for (; next < n; next++) {
        text.push('');
        tags.push(Tag.Absent);
      }
      text.finish();
      tags.finish();
      stored.push({ info: { key, label: labelOf(key), kind: 'text', secret: key === OTHER_SECRET_FIELDS }, text, tags });
    }
    return new RecordTable(this.type, n, stored);
  }
}

/** A field's entries as folded `name: value` texts. */
function* prefixed(key: string, entries: Iterable<[number, string]>): Generator<[number, string]> {
  for (const [row, text] of entries) yield [row, `${key}: ${text}`];
}
