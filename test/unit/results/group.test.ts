import * as assert from 'node:assert/strict';
import { groupKey, groupRows } from '../../../src/shared/results/group';
import { sampleTable } from './fixtures';

describe('results grouping', () => {
  it('groups by site (URL host, case and port ignored), biggest first', () => {
    const table = sampleTable();
    const groups = groupRows(table, [0, 1, 2, 3, 4], 'site');
    assert.deepEqual(
      groups.map((g) => [g.label, g.rows.length]),
      [
        ['vpn.example.com', 3],
        ['jira.example.com', 1],
        ['mail.example.com', 1],
      ],
    );
  });

  it('groups by infected machine: same IP, browser, country and day', () => {
    const table = sampleTable();
    const groups = groupRows(table, [4, 3, 2, 1, 0], 'machine');
    assert.equal(groups.length, 3);
    // Two machines with two logins each (ties ordered by label), then the lone record.
    assert.deepEqual(groups[0]?.rows, [1, 0], 'members keep the order of the view');
    assert.equal(groups[0]?.label, '10.0.0.9 · Google Chrome · US · 2024-03-05');
    assert.deepEqual(groups[1]?.rows, [3, 2]);
    assert.equal(groups[1]?.label, '9.1.1.1 · Mozilla Firefox · DE · 2024-01-10');
    assert.deepEqual(groups[2]?.rows, [4]);
    assert.notEqual(groupKey(table, 0, 'machine'), groupKey(table, 4, 'machine'));
  });

  it('labels missing traits instead of dropping the rows', () => {
    const table = sampleTable();
    const empty = { ...table, cells: table.cells.map((column) => column.map(() => '')) };
    const groups = groupRows(empty, [0, 1], 'machine');
    assert.equal(groups[0]?.label, '(no IP) · (no browser) · (no country) · (no date)');
    assert.equal(groupRows(empty, [0], 'site')[0]?.label, '(no site)');
  });
});
