// Scheduled checks in real VS Code with the test's clock (api.scheduler.tick(now), never a
// sleep): off by default; when on, a due run re-checks within the quota share (2 of a window
// of 10 at 20 %) and counts what it used; not due before the interval; nothing more in the
// same window; and a window that does not hold the lease does nothing until it expires.
// (The window's own timer is stopped meanwhile: it ticks on the real clock.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { checkDomain, leakSearchApi, requestsWithKey, setSetting, startOwnService, useService } from './leakSearch.helpers';

const HOUR = 3_600_000;

describe('Scheduled checks', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService([{ rateLimit: { limit: 10, windowMs: HOUR } }]);
    await useService(service.baseUrl);
    await setSetting('findingsTypes', ['accounts', 'customers']);
    await setSetting('domains', ['example.com', 'example.org'], vscode.ConfigurationTarget.Workspace);
  });
  after(async () => {
    (await leakSearchApi()).scheduler.start();
    await setSetting('schedule.enabled', undefined);
    await setSetting('schedule.quotaPercent', undefined);
    await setSetting('findingsTypes', undefined);
    await setSetting('domains', undefined, vscode.ConfigurationTarget.Workspace);
    await service.close();
  });

  it('does nothing while off (the default)', async () => {
    const api = await leakSearchApi();
    const before = requestsWithKey(service);
    assert.deepEqual(await api.scheduler.tick(Date.now()), { ran: false, why: 'off' });
    assert.equal(requestsWithKey(service), before);
  });

  it('runs within its quota share, waits for the interval, and only in the window holding the lease', async () => {
    const api = await leakSearchApi();
    // The window's own timer looks every minute on the real clock: once on, it could run (or
    // be joined by this test's tick) in between, with another clock. Only this test's clock
    // here (the schedule is still off, so no run of the timer's is under way).
    api.scheduler.dispose();
    await setSetting('schedule.quotaPercent', 20);
    await setSetting('schedule.enabled', true);
    await checkDomain({ domain: 'example.com', type: 'accounts' }); // the quota becomes known: 10 a window
    // Later than any run an earlier test of this window made (domainList.test.ts runs the
    // schedule on a clock 1,000 hours ahead), so that this test's first run is due whatever ran before.
    const t0 = Date.now() + 2000 * HOUR;
    const sentBefore = requestsWithKey(service);
    const first = await api.scheduler.tick(t0);
    assert.deepEqual(first, { ran: true, allowed: 2, targets: 4, sent: 2 });
    assert.equal(requestsWithKey(service), sentBefore + 2, 'two requests reached the service');

    assert.deepEqual(await api.scheduler.tick(t0 + HOUR), { ran: false, why: 'not due' });
    const second = await api.scheduler.tick(t0 + 25 * HOUR);
    assert.deepEqual(second, { ran: true, allowed: 0, targets: 4, sent: 0 }, 'the share of this window is used up');
    assert.equal(requestsWithKey(service), sentBefore + 2);

    // Another window holds the lease: this one waits until it expires.
    fs.writeFileSync(api.scheduler.leaseFile, JSON.stringify({ owner: 'another-window', expiresAt: t0 + 49 * HOUR + 60_000 }));
    assert.deepEqual(await api.scheduler.tick(t0 + 49 * HOUR), { ran: false, why: 'another window' });
    const taken = await api.scheduler.tick(t0 + 49 * HOUR + 120_000);
    assert.equal(taken.ran, true, 'the lease expired: this window took over');
    assert.equal(JSON.parse(fs.readFileSync(api.scheduler.leaseFile, 'utf8')).owner, api.scheduler.id);
  });
});
