import * as assert from 'node:assert/strict';
import { hostOf, monthHistogram, topValues } from '../../../src/shared/results/stats';
import { TableStats } from '../../../src/shared/results/tableStats';
import { buildTable } from '../../../src/shared/results/table';
import { sampleTable } from './fixtures';

describe('results table stats', () => {
  it('agrees with the plain functions over a view', () => {
    const table = sampleTable();
    const stats = new TableStats(table);
    const view = [0, 2, 3, 4];
    const cells = (column: number | undefined): string[] => view.map((row) => (column === undefined ? '' : (table.cells[column]?.[row] ?? '')));
    assert.deepEqual(stats.top('site', 8, view), topValues(cells(table.roles.url).map(hostOf), 8));
    assert.deepEqual(stats.top('country', 8, view), topValues(cells(table.roles.country), 8));
    assert.deepEqual(stats.months(view), monthHistogram(cells(table.roles.date)));
    assert.deepEqual(stats.top('browser', 1), [{ value: 'Google Chrome', count: 3 }]);
  });

  it('lists distinct values for the drop-downs and knows missing columns', () => {
    const table = sampleTable();
    const stats = new TableStats(table);
    assert.deepEqual(stats.distinct('status'), ['show', 'hide']);
    const customers = new TableStats(buildTable({ type: 'customers', count: 1, records: [{ email: 'a@b.c' }] }));
    assert.equal(customers.has('country'), false);
    assert.deepEqual(customers.distinct('country'), []);
    assert.deepEqual(customers.months(), []);
  });

  it('spans empty months across a year boundary', () => {
    const table = buildTable({ type: 'customers', count: 2, records: [{ date: '2024-11-02T00:00:00Z' }, { date: '2025-01-09T00:00:00Z' }] });
    assert.deepEqual(new TableStats(table).months(), [
      { month: '2024-11', count: 1 },
      { month: '2024-12', count: 0 },
      { month: '2025-01', count: 1 },
    ]);
  });
});
