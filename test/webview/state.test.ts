// UI state persisted with setState and restored after a reload; data always re-requested;
// focus on an identifier; a result that went away.
import * as assert from 'node:assert/strict';
import { accountsEntry, generateAccounts } from './dataset';
import { messagesOf, openPanel, renderedRows, useHarness, typeInto, until, waitForViewCount } from './harness';
import type { PanelUiState } from '../../src/shared/webviewProtocol';

describe('results panel state', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = generateAccounts(300, 51);
  const entry = accountsEntry(records);

  it('persists sort, filter, grouping and presentation mode, never data', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    await host.page.click('[role=columnheader]:has-text("Country")');
    await typeInto(host.page, 'filter-text', 'mozilla');
    await waitForViewCount(host.page, records.filter((r) => r.browser.toLowerCase().includes('mozilla')).length);
    await host.page.click('#presentation');
    await until(host.page, `window.__savedState()?.presentation === true`);
    const state = await host.state();
    assert.equal(state?.key, entry.entry.key);
    assert.deepEqual(state?.sort, { column: 'country', direction: 'asc' });
    assert.equal(state?.filter?.text, 'mozilla');
    assert.equal(state?.grouping, 'none');
    const serialized = JSON.stringify(state);
    assert.ok(serialized.length < 1000, 'no records in the state');
    for (const record of records.slice(0, 50)) assert.ok(!serialized.includes(record.username));
    await host.page.close();
  });

  it('restores the saved state after a reload and asks the host for the data again', async () => {
    const saved: PanelUiState = {
      key: entry.entry.key,
      sort: { column: 'username', direction: 'desc' },
      filter: { text: '', status: '', country: 'US', browser: '', from: '', to: '', onlyNew: false, triage: '' },
      grouping: 'none',
      presentation: true,
      scrollTop: 0,
    };
    const host = await openPanel(harness, { entry, savedState: saved });
    const us = records.filter((r) => r.country === 'US');
    await waitForViewCount(host.page, us.length);
    assert.equal(host.received[0]?.type, 'ready');
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Username")', 'aria-sort'), 'descending');
    assert.equal(await host.page.getAttribute('#presentation', 'checked'), '');
    const rows = await renderedRows(host.page);
    const expected = [...us].sort((a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? 1 : -1));
    assert.equal(rows[0]?.[1], expected[0]?.username);
    assert.equal(await host.page.$eval('#filter-country', (el) => (el as unknown as { value: string }).value), 'US');
    await host.page.close();
  });

  it('restores the scroll position', async () => {
    const many = generateAccounts(2000, 52);
    const manyEntry = accountsEntry(many);
    const host = await openPanel(harness, { entry: manyEntry, savedState: { key: manyEntry.entry.key, scrollTop: 2400 } });
    await waitForViewCount(host.page, many.length);
    await until(host.page, `document.querySelector('.grid-scroll').scrollTop === 2400`);
    const first = await host.page.evaluate(`Math.min(...[...document.querySelectorAll('.grid-body [role=row]')].map((r) => Number(r.getAttribute('aria-rowindex'))))`);
    assert.ok(Number(first) > 80 && Number(first) < 100, `first rendered row ${String(first)}`);
    await host.page.close();
  });

  it('starts clean when the saved state belongs to another result', async () => {
    const host = await openPanel(harness, {
      entry,
      savedState: { key: 'another', filter: { text: 'zzz-nothing', status: '', country: '', browser: '', from: '', to: '', onlyNew: false, triage: '' } },
    });
    await waitForViewCount(host.page, records.length);
    await host.page.close();
  });

  it('focuses on the records matching an identifier, at open and later', async () => {
    const target = records[17];
    assert.ok(target);
    const matching = (id: string): number => records.filter((r) => [r.date, r.username, r.url, r.ip, r.country, r.browser, r.status].join(' ').toLowerCase().includes(id.toLowerCase())).length;
    const host = await openPanel(harness, { entry, focus: { identifier: target.username } });
    await waitForViewCount(host.page, matching(target.username));
    assert.equal(await host.page.textContent('#message'), `Showing records matching “${target.username}”.`);
    const other = records[42]?.ip ?? '';
    await host.post({ type: 'focus', focus: { identifier: other } });
    await waitForViewCount(host.page, matching(other));
    assert.equal(await host.page.$eval('#filter-text', (el) => (el as unknown as { value: string }).value), other);
    await host.page.close();
  });

  it('says so when the result is gone', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    await host.post({ type: 'missing', key: entry.entry.key });
    await until(host.page, `document.querySelector('[role=alert]') !== null`);
    assert.equal(await host.page.textContent('[role=alert]'), 'This result is no longer available. Run the check again to see it.');
    assert.equal(messagesOf(host, 'ready').length, 1);
    await host.page.close();
  });
});
