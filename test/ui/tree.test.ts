// The Leak Search view as the user sees it: the "No API key yet" welcome with its button,
// the key typed into a password box, a domain typed into "Check Domain for Leaks", and the
// tree of findings (domain → type → site → records) with the status bar. Screenshots under
// test-results/: tree-welcome.png, tree-results.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEMO_API_KEY, DEMO_KNOWN_RECORDS } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { typeIntoDomainBox } from './journeys';

const WAIT = { timeout: 30_000 };

describe('Leak Search view (UI)', () => {
  const ui = useDemoWorkbench({ label: 'tree', domains: ['example.com', 'example.org'] });

  it('shows the "No API key yet" welcome with a button, and takes the key in a password box', async () => {
    const { page } = ui.wb;
    await page.locator('.activitybar .action-item a[aria-label^="Leak Search"]').first().click();
    const welcome = page.locator('.welcome-view-content', { hasText: 'No API key yet' });
    await welcome.waitFor(WAIT);
    const shot = await ui.wb.screenshot('tree-welcome');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
    await welcome.locator('.monaco-button', { hasText: 'Set API Key' }).click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', ...WAIT });
    assert.equal(await input.getAttribute('type'), 'password', 'the key is typed into a password box');
    await input.fill(DEMO_API_KEY);
    await page.keyboard.press('Enter');
    await page.locator('.welcome-view-content', { hasText: 'No domain configured' }).waitFor(WAIT);
  });

  it('checks a typed domain and shows its findings in the tree, without passwords', async () => {
    const { page } = ui.wb;
    // The command opens a quick pick of its own, so the palette never closes: pick the row by hand.
    const palette = await ui.wb.openCommandPalette();
    await palette.fill('>Leak Search: Check Domain for Leaks');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Leak Search: Check Domain for Leaks' }).first().click();
    await typeIntoDomainBox(ui.wb, 'exa mple.com');
    await page.locator('.quick-input-message', { hasText: /space/i }).waitFor(WAIT); // validated as you type
    await page.locator('.quick-input-widget input').fill('example.com');
    await page.keyboard.press('Enter');

    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
    const row = (label: string) => view.locator('.monaco-list-row', { hasText: label }).first();
    await row('example.com').waitFor(WAIT);
    await view.locator('.monaco-list-row', { hasText: /records · just now/ }).first().waitFor(WAIT);
    await row('example.com').click();
    await row('accounts').waitFor(WAIT);
    await row('accounts').click();
    await row('vpn.example.com').waitFor(WAIT);
    await row('vpn.example.com').click();
    await row('alice@example.com').waitFor(WAIT);
    // The day in the workbench's locale (en-US here); status "show" needs no words.
    assert.match(await row('alice@example.com').innerText(), /Mar 14, 2026 · DE · Google Chrome$/);
    const text = await view.innerText();
    for (const r of DEMO_KNOWN_RECORDS.accounts) assert.ok(!text.includes(r.password), 'no password in the tree');
    const status = page.locator('.statusbar-item', { hasText: /leaked records/ }).first();
    await status.waitFor(WAIT);
    assert.match(await status.innerText(), /leaked records \(just now\) · quota 99\/100/);
    const shot = await ui.wb.screenshot('tree-results');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });

  it('cancels a slow check from its progress notification, aborting the request', async () => {
    const { page } = ui.wb;
    ui.service.setFaults(DEMO_API_KEY, [{ fault: 'delay', delayMs: 25_000, domain: 'example.org' }]);
    const palette = await ui.wb.openCommandPalette();
    await palette.fill('>Leak Search: Check Domain for Leaks');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Leak Search: Check Domain for Leaks' }).first().click();
    await typeIntoDomainBox(ui.wb, 'example.org');
    await page.keyboard.press('Enter');
    const started = Date.now();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', ...WAIT });
    const items = await ui.wb.showNotifications();
    const progress = items.filter({ hasText: 'checking example.org' }).first();
    await progress.waitFor(WAIT);
    await progress.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await items.filter({ hasText: 'Leak Search: check cancelled.' }).first().waitFor(WAIT);
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 20_000, `cancelled in ${elapsed} ms, before the service answered`);
    const shot = await ui.wb.screenshot('tree-cancelled');
    console.log(`      cancelled after ${elapsed} ms; screenshot ${path.relative(repoRoot, shot)}`);
    ui.service.setFaults(DEMO_API_KEY, []);
  });

  it('after a window reload, shows the cached results at once without a request', async () => {
    const { page } = ui.wb;
    const before = ui.service.requests.length;
    const palette = await ui.wb.openCommandPalette();
    await palette.fill('>Developer: Reload Window');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Developer: Reload Window' }).first().click();
    await page.waitForEvent('load', WAIT);
    await page.locator('.monaco-workbench').waitFor(WAIT);
    // The view's own focus command shows it whatever the sidebar's state after the reload (a
    // click on the activity bar would hide it if it was shown by then).
    await ui.wb.runCommand('Leak Search: Focus on Findings View');
    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
    const row = view.locator('.monaco-list-row', { hasText: 'example.com' }).first();
    await row.waitFor(WAIT);
    assert.match(await row.innerText(), /303 records · (just now|\d+ min ago)/);
    await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor(WAIT);
    assert.equal(ui.service.requests.length, before, 'no request after the reload');
    const shot = await ui.wb.screenshot('tree-after-reload');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });

  it('overrides the findings type and date range from the pick', async () => {
    const { page } = ui.wb;
    const before = ui.service.requests.length;
    const palette = await ui.wb.openCommandPalette();
    await palette.fill('>Leak Search: Check Domain for Leaks');
    const row = (text: string | RegExp) => page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
    // The pick re-opens under a resting mouse, whose hover (a row's description) would cover
    // the next row: the mouse leaves the list before each click.
    const pickRow = (text: string | RegExp) => ({
      click: async () => {
        await page.mouse.move(0, 0);
        await row(text).click();
      },
      waitFor: (options: Parameters<ReturnType<typeof row>['waitFor']>[0]) => row(text).waitFor(options),
    });
    await pickRow('Leak Search: Check Domain for Leaks').click();
    await pickRow('Findings type: accounts').click();
    await pickRow(/^customers/).click();
    await pickRow('Findings type: customers').waitFor(WAIT);
    await pickRow('Date range: all dates').click();
    await pickRow('Last 365 days').click();
    await pickRow(/Date range: \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/).waitFor(WAIT);
    await pickRow('example.com').click();
    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
    const domain = view.locator('.monaco-list-row', { hasText: 'example.com' }).first();
    await domain.waitFor(WAIT);
    if ((await domain.getAttribute('aria-expanded')) !== 'true') await domain.click();
    await page.mouse.move(700, 400); // away from the row, so its tooltip does not cover the tree
    const customers = view.locator('.monaco-list-row', { hasText: /customers\s*[\d,]+ records · \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/ }).first();
    await customers.waitFor(WAIT);
    assert.equal(ui.service.requests.length, before + 1, 'one request: customers, last 365 days');
    assert.match(ui.service.requests[ui.service.requests.length - 1]?.path ?? '', /\/example\.com\/customers\/\d{8}\/\d{8}$/);
    const shot = await ui.wb.screenshot('tree-override');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });
});
