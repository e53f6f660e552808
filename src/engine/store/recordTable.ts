// A stored result's records, column by column (see columns.ts). Accounts records have their
// eight fields as columns; any other field (accounts' extras, customers' open shape) gets a
// generic column with the JSON type of each value, up to MAX_OWN_COLUMNS; further field names
// are folded, as `name: value` text, into one "other fields" column (secret names into a
// masked one), so the width is bounded whatever the records look like and nothing is lost.
// Node only.
import { getOwn, setOwn } from '../../core/ownFields';
import { isPasswordName, isSecretName, nestedTextHasSecret } from '../../core/secretFields';
import { maskEchoes } from '../../core/secretEchoes';
import { maskKnownSecrets } from '../../core/redact';
import type { AccountRecord, FieldValue, FindingsType, OpenRecord } from '../../core/types';
import { ACCOUNT_FIELDS } from '../../core/types';
import { LeakSearchError } from '../../core/errors';
import type { FieldSink } from '../../core/searchBodyParser';
import { DateColumn, Tag, TagColumn, TextColumn } from './columns';

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

  /** A record's secret values (its password, any other secret field), for `shown`. */
  secretsOf(row: number): string[] {
    const out: string[] = [];
    for (const c of this.#secret) {
      const v = this.text(c, row);
      if (v !== '') out.push(v);
    }
    return out;
  }

  /**
   * A cell as it may be shown while its record's secrets are masked: a secret column's text as
   * is (the caller masks or reveals it whole), any other column's with each of the record's
   * secret values masked where it stands in it (a password inside the URL or the user name).
   */
  shown(column: number, row: number, secrets: readonly string[] = this.secretsOf(row)): string {
    const text = this.text(column, row);
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
        return Number(this.text(column, row));
      default:
        return this.text(column, row);
    }
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

/** Field names a builder tracks before folding any new one at once (their values are kept sparsely until they prove frequent). */
const CANDIDATES = 1024;
/** A field present in more than this share of the rows so far is stored densely. */
const DENSE_SHARE = 1 / 8;

/**
 * One generic field while records stream in. It starts sparse (the rows that have it and
 * their values), so a million records that each bring a name of their own cost only their
 * values; once it is in a good share of the rows it becomes a dense column.
 */
class Candidate {
  count = 0;
  nestedSecret = false;
  #rows: number[] | undefined = [];
  #values: FieldValue[] | undefined = [];
  #text: TextColumn | undefined;
  #date: DateColumn | undefined;
  #tags: TagColumn | undefined;
  #filled = 0;

  constructor(
    readonly key: string,
    readonly order: number,
  ) {}

  get isDense(): boolean {
    return this.#tags !== undefined;
  }

  /** Whether this record already gave the field a value (a duplicate key keeps the first). */
  has(row: number): boolean {
    if (this.#tags) return this.#filled > row;
    const rows = this.#rows as number[];
    return rows.length > 0 && rows[rows.length - 1] === row;
  }

  add(row: number, value: FieldValue): void {
    this.count++;
    if (!this.nestedSecret && typeof value === 'string' && nestedTextHasSecret(value)) this.nestedSecret = true;
    if (this.#tags) {
      this.#push(row, value);
      return;
    }
    (this.#rows as number[]).push(row);
    (this.#values as FieldValue[]).push(value);
    if (this.count > 1024 && this.count > (row + 1) * DENSE_SHARE) this.#densify();
  }

  #densify(): void {
    const rows = this.#rows as number[];
    const values = this.#values as FieldValue[];
    this.#rows = undefined;
    this.#values = undefined;
    this.#tags = new TagColumn();
    if (kindOf(this.key) === 'date') this.#date = new DateColumn();
    else this.#text = new TextColumn();
    for (let i = 0; i < rows.length; i++) this.#push(rows[i] as number, values[i] as FieldValue);
  }

  #push(row: number, value: FieldValue): void {
    const tags = this.#tags as TagColumn;
    this.#padTo(row);
    const text = value === null ? '' : typeof value === 'string' ? value : String(value);
    tags.push(value === null ? Tag.Null : typeof value === 'string' ? Tag.Text : typeof value === 'number' ? Tag.Number : value ? Tag.True : Tag.False);
    if (this.#date) this.#date.push(text);
    else this.#text?.push(text);
    this.#filled = row + 1;
  }

  /** The column, `length` rows long (a sparse field is made dense now). */
  column(length: number): StoredColumn {
    if (!this.#tags) this.#densify();
    this.#padTo(length);
    this.#tags?.finish();
    this.#text?.finish();
    this.#date?.finish();
    const info: ColumnInfo = { key: this.key, label: labelOf(this.key), kind: this.#numeric() ? 'number' : kindOf(this.key), secret: isSecretName(this.key) || this.nestedSecret };
    return this.#date ? { info, date: this.#date, tags: this.#tags as TagColumn } : { info, text: this.#text as TextColumn, tags: this.#tags as TagColumn };
  }

  /** Every value the field has is a number (then it sorts as numbers). */
  #numeric(): boolean {
    if (this.#date || !this.#tags) return false;
    let any = false;
    for (const tag of this.#tags.array) {
      if (tag === Tag.Number) any = true;
      else if (tag !== Tag.Absent && tag !== Tag.Null) return false;
    }
    return any;
  }

  /** Rows up to `row` (excluded) that have no value are absent. */
  #padTo(row: number): void {
    const tags = this.#tags as TagColumn;
    while (this.#filled < row) {
      tags.push(Tag.Absent);
      if (this.#date) this.#date.push('');
      else this.#text?.push('');
      this.#filled++;
    }
  }

  /** Every (row, value) of the field, in row order. */
  *entries(): Generator<[number, FieldValue]> {
    if (!this.#tags) {
      const rows = this.#rows as number[];
      const values = this.#values as FieldValue[];
      for (let i = 0; i < rows.length; i++) yield [rows[i] as number, values[i] as FieldValue];
      return;
    }
    for (let row = 0; row < this.#filled; row++) {
      const tag = this.#tags.get(row);
      if (tag === Tag.Absent) continue;
      yield [row, tag === Tag.Null ? null : this.#date ? this.#date.get(row) : (this.#text as TextColumn).get(row)];
    }
  }
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
  /** Rows' folded `name: value` parts, by secrecy (sparse). */
  readonly #folded = new Map<number, string[]>();
  readonly #foldedSecret = new Map<number, string[]>();

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

  field(key: string, value: FieldValue, nested: boolean): void {
    if (this.type === 'accounts') {
      const f = FIXED_INDEX.get(key);
      if (f !== undefined) {
        if (nested) throw new LeakSearchError('bad-response', `The service sent an unexpected answer: the field "${key}" of result ${this.#length + 1} is not text.`, { status: 200 });
        this.#values[f] = value === null ? '' : typeof value === 'string' ? value : String(value);
        return;
      }
    }
    this.#plain = false;
    this.#addField(this.#length, key, value);
  }

  end(): void {
    if (this.type === 'accounts') {
      const fixed = this.#fixed;
      for (let f = 0; f < fixed.length; f++) {
        const column = fixed[f] as StoredColumn;
        const text = this.#values[f] as string;
        if (column.date) column.date.push(text);
        else column.text?.push(text);
      }
    }
    if (this.onRow) this.#tell(this.#length, this.#plain ? this.#values : undefined);
    this.#length++;
  }

  add(record: AccountRecord | OpenRecord): void {
    const row = this.#length++;
    let bag: Readonly<Record<string, FieldValue>> | undefined;
    let texts: string[] | undefined;
    if (this.type === 'accounts') {
      const r = record as AccountRecord;
      texts = this.#fixed.map((column) => {
        const value = getOwn(r as unknown as Record<string, FieldValue>, column.info.key);
        const text = typeof value === 'string' ? value : value === null ? '' : String(value);
        if (column.date) column.date.push(text);
        else column.text?.push(text);
        return text;
      });
      bag = r.extra;
    } else {
      bag = record as OpenRecord;
    }
    const keys = bag ? Object.keys(bag) : [];
    for (const key of keys) this.#addField(row, key, getOwn(bag as Readonly<Record<string, FieldValue>>, key));
    if (this.onRow) this.#tell(row, keys.length === 0 ? texts : undefined);
  }

  #tell(row: number, plain: readonly string[] | undefined): void {
    const codes = this.#codes;
    if (plain !== undefined) for (let f = 0; f < this.#fixed.length; f++) codes[f] = this.#fixed[f]?.text?.codeOf(row) ?? -1;
    this.onRow?.(row, plain, codes);
  }

  #addField(row: number, key: string, value: FieldValue): void {
    let c = this.#candidateIndex.get(key);
    if (c === undefined && this.#candidates.length < CANDIDATES) {
      c = new Candidate(key, this.#candidates.length);
      this.#candidates.push(c);
      this.#candidateIndex.set(key, c);
    }
    if (c === undefined) this.#fold(row, key, value);
    else if (!c.has(row)) c.add(row, value);
  }

  #fold(row: number, key: string, value: FieldValue): void {
    const map = isSecretName(key) ? this.#foldedSecret : this.#folded;
    const parts = map.get(row);
    const part = `${key}: ${value === null ? '' : String(value)}`;
    if (parts) parts.push(part);
    else map.set(row, [part]);
  }

  /** The complete table: the most frequent generic fields as columns (first seen first), the rest folded. */
  finish(): RecordTable {
    const n = this.#length;
    for (const column of this.#fixed) {
      column.text?.finish();
      column.date?.finish();
    }
    const room = MAX_OWN_COLUMNS - this.#fixed.length;
    const ranked = [...this.#candidates].sort((a, b) => b.count - a.count || a.order - b.order);
    const kept = new Set(ranked.slice(0, Math.max(0, room)));
    const stored: StoredColumn[] = [...this.#fixed];
    for (const c of this.#candidates) {
      if (kept.has(c)) stored.push(c.column(n));
      else for (const [row, value] of c.entries()) this.#fold(row, c.key, value);
    }
    for (const [key, map] of [[OTHER_FIELDS, this.#folded], [OTHER_SECRET_FIELDS, this.#foldedSecret]] as const) {
      if (map.size === 0) continue;
      const text = new TextColumn();
      const tags = new TagColumn();
      for (let row = 0; row < n; row++) {
        const parts = map.get(row);
        text.push(parts ? parts.join('; ') : '');
        tags.push(parts ? Tag.Text : Tag.Absent);
      }
      text.finish();
      tags.finish();
      stored.push({ info: { key, label: labelOf(key), kind: 'text', secret: key === OTHER_SECRET_FIELDS }, text, tags });
    }
    return new RecordTable(this.type, n, stored);
  }
}
