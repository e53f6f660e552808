// Changing the API key as a user does: a right key is tried at once (one search) and said to
// work; a wrong key is rejected and the tree says so; the right key again clears "API key
// rejected" and the quota of the rejected request at once, without a Refresh; clearing the key
// offers to delete its cached results, and the status bar's counts go with them.
// Screenshots: test-results/key-wrong.png, key-right-again.png, key-cleared.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_API_KEY } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import type { Workbench } from './workbench';

const WAIT = { timeout: 30_000 };
const WRONG_KEY = 'lj_wrong_0000000000000000000000000000';

/** Enters a key in "Set API Key"; resolves with what the input box said while asking. */
async function setKey(wb: Workbench, key: string): Promise<string> {
  const { page } = wb;
  await (await wb.findInPalette('Leak Search: Set API Key', 'Leak Search: Set API Key')).click();
  const input = page.locator('.quick-input-widget input[type="password"]');
  await input.waitFor({ state: 'visible', ...WAIT });
  const prompt = await page.locator('.quick-input-widget .quick-input-message').first().innerText();
  await input.fill(key);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', ...WAIT });
  return prompt;
}

function findingsRow(page: Page, text: string | RegExp) {
  const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Findings/i }) });
  return view.locator('.monaco-list-row', { hasText: text }).first();
}

describe('Changing the API key (UI)', () => {
  const ui = useDemoWorkbench({ label: 'key-change', domains: ['example.com'], settings: { 'leakSearch.domains': ['example.com'] } });

  it('tries a new key at once: right, wrong, right again', async () => {
    const { page } = ui.wb;
    const before = ui.service.requests.length;
    const prompt = await setKey(ui.wb, DEMO_API_KEY);
    assert.match(prompt, /checked at once with one search of example\.com \(one request of your quota\)/, 'the cost is said before it is spent');
    const items = await ui.wb.showNotifications();
    await items.filter({ hasText: /API key saved for .* and verified \(example\.com checked\)/ }).first().waitFor(WAIT);
    assert.equal(ui.service.requests.length, before + 1, 'one request tries the key');
    await page.locator('.statusbar-item', { hasText: /quota 99\/100/ }).first().waitFor(WAIT);

    await setKey(ui.wb, WRONG_KEY);
    await items.filter({ hasText: /rejected/ }).first().waitFor(WAIT);
    await ui.wb.runCommand('Leak Search: Focus on Findings View');
    const domain = findingsRow(page, 'example.com');
    await domain.waitFor(WAIT);
    if ((await domain.getAttribute('aria-expanded')) !== 'true') await domain.click();
    await findingsRow(page, 'API key rejected').waitFor(WAIT);
    assert.equal(await page.locator('.statusbar-item', { hasText: /· quota/ }).count(), 0, 'neither the previous key\'s quota nor one from the rejected answer');
    const wrong = await ui.wb.screenshot('key-wrong');

    await setKey(ui.wb, DEMO_API_KEY);
    // (The notification center shows the same "verified" message once.)
    await findingsRow(page, 'API key rejected').waitFor({ state: 'detached', ...WAIT });
    await findingsRow(page, /accounts\s*303 records/).waitFor(WAIT);
    await page.locator('.statusbar-item', { hasText: /quota \d+\/100/ }).first().waitFor(WAIT);
    const right = await ui.wb.screenshot('key-right-again');
    console.log(`      screenshots ${path.relative(repoRoot, wrong)}, ${path.relative(repoRoot, right)}`);
  });

  it('clearing the key offers to delete its cached results; the counts go with them', async () => {
    const { page } = ui.wb;
    await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor(WAIT);
    await ui.wb.runCommand('Leak Search: Clear API Key');
    const items = await ui.wb.showNotifications();
    const offer = items.filter({ hasText: /removed\. Delete its 1 cached result too\?/ }).first();
    await offer.waitFor(WAIT);
    await offer.locator('.monaco-button', { hasText: 'Delete Cached Results' }).click();
    await items.filter({ hasText: /1 cached result of .* deleted/ }).first().waitFor(WAIT);
    await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor({ state: 'detached', ...WAIT });
    const shot = await ui.wb.screenshot('key-cleared');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });
});
