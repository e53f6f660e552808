// New and triaged records as the user sees them in real VS Code (code-server in Debian's
// chromium): a re-check brings two new records ("2 new" in the tree and the status bar); a
// record is marked a false positive from the tree's context menu; the results panel shows the
// new rows' accent and the Triage column, filters by triage, and triages an infected-machine
// group with its "Triage…" button (the decision picked in VS Code's quick pick).
// After a window reload the new marks and the decisions are still there, and the decisions
// survive a re-check. Screenshots: test-results/triage-tree.png, triage-panel.png,
// triage-panel-filtered.png, triage-panel-machine.png, triage-tree-reloaded.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_API_KEY, demoDataset } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { setKeyAndCheckDomain } from './journeys';

const WAIT = { timeout: 30_000 };
const TITLE = 'Leaks: example.com (accounts)';
const FRESH = [
  { date: '2026-11-20T08:00:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://sso.example.com/', ip: '198.51.100.7', country: 'FR', username: 'new.hire@example.com', password: 'Welcome-2026' },
  { date: '2026-11-20T08:01:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://mail.example.com/', ip: '198.51.100.7', country: 'FR', username: 'new.hire@example.com', password: 'Welcome-2026!' },
];

function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview').first().frameLocator('#active-frame');
}

function shot(name: string, file: string): void {
  console.log(`      screenshot ${path.relative(repoRoot, file)} (${name})`);
}

describe('New and triaged records (UI)', () => {
  const ui = useDemoWorkbench({ label: 'triage', domains: ['example.com'] });

  it('marks new records after a re-check, and a record triaged from the tree', async () => {
    const { page } = ui.wb;
    await setKeyAndCheckDomain(ui.wb, DEMO_API_KEY, 'example.com');

    // The service's next answer holds two records more: the re-check finds them new.
    const known = demoDataset()['example.com']?.accounts ?? [];
    const results = [...FRESH, ...known];
    ui.service.setFaults(DEMO_API_KEY, [
      { fault: 'custom', domain: 'example.com', type: 'accounts', times: 1, status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: results.length, results }) },
    ]);
    await ui.wb.runCommand('Leak Search: Refresh');
    await page.locator('.statusbar-item', { hasText: / · 2 new/ }).first().waitFor(WAIT);

    await page.locator('.activitybar .action-item a[aria-label^="Leak Search"]').first().click();
    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
    const row = (label: string | RegExp) => view.locator('.monaco-list-row', { hasText: label }).first();
    await row(/example\.com.* · 2 new · /).waitFor(WAIT);
    if ((await row('example.com').getAttribute('aria-expanded')) !== 'true') await row('example.com').click();
    await row('accounts').waitFor(WAIT);
    await row('accounts').click();
    await row('vpn.example.com').waitFor(WAIT);
    await row('vpn.example.com').click();
    await row('alice@example.com').waitFor(WAIT);
    await row('alice@example.com').click({ button: 'right' });
    await page.locator('.monaco-menu .action-label', { hasText: 'Mark False Positive (Not Ours)' }).first().click();
    await row(/alice@example\.com\s*false positive · /).waitFor(WAIT);
    await row('sso.example.com').click();
    await row('new.hire@example.com').waitFor(WAIT);
    assert.match(await row('accounts').innerText(), /2 new/);
    shot('the tree', await ui.wb.screenshot('triage-tree'));
  });

  it('shows new rows and the Triage column in the results panel, filters by triage, and triages a machine group', async () => {
    const { page } = ui.wb;
    await ui.wb.runCommand('Leak Search: Open Results');
    await page.locator('.tabs-container .tab', { hasText: TITLE }).waitFor(WAIT);
    const frame = panelFrame(page);
    await frame.locator('#app[data-ready="true"]').waitFor(WAIT);
    const headers = await frame.locator('[role=columnheader]').allInnerTexts();
    assert.equal(headers.at(-1)?.trim(), 'Triage');
    await frame.locator('.grid-body .grid-row.fresh').first().waitFor(WAIT);
    assert.equal(await frame.locator('.grid-body .grid-row.fresh').count(), 2, 'the two new records carry the accent');
    await frame.locator('.grid-body .grid-row').first().scrollIntoViewIfNeeded();
    shot('the panel', await ui.wb.screenshot('triage-panel'));

    await frame.locator('#filter-triage').evaluate((select: { value: string; dispatchEvent(e: unknown): boolean }) => {
      select.value = 'false-positive';
      select.dispatchEvent(new Event('change'));
    });
    await frame.locator('#status', { hasText: /^Showing 1 of / }).waitFor(WAIT);
    const only = frame.locator('.grid-body .grid-row').first();
    assert.match(await only.innerText(), /alice@example\.com[\s\S]*false positive/);
    await only.scrollIntoViewIfNeeded();
    // The Triage column is the last: scroll the table to its right edge, as a user would.
    await frame.locator('.grid-scroll').evaluate((grid: { scrollLeft: number; scrollWidth: number }) => {
      grid.scrollLeft = grid.scrollWidth;
    });
    await frame.locator('[role=columnheader]', { hasText: 'Triage' }).waitFor({ state: 'visible', ...WAIT });
    shot('filtered by triage', await ui.wb.screenshot('triage-panel-filtered'));
    await frame.locator('.grid-scroll').evaluate((grid: { scrollLeft: number }) => {
      grid.scrollLeft = 0;
    });

    await frame.locator('#filter-triage').evaluate((select: { value: string; dispatchEvent(e: unknown): boolean }) => {
      select.value = '';
      select.dispatchEvent(new Event('change'));
    });
    await frame.locator('#grouping').evaluate((select: { value: string; dispatchEvent(e: unknown): boolean }) => {
      select.value = 'machine';
      select.dispatchEvent(new Event('change'));
    });
    const machine = frame.locator('.grid-group', { hasText: '198.51.100.7' }).first();
    await machine.waitFor(WAIT);
    await machine.click();
    await frame.locator('#triage').click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Acknowledged' }).first().click();
    await frame.locator('.grid-group', { hasText: '198.51.100.7' }).locator('.group-triage', { hasText: 'acknowledged' }).waitFor(WAIT);
    await frame.locator('#message', { hasText: '2 records marked acknowledged' }).waitFor(WAIT);
    await machine.scrollIntoViewIfNeeded();
    shot('a machine group triaged', await ui.wb.screenshot('triage-panel-machine'));
  });

  it('keeps the new marks and the decisions across a window reload, and the decisions across a re-check', async () => {
    const { page } = ui.wb;
    await (await ui.wb.findInPalette('Developer: Reload Window', 'Developer: Reload Window')).click();
    await page.waitForEvent('load', WAIT);
    await page.locator('.monaco-workbench').waitFor(WAIT);
    await page.locator('.statusbar-item', { hasText: / · 2 new/ }).first().waitFor(WAIT);
    // The restored panel: the machine group still acknowledged.
    const frame = panelFrame(page);
    await frame.locator('#app[data-ready="true"]').waitFor(WAIT);
    await frame.locator('.grid-group', { hasText: '198.51.100.7' }).locator('.group-triage', { hasText: 'acknowledged' }).waitFor(WAIT);

    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
    // The reload keeps the view open; a click on its icon would close the side bar.
    if (!(await view.isVisible())) await page.locator('.activitybar .action-item a[aria-label^="Leak Search"]').first().click();
    const row = (label: string | RegExp) => view.locator('.monaco-list-row', { hasText: label }).first();
    const expand = async (label: string): Promise<void> => {
      await row(label).waitFor(WAIT);
      if ((await row(label).getAttribute('aria-expanded')) !== 'true') await row(label).click();
    };
    await expand('example.com');
    await row(/accounts.* · 2 new · /).waitFor(WAIT);
    await expand('accounts');
    await expand('vpn.example.com');
    await expand('sso.example.com');
    await row(/alice@example\.com\s*false positive · /).waitFor(WAIT);
    await row(/new\.hire@example\.com\s*acknowledged · /).waitFor(WAIT);
    shot('the tree after a reload', await ui.wb.screenshot('triage-tree-reloaded'));

    // A re-check (the service answers without the two new records now): the decisions stay.
    const before = ui.service.requests.length;
    await ui.wb.runCommand('Leak Search: Refresh');
    await page.locator('.statusbar-item', { hasText: /leaked records \(just now\)/ }).first().waitFor(WAIT);
    assert.ok(ui.service.requests.length > before, 'the re-check asked the service');
    await row(/alice@example\.com\s*false positive · /).waitFor(WAIT);
  });
});
