// Debian's chromium, driven by playwright-core, hosts the code-server workbench.
// playwright-core never downloads a browser; we always pass the executable.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Launches headless Chromium with a home folder of its own (removed when it closes): Chromium
 * writes crash reports and dconf/fontconfig caches under HOME and the XDG folders, which must
 * never be the user's.
 */
export async function launchChromium(executablePath: string, env: Readonly<Record<string, string>>): Promise<Browser> {
  const home = fs.mkdtempSync(path.join(env.TMPDIR ?? os.tmpdir(), 'ls-chromium-'));
  const remove = (): void => fs.rmSync(home, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  const isolated = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
  };
  try {
    const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS], env: { ...process.env, ...env, ...isolated } });
    browser.once('disconnected', remove);
    return browser;
  } catch (error) {
    remove();
    throw error;
  }
}

/** What the window opens: a folder, a .code-workspace file, or nothing. */
export type WindowTarget = { readonly folder: string } | { readonly workspace: string } | { readonly empty: true };

/** The test `payload` the workbench hands to the extension host (needs enable-smoke-test-driver). */
export interface TestPayload {
  readonly extensionDevelopmentPath?: string;
  readonly extensionTestsPath?: string;
  readonly extensionEnvironment?: Readonly<Record<string, string>>;
}

export function workbenchUrl(serverUrl: string, authority: string, target: WindowTarget, payload: TestPayload = {}): string {
  const remote = (file: string): string => `vscode-remote://${authority}${file}`;
  const entries: [string, string][] = [['skipWelcome', 'true']];
  if (payload.extensionDevelopmentPath) entries.push(['extensionDevelopmentPath', remote(payload.extensionDevelopmentPath)]);
  if (payload.extensionTestsPath) entries.push(['extensionTestsPath', remote(payload.extensionTestsPath)]);
  if (payload.extensionEnvironment) entries.push(['extensionEnvironment', JSON.stringify(payload.extensionEnvironment)]);
  const query = new URLSearchParams();
  if ('folder' in target) query.set('folder', target.folder);
  else if ('workspace' in target) query.set('workspace', target.workspace);
  else query.set('ew', 'true');
  query.set('payload', JSON.stringify(entries));
  return `${serverUrl}?${query.toString()}`;
}
