// The results panel as the user sees it in real VS Code (code-server in Debian's chromium):
// a check of example.com against the reference service, "Leak Search: Open Results", and the
// webview (two nested iframes: the workbench's `iframe.webview`, then its `#active-frame`)
// showing the right count, rows and masked passwords; then a window reload restores the panel
// with its data (the serializer). Screenshots: test-results/results-panel.png,
// test-results/results-panel-restored.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_API_KEY, DEMO_KNOWN_RECORDS } from '../../service/demo';
import type { RunningService } from '../../service/types';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { typeIntoDomainBox } from './journeys';

const WAIT = { timeout: 30_000 };
const MASK = '••••••••';
const TITLE = 'Leaks: example.com (accounts)';

/** The document inside the results panel's webview. */
function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview').first().frameLocator('#active-frame');
}

/** How many records the service holds for example.com, accounts, all dates (asked over loopback; the URL is never printed). */
async function serviceCount(service: RunningService): Promise<number> {
  const response = await fetch(`${service.baseUrl}/search/${DEMO_API_KEY}/example.com/accounts`, { headers: { 'Content-Type': 'application/json' } });
  assert.equal(response.status, 200, 'the service answers the direct search');
  const body = (await response.json()) as { count: number; results: unknown[] };
  assert.equal(body.count, body.results.length);
  return body.count;
}

/** Waits until the panel has rendered a result and returns what its header and grid show. */
async function readPanel(page: Page): Promise<{ count: string; rows: number; secretCells: string[]; text: string }> {
  const frame = panelFrame(page);
  await frame.locator('#app[data-ready="true"]').waitFor(WAIT);
  const rows = frame.locator('.grid-body [role="row"]');
  await rows.first().waitFor(WAIT);
  return {
    count: (await frame.locator('#fact-count').innerText()).trim(),
    rows: await rows.count(),
    secretCells: await frame.locator('.grid-body .grid-cell.secret').allInnerTexts(),
    text: await frame.locator('#app').innerText(),
  };
}

describe('Results panel (UI)', () => {
  // VS Code's default dark theme: the panel must be readable in it (the tree tests show the light one).
  const ui = useDemoWorkbench({ label: 'results-panel', domains: ['example.com'], settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  let expected: number;

  before(async () => {
    expected = await serviceCount(ui.service);
  });

  it('opens the results of a check: the count the service holds, rows, passwords masked', async () => {
    const { page } = ui.wb;
    const input = page.locator('.quick-input-widget input');

    await (await ui.wb.findInPalette('Leak Search: Set API Key', 'Leak Search: Set API Key')).click();
    await page.locator('.quick-input-widget input[type="password"]').waitFor({ state: 'visible', ...WAIT });
    await input.fill(DEMO_API_KEY);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', ...WAIT });

    // The check opens a quick pick of its own, so the palette never closes: pick the rows by hand.
    await (await ui.wb.findInPalette('Leak Search: Check Domain for Leaks', 'Leak Search: Check Domain for Leaks')).click();
    await typeIntoDomainBox(ui.wb, 'example.com');
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item', { hasText: /leaked records \(just now\)/ }).first().waitFor(WAIT);

    // The only result: it opens at once, without a pick.
    await (await ui.wb.findInPalette('Leak Search: Open Results', 'Leak Search: Open Results')).click();
    await page.locator('.tabs-container .tab', { hasText: TITLE }).waitFor(WAIT);

    const shown = await readPanel(page);
    assert.equal(shown.count, expected.toLocaleString('en-US'), 'the header counts every record the service holds');
    assert.ok(shown.rows > 5, `rows are rendered (${shown.rows})`);
    assert.ok(shown.secretCells.length >= shown.rows, 'every rendered row has a password cell');
    for (const cell of shown.secretCells) assert.equal(cell.trim(), MASK, 'passwords are masked');
    for (const r of DEMO_KNOWN_RECORDS.accounts) assert.ok(!shown.text.includes(r.password), 'no password in clear');
    assert.ok(!shown.text.includes(DEMO_API_KEY), 'no API key in the panel');
    const shot = await ui.wb.screenshot('results-panel');
    // Below the charts: the table, scrolled into view as a user would.
    const firstRow = panelFrame(page).locator('.grid-body [role="row"]').first();
    await firstRow.scrollIntoViewIfNeeded();
    await firstRow.waitFor({ state: 'visible', ...WAIT });
    const table = await ui.wb.screenshot('results-panel-table');
    console.log(`      ${shown.count} records, ${shown.rows} rows rendered; screenshots ${path.relative(repoRoot, shot)}, ${path.relative(repoRoot, table)}`);
  });

  it('after a window reload, restores the panel with its data, without a request', async () => {
    const { page } = ui.wb;
    const before = ui.service.requests.length;
    await (await ui.wb.findInPalette('Developer: Reload Window', 'Developer: Reload Window')).click();
    await page.waitForEvent('load', WAIT);
    await page.locator('.monaco-workbench').waitFor(WAIT);
    await page.locator('.tabs-container .tab', { hasText: TITLE }).waitFor(WAIT);

    const shown = await readPanel(page);
    assert.ok(!shown.text.includes('no longer available'), 'the restored panel finds its result');
    assert.equal(shown.count, expected.toLocaleString('en-US'), 'the restored header counts every record');
    assert.ok(shown.rows > 5, `rows are rendered (${shown.rows})`);
    for (const cell of shown.secretCells) assert.equal(cell.trim(), MASK, 'passwords are still masked');
    assert.equal(ui.service.requests.length, before, 'restored from the cache, no request');
    const shot = await ui.wb.screenshot('results-panel-restored');
    console.log(`      restored: ${shown.count} records, ${shown.rows} rows; screenshot ${path.relative(repoRoot, shot)}`);
  });

  it('in presentation mode, shows no password and nothing that offers to reveal one', async () => {
    const { page } = ui.wb;
    const frame = panelFrame(page);
    await frame.locator('#app[data-ready="true"]').waitFor(WAIT);
    await frame.locator('#presentation').click();
    // The setting follows the box (every panel, every window): the password cells lose their eye.
    await frame.locator('.grid-body .grid-cell.secret.presenting').first().waitFor(WAIT);
    assert.equal(await frame.locator('.grid-body .grid-cell.secret .codicon-eye').count(), 0, 'no eye icon');
    assert.equal(await frame.locator('.grid-body .grid-cell.secret[title]').count(), 0, 'no tooltip on a password');
    await frame.locator('.grid-body .grid-cell.secret').first().click();
    const text = await frame.locator('#app').innerText();
    for (const r of DEMO_KNOWN_RECORDS.accounts) assert.ok(!text.includes(r.password), 'no password in clear');
    const shot = await ui.wb.screenshot('results-panel-presentation');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
    // Off again for the tests after this one (the setting is the user's).
    await frame.locator('#presentation').click();
    await frame.locator('.grid-body .grid-cell.secret .codicon-eye').first().waitFor(WAIT);
  });
});
