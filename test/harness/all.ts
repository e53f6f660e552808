// `npm test`: every layer, one after another, then one closing line "N passed, N failed".
//   node out/test/harness/all.js                 all layers
//   node out/test/harness/all.js unit ui         only these layers
//   node out/test/harness/all.js integration:no-folder   one integration run
// Layers: lint, typecheck, unit, webview, integration, ui, vsix. Exit code 1 on any failure.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runNpmCheck } from './checks';
import { listFiles } from './files';
import { HarnessSetupError, ensureToolchain } from './install';
import type { Toolchain } from './install';
import { runIntegrationLayer } from './integration';
import { runMochaLayer } from './mochaLayer';
import { repoRoot, resultsDir } from './paths';
import { missingDebianPackages, missingPackagesLine, needsCodeServerBuild, nodeProblem } from './prerequisites';
import { isRunName } from './runs';
import type { RunName } from './runs';
import { checkResult, printSummary, totals } from './summary';
import type { LayerResult } from './summary';
import { runVsixLayer } from './vsix';

const LAYERS = ['lint', 'typecheck', 'unit', 'webview', 'integration', 'ui', 'vsix'] as const;
type Layer = (typeof LAYERS)[number];

interface Selection {
  readonly layers: ReadonlySet<Layer>;
  readonly runs: readonly RunName[] | undefined;
}

function parseArgs(args: readonly string[]): Selection {
  if (args.length === 0) return { layers: new Set(LAYERS), runs: undefined };
  const layers = new Set<Layer>();
  const runs: RunName[] = [];
  for (const arg of args) {
    const [layer, run] = arg.split(':');
    if (!(LAYERS as readonly string[]).includes(layer ?? '')) throw new Error(`Unknown layer "${arg}"; layers: ${LAYERS.join(', ')}`);
    layers.add(layer as Layer);
    if (run !== undefined) {
      if (layer !== 'integration' || !isRunName(run)) throw new Error(`Unknown integration run "${arg}"`);
      runs.push(run);
    }
  }
  return { layers, runs: runs.length > 0 ? runs : undefined };
}

const compiledTests = (layer: string): string[] => listFiles(path.join(repoRoot, 'out', 'test', layer), '.test.js');

async function main(): Promise<number> {
  const started = Date.now();
  const selection = parseArgs(process.argv.slice(2));
  // A full run starts from an empty test-results/ so what is there belongs to this run.
  if (process.argv.length <= 2) fs.rmSync(resultsDir, { recursive: true, force: true });
  const results: LayerResult[] = [];
  const wants = (layer: Layer): boolean => selection.layers.has(layer);
  const problem = prerequisiteProblem(wants);
  if (problem !== undefined) {
    // Within the first second, not after minutes of lint and unit tests.
    console.error(`\n✗ ${problem}`);
    printSummary([checkResult('prerequisites', false, problem, Date.now() - started)], Date.now() - started);
    return 1;
  }

  if (wants('lint')) results.push(await runNpmCheck('lint', 'lint'));
  if (wants('typecheck')) results.push(await runNpmCheck('typecheck', 'typecheck'));
  if (wants('unit')) results.push(await runMochaLayer('unit', ['--config', 'test/unit/.mocharc.json']));
  if (wants('webview') && compiledTests('webview').length > 0) {
    results.push(await runMochaLayer('webview', ['--timeout', '20000', ...compiledTests('webview')]));
  }

  if (wants('integration') || wants('ui') || wants('vsix')) {
    let toolchain: Toolchain | undefined;
    const setupStarted = Date.now();
    try {
      toolchain = await ensureToolchain();
    } catch (error) {
      const message = error instanceof HarnessSetupError ? error.message : `toolchain setup failed: ${String(error)}`;
      console.error(`\n✗ ${message}`);
      results.push(checkResult('toolchain', false, message, Date.now() - setupStarted));
    }
    if (toolchain) {
      if (wants('integration')) results.push(...(await runIntegrationLayer(toolchain, selection.runs)));
      if (wants('ui') && compiledTests('ui').length > 0) {
        results.push(await runMochaLayer('ui', ['--timeout', '180000', ...compiledTests('ui')]));
      }
      if (wants('vsix')) results.push(...(await runVsixLayer(toolchain)));
    }
  }

  printSummary(results, Date.now() - started);
  return totals(results).failed > 0 || results.length === 0 ? 1 : 0;
}

/** What stops the selected layers before they start: an old Node, missing Debian packages. */
function prerequisiteProblem(wants: (layer: Layer) => boolean): string | undefined {
  const node = nodeProblem();
  if (node !== undefined) return node;
  const needsVsCode = wants('integration') || wants('ui') || wants('vsix');
  const missing = missingDebianPackages({ chromium: needsVsCode || wants('webview'), buildTools: needsVsCode && needsCodeServerBuild(), openssl: wants('unit') || wants('integration'), preCommit: wants('unit') });
  return missing.length > 0 ? missingPackagesLine(missing) : undefined;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
