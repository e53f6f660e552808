// The command palette lists the extension's commands as the user sees them
// ("Leak Search: Check Domain for Leaks"), and hides the internal ones.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { repoRoot } from '../harness/paths';
import { readLocalizedManifest } from '../unit/docs/localizedManifest';
import { openWorkbench } from './workbench';
import type { Workbench } from './workbench';

interface ManifestCommand {
  readonly command: string;
  readonly title: string;
  readonly category?: string;
}

interface Manifest {
  readonly contributes: {
    readonly commands?: readonly ManifestCommand[];
    readonly menus?: { readonly commandPalette?: readonly { readonly command: string; readonly when?: string }[] };
  };
}

const manifest = readLocalizedManifest<Manifest>(repoRoot);
const hiddenIds = new Set((manifest.contributes.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
const label = (c: ManifestCommand): string => (c.category ? `${c.category}: ${c.title}` : c.title);
const commands = manifest.contributes.commands ?? [];
const visible = commands.filter((c) => !hiddenIds.has(c.command)).map(label);
const hidden = commands.filter((c) => hiddenIds.has(c.command)).map(label);

describe('command palette', () => {
  let wb: Workbench;
  let failed = false;

  before(async () => {
    wb = await openWorkbench({ label: 'palette' });
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });

  after(async () => {
    if (failed) await wb?.screenshot('command-palette-failure').catch(() => undefined);
    await wb?.close(failed);
  });

  it('lists "Leak Search: Check Domain for Leaks" and every command meant for the palette, and no internal one', async () => {
    assert.ok(visible.includes('Leak Search: Check Domain for Leaks'), 'the manifest lost the check command');
    await wb.findInPalette('Leak Search: ', 'Leak Search: Check Domain for Leaks');
    const rows = wb.page.locator('.quick-input-list .monaco-list-row');
    for (const title of visible) await rows.filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
    // Every row of ours is rendered (a handful, well under the list's viewport), so this is the whole list.
    // VS Code adds its own "Leak Search: Focus on … View" rows for the view container.
    const ours = (await rows.allInnerTexts()).map((text) => text.split('\n')[0] ?? '').filter((text) => text.startsWith('Leak Search: '));
    assert.deepEqual(visible.filter((title) => !ours.includes(title)), [], 'palette commands missing');
    assert.deepEqual(ours.filter((title) => hidden.includes(title)), [], 'internal commands listed');
    const shot = await wb.screenshot('command-palette');
    console.log(`      ${ours.length} commands listed, ${hidden.length} internal ones hidden; screenshot ${path.relative(repoRoot, shot)}`);
    await wb.page.keyboard.press('Escape');
  });
});
