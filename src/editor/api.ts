// The object `activate` returns. INTERNAL: it exists for this project's integration tests
// (tree contents through `getChildren()`, messages shown, status bar text, cache reloads)
// and is not a stable public API for other extensions.
import type * as vscode from 'vscode';
import type { LeakTreeProvider } from './tree/leakTreeProvider';
import type { LeakTreeModel } from './tree/leakTreeModel';
import type { ResultsModel } from './model/resultsModel';
import type { QuotaStore } from './model/quotaStore';
import type { TriageStore } from './model/triageStore';
import type { Scheduler } from './checks/scheduler';
import type { Notifier } from './notifier';
import type { StatusBarView } from './quotaStatusBar';
import type { ResultsPanelManager } from './results/resultsPanelManager';
import type { ScanOutcome } from './diagnostics/diagnosticsController';
import type { MatchCountView } from './diagnostics/matchCountStatus';
import type { MemoryFigures } from '../engine/workerProtocol';

/** @internal Leaked identifiers in files, for tests. */
export interface DiagnosticsTestApi {
  readonly collection: vscode.DiagnosticCollection;
  /** Leak diagnostics held now. */
  count(): number;
  /** What the match-count status bar item shows. */
  statusBar(): MatchCountView;
  /** Fires after each document scan (set, cleared or skipped). */
  readonly onDidScan: vscode.Event<ScanOutcome>;
  /** Grows with every rebuild of the leak index. */
  indexVersion(): number;
  /** How long an edit made now would wait for its scan (the per-document throttle). */
  scanDelay(uri: vscode.Uri): number;
  onDidRebuildIndex(listener: () => void): vscode.Disposable;
  /** What a restart does: re-reads the ignore list from workspaceState and rebuilds the index. */
  reload(): Promise<void>;
  /** Rebuilds the index now (resolves when the engine has it). */
  rebuildIndex(): Promise<void>;
  /** The (origin, domain, type) results the leak index is built from, by their cache keys. */
  indexedResults(): readonly string[];
  /** Runs `work` as a workspace scan runs, its diagnostics batched (another scan under way, for a test). */
  batchDiskScans<T>(work: () => Promise<T>): Promise<T>;
}

/** @internal */
export interface LeakSearchApi {
  readonly tree: LeakTreeProvider;
  readonly treeModel: LeakTreeModel;
  readonly treeView: vscode.TreeView<unknown>;
  /** The results model (also the results panel's source); `onDidChange` fires on any change. */
  readonly results: ResultsModel;
  readonly resultsPanel: ResultsPanelManager;
  readonly quota: QuotaStore;
  readonly triage: TriageStore;
  /** Scheduled checks; `tick(now)` runs one look with the test's clock. */
  readonly scheduler: Scheduler;
  /** Every user-facing message goes through here; `shown` keeps the last 50. */
  readonly notifier: Notifier;
  /** What the status bar item shows now. */
  statusBar(): StatusBarView;
  readonly onDidUpdateStatusBar: vscode.Event<StatusBarView>;
  /** The Output channel's log file (redacted lines). */
  readonly logFile: vscode.Uri;
  /** The folder of the encrypted cache files in global storage. */
  readonly cacheDir: vscode.Uri;
  /** Waits until pending cache writes are on disk. */
  flushCache(): Promise<void>;
  /** The data engine's memory figures. */
  engineMemory(): Promise<MemoryFigures>;
  /**
   * Most of what a restart does, without restarting: forgets results held in memory, drops the
   * client and its connections, restarts the data engine and loads the cache from disk (no
   * network). The quota state is kept, as across a restart (global state, src/editor/model/quotaStore.ts).
   */
  reloadFromDisk(): Promise<void>;
  readonly diagnostics: DiagnosticsTestApi;
  /** The domains the "Check Domain for Leaks" pick offers, in its order. */
  pickerDomains(): readonly string[];
  /** Resolves when activation's startup work (key state, cache load) is done. */
  readonly ready: Promise<void>;
}
