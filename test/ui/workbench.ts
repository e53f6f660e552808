// The helper UI tests share: a fresh code-server with the extension under development
// (payload extensionDevelopmentPath) and the reference service, opened in Debian's chromium.
//
//   const wb = await openWorkbench({ label: 'palette' });
//   await wb.runCommand('Leak Search: Check Domain for Leaks');
//   const list = await wb.showNotifications();
//   await wb.screenshot('palette');          // -> test-results/palette.png
//   await wb.close();                        // stops the server, deletes the run folder
//
// Waits are on the DOM with deadlines, never fixed sleeps.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, workbenchUrl } from '../harness/browser';
import { ensureToolchain } from '../harness/install';
import { repoRoot, resultsDir } from '../harness/paths';
import { startTestService } from '../harness/referenceService';
import type { TestService } from '../harness/referenceService';
import { openSession } from '../harness/session';
import type { Session } from '../harness/session';

export interface WorkbenchOptions {
  /** Names the run folder and the kept logs (test-results/ui-<label>/). */
  readonly label: string;
  /** A folder under test/fixtures/ to open; `null` opens an empty window. Default "workspace". */
  readonly fixture?: string | null;
  /** VS Code user settings for this window. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Extra environment for the extension host (LEAK_SEARCH_TEST_BASE_URL/API_KEY are always set). */
  readonly env?: Readonly<Record<string, string>>;
  readonly workspaceTrust?: boolean;
  /** Runs on the workspace copy before the window opens (e.g. `git init`, so the git extension finds it at startup). */
  readonly prepare?: (workspace: string) => void;
  /** A packaged .vsix to install and run instead of this checkout (no development path). */
  readonly vsix?: string;
  /** Accept any https certificate: pages load from a stand-in host with the test CA's (test/harness/imageHost.ts). */
  readonly acceptTestCertificates?: boolean;
}

export interface Workbench {
  readonly page: Page;
  readonly session: Session;
  /** The reference service the extension host was pointed at (its key is in service.env; never print it). */
  readonly service: TestService;
  /** Opens the command palette (F1) and returns its input. */
  openCommandPalette(): Promise<Locator>;
  /** Runs a command by its palette title, e.g. "Leak Search: Check Domain for Leaks". */
  runCommand(title: string): Promise<void>;
  /** Types `query` into the palette and waits for the row showing `text` (reopening while it is not there yet). */
  findInPalette(query: string, text: string): Promise<Locator>;
  /** Opens the Notifications center (headless toasts land there) and returns its list. */
  showNotifications(): Promise<Locator>;
  /** Saves test-results/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Stops everything; keep=true keeps the logs under test-results/ (pass true when a test failed). */
  close(keep?: boolean): Promise<void>;
}

const UI_TIMEOUT_MS = 30_000;
/** Evaluated in the page: the quick input shows the command palette (its value starts with ">"). */
const PALETTE_OPEN = `(() => { const input = document.querySelector('.quick-input-widget input'); return !!input && input.type !== 'password' && input.value.startsWith('>') && input.offsetParent !== null; })()`;

export async function openWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  const toolchain = await ensureToolchain();
  const service = await startTestService();
  let session: Session | undefined;
  let browser: Browser | undefined;
  try {
    const fixture = options.fixture === undefined ? 'workspace' : options.fixture;
    session = await openSession({
      label: `ui-${options.label}`,
      toolchain,
      ...(fixture ? { fixture } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
      ...(options.vsix ? { vsix: options.vsix } : {}),
    });
    if (options.prepare && session.workspace) options.prepare(session.workspace);
    browser = await launchChromium(toolchain.chromium, session.run.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...(options.acceptTestCertificates ? { ignoreHTTPSErrors: true } : {}) });
    const target = session.workspace ? { folder: session.workspace } : { empty: true as const };
    await page.goto(
      workbenchUrl(session.server.url, session.server.authority, target, {
        ...(options.vsix ? {} : { extensionDevelopmentPath: repoRoot }),
        extensionEnvironment: { ...options.env, ...service.env },
      }),
    );
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.statusbar').waitFor({ timeout: 60_000 });
    return createWorkbench(page, browser, session, service);
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await session?.close(true);
    await service.service.close();
    throw error;
  }
}

function createWorkbench(page: Page, browser: Browser, session: Session, service: TestService): Workbench {
  const paletteInput = page.locator('.quick-input-widget input');

  /** The palette itself, never another quick input (F1 replaces an input box or pick left open). */
  const openCommandPalette = async (): Promise<Locator> => {
    const isPalette = async (): Promise<boolean> =>
      (await paletteInput.isVisible()) &&
      (await paletteInput.getAttribute('type')) !== 'password' &&
      (await paletteInput.inputValue()).startsWith('>');
    if (await isPalette()) return paletteInput;
    await page.keyboard.press('F1');
    await page.waitForFunction(PALETTE_OPEN, undefined, { timeout: UI_TIMEOUT_MS });
    return paletteInput;
  };

  /**
   * Types `query` into the palette and returns the row showing `text`. The palette computes its
   * list when it opens, so a command registered a moment later needs a reopen; and a webview
   * taking its focus back a moment after a dialog closes closes the palette it meets (the
   * export test saw the input go inert, then hidden): both retried until the deadline.
   */
  const findInPalette = async (query: string, text: string): Promise<Locator> => {
    const deadline = Date.now() + UI_TIMEOUT_MS;
    const step = (): number => Math.min(5_000, Math.max(1, deadline - Date.now()));
    for (;;) {
      try {
        const input = await openCommandPalette();
        await input.fill(`>${query}`, { timeout: step() });
        const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
        await row.waitFor({ timeout: step() });
        return row;
      } catch (error) {
        if (Date.now() >= deadline) throw new Error(`"${text}" is not in the command palette (query "${query}")`, { cause: error });
        if (await paletteInput.isVisible()) await page.keyboard.press('Escape');
        await paletteInput.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      }
    }
  };

  return {
    page,
    session,
    service,
    openCommandPalette,
    async runCommand(title: string): Promise<void> {
      const row = await findInPalette(title, title);
      await row.click();
      await paletteInput.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS }).catch(() => undefined);
    },
    findInPalette,
    async showNotifications(): Promise<Locator> {
      const center = page.locator('.notifications-center');
      if (!(await center.isVisible())) await this.runCommand('Notifications: Show Notifications');
      await center.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      return center.locator('.notification-list-item');
    },
    async screenshot(name: string): Promise<string> {
      fs.mkdirSync(resultsDir, { recursive: true });
      const file = path.join(resultsDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close(keep = false): Promise<void> {
      await browser.close().catch(() => undefined);
      const kept = await session.close(keep);
      if (kept) console.log(`      logs kept in ${path.relative(repoRoot, kept)}`);
      await service.service.close();
    },
  };
}
