// The table model of a result: columns derived from the data, every cell as display text.
// Pure and browser-safe (no DOM, no Node APIs): used by the webview and tested in Node.
import { getOwn } from '../../core/ownFields';
import { isSecretName, nestedTextHasSecret } from '../../core/secretFields';
import type { AccountRecord, FieldValue, SearchResult } from '../../core/types';

/** What a column holds, so sorting and charts can treat it right. */
export type ColumnKind = 'date' | 'ip' | 'number' | 'text';

export interface Column {
  /** The field name in the record. */
  readonly key: string;
  /** The header shown to the user. */
  readonly label: string;
  readonly kind: ColumnKind;
  /** A secret column (a password): masked by default, left out of exports and text search. */
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

export interface ResultTable {
  readonly type: SearchResult['type'];
  readonly columns: readonly Column[];
  readonly roles: ColumnRoles;
  /** The number of records. */
  readonly length: number;
  /** Display text column by column: `cells[column][row]` (column-major: no per-record arrays). */
  readonly cells: readonly (readonly string[])[];
  /** The original (typed) value of a field of a row, for JSON export. */
  value(row: number, key: string): FieldValue | undefined;
}

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
]);

/**
 * At most this many columns of their own in one table: open-shape records may each bring
 * field names of their own (16,000 records × 16,000 names would be 256 M cells). The most
 * frequent fields get columns; the rest are folded, as `name: value` text, into one of the
 * two "other fields" columns (secret names into the masked one), so nothing is lost.
 */
export const MAX_COLUMNS = 48;
/** The folded columns' keys: not valid JSON field names of a record, so they never clash. */
export const OTHER_FIELDS = '\u0000other';
export const OTHER_SECRET_FIELDS = '\u0000other-secret';

/** True for a field name that holds a secret (masked, never exported by default): see core/secretFields.ts. */
export function isSecretField(key: string): boolean {
  return key === OTHER_SECRET_FIELDS || isSecretName(key);
}

/** The text shown for one field value. */
export function cellText(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function labelOf(key: string): string {
  if (key === OTHER_FIELDS) return 'Other fields';
  if (key === OTHER_SECRET_FIELDS) return 'Other secret fields';
  return LABELS.get(key.toLowerCase()) ?? key;
}

function kindOf(key: string, sample: FieldValue | undefined): ColumnKind {
  const lower = key.toLowerCase();
  if (lower === 'date' || lower.endsWith('_date') || lower.endsWith('date') || lower === 'time' || lower === 'timestamp') return 'date';
  if (lower === 'ip' || lower.endsWith('_ip') || lower === 'ip_address') return 'ip';
  if (typeof sample === 'number') return 'number';
  return 'text';
}

function rolesOf(columns: readonly Column[]): ColumnRoles {
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
    password: find('password', 'pass', 'passwd', 'pwd'),
  };
}

/** The records of a result column by column: `values[i][row]` is field `keys[i]` of record `row`. */
export interface ResultColumns {
  readonly keys: readonly string[];
  readonly values: readonly (readonly FieldValue[])[];
}

/**
 * The field names that get columns of their own: the most frequent, ties in first-seen order,
 * at most `room`. One pass over every field of every record: linear in the input.
 */
function ownColumns(bags: Iterable<Readonly<Record<string, FieldValue>> | undefined>, room: number): { kept: string[]; folded: boolean } {
  const counts = new Map<string, number>();
  for (const bag of bags) if (bag) for (const key of Object.keys(bag)) counts.set(key, (counts.get(key) ?? 0) + 1);
  if (counts.size <= room) return { kept: [...counts.keys()], folded: false };
  const order = [...counts.keys()];
  const rank = new Map(order.map((key, i) => [key, i]));
  const kept = [...order].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0)).slice(0, room);
  const keptSet = new Set(kept);
  return { kept: order.filter((key) => keptSet.has(key)), folded: true };
}

/** The folded fields of one record as `name: value` lines (the names as they are, values as cell text). */
function foldedText(bag: Readonly<Record<string, FieldValue>> | undefined, kept: ReadonlySet<string>, secret: boolean): string | null {
  if (!bag) return null;
  const parts: string[] = [];
  for (const key of Object.keys(bag)) {
    if (kept.has(key) || isSecretName(key) !== secret) continue;
    parts.push(`${key}: ${cellText(getOwn(bag, key))}`);
  }
  return parts.length === 0 ? null : parts.join('; ');
}

/**
 * Splits records into columns: accounts fields first (in display order), then the other
 * fields, most frequent first up to MAX_COLUMNS, the rest folded into the "other fields"
 * columns. Time and memory are linear in the input whatever the records' shape.
 */
export function resultColumns(result: SearchResult): ResultColumns {
  const records = result.records;
  const n = records.length;
  const fixed: string[] = result.type === 'accounts' ? [...ACCOUNT_COLUMN_ORDER] : [];
  const bagOf = (i: number): Readonly<Record<string, FieldValue>> | undefined =>
    result.type === 'accounts' ? (records[i] as AccountRecord).extra : (records[i] as Readonly<Record<string, FieldValue>>);
  const bags = { *[Symbol.iterator]() { for (let i = 0; i < n; i++) yield bagOf(i); } };
  const { kept, folded } = ownColumns(bags, MAX_COLUMNS - fixed.length - 2);
  const keptSet = new Set([...kept, ...fixed]);
  const extraKeys = kept.filter((key) => !fixed.includes(key));
  const values: FieldValue[][] = [];
  if (result.type === 'accounts') {
    for (const field of ACCOUNT_COLUMN_ORDER) {
      const column = new Array<FieldValue>(n);
      for (let i = 0; i < n; i++) column[i] = (records[i] as AccountRecord)[field] ?? '';
      values.push(column);
    }
  }
  for (const key of extraKeys) {
    const column = new Array<FieldValue>(n);
    for (let i = 0; i < n; i++) column[i] = getOwn(bagOf(i), key);
    values.push(column);
  }
  const keys = [...fixed, ...extraKeys];
  if (folded) {
    for (const [key, secret] of [[OTHER_FIELDS, false], [OTHER_SECRET_FIELDS, true]] as const) {
      const column = new Array<FieldValue>(n);
      let any = false;
      for (let i = 0; i < n; i++) {
        const text = foldedText(bagOf(i), keptSet, secret);
        column[i] = text;
        if (text !== null) any = true;
      }
      if (any) {
        keys.push(key);
        values.push(column);
      }
    }
  }
  return { keys, values };
}

/** Whether any value of a column is a nested object (kept as JSON text) holding a secret-named key. */
function holdsNestedSecret(column: readonly FieldValue[]): boolean {
  for (const value of column) if (typeof value === 'string' && nestedTextHasSecret(value)) return true;
  return false;
}

/** Builds the table from columns (see `resultColumns`); every column must have `length` values. */
export function tableFromColumns(type: SearchResult['type'], data: ResultColumns, length: number): ResultTable {
  const { keys, values } = data;
  const columns: Column[] = keys.map((key, index) => {
    const column = values[index] ?? [];
    let sample: FieldValue | undefined;
    for (let row = 0; row < column.length && sample === undefined; row++) {
      const value = column[row];
      if (value !== null && value !== undefined && value !== '') sample = value;
    }
    return { key, label: labelOf(key), kind: kindOf(key, sample), secret: isSecretField(key) || holdsNestedSecret(column) };
  });
  // A column of strings is its own display text; others are converted once.
  const cells = values.map((column) => {
    let allText = column.length === length;
    for (let row = 0; row < column.length && allText; row++) allText = typeof column[row] === 'string';
    if (allText) return column as readonly string[];
    const text = new Array<string>(length);
    for (let row = 0; row < length; row++) text[row] = cellText(column[row]);
    return text;
  });
  const index = new Map(keys.map((key, i) => [key, i]));
  const value = (row: number, key: string): FieldValue | undefined => {
    const i = index.get(key);
    return i === undefined ? undefined : (values[i] as readonly FieldValue[])[row];
  };
  return { type, columns, roles: rolesOf(columns), length, cells, value };
}

/** Builds the table of a result: accounts in their eight columns (plus any extra fields), customers from their own keys. */
export function buildTable(result: SearchResult): ResultTable {
  return tableFromColumns(result.type, resultColumns(result), result.records.length);
}

/** The display texts of one record, in `columns` order. */
export function rowCells(table: ResultTable, row: number): string[] {
  return table.cells.map((column) => column[row] ?? '');
}
