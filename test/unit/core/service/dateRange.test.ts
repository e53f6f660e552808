// The date range a check asks for, as the settings describe it.
import * as assert from 'node:assert/strict';
import { parseDateRangeMode, resolveDateRange, utcDay } from '../../../../src/core/service/dateRange';

const NOW = Date.UTC(2026, 10, 23, 23, 30, 0); // late in the UTC day

describe('settingsRange: date range from settings', () => {
  it('all dates is no range', () => {
    assert.equal(resolveDateRange({ mode: 'all' }, NOW), undefined);
  });

  it('last N days ends today (UTC) and includes it', () => {
    assert.equal(utcDay(NOW), '20261123');
    assert.deepEqual(resolveDateRange({ mode: 'lastDays', lastDays: 1 }, NOW), { start: '20261123', end: '20261123' });
    assert.deepEqual(resolveDateRange({ mode: 'lastDays', lastDays: 30 }, NOW), { start: '20261025', end: '20261123' });
    assert.deepEqual(resolveDateRange({ mode: 'lastDays', lastDays: 366 }, Date.UTC(2024, 11, 31)), { start: '20240101', end: '20241231' });
  });

  it('clamps a nonsense day count and defaults to 90', () => {
    assert.deepEqual(resolveDateRange({ mode: 'lastDays', lastDays: 0 }, NOW), { start: '20261123', end: '20261123' });
    assert.deepEqual(resolveDateRange({ mode: 'lastDays' }, NOW), { start: '20260826', end: '20261123' });
    assert.deepEqual(resolveDateRange({ mode: 'lastDays', lastDays: Number.NaN }, NOW), { start: '20260826', end: '20261123' });
  });

  it('fixed bounds accept YYYYMMDD and YYYY-MM-DD and pass anything else on for validation', () => {
    assert.deepEqual(resolveDateRange({ mode: 'fixed', start: '2024-01-01', end: '20241231' }, NOW), { start: '20240101', end: '20241231' });
    assert.deepEqual(resolveDateRange({ mode: 'fixed', start: ' 2024-13-01 ', end: '' }, NOW), { start: '20241301', end: '' });
  });

  it('reads the mode leniently', () => {
    assert.equal(parseDateRangeMode('lastDays'), 'lastDays');
    assert.equal(parseDateRangeMode('fixed'), 'fixed');
    assert.equal(parseDateRangeMode('weekly'), 'all');
    assert.equal(parseDateRangeMode(undefined), 'all');
  });
});
