import * as assert from 'node:assert/strict';
import { loadMessage, packRecords, unpackTable } from '../../../src/shared/results/packed';
import { buildTable, rowCells } from '../../../src/shared/results/table';
import { resultsKey } from '../../../src/core/types';
import type { ResultsEntry, SearchResult } from '../../../src/core/types';
import { account } from './fixtures';

function entry(result: SearchResult): ResultsEntry {
  const query = { domain: 'example.com', type: result.type };
  return { key: resultsKey('https://leakjar.com', query), origin: 'https://leakjar.com', query, result, fetchedAt: 1 };
}

describe('results packing (host → webview)', () => {
  it('round-trips accounts and customers records', () => {
    const accounts: SearchResult = { type: 'accounts', count: 2, records: [account({ extra: { hwid: 'A' } }), account({ username: '<b>x</b>@example.com' })] };
    const customers: SearchResult = { type: 'customers', count: 2, records: [{ email: 'a@b.c', n: 1, ok: true }, { email: 'd@e.f', note: null }] };
    for (const result of [accounts, customers]) {
      const direct = buildTable(result);
      const packed = unpackTable(result.type, JSON.parse(JSON.stringify(packRecords(entry(result)))));
      assert.deepEqual(packed.columns, direct.columns);
      assert.deepEqual([0, 1].map((row) => rowCells(packed, row)), [0, 1].map((row) => rowCells(direct, row)));
    }
    const table = unpackTable('customers', packRecords(entry(customers)));
    assert.equal(table.value(0, 'n'), 1);
    assert.equal(table.value(0, 'ok'), true);
    assert.equal(table.value(1, 'n'), null);
    assert.equal(table.value(0, 'missing'), undefined);
  });

  it('builds a load message without the records objects and without any key', () => {
    const message = loadMessage(entry({ type: 'accounts', count: 141, records: [account({})] }), { identifier: 'user@example.com' });
    assert.equal(message.type, 'load');
    assert.equal(message.entry.count, 141);
    assert.equal(message.entry.type, 'accounts');
    assert.equal(message.records.length, 1);
    assert.deepEqual(message.focus, { identifier: 'user@example.com' });
    assert.ok(!('result' in message.entry));
    assert.equal(loadMessage(entry({ type: 'accounts', count: 0, records: [] }), {}).focus, undefined);
  });

  it('refuses malformed packed records with a clear error', () => {
    assert.throws(() => unpackTable('accounts', { length: 2, keys: ['a'], columns: [['x']] }), /field “a” has the wrong number of values/);
    assert.throws(() => unpackTable('accounts', { length: 1, keys: ['a', 'b'], columns: [['x']] }), /mismatched fields/);
    assert.throws(() => unpackTable('accounts', { length: -1, keys: [], columns: [] }), /bad record count/);
    const notArray = JSON.parse('{"length":1,"keys":["a"],"columns":["x"]}') as Parameters<typeof unpackTable>[1];
    assert.throws(() => unpackTable('accounts', notArray), /wrong number of values/);
    const nested = unpackTable('customers', JSON.parse('{"length":1,"keys":["a"],"columns":[[{"x":1}]]}') as Parameters<typeof unpackTable>[1]);
    assert.equal(rowCells(nested, 0)[0], '{"x":1}');
  });
});
