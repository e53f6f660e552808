// Runs a plain-Node mocha layer in its own process group (unit, webview, UI, .vsix contents)
// with the results reporter, and reads back what it reported. A layer whose process does not
// exit soon after its tests finished (a test left a server, socket or timer open) is stopped
// and reported as a failure, instead of hanging `npm test`.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onAbort } from './cleanup';
import { repoRoot } from './paths';
import { RESULTS_ENV, readResults } from './results';
import { layerFromResults, withProblem } from './summary';
import type { LayerResult } from './summary';

/** How long a layer may keep running after its results were written. */
const EXIT_GRACE_MS = 10_000;
/** The whole layer, however many tests it has. */
const LAYER_TIMEOUT_MS = Number(process.env.LEAK_SEARCH_LAYER_TIMEOUT_MS ?? 15 * 60_000);

type Ending = { readonly kind: 'exit'; readonly code: number } | { readonly kind: 'hung' } | { readonly kind: 'timeout' };

export async function runMochaLayer(layer: string, mochaArgs: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<LayerResult> {
  console.log(`\n▶ ${layer}`);
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-results-'));
  const resultsFile = path.join(dir, 'results.json');
  const releaseDir = onAbort(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const reporter = path.join(repoRoot, 'out', 'test', 'harness', 'mochaReporter.js');
    const ending = await runUntilDone(process.execPath, [mocha, ...mochaArgs, '--reporter', reporter], { ...env, [RESULTS_ENV]: resultsFile }, resultsFile);
    const durationMs = Date.now() - started;
    const results = readResults(resultsFile);
    if (ending.kind === 'hung') {
      return withProblem(layer, results, `mocha did not exit within ${EXIT_GRACE_MS / 1000} s after its tests finished: a test leaves a server, socket or timer open`, durationMs);
    }
    if (ending.kind === 'timeout') return withProblem(layer, results, `timeout: the layer did not finish within ${LAYER_TIMEOUT_MS / 1000} s`, durationMs);
    if (results === undefined) return withProblem(layer, undefined, `mocha exited with ${ending.code} and reported no results`, durationMs);
    if (ending.code !== 0 && results.failed === 0) return withProblem(layer, results, `mocha exited with ${ending.code}`, durationMs);
    return layerFromResults(layer, results, durationMs);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    releaseDir();
  }
}

function runUntilDone(command: string, args: readonly string[], env: Readonly<Record<string, string>>, resultsFile: string): Promise<Ending> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    // SIGTERM first, so the layer's own cleanup (code-server groups of UI tests) runs; then SIGKILL.
    const stopGroup = (): void => {
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), 3000).unref();
    };
    const release = onAbort(() => signalGroup('SIGTERM'));
    let finishedAt: number | undefined;
    const deadline = Date.now() + LAYER_TIMEOUT_MS;
    const poll = setInterval(() => {
      if (finishedAt === undefined && fs.existsSync(resultsFile)) finishedAt = Date.now();
      if (finishedAt !== undefined && Date.now() - finishedAt > EXIT_GRACE_MS) settle({ kind: 'hung' });
      else if (Date.now() > deadline) settle({ kind: 'timeout' });
    }, 250);
    let settled = false;
    const settle = (ending: Ending): void => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      release();
      if (ending.kind !== 'exit') stopGroup();
      resolve(ending);
    };
    child.on('error', () => settle({ kind: 'exit', code: 127 }));
    child.on('close', (code, signal) => {
      stopGroup(); // anything the tests spawned and left behind
      settle({ kind: 'exit', code: code ?? (signal ? 128 : 1) });
    });
  });
}
