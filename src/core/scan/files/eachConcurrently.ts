// Runs an asynchronous job over a list, a few items at a time, in list order of starting, and
// lets the event loop turn at least every `turnMs`: a job that finishes without waiting on
// anything (a file skipped, a small file read synchronously) would otherwise keep the thread
// through a long run of them. Each item is taken exactly once, and none after `stopped()` says
// so. Pure: no vscode.

export interface EachOptions {
  /** Jobs under way at once. */
  readonly concurrency: number;
  /** The longest the loop keeps the thread before yielding. */
  readonly turnMs: number;
  /** Checked before each item is taken (cancellation). */
  readonly stopped?: () => boolean;
}

export async function eachConcurrently<T>(items: readonly T[], options: EachOptions, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let turn = performance.now();
  // One yield for all workers: each yielding on its own would let the others run on in the
  // same turn of the event loop, one slice after another.
  let gate: Promise<void> | undefined;
  const stopped = options.stopped ?? (() => false);
  const worker = async (): Promise<void> => {
    for (;;) {
      if (performance.now() - turn > options.turnMs) {
        gate ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          gate = undefined;
          turn = performance.now();
        });
        await gate;
      }
      // Checked after the yield: the other workers ran meanwhile.
      if (next >= items.length || stopped()) return;
      await job(items[next++] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker));
}

/**
 * Calls `fn` on each item in order, letting the event loop turn at least every `turnMs`: a
 * step over every file of a large tree (thousands of small calls) would otherwise be one long
 * block of the thread. Stops early once `stopped()` says so (checked at each turn).
 */
export async function eachYielding<T>(items: readonly T[], turnMs: number, fn: (item: T) => void, stopped: () => boolean = () => false): Promise<void> {
  let turn = performance.now();
  for (let i = 0; i < items.length; i++) {
    // The clock is read every 64 items: reading it costs about as much as a small step.
    if ((i & 63) === 63 && performance.now() - turn > turnMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped()) return;
      turn = performance.now();
    }
    fn(items[i] as T);
  }
}
