// The identifiers ignored in this workspace, kept in workspaceState as salted hashes with
// their salt (IgnoreList.toJSON): the stored list names no e-mail, URL or password. Next to
// each hash, a masked hint (src/core/scan/ignoredHint.ts) and the time it was ignored, so
// "Show Ignored Identifiers" can list them and un-ignore some.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { IgnoreList } from '../../core/scan/ignoreList';

export const IGNORE_STATE_KEY = 'leakSearch.diagnostics.ignored';
export const IGNORE_LABELS_KEY = 'leakSearch.diagnostics.ignoredLabels';

/** What the list shows of one ignored identifier. */
export interface IgnoredEntry {
  readonly hash: string;
  /** e-mail, username, url, host or password; undefined for entries ignored before hints were kept. */
  readonly kind?: string;
  readonly hint?: string;
  readonly at?: number;
}

type Labels = Record<string, { kind: string; hint: string; at: number }>;

export class IgnoreStore extends Disposable {
  #list: IgnoreList;
  #version = 0;
  readonly #emitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#emitter.event;

  constructor(private readonly state: vscode.Memento) {
    super();
    this.#list = IgnoreList.fromJSON(state.get<unknown>(IGNORE_STATE_KEY));
  }

  get list(): IgnoreList {
    return this.#list;
  }

  /** Grows with every change of the list. */
  get version(): number {
    return this.#version;
  }

  /** Ignores a key (see `ignoreKey`) and saves the list, with a masked hint of what it is. */
  async add(key: string, label?: { kind: string; hint: string }): Promise<void> {
    const hash = this.#list.add(key);
    this.#version++;
    await this.state.update(IGNORE_STATE_KEY, this.#list.toJSON());
    if (label) await this.state.update(IGNORE_LABELS_KEY, { ...this.#labels(), [hash]: { ...label, at: Date.now() } });
    this.#emitter.fire();
  }

  /** Every ignored identifier, newest first (those without a hint last). */
  entries(): IgnoredEntry[] {
    const labels = this.#labels();
    return this.#list.toJSON().hashes
      .map((hash): IgnoredEntry => ({ hash, ...labels[hash] }))
      .sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
  }

  /** Un-ignores the entries with these hashes. */
  async remove(hashes: readonly string[]): Promise<void> {
    const drop = new Set(hashes);
    const data = this.#list.toJSON();
    this.#list = IgnoreList.fromJSON({ ...data, hashes: data.hashes.filter((h) => !drop.has(h)) });
    this.#version++;
    await this.state.update(IGNORE_STATE_KEY, this.#list.toJSON());
    const labels = this.#labels();
    for (const h of drop) delete labels[h];
    await this.state.update(IGNORE_LABELS_KEY, labels);
    this.#emitter.fire();
  }

  #labels(): Labels {
    const v = this.state.get<unknown>(IGNORE_LABELS_KEY);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Labels = {};
    for (const [hash, l] of Object.entries(v as Record<string, unknown>)) {
      const e = l as { kind?: unknown; hint?: unknown; at?: unknown } | null;
      if (e && typeof e.kind === 'string' && typeof e.hint === 'string' && typeof e.at === 'number') out[hash] = { kind: e.kind, hint: e.hint, at: e.at };
    }
    return out;
  }

  /** Reads the list again from workspaceState (what a restart does). */
  reload(): void {
    this.#list = IgnoreList.fromJSON(this.state.get<unknown>(IGNORE_STATE_KEY));
    this.#version++;
    this.#emitter.fire();
  }
}
