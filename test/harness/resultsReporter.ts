// A mocha reporter: the usual spec output, plus a SuiteResults JSON file at the path in
// LEAK_SEARCH_TEST_RESULTS. Used in the extension host and by the plain-Node layers
// (through mochaReporter.ts, the module shape `mocha --reporter <file>` needs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { RESULTS_ENV } from './results';
import type { SuiteResults, TestFailure, TestOutcome } from './results';

const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_RUN_END } = Mocha.Runner.constants;

export class ResultsReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const tests: TestOutcome[] = [];
    const failures: TestFailure[] = [];
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
      tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 });
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, error: Error) => {
      // A failing hook counts as one failure titled after the hook.
      tests.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0 });
      failures.push({ title: test.fullTitle(), message: error?.message ?? String(error) });
    });
    runner.once(EVENT_RUN_END, () => {
      const passed = tests.filter((t) => t.state === 'passed').length;
      writeResults({ passed, failed: failures.length, failures, tests });
    });
  }
}

export function writeResults(results: SuiteResults): void {
  const file = process.env[RESULTS_ENV];
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
}
