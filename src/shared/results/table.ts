// The table model of a result: columns derived from the data, every cell as display text.
// Pure and browser-safe (no DOM, no Node APIs): used by the webview and tested in Node.
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

const LABELS: Readonly<Record<string, string>> = {
  date: 'Date',
  username: 'Username',
  password: 'Password',
  url: 'URL',
  ip: 'IP',
  country: 'Country',
  browser: 'Browser',
  status: 'Status',
};

const SECRET_KEY = /pass(word)?|passwd|pwd|secret|token|cookie/i;

/** True for a field name that holds a secret (masked, never exported by default). */
export function isSecretField(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** The text shown for one field value. */
export function cellText(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function labelOf(key: string): string {
  return LABELS[key.toLowerCase()] ?? key;
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

/** Splits records into columns: accounts fields first (in display order), then any other field in first-seen order. */
export function resultColumns(result: SearchResult): ResultColumns {
  const keys: string[] = result.type === 'accounts' ? [...ACCOUNT_COLUMN_ORDER] : [];
  const seen = new Set(keys);
  const add = (key: string): void => {
    if (!seen.has(key)) {
      seen.add(key);
      keys.push(key);
    }
  };
  if (result.type === 'accounts') {
    for (const record of result.records) if (record.extra) for (const key of Object.keys(record.extra)) add(key);
    const records = result.records;
    const n = records.length;
    const [date, username, password, url, ip, country, browser, status] = ACCOUNT_COLUMN_ORDER.map(() => new Array<string>(n));
    for (let i = 0; i < n; i++) {
      const r = records[i] as AccountRecord;
      (date as string[])[i] = r.date ?? '';
      (username as string[])[i] = r.username ?? '';
      (password as string[])[i] = r.password ?? '';
      (url as string[])[i] = r.url ?? '';
      (ip as string[])[i] = r.ip ?? '';
      (country as string[])[i] = r.country ?? '';
      (browser as string[])[i] = r.browser ?? '';
      (status as string[])[i] = r.status ?? '';
    }
    const extras = keys.slice(ACCOUNT_COLUMN_ORDER.length).map((key) => records.map((r) => r.extra?.[key] ?? null));
    return { keys, values: [date, username, password, url, ip, country, browser, status, ...extras] as FieldValue[][] };
  }
  for (const record of result.records) for (const key of Object.keys(record)) add(key);
  const records = result.records;
  return { keys, values: keys.map((key) => records.map((r) => r[key] ?? null)) };
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
    return { key, label: labelOf(key), kind: kindOf(key, sample), secret: isSecretField(key) };
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
