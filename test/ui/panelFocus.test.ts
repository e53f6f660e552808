// "Show leaked records" on a leaked e-mail while the results panel is open in the background
// (another editor in front of it, so its webview is hidden): the panel comes to the front
// showing only that e-mail's records, not all records or the previous filter.
// Screenshot: test-results/panel-focus-background.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_API_KEY, DEMO_KNOWN_RECORDS } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { setKeyAndCheckDomain } from './journeys';

const WAIT = { timeout: 30_000 };
const ALICE = DEMO_KNOWN_RECORDS.accounts[0];
const FILE = 'owners.yaml';
const TITLE = 'Leaks: example.com (accounts)';

function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview').first().frameLocator('#active-frame');
}

describe('Results panel focus from the background (UI)', () => {
  const ui = useDemoWorkbench({ label: 'panel-focus', domains: ['example.com'] });

  before(() => {
    const ws = ui.wb.session.workspace;
    assert.ok(ws, 'a workspace folder');
    fs.writeFileSync(path.join(ws, FILE), `# made-up owners\nvpn: ${ALICE.username}\n`);
  });

  it('brings the hidden panel to the front, filtered to the identifier', async () => {
    const { page } = ui.wb;
    const input = page.locator('.quick-input-widget input');
    await setKeyAndCheckDomain(ui.wb, DEMO_API_KEY, 'example.com');

    // The panel, open with every record.
    await ui.wb.runCommand('Leak Search: Open Results');
    await page.locator('.tabs-container .tab', { hasText: TITLE }).waitFor(WAIT);
    await panelFrame(page).locator('.grid-body [role="row"]').first().waitFor(WAIT);

    // Another editor in front of it: the panel's webview is hidden.
    await page.keyboard.press('Control+P');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill(FILE);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: FILE }).first().waitFor(WAIT);
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor(WAIT);
    await page.locator('.tabs-container .tab.active', { hasText: FILE }).waitFor(WAIT);
    const squiggle = editor.locator('.squiggly-warning').first();
    await squiggle.waitFor(WAIT);

    // Quick fix "Show leaked records" on the e-mail.
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the e-mail squiggle is on screen');
    await page.mouse.click(box.x + 4, box.y + box.height / 2);
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget:not(.action-list-submenu-panel)').first();
    await menu.waitFor({ state: 'visible', ...WAIT });
    await menu.locator('.monaco-list-row', { hasText: 'Show leaked records' }).first().click();

    await page.locator('.tabs-container .tab.active', { hasText: TITLE }).waitFor(WAIT);
    const frame = panelFrame(page);
    await frame.getByText(`Showing records matching “${ALICE.username}”.`).first().waitFor(WAIT);
    const rows = frame.locator('.grid-body [role="row"]');
    await rows.first().waitFor(WAIT);
    const texts = await rows.allInnerTexts();
    assert.ok(texts.length > 0 && texts.every((t) => t.includes(ALICE.username)), `only ${ALICE.username}'s records (${texts.length} rows)`);
    const shot = await ui.wb.screenshot('panel-focus-background');
    console.log(`      ${texts.length} rows; screenshot ${path.relative(repoRoot, shot)}`);
  });
});
