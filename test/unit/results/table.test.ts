import * as assert from 'node:assert/strict';
import { buildTable, cellText, isSecretField, rowCells } from '../../../src/shared/results/table';
import type { AccountRecord } from '../../../src/core/types';

const account: AccountRecord = {
  date: '2024-09-20T08:11:00.000Z',
  browser: 'Google Chrome',
  status: 'show',
  url: 'https://vdi.example.com/portal/',
  ip: '68.0.2.248',
  country: 'US',
  username: 'user@example.com',
  password: 'Samplepassword000',
};

describe('results table', () => {
  it('shows accounts records in their eight columns, password masked-class', () => {
    const table = buildTable({ type: 'accounts', count: 1, records: [account] });
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['Date', 'Username', 'Password', 'URL', 'IP', 'Country', 'Browser', 'Status'],
    );
    assert.deepEqual(
      table.columns.filter((c) => c.secret).map((c) => c.key),
      ['password'],
    );
    assert.deepEqual(rowCells(table, 0), ['2024-09-20T08:11:00.000Z', 'user@example.com', 'Samplepassword000', 'https://vdi.example.com/portal/', '68.0.2.248', 'US', 'Google Chrome', 'show']);
    assert.equal(table.roles.date, 0);
    assert.equal(table.roles.ip, 4);
  });

  it('keeps extra account fields as extra columns', () => {
    const table = buildTable({ type: 'accounts', count: 1, records: [{ ...account, extra: { hwid: 'X1', score: 3 } }] });
    assert.deepEqual(table.columns.slice(8).map((c) => c.key), ['hwid', 'score']);
    assert.equal(table.columns[9]?.kind, 'number');
    assert.deepEqual(rowCells(table, 0).slice(8), ['X1', '3']);
  });

  it('derives customers columns from the data itself', () => {
    const table = buildTable({
      type: 'customers',
      count: 2,
      records: [
        { email: 'a@shop.example.com', pwd: 'x', points: 5 },
        { email: 'b@shop.example.com', verified: true, note: null },
      ],
    });
    assert.deepEqual(table.columns.map((c) => c.key), ['email', 'pwd', 'points', 'verified', 'note']);
    assert.deepEqual(table.columns.map((c) => c.secret), [false, true, false, false, false]);
    assert.deepEqual(rowCells(table, 1), ['b@shop.example.com', '', '', 'true', '']);
    assert.equal(table.roles.username, 0);
    assert.equal(table.roles.password, 1);
    assert.equal(table.roles.date, undefined);
  });

  it('recognises secret field names and renders values as text', () => {
    assert.ok(isSecretField('password'));
    assert.ok(isSecretField('Passwd'));
    assert.ok(isSecretField('session_token'));
    assert.ok(!isSecretField('username'));
    assert.equal(cellText(null), '');
    assert.equal(cellText(0), '0');
    assert.equal(cellText(false), 'false');
    assert.equal(cellText('<b>x</b>'), '<b>x</b>');
  });
});
