// The leak index of the workspace's domains, kept in the data engine: the latest result of
// each (domain, findings type) for the service in use — the domains the Leak Search view
// shows (configured ones and those checked by hand). The engine indexes them after results or
// settings change, never on the keystroke path; matching a text is a call to the engine.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { BatchedCalls } from '../../core/scan/files/batchedCalls';
import type { Placed } from '../../core/scan/files/placedMatches';
import type { MatchOptions } from '../../core/scan/leakIndex';
import type { FileToMatch, HoverRecord, WireMatch } from '../../engine/workerProtocol';
import type { EngineHost } from '../engine/engineHost';
import type { ResultsModel } from '../model/resultsModel';
import type { ConfiguredDomains } from '../model/configuredDomains';

/** What is indexed now. */
export interface IndexSnapshot {
  /** Grows with every rebuild; 0 before the first. */
  readonly version: number;
  /** Nothing to find: scans are skipped. */
  readonly isEmpty: boolean;
}

export const INDEX_REBUILD_DELAY_MS = 150;

export class LeakIndexHolder extends Disposable {
  #snapshot: IndexSnapshot = { version: 0, isEmpty: true };
  #timer: NodeJS.Timeout | undefined;
  /** The results (key and fetch time) the engine indexed last. */
  #indexed = '';
  #building: Promise<IndexSnapshot> | undefined;
  readonly #emitter = this._register(new vscode.EventEmitter<IndexSnapshot>());
  /** Fires after every rebuild, and when the engine's answers change (triage: `adopt`). */
  readonly onDidChange = this.#emitter.event;
  readonly #rebuilt = this._register(new vscode.EventEmitter<IndexSnapshot>());
  /** Fires after a rebuild only: the results indexed changed, so any file may match anew. */
  readonly onDidRebuild = this.#rebuilt.event;
  /**
   * Files asked about in the same turn go to the engine in one call (a workspace scan asks about
   * thousands). Each answer wakes the extension host's thread, which on a busy machine takes a
   * core from the engine's: a call carries many (the engine answers those it matched within
   * MATCH_FILES_TURN_MS all the same).
   */
  readonly #files = new BatchedCalls<FileToMatch, readonly Placed<WireMatch>[] | undefined>(async (files) => (await this.engine.call('matchFiles', { files })).matches, { batch: 128, inFlight: 2 });

  constructor(
    private readonly results: ResultsModel,
    private readonly domains: ConfiguredDomains,
    private readonly origin: () => string | undefined,
    private readonly engine: EngineHost,
  ) {
    super();
    for (const subscription of [
      results.onDidChange(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.domains') || e.affectsConfiguration('leakSearch.baseUrl')) this.schedule();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.schedule()),
    ]) this._register(subscription);
    // The delayed rebuild `schedule` re-arms on every change.
    this._register({ dispose: () => clearTimeout(this.#timer) });
  }

  get snapshot(): IndexSnapshot {
    return this.#snapshot;
  }

  /** Rebuilds after a short delay; several changes in a row give one rebuild. */
  schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.rebuild(false), INDEX_REBUILD_DELAY_MS);
  }

  /** Rebuilds now; unless `force`, only when the results to index are not the ones indexed. */
  rebuild(force = true): Promise<IndexSnapshot> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const previous = this.#building ?? Promise.resolve(this.#snapshot);
    const next = previous.then(async () => {
      const entries = this.#entries();
      const id = entries.map((e) => `${e.key}@${e.fetchedAt}`).join('\n');
      if (!force && this.#snapshot.version > 0 && id === this.#indexed) return this.#snapshot;
      try {
        const built = await this.engine.call('setIndexed', { keys: entries.map((e) => e.key) });
        this.#indexed = id;
        this.#snapshot = { version: built.version, isEmpty: built.empty };
        this.#emitter.fire(this.#snapshot);
        this.#rebuilt.fire(this.#snapshot);
      } catch {
        // The engine is stopping or restarting: the next change rebuilds.
      }
      return this.#snapshot;
    });
    this.#building = next;
    void next.finally(() => {
      if (this.#building === next) this.#building = undefined;
    });
    return next;
  }

  /**
   * The engine answers matches anew from `version` on (triage decisions changed): files are
   * re-matched. The engine answers calls in order, so the version last heard is its current
   * one (a restarted engine counts from 1 again: no "only if higher").
   */
  adopt(version: number): void {
    if (version === this.#snapshot.version) return;
    this.#snapshot = { ...this.#snapshot, version };
    this.#emitter.fire(this.#snapshot);
  }

  /** Every leaked identifier in `text`; `version` says which index answered. */
  async match(text: string, options?: MatchOptions): Promise<{ readonly version: number; readonly matches: readonly WireMatch[] }> {
    if (this.#snapshot.isEmpty) return { version: this.#snapshot.version, matches: [] };
    return this.engine.call('match', { text, ...(options ? { options } : {}) });
  }

  /**
   * Every leaked identifier in a file on disk, read and matched on the engine's thread; the
   * matches are placed by line; a documentation file's host matches only with
   * `hostsInDocumentation` (docFiles.ts). Undefined when the file is skipped (not a regular
   * file, larger than `maxBytes`, binary) or unreadable.
   */
  matchFile(path: string, maxBytes: number, hostsInDocumentation: boolean): Promise<readonly Placed<WireMatch>[] | undefined> {
    return this.#files.request({ path, maxBytes, hostsInDocumentation });
  }

  /** The records behind a match (newest first), or undefined once the index changed. */
  hover(handle: number, limit: number): Promise<{ readonly records: readonly HoverRecord[]; readonly total: number } | undefined> {
    return this.engine.call('hover', { handle, limit });
  }

  /** The cache keys of the results the index is built from. */
  indexedResults(): string[] {
    return this.#entries().map((e) => e.key);
  }

  #entries(): { readonly key: string; readonly fetchedAt: number }[] {
    const origin = this.origin();
    if (!origin) return [];
    const out: { key: string; fetchedAt: number }[] = [];
    for (const domain of this.domains.known(origin)) {
      for (const e of this.results.latestPerType(origin, domain)) out.push({ key: e.key, fetchedAt: e.fetchedAt });
    }
    return out;
  }
}
