// The table model of a result: columns derived from the data, every cell as display text.
// Pure and browser-safe (no DOM, no Node APIs): used by the webview and tested in Node.
import type { AccountRecord, FieldValue, OpenRecord, SearchResult } from '../../core/types';

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
  /** One array of display texts per record, in `columns` order. */
  readonly rows: readonly (readonly string[])[];
  /** The records flattened to plain objects (for JSON export), same order as `rows`. */
  readonly records: readonly OpenRecord[];
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

function flattenAccount(record: AccountRecord): OpenRecord {
  const flat: Record<string, FieldValue> = {};
  for (const key of ACCOUNT_COLUMN_ORDER) flat[key] = record[key] ?? '';
  if (record.extra) {
    for (const [key, value] of Object.entries(record.extra)) if (!(key in flat)) flat[key] = value;
  }
  return flat;
}

/** Builds the table of a result: accounts in their eight columns (plus any extra fields), customers from their own keys. */
export function buildTable(result: SearchResult): ResultTable {
  const records: OpenRecord[] =
    result.type === 'accounts' ? result.records.map(flattenAccount) : result.records.map((record) => ({ ...record }));
  const keys: string[] = result.type === 'accounts' ? [...ACCOUNT_COLUMN_ORDER] : [];
  const seen = new Set(keys);
  const samples = new Map<string, FieldValue>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
      if (!samples.has(key) && record[key] !== null && record[key] !== '') samples.set(key, record[key] ?? null);
    }
  }
  const columns: Column[] = keys.map((key) => ({
    key,
    label: labelOf(key),
    kind: kindOf(key, samples.get(key)),
    secret: isSecretField(key),
  }));
  const rows = records.map((record) => keys.map((key) => cellText(record[key])));
  return { type: result.type, columns, roles: rolesOf(columns), rows, records };
}
