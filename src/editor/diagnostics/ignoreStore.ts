// The identifiers ignored in this workspace, kept in workspaceState as salted hashes with
// their salt (IgnoreList.toJSON): the stored list names no e-mail, URL or password.
import * as vscode from 'vscode';
import { IgnoreList } from '../../core/scan/ignoreList';

export const IGNORE_STATE_KEY = 'leakSearch.diagnostics.ignored';

export class IgnoreStore implements vscode.Disposable {
  #list: IgnoreList;
  #version = 0;
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#emitter.event;

  constructor(private readonly state: vscode.Memento) {
    this.#list = IgnoreList.fromJSON(state.get<unknown>(IGNORE_STATE_KEY));
  }

  get list(): IgnoreList {
    return this.#list;
  }

  /** Grows with every change of the list. */
  get version(): number {
    return this.#version;
  }

  /** Ignores a key (see `ignoreKey`) and saves the list. */
  async add(key: string): Promise<void> {
    this.#list.add(key);
    this.#version++;
    await this.state.update(IGNORE_STATE_KEY, this.#list.toJSON());
    this.#emitter.fire();
  }

  /** Forgets every ignored identifier of this workspace. */
  async clear(): Promise<void> {
    this.#list = new IgnoreList();
    this.#version++;
    await this.state.update(IGNORE_STATE_KEY, undefined);
    this.#emitter.fire();
  }

  /** Reads the list again from workspaceState (what a restart does). */
  reload(): void {
    this.#list = IgnoreList.fromJSON(this.state.get<unknown>(IGNORE_STATE_KEY));
    this.#version++;
    this.#emitter.fire();
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}
