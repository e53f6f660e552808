// Record fields are hostile input: markup and script in them must show as literal text and
// nothing may execute, under the production CSP.
import { dateFormat } from '../../src/engine/views/dateFormat';
import * as assert from 'node:assert/strict';
import { accountsEntry, hostileAccounts } from './dataset';
import { choose, evaluate, openPanel, pageText, renderedRows, useHarness, until, waitForViewCount } from './harness';

const DATES = dateFormat('en-US');
const shownDate = (iso: string): string => DATES.dateTime(Date.parse(iso));

describe('results panel hostile input', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = hostileAccounts();

  it('shows markup as literal text and executes nothing', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    // Reveal the passwords (they carry payloads too) and group, so every renderer runs.
    await host.page.click('.grid-body [role=row][aria-rowindex="2"] [role=gridcell][aria-colindex="3"]');
    await host.page.click('.grid-body [role=row][aria-rowindex="3"] [role=gridcell][aria-colindex="3"]');
    const [a, b] = records;
    assert.ok(a && b);
    // A revealed password is asked of the host: wait until both have arrived.
    const cells = `[...document.querySelectorAll('.grid-body [role=row] [role=gridcell][aria-colindex="3"]')].map((c) => c.textContent)`;
    await until(host.page, `${cells}.includes(${JSON.stringify(a.password)}) && ${cells}.includes(${JSON.stringify(b.password)})`);
    const rows = await renderedRows(host.page);
    // Newest first: b (2024-10-02) then a (2024-09-20).
    assert.deepEqual(rows[0], [shownDate(b.date), b.username, b.password, b.url, b.ip, b.country, b.browser, b.status]);
    assert.deepEqual(rows[1], [shownDate(a.date), a.username, a.password, a.url, a.ip, a.country, a.browser, a.status]);
    const text = await pageText(host.page);
    assert.ok(text.includes('<script>window.__pwned=3;alert(1)</script>@example.com'));
    assert.ok(text.includes('<img src=x onerror="window.__pwned=1">'));
    await choose(host.page, 'grouping', 'site');
    await until(host.page, `document.querySelectorAll('.grid-group').length === 2`);
    await choose(host.page, 'grouping', 'machine');
    await until(host.page, `[...document.querySelectorAll('.grid-group .group-label')].some((l) => l.textContent.includes('<svg onload'))`);
    // Nothing ran, nothing was parsed into elements, nothing even tried (no CSP violation).
    assert.equal(await evaluate(host.page, 'window.__pwned'), undefined);
    assert.deepEqual(host.dialogs, []);
    assert.equal(await evaluate(host.page, `document.querySelectorAll('#app img, #app script, #app svg [onload], #app [onerror], #app a').length`), 0);
    assert.deepEqual(await evaluate(host.page, 'window.__cspViolations'), []);
    assert.deepEqual(host.errors, []);
    // The drop-down and the charts show the payloads as text too.
    await until(host.page, `[...document.querySelectorAll('#filter-browser vscode-option')].some((n) => n.textContent === ${JSON.stringify('<img src=x onerror="window.__pwned=1">')})`);
    const options = await host.page.$$eval('#filter-browser vscode-option', (nodes) => nodes.map((n) => n.textContent));
    assert.ok(options.includes('<img src=x onerror="window.__pwned=1">'));
    const bars = await host.page.$$eval('.chart-browsers rect.bar', (nodes) => nodes.map((n) => n.getAttribute('data-value')));
    assert.ok(bars.includes('<img src=x onerror="window.__pwned=1">'));
    await host.page.close();
  });
});
