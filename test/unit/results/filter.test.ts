import * as assert from 'node:assert/strict';
import { EMPTY_FILTER, SearchIndex, distinctValues, filterMask, isFilterEmpty } from '../../../src/shared/results/filter';
import type { FilterState } from '../../../src/shared/results/filter';
import { sampleTable } from './fixtures';

function usernames(filter: Partial<FilterState>): string[] {
  const table = sampleTable();
  const mask = filterMask(table, { ...EMPTY_FILTER, ...filter }, new SearchIndex(table));
  const names = table.cells[1] ?? [];
  return names.filter((_name, i) => mask[i] === 1).map((name) => name.split('@')[0] ?? '');
}

describe('results filter', () => {
  it('passes everything when empty', () => {
    assert.ok(isFilterEmpty(EMPTY_FILTER));
    assert.deepEqual(usernames({}), ['alice', 'bob', 'carol', 'dave', 'erin']);
  });

  it('matches text case-insensitively across the non-secret columns', () => {
    assert.deepEqual(usernames({ text: 'BOB' }), ['bob']);
    assert.deepEqual(usernames({ text: '10.0.0.9' }), ['alice', 'bob']);
    assert.deepEqual(usernames({ text: 'mail.example' }), ['bob']);
    assert.deepEqual(usernames({ text: '  firefox ' }), ['carol', 'dave']);
  });

  it('never searches passwords', () => {
    assert.deepEqual(usernames({ text: 'alicepw' }), []);
  });

  it('filters by status, country and browser exactly', () => {
    assert.deepEqual(usernames({ status: 'hide' }), ['bob']);
    assert.deepEqual(usernames({ country: 'DE' }), ['carol', 'dave']);
    assert.deepEqual(usernames({ browser: 'Google Chrome', country: 'US', status: 'show' }), ['alice', 'erin']);
    assert.deepEqual(usernames({ country: 'D' }), []);
  });

  it('filters by an inclusive range of whole days', () => {
    assert.deepEqual(usernames({ from: '2024-01-10', to: '2024-01-10' }), ['carol', 'dave']);
    assert.deepEqual(usernames({ from: '2024-01-11' }), ['alice', 'bob']);
    assert.deepEqual(usernames({ to: '2023-12-31' }), ['erin']);
    assert.deepEqual(usernames({ from: 'yesterday' }), ['alice', 'bob', 'carol', 'dave', 'erin']);
  });

  it('lists distinct values most frequent first', () => {
    const table = sampleTable();
    assert.deepEqual(distinctValues(table, table.roles.country), ['US', 'DE']);
    assert.deepEqual(distinctValues(table, undefined), []);
  });
});
