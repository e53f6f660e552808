// One resource for a whole mocha suite: started before its tests, closed after them.

/**
 * Registers `before` (start) and `after` (close) hooks in the calling `describe` and returns a
 * getter for the running resource; the getter throws outside the suite's tests and hooks.
 */
export function suiteResource<T extends { close(): Promise<void> }>(what: string, start: () => Promise<T>): () => T {
  let running: T | undefined;
  before(async () => {
    running = await start();
  });
  after(async () => {
    await running?.close();
    running = undefined;
  });
  return () => {
    if (!running) throw new Error(`the ${what} is not running (use it inside a test or hook)`);
    return running;
  };
}
