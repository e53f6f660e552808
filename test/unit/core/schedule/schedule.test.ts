// Scheduled checks: when a run is due, how much of the quota it may spend, which domains it
// picks, and the lease that lets one window run them.
import * as assert from 'node:assert/strict';
import { afterRun, allowance, claimLease, EMPTY_SCHEDULE, isDue, latestState, parseLease, parseScheduleState, pickTargets } from '../../../../src/core/schedule/schedule';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const ON = { enabled: true, intervalMs: 24 * HOUR, quotaShare: 0.2 };

describe('scheduled checks', () => {
  it('is due when on and the interval has passed (or the clock went back), never when off', () => {
    assert.equal(isDue(EMPTY_SCHEDULE, ON, NOW), true);
    assert.equal(isDue({ ...EMPTY_SCHEDULE, lastRunAt: NOW - 23 * HOUR }, ON, NOW), false);
    assert.equal(isDue({ ...EMPTY_SCHEDULE, lastRunAt: NOW - 24 * HOUR }, ON, NOW), true);
    assert.equal(isDue({ ...EMPTY_SCHEDULE, lastRunAt: NOW + HOUR }, ON, NOW), true);
    assert.equal(isDue(EMPTY_SCHEDULE, { ...ON, enabled: false }, NOW), false);
  });

  it('spends at most its share of the window, nothing when the quota is spent, one request when nothing is known', () => {
    const quota = { limit: 100, remaining: 90, resetAt: NOW + HOUR, observedAt: NOW };
    assert.equal(allowance(quota, EMPTY_SCHEDULE, 0.2, NOW), 20);
    assert.equal(allowance(quota, { cursor: 0, used: 15, windowResetAt: NOW + HOUR }, 0.2, NOW), 5);
    assert.equal(allowance(quota, { cursor: 0, used: 15, windowResetAt: NOW - HOUR }, 0.2, NOW), 20, 'a new window starts afresh');
    assert.equal(allowance({ ...quota, remaining: 3 }, EMPTY_SCHEDULE, 0.2, NOW), 3, 'never more than remains');
    assert.equal(allowance({ ...quota, remaining: 0 }, EMPTY_SCHEDULE, 0.2, NOW), 0);
    assert.equal(allowance(undefined, EMPTY_SCHEDULE, 0.2, NOW), 1);
    assert.equal(allowance({ remaining: 50, observedAt: NOW }, EMPTY_SCHEDULE, 0.5, NOW), 25, 'no limit header: a share of what remains');
  });

  it('picks targets round-robin so every domain is reached over time', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    const first = pickTargets(all, 0, 2);
    const second = pickTargets(all, first.cursor, 2);
    const third = pickTargets(all, second.cursor, 2);
    assert.deepEqual([first.picked, second.picked, third.picked], [['a', 'b'], ['c', 'd'], ['e', 'a']]);
    assert.deepEqual(pickTargets(all, 3, 99).picked, ['d', 'e', 'a', 'b', 'c']);
    assert.deepEqual(pickTargets([], 3, 2), { picked: [], cursor: 3 });
  });

  it('counts what a run used in its window', () => {
    const quota = { limit: 100, remaining: 80, resetAt: NOW + HOUR, observedAt: NOW };
    const once = afterRun(EMPTY_SCHEDULE, 4, 2, quota, NOW);
    assert.deepEqual(once, { lastRunAt: NOW, cursor: 2, used: 4, windowResetAt: NOW + HOUR });
    assert.equal(afterRun(once, 3, 4, quota, NOW + 1).used, 7);
    assert.equal(afterRun(once, 3, 4, { ...quota, resetAt: NOW + 2 * HOUR }, NOW + 1).used, 3);
  });

  it('lets one window hold the lease until it expires; a bogus far-future lease does not lock forever', () => {
    const mine = claimLease(undefined, 'w1', NOW);
    assert.equal(mine?.owner, 'w1');
    assert.equal(claimLease(mine, 'w2', NOW + 1000), undefined);
    assert.equal(claimLease(mine, 'w1', NOW + 1000)?.owner, 'w1', 'the owner renews');
    assert.equal(claimLease(mine, 'w2', (mine?.expiresAt ?? 0) + 1)?.owner, 'w2', 'taken over once expired');
    assert.equal(claimLease({ owner: 'x', expiresAt: NOW + 365 * 24 * HOUR }, 'w2', NOW)?.owner, 'w2');
  });

  it("keeps this window's last run when shared storage hands back an older state, and takes a later run of another window", () => {
    const mine = { cursor: 2, used: 2, lastRunAt: 5_000, windowResetAt: 9_000 };
    assert.deepEqual(latestState(EMPTY_SCHEDULE, mine), mine, 'the stored state went missing for a moment');
    assert.deepEqual(latestState({ cursor: 0, used: 0, lastRunAt: 1_000 }, mine), mine, 'an older stored run');
    const theirs = { cursor: 3, used: 4, lastRunAt: 6_000, windowResetAt: 9_000 };
    assert.deepEqual(latestState(theirs, mine), theirs, 'another window ran later');
    assert.deepEqual(latestState(theirs, undefined), theirs, 'nothing written here yet');
    assert.equal(isDue(latestState(EMPTY_SCHEDULE, mine), { enabled: true, intervalMs: 24 * 3_600_000, quotaShare: 0.2 }, 5_000 + 3_600_000), false);
  });

  it('reads stored state and leases defensively', () => {
    assert.deepEqual(parseScheduleState({ cursor: -3, used: 'x', lastRunAt: Number.NaN }), { cursor: 0, used: 0 });
    assert.deepEqual(parseScheduleState(null), EMPTY_SCHEDULE);
    assert.equal(parseLease({ owner: 7, expiresAt: 1 }), undefined);
    assert.deepEqual(parseLease({ owner: 'w', expiresAt: 5, extra: true }), { owner: 'w', expiresAt: 5 });
  });
});
