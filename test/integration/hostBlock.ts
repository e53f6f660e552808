// How long the extension host's main thread was blocked during an action: the longest
// event-loop delay `perf_hooks.monitorEventLoopDelay` saw meanwhile (what every other
// extension and editor feature waited). Figures go to the file named by
// LEAK_SEARCH_BENCH_FIGURES, one `name: value unit` a line, for the host bench
// (tools/bench/host.bench.ts); without it they are only logged.
import { appendFileSync, readFileSync } from 'node:fs';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import type { PerformanceEntry } from 'node:perf_hooks';

export const FIGURES_ENV = 'LEAK_SEARCH_BENCH_FIGURES';

export interface Measured<T> {
  readonly value: T;
  /** Longest event-loop delay, ms. */
  readonly blockMs: number;
  /** Wall time of the action, ms. */
  readonly ms: number;
  /** The longest garbage-collection pause of the extension host's heap meanwhile, ms, and its kind. */
  readonly gc: { readonly maxMs: number; readonly kind: string; readonly flags: string; readonly totalMs: number; readonly count: number };
  /** The host's heap and the memory outside it held by its buffers, MB, after the action. */
  readonly heapMb: number;
  readonly externalMb: number;
  /** How long the main thread was ready to run but waited for a core, ms (Linux; else undefined). */
  readonly waitMs: number | undefined;
}

/** This thread's time waiting on a run queue so far, ns (Linux's schedstat), or undefined. */
function runQueueWaitNs(): number | undefined {
  try {
    const wait = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(wait) ? wait : undefined;
  } catch {
    return undefined;
  }
}

// Why V8 collected (a collection for memory outside the heap, such as buffers, says so).
const GC_FLAGS: readonly (readonly [number, string])[] = [
  [constants.NODE_PERFORMANCE_GC_FLAGS_FORCED, 'forced'],
  [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY, 'external memory'],
  [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE, 'all garbage'],
  [constants.NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE, 'idle'],
  [constants.NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING, 'synchronous callbacks'],
];

function flagNames(flags: number): string {
  return GC_FLAGS.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name).join(', ');
}

const GC_KINDS: Readonly<Record<number, string>> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export async function measured<T>(action: () => Promise<T>): Promise<Measured<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  // Which part of a block was the heap's own collection (a long block with a short pause here
  // was other work, or the thread waiting for a core).
  const gc = { maxMs: 0, kind: '', flags: '', totalMs: 0, count: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number; flags?: number } })[]) {
      gc.totalMs += entry.duration;
      gc.count++;
      if (entry.duration > gc.maxMs) {
        gc.maxMs = entry.duration;
        gc.kind = GC_KINDS[entry.detail?.kind ?? -1] ?? 'other';
        gc.flags = flagNames(entry.detail?.flags ?? 0);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  histogram.enable();
  const wait0 = runQueueWaitNs();
  const t0 = performance.now();
  try {
    const value = await action();
    const ms = performance.now() - t0;
    histogram.disable();
    const wait1 = runQueueWaitNs();
    const waitMs = wait0 !== undefined && wait1 !== undefined ? (wait1 - wait0) / 1e6 : undefined;
    const memory = process.memoryUsage();
    return { value, blockMs: histogram.max / 1e6, ms, gc, waitMs, heapMb: memory.heapUsed / 2 ** 20, externalMb: memory.external / 2 ** 20 };
  } finally {
    histogram.disable();
    observer.disconnect();
  }
}

/**
 * The lines that go with a host-block figure (in the log, and in the bench's output as notes):
 * the longest collection of the host's heap, and the main thread's time in all waiting for a core.
 */
export function recordBlockNotes(name: string, run: Measured<unknown>): void {
  recordFigure(`${name}.host_gc_max_ms`, run.gc.maxMs, 'ms');
  if (run.waitMs !== undefined) recordFigure(`${name}.host_wait_total_ms`, run.waitMs, 'ms');
  const why = run.gc.flags === '' ? '' : ` (${run.gc.flags})`;
  console.log(`    (${run.gc.count} collections, ${run.gc.totalMs.toFixed(0)} ms in all; the longest ${run.gc.kind}${why}; heap ${run.heapMb.toFixed(0)} MB, outside it ${run.externalMb.toFixed(0)} MB after)`);
}

export function recordFigure(name: string, value: number, unit: string): void {
  const line = `${name}: ${value.toFixed(unit === 's' ? 2 : 1)} ${unit}`;
  console.log(`  ${line}`);
  const file = process.env[FIGURES_ENV];
  if (file) appendFileSync(file, `${line}\n`);
}
