// Records new since the previous check in the results panel: marked rows, a box that shows
// only them (kept in the saved state), and no box when nothing is new.
import * as assert from 'node:assert/strict';
import { accountsEntry, generateAccounts } from './dataset';
import { evaluate, openPanel, until, useHarness, waitForViewCount } from './harness';

describe('results panel: what is new', function () {
  this.timeout(60_000);
  const harness = useHarness();
  const records = generateAccounts(200, 77);
  const entry = accountsEntry(records);
  const fresh = { rows: [3, 17, 150], since: Date.UTC(2026, 10, 20, 9, 30) };

  it('marks the new records and shows only them when asked', async () => {
    const host = await openPanel(harness, { entry, fresh });
    await waitForViewCount(host.page, records.length);
    const label = await host.page.textContent('#filter-new');
    assert.match(label ?? '', /^Only the 3 new since /);
    await host.page.click('#filter-new');
    await waitForViewCount(host.page, 3);
    await until(host.page, `document.querySelectorAll('.grid-body .grid-row.fresh').length === 3`);
    const described = await evaluate<string[]>(host.page, `[...document.querySelectorAll('.grid-body .grid-row')].map((r) => r.getAttribute('aria-description') ?? '')`);
    assert.deepEqual(described, Array(3).fill('new since the previous check'));
    await until(host.page, `window.__savedState()?.filter?.onlyNew === true`);
    await host.page.click('#clear-filters');
    await waitForViewCount(host.page, records.length);
    await host.page.close();
  });

  it('offers no such box when nothing is new', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    assert.equal(await host.page.$('#filter-new'), null);
    assert.equal(await host.page.$('.grid-row.fresh'), null);
    await host.page.close();
  });
});
