// Keeps the leak index of the workspace's domains: the latest cached result of each
// (domain, findings type) for the service in use — the domains the Leak Search view shows
// (configured ones and those checked by hand). Rebuilt on a timer after results or settings
// change, never on the keystroke path.
import * as vscode from 'vscode';
import { buildLeakIndex } from '../../core/scan/leakIndex';
import type { LeakIndex, LeakSource } from '../../core/scan/leakIndex';
import type { ResultsEntry } from '../../core/types';
import { normalizeDomain } from '../../core/validate';
import type { ResultsModel } from '../model/resultsModel';
import type { Settings } from '../config/settings';

/** An index and the results its `RecordRef.source` numbers point into. */
export interface IndexSnapshot {
  readonly index: LeakIndex;
  /** `entries[ref.source]` is the result a record comes from. */
  readonly entries: readonly ResultsEntry[];
  /** Grows with every rebuild. */
  readonly version: number;
}

export const INDEX_REBUILD_DELAY_MS = 150;

export class LeakIndexHolder implements vscode.Disposable {
  #snapshot: IndexSnapshot = { index: buildLeakIndex([]), entries: [], version: 0 };
  #timer: NodeJS.Timeout | undefined;
  readonly #emitter = new vscode.EventEmitter<IndexSnapshot>();
  /** Fires after every rebuild. */
  readonly onDidChange = this.#emitter.event;
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly results: ResultsModel,
    private readonly settings: Settings,
    private readonly origin: () => string | undefined,
  ) {
    this.#subscriptions = [
      results.onDidChange(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.domains') || e.affectsConfiguration('leakSearch.baseUrl')) this.schedule();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.schedule()),
    ];
  }

  get snapshot(): IndexSnapshot {
    return this.#snapshot;
  }

  /** Rebuilds after a short delay; several changes in a row give one rebuild. */
  schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.rebuild(false), INDEX_REBUILD_DELAY_MS);
  }

  /** Rebuilds now; unless `force`, only when the results to index are not the ones indexed. */
  rebuild(force = true): IndexSnapshot {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const entries = this.#entries();
    const held = this.#snapshot.entries;
    if (!force && this.#snapshot.version > 0 && entries.length === held.length && entries.every((e, i) => e === held[i])) return this.#snapshot;
    const sources: LeakSource[] = entries.map((e) => ({ domain: e.query.domain, type: e.query.type, records: e.result.records }));
    this.#snapshot = { index: buildLeakIndex(sources), entries, version: this.#snapshot.version + 1 };
    this.#emitter.fire(this.#snapshot);
    return this.#snapshot;
  }

  #entries(): ResultsEntry[] {
    const origin = this.origin();
    if (!origin) return [];
    const domains = new Set<string>();
    for (const f of this.settings.domainsByFolder()) {
      for (const raw of f.domains) {
        try {
          domains.add(normalizeDomain(raw));
        } catch {
          // an invalid entry is shown in the tree; it has no results
        }
      }
    }
    for (const d of this.results.domains(origin)) domains.add(d);
    const out: ResultsEntry[] = [];
    for (const domain of domains) {
      for (const type of ['accounts', 'customers'] as const) {
        const e = this.results.latest(origin, domain, type);
        if (e) out.push(e);
      }
    }
    return out;
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    for (const s of this.#subscriptions) s.dispose();
    this.#emitter.dispose();
  }
}
