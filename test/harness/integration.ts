// The integration layer: every run of runs.ts that has test files, each in a fresh
// code-server window with the extension under development, the reference service, and
// test/integration/index.ts selecting the run's files.
import * as path from 'node:path';
import type { WindowTarget } from './browser';
import { listFiles } from './files';
import { runHostSuite } from './hostSuite';
import type { Toolchain } from './install';
import { repoRoot } from './paths';
import { GREP_ENV, RUNS, RUN_ENV, runOfTestFile } from './runs';
import { startScaleService } from './scaleService';
import type { RunName, RunSpec } from './runs';
import { withProblem } from './summary';
import type { LayerResult } from './summary';
import { networkRunProblem, prepareNetworkRun } from './networkRun';
import type { NetworkRun } from './networkRun';

const integrationOut = path.join(repoRoot, 'out', 'test', 'integration');
/** Per run: room for a window to start on a slow machine; each test has its own 20 s timeout. */
const RUN_TIMEOUT_MS = Number(process.env.LEAK_SEARCH_RUN_TIMEOUT_MS ?? 180_000);

export function testFilesOf(run: RunName): string[] {
  return listFiles(integrationOut, '.test.js').filter((file) => runOfTestFile(path.basename(file)) === run);
}

export async function runIntegrationLayer(toolchain: Toolchain, only?: readonly RunName[]): Promise<LayerResult[]> {
  const layers: LayerResult[] = [];
  for (const spec of RUNS) {
    if (only && !only.includes(spec.name)) continue;
    const files = testFilesOf(spec.name);
    console.log(`\n▶ integration:${spec.name} — ${files.length === 0 ? 'no test files, skipped' : `${files.length} file(s)`}`);
    if (files.length === 0) continue;
    layers.push(spec.network === true ? await runNetworkSuite(toolchain, spec) : await runSuite(toolchain, spec));
  }
  return layers;
}

function runSuite(toolchain: Toolchain, spec: RunSpec, extra: { binds?: NetworkRun['binds']; env?: NetworkRun['env'] } = {}): Promise<LayerResult> {
  return runHostSuite({
    layer: `integration:${spec.name}`,
    toolchain,
    session: { workspaceTrust: spec.workspaceTrust, ...(spec.fixture ? { fixture: spec.fixture } : {}), ...(extra.binds ? { binds: extra.binds } : {}), ...(spec.settings ? { settings: spec.settings } : {}) },
    target: (workspace) => windowTarget(spec, workspace),
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: path.join(integrationOut, 'index.js'),
    env: { [RUN_ENV]: spec.name, ...(process.env[GREP_ENV] ? { [GREP_ENV]: process.env[GREP_ENV] } : {}), ...extra.env },
    timeoutMs: spec.timeoutMs ?? RUN_TIMEOUT_MS,
    ...(spec.service === 'scale' ? { service: startScaleService } : {}),
  });
}

/** The network run: a made-up corporate network around the server (networkRun.ts). */
async function runNetworkSuite(toolchain: Toolchain, spec: RunSpec): Promise<LayerResult> {
  const layer = `integration:${spec.name}`;
  const problem = networkRunProblem();
  if (problem !== undefined) return withProblem(layer, undefined, problem, 0);
  const network = prepareNetworkRun();
  try {
    const result = await runSuite(toolchain, spec, { binds: network.binds, env: network.env });
    const changed = network.changedSystemFiles();
    return changed === undefined ? result : withProblem(layer, undefined, changed, result.durationMs);
  } finally {
    network.remove();
  }
}

function windowTarget(spec: RunSpec, workspace: string | undefined): WindowTarget {
  if (spec.window === 'empty' || workspace === undefined) return { empty: true };
  if (spec.window === 'workspace') return { workspace: path.join(workspace, spec.workspaceFile ?? '') };
  return { folder: workspace };
}
