// Triage in the results panel, in headless Chromium against the engine's own queries: the
// Triage column, the triage filter, and an infected-machine group triaged from its header
// with the "Triage…" button (the host marks it and asks for a refresh); "What to do" asks
// for the guide of what is selected.
import * as assert from 'node:assert/strict';
import { accountsEntry, generateAccounts } from './dataset';
import { choose, columnLabels, openPanel, renderedRows, until, useHarness, waitForViewCount } from './harness';

describe('results panel webview: triage', function () {
  this.timeout(60_000);
  const harness = useHarness();
  const records = generateAccounts(120, 5);
  const entry = accountsEntry(records);

  it('shows each record its decision in a last Triage column, and filters by it', async () => {
    const host = await openPanel(harness, { entry, triage: { rows: { 0: 'remediated', 1: 'false-positive', 2: 'false-positive' }, decide: 'acknowledged' } });
    await waitForViewCount(host.page, records.length);
    assert.equal((await columnLabels(host.page)).at(-1), 'Triage');

    // The rows of the previous query stay on screen until the new ones arrive: wait for them.
    const lastCells = (expected: string[]): string =>
      `JSON.stringify([...document.querySelectorAll('.grid-body .grid-row')].map((r) => r.lastElementChild?.textContent ?? '')) === ${JSON.stringify(JSON.stringify(expected))}`;
    await choose(host.page, 'filter-triage', 'remediated');
    await waitForViewCount(host.page, 1);
    await until(host.page, lastCells(['remediated']));
    const [only] = await renderedRows(host.page);
    assert.equal(only?.[1], records[0]?.username);
    assert.equal(only?.at(-1), 'remediated');
    assert.match((await host.page.textContent('#status')) ?? '', /^Showing 1 of 120 records/);

    await choose(host.page, 'filter-triage', 'false-positive');
    await waitForViewCount(host.page, 2);
    await until(host.page, lastCells(['false positive', 'false positive']));
    await until(host.page, `document.querySelectorAll('.grid-body .grid-row.triaged').length === 2`);

    await choose(host.page, 'filter-triage', 'untriaged');
    await waitForViewCount(host.page, records.length - 3);
    await until(host.page, `(() => { const rows = [...document.querySelectorAll('.grid-body .grid-row')]; return rows.length > 5 && rows.every((r) => r.lastElementChild?.textContent === ''); })()`);
    assert.deepEqual(host.errors, []);
    await host.page.close();
  });

  it('triages an infected-machine group from its header, and asks for the guide of the group', async () => {
    const host = await openPanel(harness, { entry, triage: { rows: {}, decide: 'remediated' } });
    await waitForViewCount(host.page, records.length);
    await choose(host.page, 'grouping', 'machine');
    await until(host.page, `document.querySelectorAll('.grid-group').length > 0 && document.getElementById('app').getAttribute('aria-busy') !== 'true'`);
    const first = host.page.locator('.grid-group').first();
    const key = await first.getAttribute('data-group');
    assert.equal(await first.locator('.group-triage').textContent(), '');
    await first.click();
    await host.page.click('#triage');
    await until(host.page, `document.querySelector('.grid-group[data-group="${key?.replace(/["\\]/g, '\\$&')}"] .group-triage')?.textContent === 'remediated'`);
    const action = host.actions[0];
    assert.equal(action?.type, 'triage');
    assert.deepEqual(action?.target, { group: key });
    const size = Number(/^(\d+)/.exec((await first.locator('.group-count').textContent()) ?? '')?.[1]);
    assert.equal(action?.rows.length, size);
    // Its rows (expanded by the click) say so too.
    await until(host.page, `[...document.querySelectorAll('.grid-body .grid-row:not(.grid-group)')].filter((r) => r.lastElementChild?.textContent === 'remediated').length === ${size}`);

    await host.page.click('#guide');
    await until(host.page, `document.getElementById('message')?.textContent === 'Guide opened'`);
    assert.deepEqual(host.actions[1], { type: 'guide', target: { group: key }, rows: action?.rows });
    assert.deepEqual(host.errors, []);
    await host.page.close();
  });
});
