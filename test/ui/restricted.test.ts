// The Leak Search view in Restricted Mode (an untrusted folder): a welcome view that says what
// works there, with buttons that do: Set API Key, then Check Domain for Leaks, and Manage
// Workspace Trust. Then Check Domain for Leaks keeps an invalid domain typed into its pick.
// Screenshots: test-results/restricted-view.png, restricted-view-key.png, restricted-trust.png,
// check-domain-invalid.png.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEMO_API_KEY } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';

const WAIT = { timeout: 30_000 };

describe('Restricted Mode view (UI)', () => {
  const ui = useDemoWorkbench({ label: 'restricted', domains: ['example.com'], workspaceTrust: true });

  it('offers the buttons that work in Restricted Mode', async () => {
    const { page } = ui.wb;
    await ui.wb.runCommand('Leak Search: Focus on Findings View');
    const welcome = page.locator('.welcome-view-content', { hasText: 'Restricted Mode' }).first();
    await welcome.waitFor(WAIT);
    assert.match(await welcome.innerText(), /this folder is not trusted yet/);
    const button = (label: string) => welcome.locator('.monaco-button', { hasText: label }).first();
    await button('Manage Workspace Trust').waitFor(WAIT);
    const first = await ui.wb.screenshot('restricted-view');

    await button('Set API Key').click();
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill(DEMO_API_KEY);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', ...WAIT });
    const withKey = page.locator('.welcome-view-content', { hasText: 'workspace domains are read once you trust this folder' }).first();
    await withKey.waitFor(WAIT);
    await withKey.locator('.monaco-button', { hasText: 'Check Domain for Leaks' }).first().waitFor(WAIT);
    const second = await ui.wb.screenshot('restricted-view-key');

    await withKey.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).first().click();
    // The Workspace Trust editor (a modal editor in this VS Code), with its Trust button.
    await page.getByText('You are in Restricted Mode').first().waitFor(WAIT);
    const third = await ui.wb.screenshot('restricted-trust');
    console.log(`      screenshots ${[first, second, third].map((f) => path.relative(repoRoot, f)).join(', ')}`);
  });

  it('Check Domain for Leaks keeps an invalid domain typed into its pick', async () => {
    const { page } = ui.wb;
    await page.keyboard.press('Escape'); // the Workspace Trust editor
    await ui.wb.runCommand('View: Close All Editors');
    await ui.wb.runCommand('Leak Search: Focus on Findings View');
    const welcome = page.locator('.welcome-view-content', { hasText: 'workspace domains are read once you trust this folder' }).first();
    await welcome.locator('.monaco-button', { hasText: 'Check Domain for Leaks' }).first().click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill('exa mple.com');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /“exa mple\.com”: / }).first().waitFor(WAIT);
    await page.keyboard.press('Enter');
    // The input box, with what was typed and what is wrong with it: nothing thrown away.
    await page.locator('.quick-input-widget .quick-input-message', { hasText: '“exa mple.com”: ' }).first().waitFor(WAIT);
    assert.equal(await input.inputValue(), 'exa mple.com');
    const shot = await ui.wb.screenshot('check-domain-invalid');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
    await page.keyboard.press('Escape');
  });
});
