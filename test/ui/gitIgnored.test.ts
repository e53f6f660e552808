// A git-ignored .env file as the user meets it: the workspace is a git repository that
// ignores `.env.local` and `build/`. The .env file holds a leaked password and is marked all
// the same (it is ignored because it holds secrets); the ordinary ignored file is skipped, and
// Scan Workspace says so with an "Include Them" button that scans it this once.
// Screenshots: test-results/gitignored-scan.png, test-results/gitignored-included.png.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_API_KEY, DEMO_KNOWN_RECORDS } from '../../service/demo';
import { repoRoot } from '../harness/paths';
import { useDemoWorkbench } from './demoWorkbench';
import { setKeyAndCheckDomain } from './journeys';

const WAIT = { timeout: 30_000 };
const ALICE = DEMO_KNOWN_RECORDS.accounts[0];

describe('Git-ignored secret files (UI)', () => {
  const ui = useDemoWorkbench({
    label: 'gitignored',
    domains: ['example.com'],
    prepare: (ws) => {
      // A repository before the window opens, so the git extension finds it at startup.
      execFileSync('git', ['init', '-q'], { cwd: ws });
      fs.writeFileSync(path.join(ws, '.gitignore'), '.env.local\nbuild/\n');
      fs.writeFileSync(path.join(ws, '.env.local'), `# local overrides, never committed\nDB_PASSWORD="${ALICE.password}"\n`);
      fs.mkdirSync(path.join(ws, 'build'));
      fs.writeFileSync(path.join(ws, 'build', 'owners.txt'), `owner: ${ALICE.username}\n`);
    },
  });

  it('marks the git-ignored .env file, reports the skipped file and includes it on request', async () => {
    const { page } = ui.wb;
    await setKeyAndCheckDomain(ui.wb, DEMO_API_KEY, 'example.com');

    await ui.wb.runCommand('Leak Search: Scan Workspace');
    const items = await ui.wb.showNotifications();
    const report = items.filter({ hasText: '1 git-ignored file skipped' }).first();
    await report.waitFor(WAIT);
    const files = Number(/leaked identifiers? in (\d+) files?/.exec(await report.innerText())?.[1]);
    assert.ok(files >= 1, 'leaked identifiers were found');
    const include = report.locator('.monaco-button', { hasText: 'Include Them' });
    await include.waitFor(WAIT);

    await page.keyboard.press('Control+Shift+M');
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ state: 'visible', ...WAIT });
    await problems.locator('.monaco-list-row', { hasText: '.env.local' }).first().waitFor(WAIT);
    await problems.locator('.monaco-list-row', { hasText: `A password leaked for ${ALICE.username}` }).first().waitFor(WAIT);
    assert.equal(await problems.locator('.monaco-list-row', { hasText: 'owners.txt' }).count(), 0, 'the ordinary git-ignored file is skipped');
    const shot = await ui.wb.screenshot('gitignored-scan');

    await include.click();
    await problems.locator('.monaco-list-row', { hasText: 'owners.txt' }).first().waitFor(WAIT);
    const again = await ui.wb.showNotifications();
    await again.filter({ hasText: new RegExp(`leaked identifiers in ${files + 1} files \\(`) }).first().waitFor(WAIT);
    const included = await ui.wb.screenshot('gitignored-included');
    console.log(`      screenshots ${path.relative(repoRoot, shot)}, ${path.relative(repoRoot, included)}`);
  });
});
