// Adds up what every layer reported and prints the closing line.
import type { SuiteResults, TestFailure, TestOutcome } from './results';

export interface LayerResult {
  readonly layer: string;
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly TestFailure[];
  readonly tests: readonly TestOutcome[];
  readonly durationMs: number;
}

export function layerFromResults(layer: string, results: SuiteResults, durationMs: number): LayerResult {
  return { layer, passed: results.passed, failed: results.failed, failures: results.failures, tests: results.tests, durationMs };
}

/** A check that counts as one test (lint, typecheck, packaging). */
export function checkResult(layer: string, ok: boolean, message: string, durationMs: number): LayerResult {
  const tests: TestOutcome[] = [{ title: layer, state: ok ? 'passed' : 'failed', durationMs }];
  return { layer, passed: ok ? 1 : 0, failed: ok ? 0 : 1, failures: ok ? [] : [{ title: layer, message }], tests, durationMs };
}

/** Results plus a failure for a problem outside the tests (crash, timeout, missing results). */
export function withProblem(layer: string, results: SuiteResults | undefined, problem: string, durationMs: number): LayerResult {
  const base = results ?? { passed: 0, failed: 0, failures: [], tests: [] };
  return {
    layer,
    passed: base.passed,
    failed: base.failed + 1,
    failures: [...base.failures, { title: `${layer} (harness)`, message: problem }],
    tests: base.tests,
    durationMs,
  };
}

export function totals(layers: readonly LayerResult[]): { passed: number; failed: number } {
  return layers.reduce((sum, l) => ({ passed: sum.passed + l.passed, failed: sum.failed + l.failed }), { passed: 0, failed: 0 });
}

/** Prints a table of layers, every failure, the slowest tests, and last the closing line. */
export function printSummary(layers: readonly LayerResult[], wallMs: number): void {
  const out = (line = ''): void => void process.stdout.write(line + '\n');
  out();
  out('── summary ' + '─'.repeat(60));
  for (const l of layers) {
    out(`${l.failed > 0 ? '✗' : '✓'} ${l.layer.padEnd(28)} ${String(l.passed).padStart(4)} passed ${String(l.failed).padStart(3)} failed  ${seconds(l.durationMs)}`);
  }
  const failures = layers.flatMap((l) => l.failures.map((f) => ({ layer: l.layer, ...f })));
  if (failures.length > 0) {
    out();
    out('Failures:');
    for (const f of failures) out(`  [${f.layer}] ${f.title}\n      ${f.message.split('\n').slice(0, 6).join('\n      ')}`);
  }
  const slowest = layers
    .flatMap((l) => l.tests.filter((t) => t.title !== l.layer).map((t) => ({ layer: l.layer, ...t })))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 3);
  if (slowest.length > 0) {
    out();
    out('Slowest tests:');
    for (const t of slowest) out(`  ${seconds(t.durationMs).padStart(7)}  [${t.layer}] ${t.title}`);
  }
  const { passed, failed } = totals(layers);
  out();
  out(`wall time ${seconds(wallMs)}`);
  out(`${passed} passed, ${failed} failed`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
