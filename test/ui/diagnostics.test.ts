// Leaked identifiers in files as the user sees them: after a domain check, a file with a
// leaked e-mail, URL and password gets squiggles; the status bar counts them and opens the
// Problems panel, which lists the messages; hovering the password shows it masked.
// The quick fixes show under Ctrl+. Screenshots under test-results/: diagnostics-problems.png,
// diagnostics-hover.png, diagnostics-quickfix.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_API_KEY, DEMO_KNOWN_RECORDS } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { typeIntoDomainBox } from './journeys';

const WAIT = { timeout: 30_000 };
const ALICE = DEMO_KNOWN_RECORDS.accounts[0];
const FILE = 'deploy-settings.env';
const CLOSED = 'on-call.env';

describe('Leaked identifiers in files (UI)', () => {
  const ui = useDemoWorkbench({ label: 'diagnostics', domains: ['example.com'] });

  before(() => {
    const ws = ui.wb.session.workspace;
    assert.ok(ws, 'a workspace folder');
    fs.writeFileSync(path.join(ws, FILE), `# made-up deployment settings\nADMIN_EMAIL=${ALICE.username}\nVPN_URL=${ALICE.url}\nDB_PASSWORD="${ALICE.password}"\n`);
    // Never opened: only Scan Workspace marks it.
    fs.mkdirSync(path.join(ws, 'ops'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'ops', CLOSED), `# on-call\nESCALATE_TO=${ALICE.username}\n`);
  });

  it('marks leaked identifiers with squiggles and lists them in the Problems panel', async () => {
    const { page } = ui.wb;
    // The key, typed into the password box of "Set API Key".
    await ui.wb.runCommand('Leak Search: Set API Key');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill(DEMO_API_KEY);
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden', ...WAIT });
    // A domain check.
    const palette = await ui.wb.openCommandPalette();
    await palette.fill('>Leak Search: Check Domain for Leaks');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Leak Search: Check Domain for Leaks' }).first().click();
    await typeIntoDomainBox(ui.wb, 'example.com');
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item', { hasText: /leaked records/ }).first().waitFor(WAIT);

    // Open the file with Quick Open.
    await page.keyboard.press('Control+P');
    await input.waitFor({ state: 'visible', ...WAIT });
    await input.fill(FILE);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: FILE }).first().waitFor(WAIT);
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor(WAIT);
    await editor.locator('.squiggly-error').first().waitFor(WAIT); // the password
    assert.ok((await editor.locator('.squiggly-warning').count()) >= 2, 'the e-mail and the URL are warnings');

    // The status bar counts them; a click opens the Problems panel.
    const count = page.locator('.statusbar-item', { hasText: /leaked identifiers in files/ }).first();
    await count.waitFor(WAIT);
    assert.match(await count.innerText(), /3 leaked identifiers in files/);
    await count.click();
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ state: 'visible', ...WAIT });
    const row = (text: string) => problems.locator('.monaco-list-row', { hasText: text }).first();
    await row(`${ALICE.username} appears in`).waitFor(WAIT);
    await row(`A password leaked for ${ALICE.username} appears here — rotate it`).waitFor(WAIT);
    await row(`${ALICE.url} appears in`).waitFor(WAIT);
    const listed = await problems.innerText();
    assert.ok(!listed.includes(ALICE.password), 'no password in the Problems panel');
    assert.match(listed, /Leak Search/);
    const shot = await ui.wb.screenshot('diagnostics-problems');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });

  it('shows the records on hover over the password, masked', async () => {
    const { page } = ui.wb;
    const squiggle = page.locator('.editor-instance .monaco-editor .squiggly-error').first();
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the password squiggle is on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // VS Code shows the diagnostic's part of a hover first and adds the extension's part
    // (the records) when its hover provider answers, so wait for both.
    const hover = page.locator('.monaco-hover', { hasText: 'A password leaked for' }).filter({ hasText: '•••••••' }).first();
    await hover.waitFor({ state: 'visible', ...WAIT });
    const text = await hover.innerText();
    assert.ok(!text.includes(ALICE.password), 'the hover never shows the password');
    assert.match(text, new RegExp(ALICE.browser));
    const shot = await ui.wb.screenshot('diagnostics-hover');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
  });

  it('offers the quick fixes on a leaked e-mail (Ctrl+.)', async () => {
    const { page } = ui.wb;
    await page.keyboard.press('Escape');
    const squiggle = page.locator('.editor-instance .monaco-editor .squiggly-warning').first();
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the e-mail squiggle is on screen');
    await page.mouse.click(box.x + 4, box.y + box.height / 2);
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget:not(.action-list-submenu-panel)').first();
    await menu.waitFor({ state: 'visible', ...WAIT });
    for (const title of ['Show leaked records', 'Ignore this identifier in this workspace', 'Check domain again']) {
      await menu.locator('.monaco-list-row', { hasText: title }).first().waitFor(WAIT);
    }
    const shot = await ui.wb.screenshot('diagnostics-quickfix');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
    await page.keyboard.press('Escape');
  });

  it('keeps the findings of Scan Workspace across a window reload, and drops those of a deleted file', async () => {
    const { page } = ui.wb;
    const ws = ui.wb.session.workspace;
    assert.ok(ws, 'a workspace folder');
    const count = page.locator('.statusbar-item', { hasText: /leaked identifiers? in files/ }).first();
    await ui.wb.runCommand('Leak Search: Scan Workspace');
    // The scan marks the closed file; the status bar then counts every finding in files.
    const problems = page.locator('.markers-panel');
    if (!(await problems.isVisible())) await count.click();
    await problems.locator('.monaco-list-row', { hasText: CLOSED }).first().waitFor(WAIT);
    // The Problems panel fills while the scan goes on: the count is read from the message the
    // scan ends with, and the status bar must agree with it.
    const ended = (await ui.wb.showNotifications()).filter({ hasText: /Leak Search: \d+ leaked identifiers? .*in \d+ files? \(/ }).first();
    await ended.waitFor(WAIT);
    const found = Number(/Leak Search: (\d+) leaked identifiers?/.exec(await ended.innerText())?.[1]);
    assert.ok(found >= 4, `the open file's three findings and the closed file's one at least (the scan said ${found})`);
    const counted = (n: number) => page.locator('.statusbar-item', { hasText: new RegExp(`^\\W*${n} leaked identifiers? in files( \\(\\+\\d+ hints?\\))?$`) }).first();
    await counted(found).waitFor(WAIT);
    await ui.wb.runCommand('Developer: Reload Window');
    await page.waitForEvent('load', WAIT);
    await page.locator('.monaco-workbench').waitFor(WAIT);
    // Restored without the user asking: the closed files' findings are back with the open one's.
    await counted(found).waitFor(WAIT);
    // The reload may have kept the Problems panel open: a click would then close it.
    if (!(await problems.isVisible())) await count.click();
    await problems.waitFor({ state: 'visible', ...WAIT });
    await problems.locator('.monaco-list-row', { hasText: CLOSED }).first().waitFor(WAIT);
    const shot = await ui.wb.screenshot('diagnostics-after-reload');
    console.log(`      screenshot ${path.relative(repoRoot, shot)}`);
    // Deleted on disk (a checkout, a pull): its diagnostics go.
    fs.rmSync(path.join(ws, 'ops', CLOSED));
    await counted(found - 1).waitFor(WAIT);
    assert.equal(await problems.locator('.monaco-list-row', { hasText: CLOSED }).count(), 0, 'the deleted file is no longer listed');
  });
});
