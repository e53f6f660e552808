import * as assert from 'node:assert/strict';
import { SortIndex, dateMs, ipSortKey, sortedView } from '../../../src/shared/results/sort';
import type { SortState } from '../../../src/shared/results/sort';
import { buildTable } from '../../../src/shared/results/table';
import type { ResultTable } from '../../../src/shared/results/table';
import { sampleTable } from './fixtures';

function names(table: ResultTable, sort: SortState | undefined, mask?: Uint8Array): string[] {
  const view = sortedView(table, mask ?? new Uint8Array(table.length).fill(1), sort, new SortIndex(table));
  return Array.from(view, (row) => (table.cells[1]?.[row] ?? '').split('@')[0] ?? '');
}

describe('results sort', () => {
  it('sorts by date both ways', () => {
    const table = sampleTable();
    assert.deepEqual(names(table, { column: 'date', direction: 'asc' }), ['erin', 'carol', 'dave', 'alice', 'bob']);
    assert.deepEqual(names(table, { column: 'date', direction: 'desc' }), ['bob', 'alice', 'dave', 'carol', 'erin']);
  });

  it('keeps ties in record order in both directions', () => {
    const table = sampleTable();
    assert.deepEqual(names(table, { column: 'country', direction: 'asc' }), ['carol', 'dave', 'alice', 'bob', 'erin']);
    assert.deepEqual(names(table, { column: 'country', direction: 'desc' }), ['alice', 'bob', 'erin', 'carol', 'dave']);
  });

  it('sorts IP addresses numerically', () => {
    const table = sampleTable();
    assert.deepEqual(names(table, { column: 'ip', direction: 'asc' }), ['carol', 'dave', 'alice', 'bob', 'erin']);
    assert.equal(ipSortKey('9.1.1.1') < ipSortKey('10.0.0.1'), true);
    assert.equal(ipSortKey('255.255.255.255'), 2 ** 32 - 1);
    assert.equal(ipSortKey('0.0.0.0'), 0);
    for (const bad of ['not an ip', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1..2.3', '::1', '', '1.2.3.4 ']) {
      assert.equal(ipSortKey(bad), Number.POSITIVE_INFINITY, bad);
    }
  });

  it('puts IPv6 and junk after IPv4, by text', () => {
    const ips = ['::1', '10.0.0.2', '', '9.9.9.9', '2001:db8::1', '10.0.0.2', '255.255.255.255'];
    const table = buildTable({ type: 'customers', count: ips.length, records: ips.map((ip, n) => ({ ip, n })) });
    const view = sortedView(table, new Uint8Array(ips.length).fill(1), { column: 'ip', direction: 'asc' }, new SortIndex(table));
    assert.deepEqual(Array.from(view), [3, 1, 5, 6, 2, 4, 0]);
    const desc = sortedView(table, new Uint8Array(ips.length).fill(1), { column: 'ip', direction: 'desc' }, new SortIndex(table));
    assert.deepEqual(Array.from(desc), [0, 4, 2, 6, 1, 5, 3]);
  });

  it('sorts numbers as numbers, blanks last', () => {
    const table = buildTable({
      type: 'customers',
      count: 4,
      records: [
        { id: 'a', points: 10 },
        { id: 'b', points: 9 },
        { id: 'c', points: null },
        { id: 'd', points: 100 },
      ],
    });
    const view = sortedView(table, new Uint8Array(4).fill(1), { column: 'points', direction: 'asc' }, new SortIndex(table));
    assert.deepEqual(Array.from(view, (row) => table.cells[0]?.[row]), ['b', 'a', 'd', 'c']);
  });

  it('applies the filter mask and falls back to record order', () => {
    const table = sampleTable();
    const mask = Uint8Array.from([1, 0, 1, 0, 1]);
    assert.deepEqual(names(table, { column: 'date', direction: 'asc' }, mask), ['erin', 'carol', 'alice']);
    assert.deepEqual(names(table, { column: 'nope', direction: 'asc' }, mask), ['alice', 'carol', 'erin']);
    assert.deepEqual(names(table, undefined, mask), ['alice', 'carol', 'erin']);
  });

  it('sorts 100,000 rows quickly and correctly', () => {
    const records = Array.from({ length: 100_000 }, (_, i) => ({ n: (i * 7919) % 100_003, s: `v${i % 97}` }));
    const table = buildTable({ type: 'customers', count: records.length, records });
    const index = new SortIndex(table);
    const started = performance.now();
    const view = sortedView(table, new Uint8Array(records.length).fill(1), { column: 'n', direction: 'desc' }, index);
    const elapsed = performance.now() - started;
    const n = table.cells[0] ?? [];
    for (let i = 1; i < view.length; i++) assert.ok(Number(n[view[i - 1] as number]) >= Number(n[view[i] as number]));
    assert.ok(elapsed < 2000, `sorted in ${elapsed} ms`);
  });
});

describe('results date parsing for sort', () => {
  it('reads the service format fast and anything else through Date.parse', () => {
    for (const text of ['2024-09-20T08:11:00.000Z', '2024-09-20T08:11:00Z', '1969-12-31T23:59:59.999Z', '2024-09-20', '2024-09-20T08:11:00+02:00']) {
      assert.equal(dateMs(text), Date.parse(text), text);
    }
    assert.ok(Number.isNaN(dateMs('2024-0x-20T08:11:00.000Z')) || dateMs('2024-0x-20T08:11:00.000Z') === Date.parse('2024-0x-20T08:11:00.000Z'));
    assert.ok(Number.isNaN(dateMs('yesterday')));
  });
});
