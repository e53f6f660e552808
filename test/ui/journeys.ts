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
  await typeIntoDomainBox(wb, domain);
  await page.keyboard.press('Enter');
  await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor(WAIT);
}

/**
 * From the open Check Domain pick: "Enter a domain…", then `text` typed into the input box that
 * replaces the pick. The box is waited for by its placeholder: typed too early, the text goes to
 * the closing pick and Enter then accepts an empty box, which re-opens the pick.
 */
export async function typeIntoDomainBox(wb: Workbench, text: string): Promise<void> {
  const { page } = wb;
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Enter a domain…' }).first().click();
  const box = page.locator('.quick-input-widget input[placeholder="example.com"]');
  await box.waitFor(WAIT);
  await box.fill(text);
}
