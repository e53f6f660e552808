// Passwords: masked by default, one cell revealed on click and hidden again, presentation
// mode, and copy actions that only copy a password once it is revealed.
import * as assert from 'node:assert/strict';
import { accountsEntry, generateAccounts } from './dataset';
import { evaluate, messagesOf, openPanel, pageText, useHarness, until, waitForCopies, waitForViewCount } from './harness';
import type { StubHost } from './harness';

describe('results panel masking and copy', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = generateAccounts(200, 21);
  const newest = [...records].sort((a, b) => (a.date < b.date ? 1 : -1));
  const passwordCell = (rowIndex: number): string => `.grid-body [role=row][aria-rowindex="${rowIndex + 2}"] [role=gridcell][aria-colindex="3"]`;

  async function open(): Promise<StubHost> {
    const host = await openPanel(harness, { entry: accountsEntry(records) });
    await waitForViewCount(host.page, records.length);
    return host;
  }

  it('never puts a password in the page until one is revealed', async () => {
    const host = await open();
    const text = await pageText(host.page);
    for (const record of records) assert.ok(!text.includes(record.password), 'a password is visible');
    const html = await host.page.content();
    for (const record of records) assert.ok(!html.includes(record.password), 'a password is in the DOM');
    await host.page.close();
  });

  it('reveals one cell on click and hides it again', async () => {
    const host = await open();
    await host.page.click(passwordCell(0));
    await until(host.page, `document.querySelector('${passwordCell(0)}').textContent === ${JSON.stringify(newest[0]?.password)}`);
    assert.equal(await host.page.textContent(passwordCell(1)), '••••••••');
    assert.equal(await host.page.getAttribute(passwordCell(0), 'title'), 'Click to hide');
    await host.page.click(passwordCell(0));
    assert.equal(await host.page.textContent(passwordCell(0)), '••••••••');
    await host.page.close();
  });

  it('keeps everything masked in presentation mode', async () => {
    const host = await open();
    await host.page.click(passwordCell(2));
    await until(host.page, `document.querySelector('${passwordCell(2)}').textContent === ${JSON.stringify(newest[2]?.password)}`);
    await host.page.click('#presentation');
    await until(host.page, `document.querySelector('${passwordCell(2)}').textContent === '••••••••'`);
    await host.page.click(passwordCell(2));
    assert.equal(await host.page.textContent(passwordCell(2)), '••••••••');
    assert.equal(await host.page.textContent('#message'), 'Presentation mode is on: passwords stay masked.');
    const text = await pageText(host.page);
    for (const record of records) assert.ok(!text.includes(record.password));
    assert.equal((await host.state())?.presentation, true);
    // Nothing offers to reveal: no eye icon, no tooltip; and the host is told (it is the setting).
    assert.equal(await host.page.locator(`${passwordCell(2)} .codicon-eye, ${passwordCell(2)} .codicon-eye-closed`).count(), 0);
    assert.equal(await host.page.getAttribute(passwordCell(2), 'title'), null);
    assert.deepEqual(messagesOf(host, 'presentation'), [{ type: 'presentation', on: true }]);
    await host.page.close();
  });

  it('masks a password revealed before presentation mode, even in rows fetched while it was revealed', async () => {
    const host = await open();
    const password = newest[2]?.password ?? assert.fail('a record');
    await host.page.click(passwordCell(2));
    await until(host.page, `document.querySelector('${passwordCell(2)}').textContent === ${JSON.stringify(password)}`);
    // A refresh fetches the rows again, the revealed cell's text with them.
    await host.post({ type: 'refresh' });
    await until(host.page, `document.querySelector('${passwordCell(2)}').textContent === ${JSON.stringify(password)}`);
    await host.post({ type: 'presentation', on: true });
    await until(host.page, `document.querySelector('${passwordCell(2)}').textContent === '••••••••'`);
    assert.ok(!(await pageText(host.page)).includes(password), 'the password is nowhere on the page');
    await host.page.close();
  });

  it('starts in presentation mode when the host says it is on, and follows it when it changes', async () => {
    const host = await openPanel(harness, { entry: accountsEntry(records), presentation: true });
    await waitForViewCount(host.page, records.length);
    assert.equal(await evaluate(host.page, `document.querySelector('#presentation').checked`), true);
    assert.equal(await host.page.locator(`${passwordCell(0)} .codicon-eye`).count(), 0);
    await host.page.click(passwordCell(0));
    assert.equal(await host.page.textContent(passwordCell(0)), '••••••••');
    await host.post({ type: 'presentation', on: false });
    await until(host.page, `document.querySelector('${passwordCell(0)} .codicon-eye') !== null`);
    assert.equal(await evaluate(host.page, `document.querySelector('#presentation').checked`), false);
    assert.equal(await host.page.getAttribute(passwordCell(0), 'title'), 'Click to reveal');
    assert.deepEqual(messagesOf(host, 'presentation'), [], 'a change from the host is not sent back');
    await host.page.close();
  });

  it('copies a cell and a row, the password only when revealed', async () => {
    const host = await open();
    const first = newest[0];
    assert.ok(first);
    // The masked password: refused.
    await host.page.click(passwordCell(0));
    await until(host.page, `document.querySelector('${passwordCell(0)}').textContent === ${JSON.stringify(first.password)}`);
    await host.page.click(passwordCell(0));
    await host.page.click('#copy-cell');
    await until(host.page, `document.querySelector('#message').textContent === 'Reveal the password first to copy it.'`);
    assert.equal(host.copies.length, 0);
    // The row without the password.
    await host.page.click('#copy-row');
    const [rowCopy] = await waitForCopies(host, 1);
    assert.equal(rowCopy?.what, 'row');
    assert.ok(rowCopy?.text.includes(`Username: ${first.username}`));
    assert.ok(!rowCopy?.text.includes(first.password));
    assert.ok(!rowCopy?.text.includes('Password'));
    await until(host.page, `document.querySelector('#message').textContent === 'Row copied'`);
    // Revealed: the cell and the row carry it.
    await host.page.click(passwordCell(0));
    await until(host.page, `document.querySelector('${passwordCell(0)}').textContent === ${JSON.stringify(first.password)}`);
    await host.page.click('#copy-cell');
    const copies = await waitForCopies(host, 2);
    assert.deepEqual([copies[1]?.what, copies[1]?.text], ['cell', first.password]);
    await host.page.click('#copy-row');
    const rows = await waitForCopies(host, 3);
    assert.ok(rows[2]?.text.includes(`Password: ${first.password}`));
    // A plain cell, by keyboard (Ctrl+C on the active cell).
    await host.page.click(`.grid-body [role=row][aria-rowindex="2"] [role=gridcell][aria-colindex="4"]`);
    await host.page.keyboard.press('Control+c');
    const all = await waitForCopies(host, 4);
    assert.deepEqual([all[3]?.what, all[3]?.text], ['cell', first.url]);
    await host.page.close();
  });

  it('does not sort by the masked password column', async () => {
    const host = await open();
    await host.page.click('[role=columnheader]:has-text("Password")');
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Password")', 'aria-sort'), 'none');
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Date")', 'aria-sort'), 'descending');
    assert.equal(await host.page.textContent('#message'), 'Password cannot be sorted: it stays masked.');
    await host.page.close();
  });

  it('forgets revealed passwords: they are never saved in the state', async () => {
    const host = await open();
    await host.page.click(passwordCell(0));
    await host.page.click('[role=columnheader]:has-text("IP")');
    const state = JSON.stringify(await host.state());
    for (const record of records) assert.ok(!state.includes(record.password));
    assert.ok(!state.includes('reveal'));
    await host.page.close();
  });
});
