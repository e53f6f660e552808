// Single requests gathered into calls of a batch each: a workspace scan asks the data engine
// about thousands of files, and one message to the engine and back per file costs both
// threads more than a small file's matching. A call may answer only the first requests of its
// batch (the engine keeps its thread for a bounded time); the rest go first into the next
// call. Pure: no vscode.

export interface BatchedCallsOptions {
  /** Requests per call at most. */
  readonly batch: number;
  /** Calls under way at once at most: with two, the next batch waits at the engine while one is answered. */
  readonly inFlight: number;
}

interface Pending<I, O> {
  readonly item: I;
  readonly resolve: (value: O) => void;
  readonly reject: (reason: unknown) => void;
}

export class BatchedCalls<I, O> {
  readonly #queue: Pending<I, O>[] = [];
  #head = 0;
  #running = 0;

  /** `send` answers the first requests of a batch, in order: at least one. */
  constructor(
    private readonly send: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly options: BatchedCallsOptions,
  ) {}

  request(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      // Requests made in the same turn go in one call.
      if (this.#queue.length - this.#head === 1) queueMicrotask(() => this.#pump());
    });
  }

  #pump(): void {
    while (this.#running < this.options.inFlight && this.#head < this.#queue.length) {
      const batch = this.#queue.slice(this.#head, this.#head + this.options.batch);
      this.#head += batch.length;
      // The requests taken are dropped from the queue once they are most of it.
      if (this.#head === this.#queue.length) {
        this.#queue.length = 0;
        this.#head = 0;
      } else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
        this.#queue.splice(0, this.#head);
        this.#head = 0;
      }
      this.#running++;
      void this.#call(batch).finally(() => {
        this.#running--;
        this.#pump();
      });
    }
  }

  async #call(batch: readonly Pending<I, O>[]): Promise<void> {
    let answers: readonly O[];
    try {
      answers = await this.send(batch.map((p) => p.item));
      if (answers.length === 0) throw new Error('A batched call answered none of its requests.');
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    const done = Math.min(answers.length, batch.length);
    for (let i = 0; i < done; i++) batch[i]!.resolve(answers[i] as O);
    // The rest are asked again before anything queued after them.
    if (done < batch.length) this.#requeue(batch.slice(done));
  }

  #requeue(rest: readonly Pending<I, O>[]): void {
    // In front of the waiting ones, in the room the taken ones left when there is (a batch at most).
    if (this.#head >= rest.length) {
      this.#head -= rest.length;
      for (let i = 0; i < rest.length; i++) this.#queue[this.#head + i] = rest[i] as Pending<I, O>;
    } else {
      this.#queue.splice(0, this.#head, ...rest);
      this.#head = 0;
    }
  }
}
