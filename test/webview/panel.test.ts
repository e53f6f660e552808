// The results panel in headless Chromium: handshake, header, charts, table, sorting, filtering.
import * as assert from 'node:assert/strict';
import { accountsEntry, customersRecords, generateAccounts, makeEntry } from './dataset';
import { choose, columnLabels, evaluate, messagesOf, openPanel, pageText, renderedRows, useHarness, typeInto, until, waitForViewCount } from './harness';
import { dateFormat } from '../../src/engine/views/dateFormat';

// Oracles written apart from the engine's code: what the panel must show.
const DATES = dateFormat('en-US');
const shownDate = (iso: string): string => DATES.dateTime(Date.parse(iso));
const hostOf = (url: string): string => new URL(url).host.toLowerCase();
function topValues(values: readonly string[], n: number): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([value, count]) => ({ value, count }));
}
function monthHistogram(dates: readonly string[]): { month: string; count: number }[] {
  const months = dates.map((d) => d.slice(0, 7)).sort();
  const out: { month: string; count: number }[] = [];
  let [y, m] = (months[0] ?? '').split('-').map(Number) as [number, number];
  const last = months[months.length - 1] ?? '';
  for (let month = months[0] ?? ''; month <= last; ) {
    out.push({ month, count: months.filter((x) => x === month).length });
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
    month = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

describe('results panel webview', function () {
  this.timeout(60_000);
  const harness = useHarness();

  const records = generateAccounts(400, 11);
  const entry = accountsEntry(records);
  const newestFirst = [...records].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

  it('says ready before anything else, then shows the header of the result', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    assert.equal(host.received[0]?.type, 'ready');
    assert.equal(messagesOf(host, 'ready').length, 1);
    assert.equal(await host.page.textContent('.summary h1 .domain'), 'example.com');
    assert.equal(await host.page.textContent('.summary h1 .type'), 'accounts');
    assert.equal(await host.page.textContent('#fact-count'), '400');
    assert.equal(await host.page.textContent('#fact-range'), 'all dates');
    assert.match((await host.page.textContent('#fact-quota')) ?? '', /^987 of 1,000 requests left/);
    assert.notEqual(await host.page.textContent('#fact-asof'), 'unknown');
    assert.equal(await host.page.textContent('#status'), '400 records');
    const rendered = messagesOf(host, 'rendered');
    assert.deepEqual(rendered[rendered.length - 1], { type: 'rendered', key: entry.entry.key, total: 400, shown: 400 });
    assert.deepEqual(host.errors, []);
    assert.deepEqual(await evaluate(host.page, 'window.__cspViolations'), []);
    await host.page.close();
  });

  it('shows the live quota the host sends after any check, not only the one of its own answer', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    await host.post({ type: 'quota', rateLimit: { limit: 1000, remaining: 3, observedAt: Date.now() } });
    await host.page.waitForFunction("/^3 of 1,000 requests left$/.test(document.querySelector('#fact-quota')?.textContent ?? '')");
    await host.post({ type: 'quota' });
    await host.page.waitForFunction("document.querySelector('#fact-quota')?.textContent === 'unknown'");
    assert.equal(await host.page.textContent('#fact-count'), '400', 'the rest of the header stays');
    assert.deepEqual(host.errors, []);
    await host.page.close();
  });

  it('shows the searched date range when there is one', async () => {
    const ranged = { ...entry, entry: { ...entry.entry, query: { ...entry.entry.query, range: { start: '20240101', end: '20241231' } } } };
    const host = await openPanel(harness, { entry: ranged });
    await waitForViewCount(host.page, records.length);
    assert.equal(await host.page.textContent('#fact-range'), '2024-01-01 to 2024-12-31');
    await host.page.close();
  });

  it('draws the monthly timeline and the top sites, countries and browsers', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    const histogram = monthHistogram(records.map((r) => r.date));
    const bars = await host.page.$$eval('svg.timeline rect.bar', (rects) => rects.map((r) => [r.getAttribute('data-month'), Number(r.getAttribute('data-count'))] as [string | null, number]));
    assert.deepEqual(bars, histogram.map((m) => [m.month, m.count]));
    const countries = await host.page.$$eval('.chart-countries rect.bar', (rects) => rects.map((r) => [r.getAttribute('data-value'), Number(r.getAttribute('data-count'))]));
    assert.deepEqual(countries, topValues(records.map((r) => r.country), 8).map((v) => [v.value, v.count]));
    const sites = await host.page.$$eval('.chart-sites rect.bar', (rects) => rects.map((r) => r.getAttribute('data-value')));
    assert.deepEqual(sites, topValues(records.map((r) => hostOf(r.url)), 8).map((v) => v.value));
    assert.equal(await host.page.locator('.chart-browsers rect.bar').count(), Math.min(8, new Set(records.map((r) => r.browser)).size));
    assert.match((await host.page.getAttribute('svg.timeline', 'aria-label')) ?? '', /^Leaks per month from \d{4}-\d{2} to \d{4}-\d{2}/);
    await host.page.close();
  });

  it('shortens a long site name in the chart to fit, keeping its end, with the full name on hover', async () => {
    const long = 'customer-self-service-portal-eu-west-1.accounts.example.com';
    const withLong = records.map((r, i) => (i % 2 === 0 ? { ...r, url: `https://${long}/login` } : r));
    const host = await openPanel(harness, { entry: accountsEntry(withLong) });
    await waitForViewCount(host.page, withLong.length);
    for (const width of [1400, 700]) {
      await host.page.setViewportSize({ width, height: 900 });
      // Refitted when the panel's width changes: the label of the long name ends inside its chart.
      await until(host.page, `(() => {
        const label = [...document.querySelectorAll('.chart-sites text.bar-label')].find((t) => t.dataset.full === ${JSON.stringify(long)});
        const svg = label?.closest('svg');
        return !!label && !!svg && label.getBoundingClientRect().left >= svg.getBoundingClientRect().left - 1;
      })()`);
      const shown = await evaluate(host.page, `[...document.querySelectorAll('.chart-sites text.bar-label')].find((t) => t.dataset.full === ${JSON.stringify(long)}).querySelector('tspan').textContent`);
      assert.ok(String(shown).endsWith('example.com'), `the end of the name stays: ${String(shown)}`);
      assert.ok(String(shown) === long || String(shown).startsWith('…'), 'a shortened name says so');
      const title = await evaluate(host.page, `[...document.querySelectorAll('.chart-sites text.bar-label')].find((t) => t.dataset.full === ${JSON.stringify(long)}).querySelector('title').textContent`);
      assert.match(String(title), new RegExp(`^${long.replace(/\./g, '\\.')}: `));
    }
    await host.page.close();
  });

  it('shows accounts records in their eight columns, newest first, passwords masked', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    assert.deepEqual(await columnLabels(host.page), ['Date', 'Username', 'Password', 'URL', 'IP', 'Country', 'Browser', 'Status']);
    const rows = await renderedRows(host.page);
    const first = newestFirst[0];
    assert.ok(first);
    assert.deepEqual(rows[0], [shownDate(first.date), first.username, '••••••••', first.url, first.ip, first.country, first.browser, first.status]);
    assert.equal(await host.page.getAttribute('[role=columnheader][aria-colindex="1"]', 'aria-sort'), 'descending');
    await host.page.close();
  });

  it('keeps only the rows in view in the DOM and scrolls to the last record', async () => {
    const many = generateAccounts(5000, 5);
    const host = await openPanel(harness, { entry: accountsEntry(many) });
    await waitForViewCount(host.page, many.length);
    const inDom = await host.page.locator('.grid-body [role=row]').count();
    assert.ok(inDom > 10 && inDom < 100, `${inDom} rows in the DOM`);
    assert.equal(await host.page.getAttribute('[role=grid]', 'aria-rowcount'), String(many.length + 1));
    await host.page.evaluate(`(() => { const s = document.querySelector('.grid-scroll'); s.scrollTop = s.scrollHeight; })()`);
    const oldest = [...many].sort((a, b) => (a.date < b.date ? -1 : 1))[0];
    await until(host.page, `[...document.querySelectorAll('.grid-body [role=row]')].some((r) => r.getAttribute('aria-rowindex') === '${many.length + 1}')`);
    const last = await host.page.locator(`.grid-body [role=row][aria-rowindex="${many.length + 1}"] [role=gridcell]`).allTextContents();
    assert.equal(last[1], oldest?.username);
    await host.page.close();
  });

  it('sorts by a column when its header is clicked, and back', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    await host.page.click('[role=columnheader]:has-text("Username")');
    const usernames = records.map((r) => r.username.toLowerCase()).sort();
    await until(host.page, `document.querySelector('.grid-body [role=row][aria-rowindex="2"] [role=gridcell][aria-colindex="2"]')?.textContent.toLowerCase() === ${JSON.stringify(usernames[0])}`);
    let rows = await renderedRows(host.page);
    assert.equal(rows[0]?.[1]?.toLowerCase(), usernames[0]);
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Username")', 'aria-sort'), 'ascending');
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Date")', 'aria-sort'), 'none');
    await host.page.click('[role=columnheader]:has-text("Username")');
    await until(host.page, `document.querySelector('.grid-body [role=row][aria-rowindex="2"] [role=gridcell][aria-colindex="2"]')?.textContent.toLowerCase() === ${JSON.stringify(usernames[usernames.length - 1])}`);
    rows = await renderedRows(host.page);
    assert.equal(rows[0]?.[1]?.toLowerCase(), usernames[usernames.length - 1]);
    assert.equal(await host.page.getAttribute('[role=columnheader]:has-text("Username")', 'aria-sort'), 'descending');
    const shown = rows.map((r) => (r[1] ?? '').toLowerCase());
    assert.deepEqual(shown, [...shown].sort().reverse());
    await host.page.close();
  });

  it('filters by text, status, country, browser and date range, and clears', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    const needle = records[7]?.username.slice(0, 6) ?? '';
    await typeInto(host.page, 'filter-text', needle.toUpperCase());
    const byText = records.filter((r) => [r.date.slice(0, 10), DATES.day(Math.floor(Date.parse(r.date) / 86_400_000)), r.username, r.url, r.ip, r.country, r.browser, r.status].join(' ').toLowerCase().includes(needle.toLowerCase()));
    await waitForViewCount(host.page, byText.length);
    assert.equal(await host.page.textContent('#status'), `Showing ${byText.length} of 400 records`);
    const reported = messagesOf(host, 'rendered');
    assert.equal(reported[reported.length - 1]?.shown, byText.length, 'the host is told what the table shows');
    await until(host.page, `[...document.querySelectorAll('.grid-body .grid-row')].every((r) => r.textContent.toLowerCase().includes(${JSON.stringify(needle.toLowerCase())}))`);
    for (const row of await renderedRows(host.page)) assert.ok(row.join(' ').toLowerCase().includes(needle.toLowerCase()));

    await typeInto(host.page, 'filter-text', '');
    await waitForViewCount(host.page, records.length);
    await choose(host.page, 'filter-status', 'hide');
    await waitForViewCount(host.page, records.filter((r) => r.status === 'hide').length);
    await choose(host.page, 'filter-country', 'BR');
    await waitForViewCount(host.page, records.filter((r) => r.status === 'hide' && r.country === 'BR').length);
    await choose(host.page, 'filter-browser', 'Opera');
    await waitForViewCount(host.page, records.filter((r) => r.status === 'hide' && r.country === 'BR' && r.browser === 'Opera').length);
    // The count comes with the view, the rows right after it: wait for the rows too.
    await until(host.page, `[...document.querySelectorAll('.grid-body .grid-row')].every((r) => [...r.querySelectorAll('[role=gridcell]')].slice(5, 8).map((c) => c.textContent).join('|') === 'BR|Opera|hide')`);
    for (const row of await renderedRows(host.page)) assert.deepEqual([row[5], row[6], row[7]], ['BR', 'Opera', 'hide']);

    await host.page.click('#clear-filters');
    await waitForViewCount(host.page, records.length);
    await typeInto(host.page, 'filter-from', '2023-01-01');
    await typeInto(host.page, 'filter-to', '2023-06-30');
    const inRange = records.filter((r) => r.date.slice(0, 10) >= '2023-01-01' && r.date.slice(0, 10) <= '2023-06-30');
    await waitForViewCount(host.page, inRange.length);
    const bars = await host.page.$$eval('svg.timeline rect.bar', (rects) => rects.map((r) => r.getAttribute('data-month')));
    assert.ok(bars.every((m) => m !== null && m >= '2023-01' && m <= '2023-06'), 'the charts follow the filter');
    await host.page.close();
  });

  it('groups by site and by infected machine, expanding a group on click', async () => {
    const host = await openPanel(harness, { entry });
    await waitForViewCount(host.page, records.length);
    await choose(host.page, 'grouping', 'machine');
    const machines = new Set(records.map((r) => [r.ip, r.browser, r.country, r.date.slice(0, 10)].join('|')));
    await until(host.page, `document.querySelector('[role=grid]').getAttribute('aria-rowcount') === '${machines.size + 1}'`);
    assert.match((await host.page.textContent('#status')) ?? '', new RegExp(`in ${machines.size} infected machines$`));
    const firstGroup = host.page.locator('.grid-group').first();
    assert.equal(await firstGroup.locator('.group-cell').getAttribute('aria-expanded'), 'false');
    const label = (await firstGroup.locator('.group-label').textContent()) ?? '';
    const [ip, browser, country, day] = label.split(' · ');
    const members = records.filter((r) => r.ip === ip && r.browser === browser && r.country === country && DATES.day(Math.floor(Date.parse(r.date) / 86_400_000)) === day);
    assert.ok(members.length >= 2, 'the biggest machine has several logins');
    assert.equal(await firstGroup.locator('.group-count').textContent(), `${members.length} records`);
    await firstGroup.click();
    await until(host.page, `document.querySelector('[role=grid]').getAttribute('aria-rowcount') === '${machines.size + 1 + members.length}'`);
    // The new count comes with the view; until the new rows follow it, the previous ones stay on screen.
    await until(host.page, `document.querySelector('.grid-group .group-cell')?.getAttribute('aria-expanded') === 'true'`);
    const shown = (await renderedRows(host.page)).slice(1, 1 + members.length).map((r) => r[1]);
    assert.deepEqual([...shown].sort(), members.map((m) => m.username).sort());

    await choose(host.page, 'grouping', 'site');
    const sites = new Set(records.map((r) => hostOf(r.url)));
    await until(host.page, `document.querySelector('[role=grid]').getAttribute('aria-rowcount') === '${sites.size + 1}'`);
    const siteLabels = await host.page.locator('.grid-group .group-label').allTextContents();
    assert.deepEqual([...siteLabels].sort(), [...sites].sort());
    await host.page.close();
  });

  it('derives the columns of customers records from the data', async () => {
    const customers = customersRecords();
    const host = await openPanel(harness, { entry: makeEntry({ type: 'customers', count: customers.length, records: customers }, 'shop.example.com') });
    await waitForViewCount(host.page, customers.length);
    assert.deepEqual(await columnLabels(host.page), ['Date', 'email', 'URL', 'Password', 'loyalty_points', 'verified', 'note']);
    const rows = await renderedRows(host.page);
    assert.deepEqual(rows[0], [shownDate('2024-02-05T00:00:00.000Z'), 'c2@shop.example.com', 'https://shop.example.com/cart', '••••••••', '7', 'false', '']);
    const text = await pageText(host.page);
    assert.ok(!text.includes('hunter2') && !text.includes('s3cret'));
    assert.equal(await host.page.getAttribute('#filter-status', 'disabled'), '');
    await host.page.close();
  });
});
