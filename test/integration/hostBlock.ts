// How long the extension host's main thread was blocked during an action: the longest
// event-loop delay `perf_hooks.monitorEventLoopDelay` saw meanwhile (what every other
// extension and editor feature waited). Figures go to the file named by
// LEAK_SEARCH_BENCH_FIGURES, one `name: value unit` a line, for the host bench
// (test/bench/host.bench.ts); without it they are only logged.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const FIGURES_ENV = 'LEAK_SEARCH_BENCH_FIGURES';

export interface Measured<T> {
  readonly value: T;
  /** Longest event-loop delay, ms. */
  readonly blockMs: number;
  /** Wall time of the action, ms. */
  readonly ms: number;
}

export async function measured<T>(action: () => Promise<T>): Promise<Measured<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const t0 = performance.now();
  try {
    const value = await action();
    const ms = performance.now() - t0;
    histogram.disable();
    return { value, blockMs: histogram.max / 1e6, ms };
  } finally {
    histogram.disable();
  }
}

export function recordFigure(name: string, value: number, unit: string): void {
  const line = `${name}: ${value.toFixed(unit === 's' ? 2 : 1)} ${unit}`;
  console.log(`  ${line}`);
  const file = process.env[FIGURES_ENV];
  if (file) appendFileSync(file, `${line}\n`);
}
