// Runs a mocha suite inside code-server's Node extension host: opens the workbench in
// chromium with the test payload and waits for the extension host to report its exit code
// through codeAutomationExit. Its console arrives through codeAutomationLog and is printed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { launchChromium, workbenchUrl } from './browser';
import type { TestPayload, WindowTarget } from './browser';
import type { CodeServer } from './codeServer';
import type { Toolchain } from './install';
import { SUITE_START_MARKER, readResults } from './results';
import type { SuiteResults } from './results';
import type { RunDir } from './runDir';

export interface HostRunOptions {
  readonly label: string;
  readonly toolchain: Toolchain;
  readonly run: RunDir;
  readonly server: CodeServer;
  readonly target: WindowTarget;
  readonly payload: TestPayload;
  /** Where the suite writes its SuiteResults (passed to it as LEAK_SEARCH_TEST_RESULTS). */
  readonly resultsFile: string;
  readonly timeoutMs: number;
  /** The suite must log SUITE_START_MARKER within this time (default 90 s). */
  readonly startTimeoutMs?: number;
  /** On failure, a screenshot of the window is saved here. */
  readonly failureScreenshot?: string;
}

export interface HostRunOutcome {
  /** The extension host's exit code, or undefined when it never reported one (timeout). */
  readonly exitCode: number | undefined;
  readonly results: SuiteResults | undefined;
  readonly durationMs: number;
  /** Why the run failed without results (timeout, page error…). */
  readonly problem?: string;
}

export async function runInExtensionHost(options: HostRunOptions): Promise<HostRunOutcome> {
  const started = Date.now();
  const browser = await launchChromium(options.toolchain.chromium, options.run.env);
  let workbenchLog: number | undefined;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let resolveExit: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (resolveExit = resolve));
    // The workbench's console arrives here too; until the suite starts it only goes to the
    // log file (kept on failure), afterwards everything but known harmless noise is printed.
    workbenchLog = fs.openSync(path.join(options.run.root, 'workbench.log'), 'a');
    let suiteStarted = false;
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      if (workbenchLog !== undefined) fs.writeSync(workbenchLog, `[${type}] ${text}\n`);
      if (text.includes(SUITE_START_MARKER)) suiteStarted = true;
      else if (suiteStarted && !NOISE.test(text)) (type === 'error' ? process.stderr : process.stdout).write(indent(text) + '\n');
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(workbenchUrl(options.server.url, options.server.authority, options.target, options.payload));
    const timers: NodeJS.Timeout[] = [];
    const deadline = new Promise<'timeout' | 'not-started'>((resolve) => {
      timers.push(setTimeout(() => resolve('timeout'), options.timeoutMs));
      timers.push(setTimeout(() => suiteStarted || resolve('not-started'), Math.min(options.startTimeoutMs ?? 90_000, options.timeoutMs)));
    });
    const code = await Promise.race([exit, deadline]);
    for (const timer of timers) clearTimeout(timer);
    const results = readResults(options.resultsFile);
    const failed = code !== 0 || results === undefined || results.failed > 0;
    if (failed && options.failureScreenshot) await page.screenshot({ path: options.failureScreenshot }).catch(() => undefined);
    if (code === 'timeout' || code === 'not-started') {
      const what =
        code === 'timeout'
          ? `the extension host did not finish within ${options.timeoutMs} ms`
          : `the suite did not start within ${options.startTimeoutMs ?? 90_000} ms (workbench or extension host stuck, or the test payload was ignored)`;
      const errors = pageErrors.length ? ` (page errors: ${pageErrors.slice(0, 3).join(' | ')})` : '';
      return { exitCode: undefined, results, durationMs: Date.now() - started, problem: `${options.label}: timeout: ${what}${errors}` };
    }
    const problem = results === undefined ? `${options.label}: the suite wrote no results (exit code ${code})` : undefined;
    return { exitCode: code, results, durationMs: Date.now() - started, ...(problem ? { problem } : {}) };
  } finally {
    await browser.close().catch(() => undefined);
    const fd = workbenchLog;
    workbenchLog = undefined;
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Workbench messages that are expected offline and say nothing about the tests. */
const NOISE = /ENOTFOUND|open-vsx|AgentHost|AccountPolicyGate|authentication provider|Creating a socket|connection token|grace-time|Service Worker|builtin extensions cache/;

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
