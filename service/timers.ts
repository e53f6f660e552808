// Timers the service owns, so that closing the service cancels every pending one.

export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  after(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.pending.delete(t);
      fn();
    }, ms);
    this.pending.add(t);
    return t;
  }

  cancel(t: NodeJS.Timeout): void {
    clearTimeout(t);
    this.pending.delete(t);
  }

  /** Resolves after `ms`, or never when cancelled by `clearAll` (the socket is gone by then). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  clearAll(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }
}
