// The triage decisions of every service origin, kept in globalState (ids, states, dates,
// notes; never an identifier, see core/triage.ts). They outlive results: a re-check, an
// expired cache or a cleared result keeps them. The tree, the incident summary and the team
// file read them here; `onDidChange` fires on any change.
import * as vscode from 'vscode';
import { MAX_MARKS, isTriageId, mergeMarks, parseMark } from '../../core/triage';
import type { TriageMark } from '../../core/triage';

const STORAGE_KEY = 'leakSearch.triage';

type Stored = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export class TriageStore implements vscode.Disposable {
  readonly #emitter = new vscode.EventEmitter<string>();
  readonly onDidChange = this.#emitter.event;
  #cache = new Map<string, Map<string, TriageMark>>();

  constructor(private readonly memento: vscode.Memento) {}

  get(origin: string, id: string): TriageMark | undefined {
    return this.all(origin).get(id);
  }

  /** Every mark of an origin (validated as read: storage is outside text too). */
  all(origin: string): ReadonlyMap<string, TriageMark> {
    let marks = this.#cache.get(origin);
    if (!marks) {
      marks = new Map();
      const raw = this.memento.get<Stored>(STORAGE_KEY, {})[origin] ?? {};
      for (const [id, value] of Object.entries(raw)) {
        const mark = parseMark(value);
        if (isTriageId(id) && mark) marks.set(id, mark);
      }
      this.#cache.set(origin, marks);
    }
    return marks;
  }

  /** Marks records (or clears their marks with `undefined`). */
  async set(origin: string, ids: readonly string[], mark: TriageMark | undefined): Promise<void> {
    const marks = new Map(this.all(origin));
    for (const id of ids) {
      if (!isTriageId(id)) continue;
      if (mark) {
        if (marks.size < MAX_MARKS || marks.has(id)) marks.set(id, mark);
      } else marks.delete(id);
    }
    await this.#save(origin, marks);
  }

  /** Adds a team file's decisions; the newer decision wins per record. Returns how many changed. */
  async merge(origin: string, incoming: ReadonlyMap<string, TriageMark>): Promise<number> {
    const { marks, changed } = mergeMarks(this.all(origin), incoming);
    if (changed > 0) await this.#save(origin, marks);
    return changed;
  }

  async #save(origin: string, marks: Map<string, TriageMark>): Promise<void> {
    this.#cache.set(origin, marks);
    const all = { ...this.memento.get<Stored>(STORAGE_KEY, {}) };
    all[origin] = Object.fromEntries(marks);
    await this.memento.update(STORAGE_KEY, all);
    this.#emitter.fire(origin);
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}
