// Ownership made visible: a long-lived object extends `Disposable` and wraps each thing it
// owns (an event emitter, a subscription, a watcher) in `this._register(...)` where it makes
// it, instead of keeping its own list and disposing it by hand. Disposing disposes what was
// registered, newest first, once; a thing registered after disposal is disposed at once.
// Pure: no `vscode` (its Disposable and EventEmitter have the same `dispose()` shape).

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
