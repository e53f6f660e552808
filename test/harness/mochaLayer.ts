// Runs a plain-Node mocha layer in its own process (unit, webview, UI, .vsix contents) with
// the results reporter, and reads back what it reported.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './exec';
import { repoRoot } from './paths';
import { RESULTS_ENV, isSuiteResults } from './results';
import { layerFromResults, withProblem } from './summary';
import type { LayerResult } from './summary';

export async function runMochaLayer(layer: string, mochaArgs: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<LayerResult> {
  console.log(`\n▶ ${layer}`);
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-results-'));
  const resultsFile = path.join(dir, 'results.json');
  try {
    const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const reporter = path.join(repoRoot, 'out', 'test', 'harness', 'mochaReporter.js');
    const code = await run(process.execPath, [mocha, ...mochaArgs, '--reporter', reporter], {
      cwd: repoRoot,
      env: { ...process.env, ...env, [RESULTS_ENV]: resultsFile },
    });
    const durationMs = Date.now() - started;
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    } catch {
      parsed = undefined;
    }
    if (!isSuiteResults(parsed)) return withProblem(layer, undefined, `mocha exited with ${code} and reported no results`, durationMs);
    if (code !== 0 && parsed.failed === 0) return withProblem(layer, parsed, `mocha exited with ${code}`, durationMs);
    return layerFromResults(layer, parsed, durationMs);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
