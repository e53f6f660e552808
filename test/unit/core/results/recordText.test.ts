// A record's fields in plain words for people: status values and dates in the user's locale.
import * as assert from 'node:assert/strict';
import { formatRecordDateTime, formatRecordDay, statusWords } from '../../../../src/core/results/recordText';

describe('record fields in plain words', () => {
  it('says status values in words, with the raw value for a tooltip', () => {
    assert.equal(statusWords('show').short, '');
    assert.match(statusWords('show').long, /marked visible by the service \(status “show”/);
    assert.equal(statusWords('hide').short, 'marked hidden');
    assert.match(statusWords('hide').long, /marked hidden by the service \(status “hide”; the service does not document what it means\)/);
    assert.equal(statusWords('archived').short, 'status “archived”');
    assert.deepEqual(statusWords(' '), { short: '', long: '' });
  });

  it('dates in the locale, without milliseconds, in UTC as given', () => {
    assert.equal(formatRecordDay('2024-09-20T08:11:00.000Z', 'en-US'), 'Sep 20, 2024');
    assert.match(formatRecordDay('2024-09-20T23:59:00.000Z', 'en-GB'), /^20 Sep\w* 2024$/, 'day first in British English; still the 20th (UTC)');
    assert.equal(formatRecordDateTime('2024-09-20T08:11:00.000Z', 'en-US'), 'Sep 20, 2024, 08:11 AM UTC');
    assert.ok(!formatRecordDateTime('2024-09-20T08:11:00.123Z', 'de').includes('.123'));
  });

  it('keeps text that is not a date, and survives an unknown locale', () => {
    assert.equal(formatRecordDay('yesterday', 'en-US'), 'yesterday');
    assert.equal(formatRecordDay('2024-13-45', 'en-US'), '2024-13-45');
    assert.match(formatRecordDay('2024-09-20', 'not a locale!'), /2024/);
  });
});
