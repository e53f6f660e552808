// The results panel passes axe-core's WCAG 2.0/2.1 A and AA rules and its best practices, in
// the dark, light and high-contrast themes, as it opens and after a user reveals a password,
// groups the records, scrolls down and opens a group.
// axe is evaluated over the DevTools protocol, which the panel's CSP does not govern, so the
// page is audited under the same policy it runs with. Saves a screenshot per theme to
// test-results/webview/.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { accountsEntry, generateAccounts } from './dataset';
import { choose, evaluate, openPanel, until, useHarness, waitForViewCount } from './harness';
import type { ThemeName } from './themes';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the panel is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/** Runs axe over the whole page and returns its violations (axe is injected on first use). */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await evaluate<boolean>(page, 'typeof window.axe === "object"'))) await page.evaluate(AXE);
  return evaluate<Violation[]>(
    page,
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
      .then((results) => results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      })))`,
  );
}

/** One line per violation and one per element it names, to read in a failure. */
function report(violations: readonly Violation[]): string {
  return violations
    .map((v) => [`${v.id} (${v.impact ?? 'no impact'}): ${v.help}`, ...v.nodes.map((n) => `    ${JSON.stringify(n.target)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`)].join('\n'))
    .join('\n');
}

async function assertAccessible(page: Page, state: string): Promise<void> {
  const violations = await audit(page);
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) ${state}:\n${report(violations)}`);
}

describe('results panel accessibility (axe-core)', function () {
  this.timeout(60_000);
  const harness = useHarness();
  before(() => {
    mkdirSync(path.join(ROOT, 'test-results', 'webview'), { recursive: true });
  });

  // Enough records for every chart, drop-down and a table taller than its viewport; some new
  // since the previous check and some triaged, so the "only new" box and the Triage column show.
  const records = generateAccounts(400, 34);
  const options = {
    entry: accountsEntry(records),
    fresh: { rows: [0, 5, 17, 42], since: Date.UTC(2025, 4, 1) },
    // Every third record decided: many single-login machines read as decided in their group row.
    triage: { rows: Object.fromEntries(records.flatMap((_, row) => (row % 3 === 0 ? [[row, row % 2 === 0 ? 'remediated' : 'false-positive'] as const] : []))), decide: 'acknowledged' },
  } as const;

  for (const theme of ['dark', 'light', 'high-contrast'] as ThemeName[]) {
    it(`has no violations in the ${theme} theme: opened, a password revealed, grouped and scrolled`, async () => {
      const host = await openPanel(harness, { ...options, theme });
      const page = host.page;
      await waitForViewCount(page, records.length);
      await until(page, `document.querySelectorAll('.chart svg').length === 4 && document.querySelector('#grouping') !== null`);
      await assertAccessible(page, `as opened in the ${theme} theme`);

      // A password revealed, the active cell moved off it: the revealed text on a plain row.
      await page.locator('.grid-body .grid-row[data-index="0"] .grid-cell.secret').click();
      await until(page, `document.querySelector('.grid-body .grid-row[data-index="0"] .grid-cell.secret.revealed') !== null`);
      await page.keyboard.press('ArrowLeft');
      await assertAccessible(page, `with a password revealed in the ${theme} theme`);
      await page.screenshot({ path: path.join(ROOT, 'test-results', 'webview', `accessibility-${theme}.png`) });

      // Grouped by machine, down to the last group by keyboard (the single logins, where decided
      // groups say so in their quieter text), that group opened.
      await choose(page, 'grouping', 'machine');
      await until(page, `document.querySelector('.grid-body .grid-group') !== null && document.getElementById('app').dataset.ready === 'true'`);
      await page.focus('[role=grid]');
      await page.keyboard.press('Control+End');
      const activeExpanded = (value: string): string => `(() => {
        const grid = document.querySelector('[role=grid]');
        const cell = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
        return document.querySelector('.grid-scroll').scrollTop > 0 && cell?.getAttribute('aria-expanded') === '${value}' && document.getElementById('app').dataset.ready === 'true';
      })()`;
      // Enter opens the group once its row has arrived.
      await until(page, activeExpanded('false'));
      await page.keyboard.press('Enter');
      await until(page, activeExpanded('true'));
      await until(page, `document.querySelector('.grid-body .grid-pending') === null && document.querySelector('.group-triage:not(:empty)') !== null`);
      await assertAccessible(page, `grouped by machine, scrolled and a group opened in the ${theme} theme`);
      await page.screenshot({ path: path.join(ROOT, 'test-results', 'webview', `accessibility-${theme}-grouped.png`) });

      assert.deepEqual(host.errors, []);
      assert.deepEqual(await evaluate(page, 'window.__cspViolations'), []);
      await page.close();
    });
  }
});
