// Keeps a workspace scan's findings true to the files as they are now. Once "Scan Workspace"
// has run in a workspace (remembered in its workspaceState), the findings follow the files:
// - a file deleted on disk (or its folder) loses its diagnostics;
// - a file changed or created on disk (a `git checkout`, a pull, a formatter) is scanned
//   again, through the same filters as Scan Workspace (`leakSearch.exclude`, git-ignored,
//   size, binary, this extension's exports);
// - when the leak index changes (a check, cached results loaded after a window reload) the
//   workspace is scanned again in the background, with the status bar's progress, so a
//   reload restores the findings without the user asking, and new results reach every file.
// Open documents are left to the diagnostics controller, which scans them as they are edited.
// Without a workspace scan, only files a scan marked before are followed.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { eachConcurrently } from '../../core/scan/files/eachConcurrently';
import { excludeMatcher } from '../../core/scan/files/excludeGlobs';
import { flatString } from '../../core/scan/files/flatString';
import { readDiagnosticSettings } from './diagnosticSettings';
import type { DiagnosticSettings } from './diagnosticSettings';
import type { DiagnosticsController } from './diagnosticsController';
import { diskEntry } from './diskEntry';
import type { DiskEntry } from './diskEntry';
import type { GitIgnored } from './gitIgnored';
import type { LeakIndexHolder } from './leakIndexHolder';
import { filesUnder } from './workspaceScan';
import type { FileScanCounts, WorkspaceScanSummary } from './workspaceScan';

/** workspaceState key: a workspace scan ran here (its findings are restored and followed). */
export const SCANNED_KEY = 'leakSearch.workspaceScanned';

/** How long file events gather before they are handled (a checkout sends thousands at once). */
const SETTLE_MS = 300;
/** Files asked about on disk at once, and the longest that keeps the host's thread. */
const STAT_CONCURRENCY = 16;
const TURN_MS = 15;

/** What is on disk at each of `uris` now, in their order, asked a few at a time. */
async function diskEntries(uris: readonly vscode.Uri[]): Promise<DiskEntry[]> {
  const out = new Array<DiskEntry>(uris.length);
  let i = 0;
  await eachConcurrently(uris, { concurrency: STAT_CONCURRENCY, turnMs: TURN_MS }, async (uri) => {
    const at = i++;
    out[at] = await diskEntry(uri);
  });
  return out;
}

export interface WorkspaceFollowerDeps {
  readonly state: vscode.Memento;
  readonly holder: LeakIndexHolder;
  readonly controller: DiagnosticsController;
  readonly git: GitIgnored;
  /** Scans one file from disk and sets its diagnostics; undefined when it is skipped or unreadable. */
  scanFile(uri: vscode.Uri): Promise<FileScanCounts | undefined>;
  /** A whole workspace scan, quietly (no notification); `listed` gets every file it considered. */
  scanAll(token: vscode.CancellationToken, listed: (uris: readonly vscode.Uri[]) => void): Promise<WorkspaceScanSummary>;
  log(message: string): void;
}

export class WorkspaceFollower extends Disposable {
  readonly #changed = new Map<string, vscode.Uri>();
  readonly #deleted = new Map<string, vscode.Uri>();
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> = Promise.resolve();
  #rescan: vscode.CancellationTokenSource | undefined;
  #rescanAgain = false;
  readonly #done = this._register(new vscode.EventEmitter<void>());
  /** Fires after file events were handled or a background scan finished (for tests). */
  readonly onDidSettle = this.#done.event;

  constructor(private readonly deps: WorkspaceFollowerDeps) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/*'));
    this._register(watcher.onDidCreate((uri) => this.#queue(this.#changed, uri)));
    this._register(watcher.onDidChange((uri) => this.#queue(this.#changed, uri)));
    this._register(watcher.onDidDelete((uri) => this.#queue(this.#deleted, uri)));
    this._register(deps.holder.onDidRebuild(() => this.#indexChanged()));
    this._register({
      dispose: () => {
        if (this.#timer) clearTimeout(this.#timer);
        this.#rescan?.cancel();
        this.#rescan?.dispose();
      },
    });
  }

  /** Whether a workspace scan ran in this workspace (its findings are followed and restored). */
  get following(): boolean {
    return this.deps.state.get<boolean>(SCANNED_KEY, false);
  }

  /** Called after Scan Workspace: from now on this workspace's findings follow its files. */
  async scanned(listed: readonly vscode.Uri[]): Promise<void> {
    await this.#dropUnlisted(listed);
    // Not waited for: the value holds in this window at once, and its write to disk answers
    // only once the workbench has worked through the file events of a large tree.
    if (!this.following) void Promise.resolve(this.deps.state.update(SCANNED_KEY, true)).catch((e: unknown) => this.deps.log(`Remembering the workspace scan failed: ${e instanceof Error ? e.message : String(e)}`));
  }

  #queue(into: Map<string, vscode.Uri>, uri: vscode.Uri): void {
    if (uri.scheme !== 'file') return;
    // Flat (core/scan/files/flatString.ts): a copied tree's events are thousands of these,
    // all held until they are handled.
    const key = flatString(uri.toString());
    if (into === this.#changed) this.#deleted.delete(key);
    else this.#changed.delete(key);
    into.set(key, uri);
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#draining = this.#draining.then(() => this.#drain()).catch((e: unknown) => this.deps.log(`Following file changes failed: ${e instanceof Error ? e.message : String(e)}`));
    }, SETTLE_MS);
  }

  async #drain(): Promise<void> {
    const deleted = [...this.#deleted.values()];
    const changed = [...this.#changed.values()];
    this.#deleted.clear();
    this.#changed.clear();
    const { controller } = this.deps;
    controller.forgetManyFromDisk(deleted);
    // A .gitignore changed on disk (a checkout): git's answers are asked again.
    if (changed.some((u) => u.path.endsWith('/.gitignore'))) this.deps.git.forget();
    if (!vscode.workspace.isTrusted) {
      this.#done.fire();
      return;
    }
    const following = this.following;
    const marked = new Set(controller.filesFromDisk().map((u) => u.toString()));
    // A folder created or moved in comes as one event: its files are what changed.
    if (following) changed.push(...(await this.#filesInFolders(changed)));
    // A changed file is scanned when it was marked, or when the whole workspace is followed;
    // an open one is the controller's (it scans the document, unsaved edits included).
    const unique = [...new Map(changed.map((u) => [u.toString(), u])).values()];
    const candidates = unique.filter((u) => !controller.isOpen(u) && (marked.has(u.toString()) || (following && vscode.workspace.getWorkspaceFolder(u) !== undefined)));
    if (candidates.length > 0 && !this.deps.holder.snapshot.isEmpty) {
      const wanted = await this.#filter(candidates, marked);
      for (const uri of candidates) {
        if (!wanted.has(uri.toString()) || (await this.deps.scanFile(uri)) === undefined) controller.forgetFromDisk(uri);
      }
    }
    this.#done.fire();
  }

  /**
   * The files under those of `uris` that are folders (a folder moved or copied in), each once:
   * a folder inside another one of the list is listed with it, and excluded files are left out
   * by the search itself.
   */
  async #filesInFolders(uris: readonly vscode.Uri[]): Promise<vscode.Uri[]> {
    const entries = await diskEntries(uris);
    const folders = uris.filter((_, i) => entries[i] === 'folder');
    const keys = folders.map((f) => `${f.toString().replace(/\/$/, '')}/`);
    const outer = folders.filter((_, i) => !keys.some((k, j) => j !== i && keys[i]!.startsWith(k) && k !== keys[i]));
    const out = new Map<string, vscode.Uri>();
    for (const folder of outer) {
      // Listed as Scan Workspace lists a folder.
      const found = await filesUnder(folder);
      for (const uri of found) out.set(uri.toString(), uri);
    }
    return [...out.values()];
  }

  /** The candidates Scan Workspace would scan: not excluded, and not git-ignored unless the settings say so. */
  async #filter(uris: readonly vscode.Uri[], marked: ReadonlySet<string>): Promise<Set<string>> {
    const kept: vscode.Uri[] = [];
    const askGit: vscode.Uri[] = [];
    // Settings and exclude globs are read once per workspace folder, not per file (a checkout
    // sends thousands).
    const perFolder = new Map<string, { settings: DiagnosticSettings; excluded: (relative: string, absolute: string) => boolean }>();
    for (const uri of uris) {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const key = folder?.uri.toString() ?? '';
      let rules = perFolder.get(key);
      if (rules === undefined) {
        const settings = readDiagnosticSettings(folder?.uri ?? uri);
        rules = { settings, excluded: excludeMatcher(settings.exclude) };
        perFolder.set(key, rules);
      }
      const { settings } = rules;
      if (!settings.enabled) continue;
      const relative = folder ? uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1) : uri.path;
      // The file's own path for the absolute one: on Windows a UNC share's server is not in `uri.path`.
      if (rules.excluded(relative, uri.fsPath)) continue;
      kept.push(uri);
      if (!settings.includeGitIgnored && !settings.secretFiles.matches(uri.path) && !marked.has(uri.toString())) askGit.push(uri);
    }
    const ignored = askGit.length > 0 ? await this.deps.git.ignored(askGit) : new Set<string>();
    return new Set(kept.map((u) => u.toString()).filter((k) => !ignored.has(k)));
  }

  /**
   * Forgets the marks of files a scan did not list that are gone or no longer scanned (now
   * excluded or git-ignored). A file the scan did not list may also be one created after its
   * listing and marked since (by another scan or a file event): that one stays.
   */
  async #dropUnlisted(listed: readonly vscode.Uri[]): Promise<void> {
    const keep = new Set(listed.map((u) => u.toString()));
    const unlisted = this.deps.controller.filesFromDisk().filter((u) => !keep.has(u.toString()));
    if (unlisted.length === 0) return;
    // A tree deleted just before a scan may not have sent its events yet: thousands of files to
    // ask about. A symbolic link is no longer scanned (marked by an older version, which followed links).
    const entries = await diskEntries(unlisted);
    this.deps.controller.forgetManyFromDisk(unlisted.filter((_, i) => entries[i] === undefined || entries[i] === 'link'));
    const present = unlisted.filter((_, i) => entries[i] !== undefined && entries[i] !== 'link');
    const wanted = await this.#filter(present, new Set());
    this.deps.controller.forgetManyFromDisk(present.filter((uri) => !wanted.has(uri.toString())));
  }

  #indexChanged(): void {
    if (!this.following || this.deps.holder.snapshot.isEmpty || !vscode.workspace.isTrusted) return;
    if (this.#rescan) {
      // One background scan at a time; the newest index is scanned once this one ends.
      this.#rescanAgain = true;
      this.#rescan.cancel();
      return;
    }
    void this.#backgroundScan();
  }

  async #backgroundScan(): Promise<void> {
    const source = new vscode.CancellationTokenSource();
    this.#rescan = source;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Leak Search: updating findings in files') }, async () => {
        let listed: readonly vscode.Uri[] = [];
        const started = performance.now();
        const summary = await this.deps.scanAll(source.token, (uris) => (listed = uris));
        if (!summary.cancelled) await this.#dropUnlisted(listed);
        this.deps.log(`Background workspace scan${summary.cancelled ? ' (cancelled)' : ''}: ${summary.scanned} of ${summary.files} files scanned, ${summary.matches} leaked identifiers in ${summary.filesWithMatches} files, in ${Math.round(performance.now() - started)} ms.`);
      });
    } catch (e) {
      this.deps.log(`Background workspace scan failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      source.dispose();
      this.#rescan = undefined;
    }
    if (this.#rescanAgain && !this.isDisposed) {
      this.#rescanAgain = false;
      void this.#backgroundScan();
      return;
    }
    this.#done.fire();
  }
}
