// Steps many UI journeys start with, done as a user does them: the key typed into its
// password box, then a domain typed into Check Domain for Leaks, waiting for the status bar.
import type { Workbench } from './workbench';

const WAIT = { timeout: 30_000 };

export async function setKeyAndCheckDomain(wb: Workbench, apiKey: string, domain: string): Promise<void> {
  const { page } = wb;
  const input = page.locator('.quick-input-widget input');
  await wb.runCommand('Leak Search: Set API Key');
  await input.waitFor({ state: 'visible', ...WAIT });
  await input.fill(apiKey);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', ...WAIT });
  await (await wb.findInPalette('Leak Search: Check Domain for Leaks', 'Leak Search: Check Domain for Leaks')).click();
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Enter a domain…' }).first().click();
  // The input box, not the pick it replaces (typed too early, the text would go to the pick).
  await page.locator('.quick-input-widget input[placeholder="example.com"]').waitFor(WAIT);
  await input.fill(domain);
  await page.keyboard.press('Enter');
  await page.locator('.statusbar-item', { hasText: /leaks/ }).first().waitFor(WAIT);
}
