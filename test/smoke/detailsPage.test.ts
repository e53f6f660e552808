// The extension's details page as a user of the installed .vsix sees it (Extensions view →
// Leak Search): the README renders with every picture loaded. VS Code shows only https
// pictures there, so the release packaged them under an https base (here a stand-in for the
// repository's raw files at the tag, test/harness/imageHost.ts). A screenshot is kept as
// test-results/details-page.png.
import * as assert from 'node:assert/strict';
import { IMAGES_BASE_ENV, VSIX_ENV } from '../harness/vsix';
import { openWorkbench } from '../ui/workbench';
import type { Workbench } from '../ui/workbench';

describe('the details page of the installed .vsix', function () {
  this.timeout(240_000);
  let wb: Workbench;
  let failed = false;

  before(async () => {
    wb = await openWorkbench({ label: 'details-page', fixture: null, vsix: process.env[VSIX_ENV] ?? '', acceptTestCertificates: true });
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });
  after(async () => {
    if (failed) await wb?.screenshot('details-page-failed').catch(() => undefined);
    await wb?.close(failed);
  });

  it('shows the README with its pictures', async () => {
    await wb.runCommand('Extensions: Show Installed Extensions');
    const item = wb.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Leak Search' }).first();
    await item.waitFor({ timeout: 60_000 });
    await item.click();
    const editor = wb.page.locator('.extension-editor');
    await editor.locator('.name', { hasText: 'Leak Search' }).first().waitFor({ timeout: 30_000 });
    // The README is a webview, in frames of its own: poll them all until one shows it with
    // every picture loaded (a broken picture has no natural size).
    const deadline = Date.now() + 90_000;
    let states: { src: string; loaded: boolean; alt: string }[] = [];
    for (;;) {
      for (const frame of wb.page.frames()) {
        const found = await frame
          .evaluate(`(() => {
            const h1 = document.querySelector('h1');
            if (!h1 || !h1.textContent.includes('Leak Search for VS Code')) return undefined;
            return [...document.images].map((img) => ({ src: img.src, alt: img.alt, loaded: img.complete && img.naturalWidth > 0 }));
          })()`)
          .catch(() => undefined);
        if (Array.isArray(found)) states = found as typeof states;
      }
      if ((states.length >= 3 && states.every((s) => s.loaded)) || Date.now() > deadline) break;
      await wb.page.waitForTimeout(250);
    }
    assert.ok(states.length >= 3, `the README shows its pictures: ${JSON.stringify(states)}`);
    assert.deepEqual(states.filter((s) => !s.loaded), [], 'every picture loaded');
    const base = process.env[IMAGES_BASE_ENV] ?? '';
    for (const s of states) assert.ok(s.src.startsWith(`${base}media/screenshots/`), `${s.alt}: read from ${s.src}, not under the release's base ${base}`);
    await wb.screenshot('details-page');
  });
});
