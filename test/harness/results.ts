// The results file every layer writes, so the harness can add them up: the extension host
// writes it from test/integration/index.ts, plain-Node mocha layers through ResultsReporter.
import * as fs from 'node:fs';

export interface TestOutcome {
  readonly title: string;
  readonly state: 'passed' | 'failed';
  readonly durationMs: number;
}

export interface TestFailure {
  readonly title: string;
  readonly message: string;
}

export interface SuiteResults {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly TestFailure[];
  readonly tests: readonly TestOutcome[];
}

/** Logged by a suite's run() as it starts; the harness prints the extension host's console from here on. */
export const SUITE_START_MARKER = '[leak-search] suite started';

/** Environment variable naming the JSON file a suite writes its SuiteResults to. */
export const RESULTS_ENV = 'LEAK_SEARCH_TEST_RESULTS';

export function isSuiteResults(value: unknown): value is SuiteResults {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.passed === 'number' && typeof v.failed === 'number' && Array.isArray(v.failures) && Array.isArray(v.tests);
}

/** The results a suite wrote, or undefined when the file is missing, unreadable or not results. */
export function readResults(file: string): SuiteResults | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return isSuiteResults(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
