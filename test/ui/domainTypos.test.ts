// A typo in a domain costs nothing (real VS Code, against the reference service): a domain no
// one can register is refused as it is typed, before any request; a near miss of a configured
// domain asks "Did you mean …?" before the check, and the answer checks the domain meant.
// Screenshots: test-results/domain-typo-suffix.png, domain-typo-near-miss.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEMO_API_KEY } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';

const WAIT = { timeout: 30_000 };

describe('Typos in a domain (UI)', () => {
  const ui = useDemoWorkbench({ label: 'domain-typos', domains: ['example.com'], settings: { 'leakSearch.domains': ['example.com'] } });

  it('refuses a domain no one can register as it is typed, and asks about a near miss before spending a search', async () => {
    const { page } = ui.wb;
    await ui.wb.runCommand('Leak Search: Set API Key');
    const key = page.locator('.quick-input-widget input[type="password"]');
    await key.waitFor({ state: 'visible', ...WAIT });
    await key.fill(DEMO_API_KEY);
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor(WAIT);
    const before = ui.service.requests.length;

    await ui.wb.runCommand('Leak Search: Check Domain for Leaks');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill('example.cmo');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /"\.cmo" is not a top-level domain/ }).first().waitFor(WAIT);
    const suffix = await ui.wb.screenshot('domain-typo-suffix');

    await input.fill('exmaple.com');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /did you mean example\.com\?/ }).first().waitFor(WAIT);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Enter a domain…' }).first().click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'Did you mean example.com?' }).first();
    await dialog.waitFor(WAIT);
    assert.match(await dialog.innerText(), /one request of your quota/);
    const nearMiss = await ui.wb.screenshot('domain-typo-near-miss');
    await dialog.locator('.monaco-button', { hasText: 'Check example.com' }).first().click();
    const items = await ui.wb.showNotifications();
    await items.filter({ hasText: /example\.com accounts: / }).first().waitFor(WAIT);
    // The domain meant was checked (from the cache, or with a request for it): never the typo.
    const sent = ui.service.requests.slice(before).map((r) => r.path);
    assert.ok(sent.every((p) => p.includes('/example.com/')), `no request for a typo: ${sent.length} sent`);
    console.log(`      screenshots ${[suffix, nearMiss].map((f) => path.relative(repoRoot, f)).join(', ')}`);
  });
});
