// Short texts for the tree and the status bar: ages, times, ranges, counts and the quota.
import * as assert from 'node:assert/strict';
import { formatAge, formatAsOf, formatClock, formatCount, formatIn, formatNewSince, formatQuota, formatRange, isQuotaSpent, quotaResumesAt } from '../../../../src/core/text/format';
import { recordCount, recordTotal } from '../../../../src/shared/recordCount';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const MIN = 60_000;
const H = 60 * MIN;

describe('format: ages and times', () => {
  it('formats ages from seconds to days', () => {
    assert.equal(formatAge(NOW - 10_000, NOW), 'just now');
    assert.equal(formatAge(NOW - 5 * MIN, NOW), '5 min ago');
    assert.equal(formatAge(NOW - 3 * H - 59 * MIN, NOW), '3 h ago');
    assert.equal(formatAge(NOW - 50 * H, NOW), '2 d ago');
    assert.equal(formatAge(NOW + 5 * MIN, NOW), 'just now', 'a future time is not a negative age');
  });

  it('formats time to come', () => {
    assert.equal(formatIn(NOW - 1, NOW), 'now');
    assert.equal(formatIn(NOW + 30_000, NOW), 'in 1 min');
    assert.equal(formatIn(NOW + 12 * MIN, NOW), 'in 12 min');
    assert.equal(formatIn(NOW + 2 * H, NOW), 'in 2 h');
    assert.equal(formatIn(NOW + 2 * H + 5 * MIN, NOW), 'in 2 h 5 min');
    assert.equal(formatIn(NOW + 72 * H, NOW), 'in 3 d');
    assert.equal(formatIn(NOW + H + 1000, NOW), 'in 1 h', 'a reset in whole seconds does not read "1 h 1 min"');
  });

  it('formats clock times in local time, with the date when not today', () => {
    const at = new Date(NOW);
    const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    assert.equal(formatClock(NOW, NOW), hhmm);
    assert.match(formatClock(NOW - 72 * H, NOW), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(formatAsOf(NOW - 3 * H, NOW), `as of ${formatClock(NOW - 3 * H, NOW)} (3 h ago)`);
  });

  it('formats ranges and counts', () => {
    assert.equal(formatRange(undefined), 'all dates');
    assert.equal(formatRange({ start: '20240101', end: '20241231' }), '2024-01-01 – 2024-12-31');
    assert.equal(formatCount(1), '1 record');
    assert.equal(formatCount(0), '0 records');
    assert.equal(formatCount(12345), '12,345 records');
  });
});

describe('format: quota', () => {
  it('shows remaining/limit and the reset time in the tooltip', () => {
    const q = formatQuota({ limit: 100, remaining: 97, resetAt: NOW + 30 * MIN, observedAt: NOW - MIN }, NOW);
    assert.equal(q.spent, false);
    assert.equal(q.text, '97/100');
    assert.ok(q.tooltip.includes(`Resets at ${formatClock(NOW + 30 * MIN, NOW)} (in 30 min)`), q.tooltip);
  });

  it('says clearly when the quota is spent and when checks resume', () => {
    const state = { limit: 100, remaining: 0, resetAt: NOW + 12 * MIN, observedAt: NOW - MIN };
    const q = formatQuota(state, NOW);
    assert.equal(q.spent, true);
    assert.equal(q.text, `quota spent, resumes ${formatClock(NOW + 12 * MIN, NOW)}`);
    assert.ok(q.tooltip.includes('No checks are sent until'), q.tooltip);
    assert.ok(!/no leaks/i.test(q.text + q.tooltip));
    assert.equal(isQuotaSpent(state, NOW), true);
    assert.equal(quotaResumesAt(state, NOW), NOW + 12 * MIN);
  });

  it('no longer counts a quota as spent once its window has reset', () => {
    const state = { limit: 100, remaining: 0, resetAt: NOW - MIN, observedAt: NOW - H };
    assert.equal(isQuotaSpent(state, NOW), false);
    const q = formatQuota(state, NOW);
    assert.equal(q.spent, false);
    assert.equal(q.text, '100/100');
  });

  it('treats a spent quota without reset time as spent for an hour', () => {
    assert.equal(isQuotaSpent({ remaining: 0, observedAt: NOW - 10 * MIN }, NOW), true);
    assert.equal(isQuotaSpent({ remaining: 0, observedAt: NOW - 2 * H }, NOW), false);
  });

  it('handles an unknown quota', () => {
    assert.equal(formatQuota(undefined, NOW).text, 'quota unknown');
    assert.equal(formatQuota({ observedAt: NOW }, NOW).spent, false);
    assert.equal(formatQuota({ remaining: 4, observedAt: NOW }, NOW).text, '4 left');
  });

  it('says what is new since the previous check, and nothing when nothing is', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0);
    assert.equal(formatNewSince({ newRecords: 1234, newSince: now - 2 * 3_600_000 }, now), `1,234 new since ${formatClock(now - 2 * 3_600_000, now)} (2 h ago)`);
    assert.equal(formatNewSince({ newRecords: 0, newSince: now }, now), '');
    assert.equal(formatNewSince({}, now), '');
  });
});

describe('format: a result\'s records against the service\'s count', () => {
  // [count, records sent, what is said]
  const CASES: readonly (readonly [number, number, string])[] = [
    [1000, 1000, '1,000 records'],
    [1, 1, '1 record'],
    [0, 0, '0 records'],
    [1000, 12, '1,000 records (12 returned)'],
    [1000, 1204, "1,204 records (the service's count says 1,000)"],
    [0, 3, "3 records (the service's count says 0)"],
    [1, 0, '1 record (0 returned)'],
    [Number.MAX_SAFE_INTEGER, 2, '9,007,199,254,740,991 records (2 returned)'],
  ];

  it('says both figures whenever they differ, never one in place of the other (table)', () => {
    for (const [count, records, said] of CASES) {
      assert.equal(recordCount(count, records, (n) => formatCount(n)), said, `${count} / ${records}`);
      assert.equal(recordTotal({ count, records }), Math.max(count, records));
    }
  });
});
