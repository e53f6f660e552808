// One suite in one fresh window: reference service, code-server session, the suite in the
// extension host, results read back, everything stopped and removed (logs kept on failure).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TestPayload, WindowTarget } from './browser';
import { runInExtensionHost } from './extensionHost';
import type { Toolchain } from './install';
import { repoRoot, resultsDir } from './paths';
import { startTestService } from './referenceService';
import type { TestService } from './referenceService';
import { RESULTS_ENV } from './results';
import { openSession } from './session';
import type { SessionOptions } from './session';
import { layerFromResults, withProblem } from './summary';
import type { LayerResult } from './summary';

export interface HostSuiteOptions {
  /** Shown in the summary, e.g. "integration:folder". */
  readonly layer: string;
  readonly toolchain: Toolchain;
  readonly session: Omit<SessionOptions, 'label' | 'toolchain'>;
  /** The window to open, given the copied fixture folder (if any). */
  readonly target: (workspace: string | undefined) => WindowTarget;
  /** The tests module (exports run()), compiled. */
  readonly extensionTestsPath: string;
  /** Omitted for the installed .vsix. */
  readonly extensionDevelopmentPath?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** The reference service for the suite (default: the demo configuration). */
  readonly service?: () => Promise<TestService>;
}

export async function runHostSuite(options: HostSuiteOptions): Promise<LayerResult> {
  const label = options.layer.replace(/[^a-z0-9-]+/gi, '-');
  const started = Date.now();
  let service: Awaited<ReturnType<typeof startTestService>> | undefined;
  try {
    service = await (options.service ?? startTestService)();
    const session = await openSession({ ...options.session, label, toolchain: options.toolchain });
    let ok = false;
    try {
      const resultsFile = path.join(session.run.root, 'results.json');
      fs.mkdirSync(resultsDir, { recursive: true });
      const payload: TestPayload = {
        ...(options.extensionDevelopmentPath ? { extensionDevelopmentPath: options.extensionDevelopmentPath } : {}),
        extensionTestsPath: options.extensionTestsPath,
        extensionEnvironment: { ...options.env, [RESULTS_ENV]: resultsFile, LEAK_SEARCH_TEST_REPO: repoRoot, ...service.env },
      };
      const outcome = await runInExtensionHost({
        label: options.layer,
        toolchain: options.toolchain,
        run: session.run,
        server: session.server,
        target: options.target(session.workspace),
        payload,
        resultsFile,
        timeoutMs: options.timeoutMs,
        failureScreenshot: path.join(resultsDir, `${label}-failure.png`),
      });
      const elapsed = Date.now() - started;
      let result: LayerResult;
      if (outcome.problem !== undefined || outcome.results === undefined) {
        result = withProblem(options.layer, outcome.results, outcome.problem ?? 'the suite wrote no results', elapsed);
      } else if (outcome.exitCode !== 0 && outcome.results.failed === 0) {
        result = withProblem(options.layer, outcome.results, `the extension host exited with ${outcome.exitCode}`, elapsed);
      } else {
        result = layerFromResults(options.layer, outcome.results, elapsed);
      }
      ok = result.failed === 0;
      return result;
    } finally {
      const kept = await session.close(!ok);
      if (kept) console.log(`  logs kept in ${path.relative(repoRoot, kept)}`);
    }
  } catch (error) {
    return withProblem(options.layer, undefined, error instanceof Error ? error.message : String(error), Date.now() - started);
  } finally {
    await service?.service.close();
  }
}
