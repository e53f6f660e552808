// ARIA roles of the table and keyboard navigation.
import * as assert from 'node:assert/strict';
import { dateFormat } from '../../src/engine/views/dateFormat';
import { accountsEntry, generateAccounts } from './dataset';
import { choose, evaluate, openPanel, useHarness, until, waitForViewCount, eventually } from './harness';
import type { StubHost } from './harness';

const DATES = dateFormat('en-US');
const shownDate = (iso: string | undefined): string => (iso ? DATES.dateTime(Date.parse(iso)) : '');

describe('results panel keyboard and ARIA', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = generateAccounts(1000, 41);
  const newest = [...records].sort((a, b) => (a.date < b.date ? 1 : -1));

  /** The active cell: its row index, column index and text. */
  async function active(host: StubHost): Promise<{ row: string; col: string; text: string } | undefined> {
    return evaluate(
      host.page,
      `(() => {
        const grid = document.querySelector('[role=grid]');
        const id = grid.getAttribute('aria-activedescendant');
        const cell = id && document.getElementById(id);
        if (!cell) return undefined;
        return { row: cell.closest('[role=row]').getAttribute('aria-rowindex'), col: cell.getAttribute('aria-colindex'), text: cell.textContent };
      })()`,
    );
  }

  it('exposes the grid roles', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    const grid = host.page.locator('[role=grid]');
    assert.equal(await grid.getAttribute('aria-rowcount'), '1001');
    assert.equal(await grid.getAttribute('aria-colcount'), '8');
    assert.equal(await grid.getAttribute('tabindex'), '0');
    assert.ok(((await grid.getAttribute('aria-label')) ?? '').includes('example.com'));
    assert.equal(await host.page.locator('[role=grid] [role=rowgroup]').count(), 2);
    assert.equal(await host.page.locator('[role=columnheader]').count(), 8);
    const sorts = await host.page.$$eval('[role=columnheader]', (h) => h.map((x) => x.getAttribute('aria-sort')));
    assert.deepEqual(sorts, ['descending', 'none', 'none', 'none', 'none', 'none', 'none', 'none']);
    const firstRow = host.page.locator('.grid-body [role=row]').first();
    assert.equal(await firstRow.getAttribute('aria-rowindex'), '2');
    assert.equal(await firstRow.locator('[role=gridcell]').count(), 8);
    await host.page.close();
  });

  it('moves the active cell with the arrow keys, Home, End and PageDown', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.focus('[role=grid]');
    await eventually(() => active(host), { row: '1', col: '1', text: 'Date' });
    await host.page.keyboard.press('ArrowDown');
    await eventually(() => active(host), { row: '2', col: '1', text: shownDate(newest[0]?.date) });
    await host.page.keyboard.press('ArrowRight');
    await eventually(() => active(host), { row: '2', col: '2', text: newest[0]?.username });
    await host.page.keyboard.press('ArrowDown');
    await eventually(() => active(host), { row: '3', col: '2', text: newest[1]?.username });
    await host.page.keyboard.press('End');
    await eventually(() => active(host), { row: '3', col: '8', text: newest[1]?.status });
    await host.page.keyboard.press('Home');
    assert.equal((await active(host))?.col, '1');
    await host.page.keyboard.press('PageDown');
    const paged = Number((await active(host))?.row);
    assert.ok(paged > 10, `PageDown moved to row ${paged}`);
    await host.page.keyboard.press('Control+End');
    await eventually(() => active(host), { row: '1001', col: '8', text: newest[999]?.status });
    const scrolled = await evaluate<number>(host.page, `document.querySelector('.grid-scroll').scrollTop`);
    assert.ok(scrolled > 10_000, 'the last row was scrolled into view');
    await host.page.keyboard.press('Control+Home');
    await eventually(() => active(host), { row: '2', col: '1', text: shownDate(newest[0]?.date) });
    await host.page.close();
  });

  it('sorts from a header and reveals a password with Enter', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.focus('[role=grid]');
    await host.page.keyboard.press('ArrowRight');
    await host.page.keyboard.press('Enter');
    await until(host.page, `document.querySelector('[role=columnheader][aria-colindex="2"]').getAttribute('aria-sort') === 'ascending'`);
    assert.equal(await host.page.getAttribute('[role=columnheader][aria-colindex="1"]', 'aria-sort'), 'none');
    const firstByName = [...records].sort((a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1))[0];
    await host.page.keyboard.press('ArrowDown');
    await host.page.keyboard.press('ArrowRight');
    await eventually(() => active(host), { row: '2', col: '3', text: '••••••••' });
    await host.page.keyboard.press('Enter');
    await until(host.page, `document.getElementById('grid-active-cell').textContent !== '••••••••'`);
    const revealed = await active(host);
    assert.equal(revealed?.text, records.find((r) => r.username === firstByName?.username && r.password === revealed?.text)?.password);
    await host.page.keyboard.press('Enter');
    await until(host.page, `document.getElementById('grid-active-cell').textContent === '••••••••'`);
    await host.page.close();
  });

  it('expands and collapses a group with the arrow keys', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await choose(host.page, 'grouping', 'site');
    await until(host.page, `document.querySelector('.grid-group') !== null`);
    const groups = Number(await host.page.getAttribute('[role=grid]', 'aria-rowcount')) - 1;
    await host.page.focus('[role=grid]');
    await host.page.keyboard.press('ArrowDown');
    assert.equal(await host.page.locator('.grid-group .group-cell').first().getAttribute('aria-expanded'), 'false');
    await host.page.keyboard.press('ArrowRight');
    await until(host.page, `document.querySelector('.grid-group .group-cell')?.getAttribute('aria-expanded') === 'true'`);
    const expanded = Number(await host.page.getAttribute('[role=grid]', 'aria-rowcount')) - 1;
    const size = Number((await host.page.locator('.grid-group .group-count').first().textContent())?.split(' ')[0]);
    assert.equal(expanded, groups + size);
    await host.page.keyboard.press('ArrowLeft');
    await until(host.page, `document.querySelector('.grid-group .group-cell')?.getAttribute('aria-expanded') === 'false'`);
    assert.equal(Number(await host.page.getAttribute('[role=grid]', 'aria-rowcount')) - 1, groups);
    await host.page.close();
  });
});
