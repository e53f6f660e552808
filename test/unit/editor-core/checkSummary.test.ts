import * as assert from 'node:assert/strict';
import { checkSummary, newRecords } from '../../../src/core/checkSummary';

const r = (domain: string, count: number, previous: number | undefined, type: 'accounts' | 'customers' = 'accounts') => ({ key: `k-${domain}-${type}`, domain, type, count, previous });

describe('the summary a check ends with', () => {
  it('names the new records, with the result to open', () => {
    const s = checkSummary([r('example.com', 303, 291), r('example.org', 10, 10)]);
    assert.deepEqual(s, { message: 'Leak Search: example.com: 303 records, 12 new.', openKey: 'k-example.com-accounts' });
  });

  it('a first result with records is new as a whole', () => {
    assert.equal(checkSummary([r('example.com', 1, undefined, 'customers')])?.message, 'Leak Search: example.com customers: 1 record.');
    assert.equal(newRecords(r('a.test', 5, undefined)), 5);
  });

  it('stays quiet when nothing is new (same count, fewer records, or no records)', () => {
    assert.equal(checkSummary([r('example.com', 303, 303), r('example.org', 4, 9), r('other.test', 0, undefined)]), undefined);
    assert.equal(checkSummary([]), undefined);
  });

  it('several results: up to three named, the pick to open', () => {
    const s = checkSummary([r('a.test', 2, undefined), r('b.test', 3, 1), r('c.test', 4, undefined), r('d.test', 5, undefined)]);
    assert.equal(s?.message, 'Leak Search: a.test: 2 records; b.test: 3 records, 2 new; c.test: 4 records and 1 more result.');
    assert.equal(s?.openKey, undefined);
  });
});
