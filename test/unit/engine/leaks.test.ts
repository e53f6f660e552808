// The engine's leak index over record tables: results added and removed one by one, the
// account fields read straight from the table, hovers by handle.
import * as assert from 'node:assert/strict';
import type { AccountRecord } from '../../../src/core/types';
import { Leaks } from '../../../src/engine/leaks';
import { RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';

function table(records: AccountRecord[]): RecordTable {
  const b = new RecordTableBuilder('accounts');
  for (const r of records) b.add(r);
  return b.finish();
}

function account(username: string, password: string, url = 'https://vpn.acme.test/login'): AccountRecord {
  return { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url, ip: '10.0.0.1', country: 'US', username, password };
}

describe('engine leaks: per-result index', () => {
  const a = table([account('alice@acme.test', 'Summer2024!')]);
  const b = table([account('bob@acme.test', 'Winter2025?'), account('bob@acme.test', 'changeme')]);

  it('adds, keeps and removes results by key; matches carry their target result and messages', () => {
    const logs: string[] = [];
    const leaks = new Leaks((_level, message) => logs.push(message));
    leaks.set(['a'], [a], ['acme.test']);
    assert.deepEqual(leaks.match('alice@acme.test bob@acme.test').map((m) => m.identifier), ['alice@acme.test']);
    leaks.set(['a', 'b'], [a, b], ['acme.test', 'acme.test']);
    const both = leaks.match('alice@acme.test bob@acme.test pw = "Winter2025?" pwd: changeme');
    assert.deepEqual(both.map((m) => `${m.kind} ${m.severity} ${m.target?.key}`), [
      'email warning a',
      'email warning b',
      'password error b',
      'password hint b',
    ]);
    assert.equal(both[2].message, 'A password leaked for bob@acme.test appears here — rotate it');
    assert.equal(both[3].common, true);
    const hover = leaks.hover(both[1].handle, 10);
    assert.equal(hover?.total, 2);
    assert.equal(hover?.records[0].site, 'vpn.acme.test');
    leaks.set(['b'], [b], ['acme.test']);
    assert.deepEqual(leaks.match('alice@acme.test bob@acme.test').map((m) => m.identifier), ['bob@acme.test']);
    assert.equal(leaks.hover(both[1].handle, 10), undefined, 'handles of an older version are stale');
    assert.equal(leaks.stats.records, 2);
    assert.deepEqual(logs, []);
  });

  it('logs URLs it cannot parse', () => {
    const logs: string[] = [];
    const leaks = new Leaks((_level, message) => logs.push(message));
    leaks.set(['c'], [table([account('carol@acme.test', 'Spring2026#', '@@')])], ['acme.test']);
    assert.equal(logs.length, 1);
    assert.match(logs[0], /1 URL\(s\) of c could not be parsed/);
  });
});
