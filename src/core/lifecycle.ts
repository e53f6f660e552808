// Ownership made visible: a long-lived object extends `Disposable` and wraps each thing it
// owns (an event emitter, a subscription, a watcher, a status bar item) in `this._register(...)`
// where it makes it, instead of keeping its own list and disposing it by hand. Disposing
// disposes what was registered, newest first, once; a thing registered after disposal is
// disposed at once. Pure: no `vscode` (its Disposable and EventEmitter have the same shape).
//
// Work to do on dispose (clear a timer, end a worker, give up a lease) is registered the same
// way, as a small disposable next to the code that makes what it undoes:
//   const tick = setInterval(...); this._register({ dispose: () => clearInterval(tick) });
// so it runs in the same newest-first order. No class overrides `dispose()`. Something made
// again and again (a timer re-armed on each change, a worker restarted) gets one such
// disposable that ends the current one: the base never forgets what it was given.
// test/unit/core/lifecycle.test.ts fails on a class under src/ that disposes by hand.

export interface IDisposable {
  dispose(): void;
}

export abstract class Disposable implements IDisposable {
  readonly #owned: IDisposable[] = [];
  #disposed = false;

  protected get isDisposed(): boolean {
    return this.#disposed;
  }

  /** Takes ownership of `thing` and returns it, so it can be registered where it is made. */
  protected _register<T extends IDisposable>(thing: T): T {
    if (this.#disposed) thing.dispose();
    else this.#owned.push(thing);
    return thing;
  }

  /**
   * Disposes everything registered, newest first. One that throws does not keep the others
   * alive: all are disposed, then the first error is thrown.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const errors: unknown[] = [];
    for (const thing of this.#owned.splice(0).reverse()) {
      try {
        thing.dispose();
      } catch (e) {
        errors.push(e);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}
