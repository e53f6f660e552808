// The API key, stored only in SecretStorage and per service origin: a key set for one
// origin is never read for, or sent to, another.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';

const PREFIX = 'leakSearch.apiKey:';

export class ApiKeyStore extends Disposable {
  readonly #known = new Set<string>();
  readonly #emitter = this._register(new vscode.EventEmitter<string>());
  /** Fires with the origin whose key was set or cleared. */
  readonly onDidChange = this.#emitter.event;
  readonly #learned = this._register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with every key seen so far when one is seen for the first time (for redaction). */
  readonly onDidLearnKey = this.#learned.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(
      secrets.onDidChange((e) => {
        if (e.key.startsWith(PREFIX)) this.#emitter.fire(e.key.slice(PREFIX.length));
      }),
    );
  }

  async get(origin: string): Promise<string | undefined> {
    const key = await this.secrets.get(PREFIX + origin);
    if (key) this.#learn(key);
    return key || undefined;
  }

  async set(origin: string, key: string): Promise<void> {
    this.#learn(key);
    await this.secrets.store(PREFIX + origin, key);
    this.#emitter.fire(origin);
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(PREFIX + origin);
    this.#emitter.fire(origin);
  }

  #learn(key: string): void {
    if (this.#known.has(key)) return;
    this.#known.add(key);
    this.#learned.fire(this.knownSecrets());
  }

  /** Every key this session has seen, for redaction (kept even after a key is cleared). */
  knownSecrets(): readonly string[] {
    return [...this.#known];
  }
}
