// The triage decisions of every service origin, kept in globalState (ids, states, dates,
// notes; never an identifier, see core/triage/triage.ts) in shards (core/triage/triageShards.ts), so one
// decision rewrites a few dozen, not all. They outlive results: a re-check, an expired cache
// or a cleared result keeps them. The tree, the incident summary and the team file read them
// here; `onDidChange` fires on any change.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { TriageShards } from '../../core/triage/triageShards';
import type { TriageChange } from '../../core/triage/triageShards';
import type { TriageMark } from '../../core/triage/triage';

export class TriageStore extends Disposable {
  readonly #emitter = this._register(new vscode.EventEmitter<string>());
  readonly onDidChange = this.#emitter.event;
  readonly #shards: TriageShards;

  constructor(memento: vscode.Memento) {
    super();
    this.#shards = new TriageShards(memento);
  }

  get(origin: string, id: string): TriageMark | undefined {
    return this.all(origin).get(id);
  }

  /** Every mark of an origin (validated as read: storage is outside text too). */
  all(origin: string): ReadonlyMap<string, TriageMark> {
    return this.#shards.all(origin);
  }

  /** Marks records (or clears their marks with `undefined`); a full store drops its oldest decisions to keep these (`evicted`). */
  async set(origin: string, ids: readonly string[], mark: TriageMark | undefined): Promise<TriageChange> {
    const change = await this.#shards.set(origin, ids, mark);
    this.#emitter.fire(origin);
    return change;
  }

  /** Adds a team file's decisions; the newer decision wins per record. `full`: left out, the store holding its most. */
  async merge(origin: string, incoming: ReadonlyMap<string, TriageMark>): Promise<{ readonly changed: number; readonly full: number }> {
    const result = await this.#shards.merge(origin, incoming);
    if (result.changed > 0) this.#emitter.fire(origin);
    return result;
  }
}
