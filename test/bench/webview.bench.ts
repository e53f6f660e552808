// Results panel benchmark: 100,000 generated accounts records in headless Chromium, the
// production bundle under the production CSP. Prints one figure per line:
//   panel.first_rows  from packing the result on the host side to the first rows painted
//   panel.filter      from a keystroke in the filter box to the filtered table (and charts) painted
//   panel.sort        from a click on a column header to the re-sorted table painted
//   panel.heap        the page's JS heap after load (after a forced GC)
// Targets: first rows < 300 ms, filter and sort < 100 ms. Throws when the table is wrong.
import { generateDataset } from '../../service/data';
import { loadMessage } from '../../src/shared/results/packed';
import { accountsEntry } from '../webview/dataset';
import { evaluate, openPanel, startHarness, waitForViewCount } from '../webview/harness';
import type { StubHost } from '../webview/harness';
import type { Page } from 'playwright-core';

const RECORDS = 100_000;

/** Runs `action` in the page and resolves with the ms until the next `results-rendered` is painted. */
function timed(page: Page, action: string): Promise<number> {
  return evaluate<number>(
    page,
    `new Promise((resolve) => {
      let t0 = 0;
      document.addEventListener('results-rendered', () => {
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }, { once: true });
      t0 = performance.now();
      ${action};
    })`,
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export async function bench(): Promise<void> {
  const dataset = generateDataset(20251123, ['example.com'], { accountsPerDomain: RECORDS, customersPerDomain: 0 });
  const records = dataset['example.com']?.accounts ?? [];
  if (records.length !== RECORDS) throw new Error(`generated ${records.length} records, wanted ${RECORDS}`);
  const entry = accountsEntry(records);
  const harness = await startHarness();
  try {
    // Three fresh panels (the median is reported): the host packs the result (timed here, in
    // Node, as the extension host would), the page is handed the message (outside the timing),
    // then it is posted as the host would post it.
    const loads: number[] = [];
    let host: StubHost | undefined;
    for (let run = 0; run < 3; run++) {
      await host?.page.close();
      host = await openPanel(harness, { height: 900 });
      await host.waitFor((m): m is { type: 'ready' } => m.type === 'ready');
      const packStarted = performance.now();
      const message = loadMessage(entry);
      const packMs = performance.now() - packStarted;
      await host.page.evaluate((value) => {
        (globalThis as unknown as Record<string, unknown>).__benchMessage = value;
      }, message as unknown as Record<string, unknown>);
      const pageMs = await timed(host.page, `window.postMessage(window.__benchMessage, '*')`);
      loads.push(packMs + pageMs);
      await waitForViewCount(host.page, RECORDS);
    }
    if (!host) throw new Error('no panel');
    const { page } = host;
    const firstRows = median(loads);
    const rendered = await page.locator('.grid-body [role=row]').count();
    if (rendered < 10 || rendered > 200) throw new Error(`${rendered} rows in the DOM`);

    // Let the idle warm-up (search index, column orders) finish, as it would while the user reads.
    await evaluate(page, `new Promise((resolve) => { document.addEventListener('results-warm', resolve, { once: true }); setTimeout(resolve, 5000); })`);

    // Filter: type a browser name, then clear; median of a few keystrokes.
    const input = `document.querySelector('#filter-text').shadowRoot.querySelector('input')`;
    const type = (text: string): string => `(() => { const i = ${input}; i.value = ${JSON.stringify(text)}; i.dispatchEvent(new Event('input', { bubbles: true, composed: true })); })()`;
    const filters: number[] = [];
    for (const text of ['fire', 'chrome', 'edge', 'opera']) {
      filters.push(await timed(page, type(text)));
      filters.push(await timed(page, type('')));
    }
    const expected = records.filter((r) => [r.date, r.username, r.url, r.ip, r.country, r.browser, r.status].join('\u0001').toLowerCase().includes('opera')).length;
    await timed(page, type('opera'));
    await waitForViewCount(page, expected);
    await timed(page, type(''));

    // Sort: click headers (first sort of a column included), median over the columns.
    const click = (label: string): string => `[...document.querySelectorAll('[role=columnheader]')].find((h) => h.textContent === ${JSON.stringify(label)}).click()`;
    const sorts: number[] = [];
    for (const label of ['Username', 'URL', 'IP', 'Country', 'Date']) sorts.push(await timed(page, click(label)));
    const sorted = await evaluate<string>(page, `document.querySelector('[role=columnheader][aria-sort="ascending"]')?.textContent`);
    if (sorted !== 'Date') throw new Error(`sorted by ${sorted}`);

    const session = await page.context().newCDPSession(page);
    await session.send('HeapProfiler.collectGarbage');
    const heap = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };

    console.log(`panel.first_rows: ${Math.round(firstRows)} ms`);
    console.log(`panel.filter: ${Math.round(median(filters))} ms`);
    console.log(`panel.sort: ${Math.round(median(sorts))} ms`);
    console.log(`panel.heap: ${(heap.usedSize / 1024 / 1024).toFixed(1)} MB`);
    if (host.errors.length > 0) throw new Error(`page errors: ${host.errors.join('; ')}`);
    await page.close();
  } finally {
    await harness.close();
  }
}
