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
  /**
   * For a list still growing: called when every item is taken, resolves once more are
   * there (true) or none will come (false). Absent: the list is complete.
   */
  readonly more?: () => Promise<boolean>;
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
      if (stopped()) return;
      if (next >= items.length) {
        if (options.more === undefined || !(await options.more())) return;
        continue;
      }
      await job(items[next++] as T);
    }
  };
  const workers = options.more === undefined ? Math.min(options.concurrency, items.length) : options.concurrency;
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
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

/**
 * A list filled in parts while it is worked through (eachConcurrently's `more`): a scan
 * matches the first files listed while the rest are being listed.
 */
export class GrowingList<T> {
  readonly items: T[] = [];
  #ended = false;
  #waiting: ((more: boolean) => void)[] = [];

  push(part: readonly T[]): void {
    if (this.#ended) throw new Error('A list that has ended grows no more.');
    if (part.length === 0) return;
    for (const item of part) this.items.push(item);
    this.#wake(true);
  }

  /** No more parts will come. */
  end(): void {
    this.#ended = true;
    this.#wake(false);
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Resolves once a part is pushed (true) or the list ends (false). */
  more(): Promise<boolean> {
    if (this.#ended) return Promise.resolve(false);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #wake(more: boolean): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(more);
  }
}
