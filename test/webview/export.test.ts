// Exports of the current filtered view: CSV and JSON without passwords unless ticked, and the
// Markdown incident summary (never with passwords).
import * as assert from 'node:assert/strict';
import { accountsEntry, generateAccounts, hostileAccounts } from './dataset';
import { choose, openPanel, useHarness, until, waitForExports, waitForViewCount } from './harness';

describe('results panel export', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = [...hostileAccounts(), ...generateAccounts(300, 31)];
  const inGermany = records.filter((r) => r.country === 'DE');

  it('exports the filtered view as CSV without passwords', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await choose(host.page, 'filter-country', 'DE');
    await waitForViewCount(host.page, inGermany.length);
    await host.page.click('#export-csv');
    const [request] = await waitForExports(host, 1);
    assert.equal(request?.format, 'csv');
    const lines = (request?.content ?? '').trimEnd().split('\r\n');
    assert.equal(lines[0], 'date,username,url,ip,country,browser,status');
    assert.equal(lines.length, inGermany.length + 1);
    assert.deepEqual(lines.slice(1).map((l: string) => l.split(',')[1]).sort(), inGermany.map((r) => r.username).sort());
    for (const record of records) assert.ok(!request?.content.includes(record.password));
    await until(host.page, `document.querySelector('#message').textContent === 'Saved leaks.csv'`);
    await host.page.close();
  });

  it('includes passwords only when the option is ticked, and defuses formulas', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.click('#include-passwords');
    await host.page.click('#export-csv');
    const [csv] = await waitForExports(host, 1);
    assert.equal(csv?.content.split('\r\n')[0], 'date,username,password,url,ip,country,browser,status');
    for (const record of records) assert.ok(csv?.content.includes(record.password.replace(/"/g, '""')));
    assert.ok(csv?.content.includes(`"'=HYPERLINK(""http://x"",""y"")@example.com"`));
    assert.ok(csv?.content.includes(`"'+cmd|calc"`));
    await host.page.click('#export-json');
    const exports = await waitForExports(host, 2);
    const json = JSON.parse(exports[1]?.content ?? '[]') as Record<string, string>[];
    assert.equal(json.length, records.length);
    assert.deepEqual(Object.keys(json[0] ?? {}), ['date', 'username', 'password', 'url', 'ip', 'country', 'browser', 'status']);
    await host.page.close();
  });

  it('exports JSON without passwords by default', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.click('#export-json');
    const [request] = await waitForExports(host, 1);
    const json = JSON.parse(request?.content ?? '[]') as Record<string, string>[];
    assert.equal(json.length, records.length);
    assert.ok(json.every((r) => !('password' in r)));
    await host.page.close();
  });

  it('writes a Markdown incident summary of the view, never with passwords', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.click('#include-passwords');
    await choose(host.page, 'filter-country', 'DE');
    await waitForViewCount(host.page, inGermany.length);
    await host.page.click('#export-markdown');
    const [request] = await waitForExports(host, 1);
    const md = request?.content ?? '';
    assert.match(md, /^# Leak report: example\.com \(accounts\)/);
    assert.ok(md.includes(`Records in this view: ${inGermany.length} of ${records.length}`));
    assert.ok(md.includes('Filters: country DE'));
    const machines = new Set(inGermany.map((r) => [r.ip, r.browser, r.country, r.date.slice(0, 10)].join('|')));
    assert.equal(request?.format, 'markdown');
    assert.ok(md.includes(`Infected machines (same IP, browser, country and day): ${machines.size}`));
    for (const record of records) assert.ok(!md.includes(record.password));
    await host.page.close();
  });

  it('never exports passwords in presentation mode', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    await host.page.click('#include-passwords');
    await host.page.click('#presentation');
    await until(host.page, `document.querySelector('#include-passwords').disabled === true`);
    await host.page.click('#export-csv');
    const [request] = await waitForExports(host, 1);
    for (const record of records) assert.ok(!request?.content.includes(record.password));
    await host.page.close();
  });
});
