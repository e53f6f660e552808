// The results panel in the display language: the host sends the German bundle with `load`
// (src/editor/results/resultsPanel.ts) and the panel's own texts follow it; the record data
// stays as it is, and nothing of the bundle becomes markup.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { accountsEntry, generateAccounts } from './dataset';
import { evaluate, openPanel, useHarness, waitForViewCount } from './harness';

const root = path.resolve(__dirname, '..', '..', '..');
const german = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;

describe('results panel webview in German', function () {
  this.timeout(60_000);
  const harness = useHarness();
  const records = generateAccounts(50, 7);
  const entry = accountsEntry(records);

  it('labels the header, filters, actions and status line from the bundle the host sent', async () => {
    const host = await openPanel(harness, { entry, l10n: german });
    await waitForViewCount(host.page, records.length);
    const terms = await host.page.locator('.summary dt').allTextContents();
    assert.deepEqual(terms, ['Datensätze', 'Stand', 'Zeitraum', 'Kontingent']);
    assert.equal(await host.page.textContent('#fact-range'), 'alle Daten');
    assert.match((await host.page.textContent('#fact-quota')) ?? '', /^987 von 1,000 Anfragen übrig/);
    assert.equal(await host.page.textContent('#status'), '50 Datensätze');
    assert.equal(await host.page.getAttribute('#filter-text', 'aria-label'), 'Datensätze filtern');
    assert.ok((await host.page.locator('.field-label').allTextContents()).includes('Gruppe'));
    assert.ok((await host.page.locator('.button-label').allTextContents()).includes('CSV exportieren'));
    assert.equal(await host.page.textContent('.summary h1 .domain'), 'example.com', 'record data is not translated');
    assert.deepEqual(host.errors, []);
    assert.deepEqual(await evaluate(host.page, 'window.__cspViolations'), []);
    await host.page.close();
  });

  it('shows a translation as text, never as markup', async () => {
    const hostile = { ...german, Records: '<img src=x onerror="window.__pwned=1">Datensätze' };
    const host = await openPanel(harness, { entry, l10n: hostile });
    await waitForViewCount(host.page, records.length);
    assert.equal(await host.page.locator('.summary dt').first().textContent(), '<img src=x onerror="window.__pwned=1">Datensätze');
    assert.equal(await host.page.locator('.summary img').count(), 0);
    assert.equal(await evaluate(host.page, 'window.__pwned === undefined'), true);
    await host.page.close();
  });
});
