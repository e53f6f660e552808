// Exporting leaked records into the workspace, as a user might: the save dialog's path typed
// into the workspace folder, the warning that the export would be saved there (with "Save
// Here Anyway"), then Scan Workspace, which never marks the export itself and says so.
// Screenshots: test-results/export-warning.png, test-results/export-scan.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_API_KEY } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { setKeyAndCheckDomain } from './journeys';

const WAIT = { timeout: 30_000 };
const TITLE = 'Leaks: example.com (accounts)';

function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview').first().frameLocator('#active-frame');
}

describe('An export inside the workspace (UI)', () => {
  const ui = useDemoWorkbench({ label: 'export', domains: ['example.com'] });

  it('warns before saving in the workspace, and Scan Workspace never marks the export', async () => {
    const { page } = ui.wb;
    const ws = ui.wb.session.workspace;
    assert.ok(ws, 'a workspace folder');
    const input = page.locator('.quick-input-widget input');
    await setKeyAndCheckDomain(ui.wb, DEMO_API_KEY, 'example.com');
    await ui.wb.runCommand('Leak Search: Open Results');
    await page.locator('.tabs-container .tab', { hasText: TITLE }).waitFor(WAIT);
    const frame = panelFrame(page);
    await frame.locator('.grid-body [role="row"]').first().waitFor(WAIT);

    // The save dialog (VS Code's own, a path in the quick input): into the workspace.
    await frame.locator('button, vscode-button', { hasText: 'Export CSV' }).first().click();
    await input.waitFor({ state: 'visible', ...WAIT });
    // The dialog fills in its default path (Downloads or home) a moment later: typed over after that.
    const typed = Date.now() + WAIT.timeout;
    while (!(await input.inputValue()).endsWith('.csv')) {
      assert.ok(Date.now() < typed, 'the save dialog shows its default path');
      await page.waitForTimeout(100);
    }
    const target = path.join(ws, 'leaked-accounts.csv');
    await input.fill(target);
    // The dialog ignores OK while it is still reading the typed path: pressed again until the warning shows.
    const dialog = page.locator('.monaco-dialog-box');
    const accepted = Date.now() + WAIT.timeout;
    for (;;) {
      await page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).first().click().catch(() => undefined);
      try {
        await dialog.waitFor({ timeout: 3_000 });
        break;
      } catch (error) {
        if (Date.now() > accepted) throw error;
      }
    }
    assert.match(await dialog.innerText(), /would be saved inside the workspace folder/);
    const warning = await ui.wb.screenshot('export-warning');
    await dialog.locator('.monaco-button', { hasText: 'Save Here Anyway' }).click();
    const deadline = Date.now() + WAIT.timeout;
    while (!fs.existsSync(target) || fs.statSync(target).size === 0) {
      assert.ok(Date.now() < deadline, 'the export was written');
      await page.waitForTimeout(200);
    }
    assert.equal(fs.statSync(target).mode & 0o077, 0, 'readable by its owner only');

    await ui.wb.runCommand('Leak Search: Scan Workspace');
    const items = await ui.wb.showNotifications();
    await items.filter({ hasText: '1 Leak Search export not scanned' }).first().waitFor(WAIT);
    await page.keyboard.press('Control+Shift+M');
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ state: 'visible', ...WAIT });
    assert.equal(await problems.locator('.monaco-list-row', { hasText: 'leaked-accounts.csv' }).count(), 0, 'the export is not marked');
    const scan = await ui.wb.screenshot('export-scan');
    console.log(`      screenshots ${path.relative(repoRoot, warning)}, ${path.relative(repoRoot, scan)}`);
  });
});
