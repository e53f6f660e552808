// The "Leak Search" DiagnosticCollection and the scans that fill it. Open and visible
// documents are scanned when shown, when they change (throttled per document: at most one
// scan per THROTTLE_MS, the last change always scanned), and when the leak index, the ignore
// list, the settings or workspace trust change. A generation counter per URI drops the result
// of a scan that a newer one overtook; closing a document deletes its diagnostics.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { visibleMatches } from '../../core/scan/files/docFiles';
import type { WireMatch } from '../../engine/workerProtocol';
import { affectsDiagnostics, readDiagnosticSettings } from './diagnosticSettings';
import { quickSkipReason, skippedAsGitIgnored } from './fileFilter';
import type { ExportedFileList, SkipReason } from './fileFilter';
import type { GitIgnored } from './gitIgnored';
import type { IgnoreStore } from './ignoreStore';
import { DIAGNOSTIC_SOURCE, codeValue, toDiagnostic } from './matchDiagnostic';
import type { LeakIndexHolder } from './leakIndexHolder';
import { isShown, shownDocuments, tabUri, tabUris } from './shownDocuments';
import { TrackedMatches } from './trackedMatches';

export const THROTTLE_MS = 200;
/**
 * The longest a workspace scan holds a file's diagnostics before they go to the workbench:
 * each `set` is a message the extension host compresses and the workbench handles on its
 * own, and a scan of a large tree marks files by the thousand.
 */
export const DISK_BATCH_MS = 100;
/**
 * The most diagnostics one batch carries: the extension host converts, sorts and sends a batch
 * in one task, which must stay short however many leaks a tree holds.
 */
export const DISK_BATCH_DIAGNOSTICS = 2_000;

/** The index changed while the engine matched: the result is dropped (the rebuild rescans). */
class StaleScan extends Error {}

/** A match as shown: where, and the diagnostic made of it. */
export interface ShownMatch {
  readonly match: WireMatch;
  readonly range: vscode.Range;
  readonly diagnostic: vscode.Diagnostic;
}

/** What the last scan of a document did (for the log and tests). */
export interface ScanOutcome {
  readonly uri: string;
  readonly version: number;
  readonly matches: number;
  /** Of `matches`: hints (the Problems panel does not list them). */
  readonly hints: number;
  readonly skipped?: SkipReason;
  /** Only the lines an edit touched were scanned. */
  readonly incremental: boolean;
  readonly ms: number;
}

interface DocState {
  gen: number;
  timer: NodeJS.Timeout | undefined;
  lastScan: number;
  /** The document version and index version of the last finished scan. */
  scanned: string;
  /** The last scan's matches, kept current through edits (see trackedMatches.ts). */
  tracked: TrackedMatches | undefined;
}

export class DiagnosticsController extends Disposable {
  readonly collection = this._register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
  readonly #states = new Map<string, DocState>();
  readonly #shown = new Map<string, ShownMatch[]>();
  /** Files (not open) whose diagnostics came from a workspace scan. */
  readonly #fromDisk = new Set<string>();
  /** Files being scanned from disk, with how many scans of each are under way (beginDiskScan): a few at once. */
  readonly #scanning = new Map<string, number>();
  /** Of those, the ones forgotten meanwhile, with the ticket count when they were: scans begun before set nothing. */
  readonly #forgotAt = new Map<string, number>();
  #tickets = 0;
  /** Workspace scans under way (batchDiskScans): their files' diagnostics are sent together. */
  #batching = 0;
  /** Diagnostics of files scanned from disk, by key, waiting for #flush. */
  readonly #pending = new Map<string, [vscode.Uri, vscode.Diagnostic[]]>();
  /** How many diagnostics #pending holds. */
  #pendingCount = 0;
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #updated = this._register(new vscode.EventEmitter<ScanOutcome>());
  /** Fires after each scan that set or cleared a document's diagnostics. */
  readonly onDidScan = this.#updated.event;
  #count = 0;
  /** Diagnostics held by severity (vscode.DiagnosticSeverity: Error 0 … Hint 3). */
  readonly #bySeverity = [0, 0, 0, 0];

  constructor(
    private readonly holder: LeakIndexHolder,
    private readonly ignores: IgnoreStore,
    private readonly git: GitIgnored,
    private readonly exported: ExportedFileList,
  ) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument((d) => this.#whenShown(d)));
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const st = this.#states.get(e.document.uri.toString());
        if (!st) return;
        st.tracked?.apply(e);
        this.#throttle(e.document);
      }),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument((d) => {
        // Only documents scanned as open ones: a file's workspace-scan result outlives a document an extension held.
        if (this.#states.has(d.uri.toString())) this.forget(d.uri);
      }),
    );
    this._register(
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) this.#whenShown(e.document);
        this.#dropHidden();
      }),
    );
    this._register(vscode.window.tabGroups.onDidChangeTabs((e) => this.#tabsChanged(e)));
    this._register(holder.onDidChange(() => this.rescanShown()));
    this._register(ignores.onDidChange(() => this.rescanShown()));
    // The git extension opened or closed a repository: a shown file may be git-ignored now, or no longer.
    this._register(git.onDidChange(() => this.rescanShown()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsDiagnostics(e)) {
          this.git.forget();
          this.rescanShown();
        }
      }),
    );
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.rescanShown()));
    // An export was just written: if it is open or was marked by a workspace scan, its marks go.
    this._register(
      exported.onDidChange(() => {
        for (const key of [...this.#fromDisk]) if (exported.has(vscode.Uri.parse(key))) this.forget(vscode.Uri.parse(key));
        this.rescanShown();
      }),
    );
    this._register(
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.uri.path.endsWith('/.gitignore')) {
          this.git.forget();
          this.rescanShown();
        }
      }),
    );
    // The throttle's timers (#throttle), one per document at most.
    this._register({
      dispose: () => {
        for (const st of this.#states.values()) if (st.timer) clearTimeout(st.timer);
        clearTimeout(this.#flushTimer);
      },
    });
    this.rescanShown();
  }

  /** How many leak diagnostics the collection holds. */
  get count(): number {
    return this.#count;
  }

  /** How many it holds of each severity (the Problems panel lists all but hints). */
  get counts(): { readonly errors: number; readonly warnings: number; readonly information: number; readonly hints: number } {
    const [errors = 0, warnings = 0, information = 0, hints = 0] = this.#bySeverity;
    return { errors, warnings, information, hints };
  }

  /** The matches shown for a document (for hovers and code actions). */
  shownMatches(uri: vscode.Uri): readonly ShownMatch[] {
    return this.#shown.get(uri.toString()) ?? [];
  }

  /** The shown match behind one of our diagnostics (same range and code). */
  matchOf(uri: vscode.Uri, diagnostic: vscode.Diagnostic): ShownMatch | undefined {
    const code = codeValue(diagnostic);
    return this.shownMatches(uri).find((m) => m.range.isEqual(diagnostic.range) && codeValue(m.diagnostic) === code);
  }

  /** How long an edit made now would wait for its scan (the throttle): 0 when it is scanned at once. */
  scanDelay(uri: vscode.Uri): number {
    const st = this.#states.get(uri.toString());
    if (!st) return 0;
    return Math.max(0, st.lastScan + THROTTLE_MS - Date.now());
  }

  /** Scans every shown document again. */
  rescanShown(): void {
    for (const d of shownDocuments()) void this.scan(d);
  }

  /**
   * Scans a document now (whatever the throttle); resolves when its diagnostics are set or
   * dropped. With `incremental`, only the lines edited since the last scan are scanned when
   * nothing else changed (index, ignore list, size class).
   */
  async scan(document: vscode.TextDocument, incremental = false): Promise<ScanOutcome | undefined> {
    const key = document.uri.toString();
    const st = this.#state(key);
    if (st.timer) clearTimeout(st.timer);
    st.timer = undefined;
    const gen = ++st.gen;
    const started = performance.now();
    st.lastScan = Date.now();
    const version = document.version;
    const snapshot = this.holder.snapshot;
    const settings = readDiagnosticSettings(document.uri);
    const tracked = st.tracked;
    st.tracked = undefined;
    const matcher = async (text: string): Promise<readonly WireMatch[]> => {
      const { version: answered, matches } = await this.holder.match(text);
      if (answered !== this.holder.snapshot.version) throw new StaleScan();
      return matches;
    };
    if (incremental && tracked && vscode.workspace.isTrusted && settings.enabled && tracked.usable(document, snapshot.version, this.ignores.version)) {
      const chars = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
      if (chars + tracked.extraBytes <= settings.maxFileSize) {
        let matches: WireMatch[];
        try {
          matches = await tracked.rescan(document, matcher, this.ignores.list);
        } catch {
          return undefined; // the index changed meanwhile: its rebuild rescans the document
        }
        if (st.gen !== gen || document.isClosed || document.version !== version) return undefined;
        st.tracked = tracked;
        return this.#finish(document, st, visibleMatches(document.uri.path, matches, settings.hostsInDocumentation), settings.severity, undefined, true, started);
      }
    }
    const text = document.getText();
    let skipped: SkipReason | undefined = quickSkipReason(document, text, settings, this.exported);
    if (skipped === undefined && !snapshot.isEmpty && (await skippedAsGitIgnored(document, settings, this.git))) skipped = 'gitIgnored';
    // A newer scan started, or the text moved on, while git answered: this result is stale.
    if (st.gen !== gen || document.isClosed || document.version !== version) return undefined;
    let matches: WireMatch[] = [];
    if (skipped === undefined && !snapshot.isEmpty) {
      try {
        matches = this.ignores.list.filter(await matcher(text), text);
      } catch {
        return undefined; // the index changed meanwhile: its rebuild rescans the document
      }
      // A newer scan started, or the text moved on, while the engine matched.
      if (st.gen !== gen || document.isClosed || document.version !== version) return undefined;
      st.tracked = new TrackedMatches(matches, version, snapshot.version, this.ignores.version, Buffer.byteLength(text, 'utf8') - text.length);
    }
    return this.#finish(document, st, visibleMatches(document.uri.path, matches, settings.hostsInDocumentation), settings.severity, skipped, false, started);
  }

  #finish(
    document: vscode.TextDocument,
    st: DocState,
    matches: readonly WireMatch[],
    severity: vscode.DiagnosticSeverity,
    skipped: SkipReason | undefined,
    incremental: boolean,
    started: number,
  ): ScanOutcome {
    const snapshot = this.holder.snapshot;
    const shown = matches.map((match): ShownMatch => {
      const range = new vscode.Range(document.positionAt(match.start), document.positionAt(match.end));
      return { match, range, diagnostic: toDiagnostic(match, range, severity) };
    });
    this.#set(document.uri, shown);
    st.scanned = `${document.version}|${snapshot.version}`;
    const hints = shown.filter((m) => m.diagnostic.severity === vscode.DiagnosticSeverity.Hint).length;
    const outcome: ScanOutcome = { uri: document.uri.toString(), version: document.version, matches: shown.length, hints, ...(skipped ? { skipped } : {}), incremental, ms: performance.now() - started };
    this.#updated.fire(outcome);
    return outcome;
  }

  /**
   * Starts a scan of a file from disk: its diagnostics are set with the ticket
   * (`setForFile`) only if the file was not forgotten meanwhile. A file deleted while it was
   * read and matched would otherwise be marked again after its deletion was handled.
   */
  beginDiskScan(uri: vscode.Uri): number {
    const key = uri.toString();
    this.#scanning.set(key, (this.#scanning.get(key) ?? 0) + 1);
    return ++this.#tickets;
  }

  /** Ends a scan begun with `beginDiskScan` (whether or not it set anything). */
  endDiskScan(uri: vscode.Uri): void {
    const key = uri.toString();
    const left = (this.#scanning.get(key) ?? 1) - 1;
    if (left > 0) this.#scanning.set(key, left);
    else {
      this.#scanning.delete(key);
      this.#forgotAt.delete(key);
    }
  }

  /**
   * Runs a workspace scan: the diagnostics it sets reach the collection every DISK_BATCH_MS
   * in one message, and all of them by the time `work` ends, even while another scan (the
   * follower's, of files just created) goes on: what that one set so far goes too. The
   * controller's own figures (`count`, what a file shows) change at once.
   */
  async batchDiskScans<T>(work: () => Promise<T>): Promise<T> {
    this.#batching++;
    try {
      return await work();
    } finally {
      this.#batching--;
      this.#flush();
    }
  }

  /** Sets the diagnostics of a file that is not open (workspace scan); with a ticket, only if the file was not forgotten since its scan began. */
  setForFile(uri: vscode.Uri, shown: ShownMatch[], ticket?: number): void {
    if (this.#states.has(uri.toString())) return; // open: its own scans keep it current
    if (ticket !== undefined && (this.#forgotAt.get(uri.toString()) ?? 0) > ticket) return; // deleted meanwhile
    if (shown.length > 0) this.#fromDisk.add(uri.toString());
    else this.#fromDisk.delete(uri.toString());
    this.#set(uri, shown, this.#batching > 0);
  }

  /** The files whose diagnostics came from a workspace scan (to scan again when the index or ignore list changes). */
  filesFromDisk(): vscode.Uri[] {
    return [...this.#fromDisk].filter((k) => !this.#states.has(k)).map((k) => vscode.Uri.parse(k));
  }

  /** Whether the file is scanned as an open document (its diagnostics follow its edits). */
  isOpen(uri: vscode.Uri): boolean {
    return this.#states.has(uri.toString());
  }

  /**
   * Drops the diagnostics a workspace scan gave a file that is gone (or no longer scanned),
   * and those of every file under it when it was a folder. Open documents keep theirs.
   */
  forgetFromDisk(uri: vscode.Uri): void {
    this.forgetManyFromDisk([uri]);
  }

  /**
   * `forgetFromDisk` for many files or folders at once (a folder deleted with its tree): one
   * pass over the files marked from disk, each looked up with its folders, however many are gone.
   */
  forgetManyFromDisk(uris: readonly vscode.Uri[]): void {
    if (uris.length === 0) return;
    const gone = new Set(uris.map((u) => u.toString().replace(/\/$/, '')));
    // A scan under way of a file gone (or under a folder gone) sets nothing when it ends.
    for (const k of this.#scanning.keys()) {
      for (let p = k; p !== ''; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
        if (gone.has(p)) {
          this.#forgotAt.set(k, ++this.#tickets);
          break;
        }
      }
    }
    for (const k of [...this.#fromDisk]) {
      if (this.#states.has(k)) continue;
      // The file, or a folder above it (each prefix that ends before a `/`).
      for (let p = k; p !== ''; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
        if (gone.has(p)) {
          this.forget(vscode.Uri.parse(k));
          break;
        }
      }
    }
    for (const uri of uris) {
      const key = uri.toString();
      if (!this.#states.has(key) && this.#shown.has(key)) this.forget(uri);
    }
  }

  /** Drops a document's diagnostics and any scan in flight. */
  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.#fromDisk.delete(key);
    const st = this.#states.get(key);
    if (st) {
      if (st.timer) clearTimeout(st.timer);
      st.gen++;
      this.#states.delete(key);
    }
    if (this.#shown.has(key) || this.collection.has(uri)) this.#set(uri, []);
  }

  #set(uri: vscode.Uri, shown: ShownMatch[], batched = false): void {
    const key = uri.toString();
    // Nothing shown and nothing to show: no message to the workbench (a collection's delete
    // sends one even for a file it never held, and a workspace scan meets thousands of such files).
    if (shown.length === 0 && !this.#shown.has(key)) return;
    const before = this.#shown.get(key) ?? [];
    this.#count -= before.length;
    for (const m of before) this.#bySeverity[m.diagnostic.severity]!--;
    for (const m of shown) this.#bySeverity[m.diagnostic.severity]!++;
    // What is set now overtakes what waits for #flush. Clearing is rare in a scan: it is not batched.
    this.#pendingCount -= this.#pending.get(key)?.[1].length ?? 0;
    this.#pending.delete(key);
    if (shown.length === 0) {
      this.#shown.delete(key);
      this.collection.delete(uri);
    } else {
      this.#shown.set(key, shown);
      const diagnostics = shown.map((m) => m.diagnostic);
      if (batched) {
        this.#pending.set(key, [uri, diagnostics]);
        this.#pendingCount += diagnostics.length;
        if (this.#pendingCount >= DISK_BATCH_DIAGNOSTICS) this.#flush();
        else this.#flushTimer ??= setTimeout(() => this.#flush(), DISK_BATCH_MS);
      } else this.collection.set(uri, diagnostics);
    }
    this.#count += shown.length;
  }

  /** Sends the diagnostics batched since the last flush, in one message. */
  #flush(): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    // A scan that ends after the extension was deactivated has no collection to send to.
    if (this.#pending.size === 0 || this.isDisposed) return;
    const entries = [...this.#pending.values()];
    this.#pending.clear();
    this.#pendingCount = 0;
    this.collection.set(entries);
  }

  #state(key: string): DocState {
    let st = this.#states.get(key);
    if (!st) {
      st = { gen: 0, timer: undefined, lastScan: 0, scanned: '', tracked: undefined };
      this.#states.set(key, st);
    }
    return st;
  }

  /** A document became visible or got a tab: scan it unless its last scan is current. */
  #whenShown(document: vscode.TextDocument): void {
    if (document.isClosed || !isShown(document.uri)) return;
    const st = this.#states.get(document.uri.toString());
    if (st && (st.timer || st.scanned === `${document.version}|${this.holder.snapshot.version}`)) return;
    void this.scan(document);
  }

  /** At most one scan per THROTTLE_MS per document; the change after the last scan is always scanned. */
  #throttle(document: vscode.TextDocument): void {
    const st = this.#state(document.uri.toString());
    if (st.timer) return;
    const wait = Math.max(0, st.lastScan + THROTTLE_MS - Date.now());
    st.timer = setTimeout(() => {
      st.timer = undefined;
      if (!document.isClosed) void this.scan(document, true);
    }, wait);
  }

  #tabsChanged(e: vscode.TabChangeEvent): void {
    for (const tab of e.opened) {
      const uri = tabUri(tab);
      const doc = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc) this.#whenShown(doc);
    }
    if (e.closed.length > 0) this.#dropHidden();
  }

  /** Forgets the documents scanned as open that are neither in a tab nor visible any more (closed editors). */
  #dropHidden(): void {
    if (this.#states.size === 0) return;
    const tabs = tabUris();
    const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
    for (const key of [...this.#states.keys()]) {
      if (!tabs.has(key) && !visible.has(key)) this.forget(vscode.Uri.parse(key));
    }
  }
}
