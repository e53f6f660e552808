// The engine's compact storage: what goes in comes out (text, types, dates as sent), wide
// and sparse shapes stay bounded, and a table survives its cache file byte for byte.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateColumn, TextColumn, isoOf } from '../../../src/engine/store/columns';
import { MAX_OWN_COLUMNS, RecordTableBuilder, holdsKnownKey, setKnownKeys } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import { TableReader, tablePieces } from '../../../src/engine/store/serialize';
import type { AccountRecord, OpenRecord } from '../../../src/core/service/types';

function account(i: number, extra?: Record<string, string | number | boolean | null>): AccountRecord {
  const base: AccountRecord = {
    date: new Date(Date.UTC(2024, i % 12, 1 + (i % 28), i % 24)).toISOString(),
    browser: ['Google Chrome', 'Firefox', 'Edge'][i % 3] as string,
    status: i % 5 === 0 ? 'hide' : 'show',
    url: `https://vpn${i % 7}.example.com/login`,
    ip: `10.0.${i % 250}.${i % 200}`,
    country: ['US', 'DE', 'FR', 'ＪＰ'][i % 4] as string,
    username: `user${i}@example.com`,
    password: `Pw-${i}-ü`,
  };
  return extra ? { ...base, extra } : base;
}

function build(type: 'accounts' | 'customers', records: readonly (AccountRecord | OpenRecord)[]): RecordTable {
  const builder = new RecordTableBuilder(type);
  for (const r of records) builder.add(r);
  return builder.finish();
}

function roundTrip(table: RecordTable, pieceSize = 7): RecordTable {
  const reader = new TableReader();
  for (const piece of tablePieces(table)) {
    for (let i = 0; i < piece.length; i += pieceSize) reader.push(piece.subarray(i, i + pieceSize));
  }
  return reader.finish();
}

describe('engine: stored results', () => {
  it('a text column keeps every value, switching from a dictionary to UTF-8 bytes when values are unique', () => {
    const column = new TextColumn();
    const values = Array.from({ length: 20_000 }, (_, i) => (i < 10 ? 'same' : `unique-${i}-é😀`));
    for (const v of values) column.push(v);
    column.finish();
    assert.equal(column.isDictionary, false);
    assert.deepEqual(Array.from({ length: values.length }, (_, i) => column.get(i)), values);
    const repeated = new TextColumn();
    for (let i = 0; i < 20_000; i++) repeated.push(['show', 'hide'][i % 2] as string);
    repeated.finish();
    assert.equal(repeated.isDictionary, true);
    assert.deepEqual(repeated.values, ['show', 'hide']);
  });

  it('a column of a megabyte or more, cut to a view of itself when finished, reads back every value, also through its cache file', () => {
    const values = Array.from({ length: 40_000 }, (_, i) => `unique-${i}-${'x'.repeat(30)}-é`);
    const column = new TextColumn();
    for (const v of values) column.push(v);
    column.finish();
    const pool = column.pool;
    assert.ok(pool !== undefined && pool.bytes.length >= 1024 * 1024, 'past the size at which a finished column is a view');
    assert.equal(pool.offsets.length, values.length + 1);
    assert.equal(pool.bytes.length, pool.offsets[values.length]);
    assert.deepEqual(Array.from({ length: values.length }, (_, i) => column.get(i)), values);
    const dates = new DateColumn();
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 140_000; i++) dates.push(new Date(start + i * 60_000).toISOString());
    dates.finish();
    assert.ok(dates.ms.byteLength >= 1024 * 1024);
    assert.equal(dates.ms.length, 140_000);
    assert.equal(dates.get(139_999), new Date(start + 139_999 * 60_000).toISOString());
    const table = build('accounts', values.map((username, i) => ({ ...account(i), username })));
    const back = roundTrip(table, 65_536);
    for (const row of [0, 20_000, 39_999]) assert.deepEqual(back.record(row), table.record(row));
  });

  it('spells an instant as toISOString does: every day of the years 1970 to 2133, days to 9999, any time, and beyond', () => {
    const DAY = 86_400_000;
    for (let day = 0; day * DAY < 253_402_300_800_000; day += day < 60_000 ? 1 : 97) {
      const ms = day * DAY + ((day * 7_919_993) % DAY);
      assert.equal(isoOf(ms), new Date(ms).toISOString());
      assert.equal(isoOf(day * DAY), new Date(day * DAY).toISOString());
    }
    for (const ms of [DAY - 1, 951_782_400_000, 951_868_799_999, 253_402_300_799_999, 253_402_300_800_000, -1, -62_135_596_800_000, 8.64e15, -8.64e15, 1.5]) assert.equal(isoOf(ms), new Date(ms).toISOString(), String(ms));
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoOf(ms) === new Date(ms).toISOString()));
    fc.assert(fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => isoOf(ms) === new Date(ms).toISOString()));
    for (const bad of [Number.NaN, Infinity, 8.64e15 + 1]) assert.throws(() => isoOf(bad), RangeError);
  });

  it('a date column keeps instants as numbers and any other text as it was sent', () => {
    const column = new DateColumn();
    for (const v of ['2024-09-20T08:11:00.000Z', '2024-13-40T99:00:00.000Z', '20 Sep 2024', '', 'soon']) column.push(v);
    column.finish();
    assert.equal(column.ms[0], Date.UTC(2024, 8, 20, 8, 11));
    assert.deepEqual([0, 1, 2, 3, 4].map((i) => column.get(i)), ['2024-09-20T08:11:00.000Z', '2024-13-40T99:00:00.000Z', '20 Sep 2024', '', 'soon']);
    assert.deepEqual([...column.texts()].map(([row]) => row), [1, 2, 4], 'the usual form and no date cost nothing extra');
  });

  it('a date column reads every ISO-shaped text as Date.parse does and gives its text back (property)', () => {
    const check = (texts: string[]): boolean => {
      const column = new DateColumn();
      for (const t of texts) column.push(t);
      column.finish();
      texts.forEach((t, row) => {
        assert.ok(Object.is(column.ms[row], Date.parse(t)), `${t}: ${column.ms[row]} against ${Date.parse(t)}`);
        assert.equal(column.get(row), t);
        if (column.oddText(row) === undefined) assert.equal(isoOf(column.ms[row] as number), t);
      });
      return true;
    };
    // The years 0 to 99 too, which Date.UTC would read as 1900 to 1999.
    const instant = fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 });
    fc.assert(fc.property(fc.array(instant.map((ms) => new Date(ms).toISOString())), (texts) => check(texts)));
    const field = (width: number, max: number): fc.Arbitrary<string> => fc.integer({ min: 0, max }).map((n) => String(n).padStart(width, '0'));
    const shaped = fc
      .tuple(field(4, 9999), field(2, 14), field(2, 32), field(2, 25), field(2, 61), field(2, 61), field(3, 999), fc.boolean())
      .map(([y, mo, d, h, mi, s, ms, milli]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${milli ? `.${ms}` : ''}Z`);
    fc.assert(fc.property(fc.array(shaped), (texts) => check(texts)), { numRuns: 300 });
    const edges = ['0000-01-01T00:00:00.000Z', '0050-06-15T12:30:00.000Z', '0099-12-31T23:59:59.999Z', '0100-03-01T00:00:00Z', '1900-02-29T00:00:00.000Z', '2000-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '2023-02-29T00:00:00.000Z', '2024-04-31T00:00:00.000Z', '2024-00-10T00:00:00.000Z', '2024-01-00T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '9999-12-31T23:59:59.999Z', '2024-01-01T00:00:00.000z', '2024-01-01 00:00:00.000Z', '2024-01-01T00:00:00,000Z', '+2024-01-01T00:00:00.000Z', '2024-1a-01T00:00:00.000Z'];
    check(edges);
  });

  it('accounts records come back field for field, extras with their JSON types', () => {
    const records = Array.from({ length: 500 }, (_, i) => account(i, i % 3 === 0 ? { hwid: `H${i}`, score: i, vip: i % 2 === 0, note: null } : undefined));
    const table = build('accounts', records);
    assert.equal(table.length, 500);
    for (let i = 0; i < 500; i++) assert.deepEqual(table.record(i), records[i]);
  });

  it('open records come back with their JSON types; prototype names are plain fields (property)', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'date', 'url'));
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 6 }), { maxLength: 40 }), (records) => {
        const clean = records.map((r) => JSON.parse(JSON.stringify(r)) as OpenRecord);
        const table = build('customers', clean);
        for (let i = 0; i < clean.length; i++) {
          const got = table.record(i) as Record<string, unknown>;
          const want = clean[i] as Record<string, unknown>;
          // A "date" field that is not an ISO instant keeps its text; other fields exactly.
          assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort());
          for (const k of Object.keys(want)) assert.deepEqual(got[k], want[k], `${k} of record ${i}`);
        }
        assert.deepEqual(roundTrip(table).record(clean.length - 1 < 0 ? 0 : clean.length - 1), clean.length ? table.record(clean.length - 1) : table.record(0));
      }),
      { numRuns: 200 },
    );
  });

  it('thousands of distinct field names: bounded width, the rest folded, nothing lost', () => {
    const records: OpenRecord[] = Array.from({ length: 20_000 }, (_, i) => ({ email: `u${i}@x.com`, [`field_${i}`]: i, [`token_${i}`]: `t${i}` }));
    const table = build('customers', records);
    assert.ok(table.columns.length <= MAX_OWN_COLUMNS + 2, `${table.columns.length} columns`);
    const other = table.columns.findIndex((c) => c.label === 'Other fields');
    const secret = table.columns.findIndex((c) => c.label === 'Other secret fields');
    assert.match(table.text(other, 19_999), /field_19999: 19999/);
    assert.match(table.text(secret, 19_999), /token_19999: t19999/);
    assert.equal(table.columns[secret]?.secret, true);
  });

  it('a nested value holding a secret key makes its column secret', () => {
    const table = build('customers', [{ email: 'a@b.c', profile: '{"auth":{"token":"x"}}' }, { email: 'd@e.f', profile: '{"name":"n"}' }]);
    assert.equal(table.columns.find((c) => c.key === 'profile')?.secret, true);
  });

  it('survives its cache file, whatever the pieces it is read in', () => {
    const records = Array.from({ length: 30_000 }, (_, i) => account(i, i % 10 === 0 ? { hwid: `H${i}` } : undefined));
    records[3] = { ...account(3), date: 'yesterday' };
    const table = build('accounts', records);
    for (const size of [1, 13, 65_536]) {
      const back = roundTrip(table, size);
      assert.equal(back.length, table.length);
      for (const row of [0, 3, 17, 29_999]) assert.deepEqual(back.record(row), table.record(row));
    }
  });

  // [distinct values, rows, bytes a code]
  const WIDTHS: readonly (readonly [number, number, number])[] = [
    [1, 5000, 1],
    [256, 5000, 1],
    [257, 5000, 2],
    [65_536, 300_000, 2],
    [65_537, 300_000, 4],
  ];

  it('keeps dictionary codes as narrow as the dictionary, widening as it grows, through its cache file (table)', () => {
    for (const [distinct, rows, width] of WIDTHS) {
      // Each value in a run of rows: a dictionary stays one while values repeat.
      const valueOf = (row: number): string => `value ${Math.floor((row * distinct) / rows)}`;
      const records: OpenRecord[] = Array.from({ length: rows }, (_, i) => ({ v: valueOf(i) }));
      const table = build('customers', records);
      const text = table.stored[0]?.text as TextColumn;
      assert.equal(text.isDictionary, true, `${distinct}`);
      assert.equal(text.codes.BYTES_PER_ELEMENT, width, `${distinct} values`);
      const back = roundTrip(table, 4099);
      assert.equal(back.stored[0]?.text?.codes.BYTES_PER_ELEMENT, width);
      for (let row = 0; row < rows; row += 97) assert.equal(back.text(0, row), valueOf(row), `${distinct}: row ${row}`);
      assert.equal(back.text(0, rows - 1), `value ${distinct - 1}`);
    }
  });

  it('a truncated file is refused, never half-read', () => {
    const table = build('accounts', [account(1), account(2)]);
    const bytes = Buffer.concat([...tablePieces(table)]);
    const reader = new TableReader();
    reader.push(bytes.subarray(0, bytes.length - 3));
    assert.throws(() => reader.finish(), /ended early/);
  });

  it('reads a table within its stated length, and refuses a header asking for more before allocating', () => {
    const table = build('accounts', [account(1), account(2), account(3, { note: 'x' })]);
    const bytes = Buffer.concat([...tablePieces(table)]);
    const exact = new TableReader(bytes.length);
    exact.push(bytes);
    assert.equal(exact.finish().length, 3, 'exactly its length is enough');
    assert.throws(() => new TableReader(bytes.length - 1).push(bytes), /shorter than its header/);
    assert.throws(() => new TableReader(10).push(bytes), /header too large/);
    // A header of a billion rows in a few bytes: refused from the header alone.
    const header = Buffer.from(JSON.stringify({ version: 3, type: 'accounts', rows: 1e9, columns: [{ info: { key: 'date', label: 'Date', kind: 'date', secret: false }, store: 'date', tags: false }] }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length, 0);
    const before = process.memoryUsage().arrayBuffers;
    assert.throws(() => new TableReader(4 + header.length + 1024).push(Buffer.concat([length, header])), /shorter than its header/);
    assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024, 'nothing the size of the rows was allocated');
  });

  it('tells a table in which a known key stands, in any column and any way it is stored', () => {
    const key = 'lj_test_5e1f0c9a8b7d6e5f4a3b2c1d0e9f8a7b';
    const many = Array.from({ length: 300 }, (_, i) => account(i));
    setKnownKeys([key]);
    try {
      assert.equal(holdsKnownKey(build('accounts', many)), false, 'a clean table');
      const echoes: readonly [string, Partial<AccountRecord>][] = [
        ['a URL, URL-encoded', { url: `https://sso.example.com/?k=${encodeURIComponent(key)}` }],
        ['a user name', { username: `${key}@example.com` }],
        ['a browser (few values)', { browser: `Firefox ${key}` }],
        ['a date kept as sent', { date: `not a date ${key}` }],
        ['base64', { password: Buffer.from(key).toString('base64') }],
      ];
      for (const [name, echo] of echoes) assert.equal(holdsKnownKey(build('accounts', [...many, { ...account(1), ...echo }])), true, name);
    } finally {
      setKnownKeys([]);
    }
  });

  it('costs well under 100 bytes a record for accounts', () => {
    const n = 100_000;
    const builder = new RecordTableBuilder('accounts');
    for (let i = 0; i < n; i++) builder.add(account(i));
    const table = builder.finish();
    assert.ok(table.bytes / n < 100, `${(table.bytes / n).toFixed(1)} bytes a record`);
  });
});
