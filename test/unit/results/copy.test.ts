import * as assert from 'node:assert/strict';
import { copyText } from '../../../src/shared/results/copy';
import { describeFilter, EMPTY_FILTER } from '../../../src/shared/results/filter';
import { account, accountsTable } from './fixtures';

describe('results copy and filter description', () => {
  const table = accountsTable([account({ username: 'bob@example.com', password: 'hunter2' })]);

  it('copies a cell, a secret only when revealed', () => {
    assert.equal(copyText(table, 'cell', 0, 1, () => false), 'bob@example.com');
    assert.equal(copyText(table, 'cell', 0, 2, () => false), undefined);
    assert.equal(copyText(table, 'cell', 0, 2, (c) => c === 2), 'hunter2');
  });

  it('copies a row as labelled lines, the password only when revealed', () => {
    const hidden = copyText(table, 'row', 0, 0, () => false) ?? '';
    assert.ok(hidden.startsWith('Date: 2024-01-01T00:00:00.000Z\nUsername: bob@example.com\nURL: '));
    assert.ok(!hidden.includes('hunter2') && !hidden.includes('Password'));
    assert.ok((copyText(table, 'row', 0, 0, () => true) ?? '').includes('Password: hunter2'));
  });

  it('describes the active filters in words', () => {
    assert.equal(describeFilter(EMPTY_FILTER), '');
    assert.equal(describeFilter({ ...EMPTY_FILTER, text: ' bob ', country: 'DE', from: '2024-01-01' }), 'text “bob”, country DE, dates 2024-01-01 to …');
  });
});
