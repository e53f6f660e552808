// Leaked identifiers in files, put together: the leak index of the workspace's results, the
// ignore list, the diagnostics controller, hover and quick-fix providers, and the match
// count in the status bar. One object, owned (and disposed) by the extension context.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { ignoredHint } from '../../core/scan/ignoredHint';
import { ignoreKey } from '../../core/scan/ignoreList';
import type { MatchKind } from '../../core/scan/matchTypes';
import type { Settings } from '../settings';
import type { EngineHost } from '../engine/engineHost';
import type { ExportedFiles } from '../results/exportFile';
import type { Logger } from '../logger';
import type { ResultsModel } from '../model/resultsModel';
import type { ConfiguredDomains } from '../model/configuredDomains';
import type { TriageStore } from '../model/triageStore';
import { DiagnosticsController } from './diagnosticsController';
import { GitIgnored } from './gitIgnored';
import { IgnoreStore } from './ignoreStore';
import { LeakCodeActionProvider } from './leakCodeActions';
import { LeakHoverProvider } from './leakHover';
import { LeakIndexHolder } from './leakIndexHolder';
import { MatchCountStatus } from './matchCountStatus';
import { SCANNED_SCHEMES } from './fileFilter';
import { scanFile, scanWorkspaceFiles } from './workspaceScan';
import { WorkspaceFollower } from './workspaceFollower';
import type { WorkspaceScanDeps, WorkspaceScanOptions, WorkspaceScanSummary } from './workspaceScan';

export interface DiagnosticsFeatureDeps {
  readonly results: ResultsModel;
  readonly settings: Settings;
  readonly domains: ConfiguredDomains;
  readonly origin: () => string | undefined;
  readonly workspaceState: vscode.Memento;
  readonly log: Logger;
  readonly engine: EngineHost;
  /** Files this extension exported: never scanned (they hold the leaks themselves). */
  readonly exported: ExportedFiles;
  /** The team's decisions, shown in the hover. */
  readonly triage: TriageStore;
}

export class DiagnosticsFeature extends Disposable {
  readonly holder: LeakIndexHolder;
  readonly ignores: IgnoreStore;
  readonly git: GitIgnored;
  readonly controller: DiagnosticsController;
  readonly status: MatchCountStatus;
  readonly follower: WorkspaceFollower;

  constructor(private readonly deps: DiagnosticsFeatureDeps) {
    super();
    this.holder = this._register(new LeakIndexHolder(deps.results, deps.domains, deps.origin, deps.engine));
    this.ignores = this._register(new IgnoreStore(deps.workspaceState));
    this.git = this._register(new GitIgnored((m) => deps.log.info(m)));
    this.controller = this._register(new DiagnosticsController(this.holder, this.ignores, this.git, deps.exported));
    this.status = this._register(new MatchCountStatus(this.controller));
    const selector = [...SCANNED_SCHEMES].map((scheme) => ({ scheme }));
    this._register(
      vscode.languages.registerHoverProvider(selector, new LeakHoverProvider(this.controller, this.holder, (id) => {
        const origin = deps.origin();
        return origin ? deps.triage.get(origin, id) : undefined;
      })),
    );
    this._register(vscode.languages.registerCodeActionsProvider(selector, new LeakCodeActionProvider(this.controller, deps.origin), LeakCodeActionProvider.metadata));
    this.follower = this._register(new WorkspaceFollower({
      state: deps.workspaceState,
      holder: this.holder,
      controller: this.controller,
      git: this.git,
      scanFile: (uri) => scanFile(this.#scanDeps(), uri),
      scanAll: (token, listed) => scanWorkspaceFiles(this.#scanDeps(), { report: () => undefined }, token, { listed }),
      log: (m) => deps.log.info(m),
    }));
    // Files a workspace scan marked follow new results, the ignore list and git repositories
    // too (a followed workspace is also scanned again whole on new results: workspaceFollower.ts).
    this._register(this.holder.onDidChange(() => void this.#rescanFilesFromDisk()));
    this._register(this.ignores.onDidChange(() => void this.#rescanFilesFromDisk()));
    this._register(this.git.onDidChange(() => void this.#rescanFilesFromDisk()));
    this.holder.schedule();
  }

  /**
   * Ignores the identifier of the match at [start, end) of a document (a quick fix): only
   * its salted hash is stored. Returns false when no such match is shown.
   */
  async ignoreAt(uri: string, start: number, end: number, kind: MatchKind): Promise<boolean> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!document) return false;
    const shown = this.controller
      .shownMatches(document.uri)
      .find((m) => m.match.kind === kind && document.offsetAt(m.range.start) === start && document.offsetAt(m.range.end) === end);
    if (!shown) return false;
    // The text as it is now at the range (for a password: hashed at once, never stored).
    await this.ignores.add(ignoreKey({ kind, identifier: shown.match.identifier, start, end }, document.getText()), {
      kind,
      hint: ignoredHint(kind, shown.match.identifier, shown.match.owners),
    });
    return true;
  }

  async #rescanFilesFromDisk(): Promise<void> {
    const deps = this.#scanDeps();
    for (const uri of this.controller.filesFromDisk()) {
      if ((await scanFile(deps, uri)) === undefined) this.controller.setForFile(uri, []);
    }
  }

  #scanDeps(): WorkspaceScanDeps {
    return { holder: this.holder, ignores: this.ignores, git: this.git, controller: this.controller, exported: this.deps.exported };
  }

  /** Scans the workspace's files with a cancellable progress notification. */
  scanWorkspace(options: WorkspaceScanOptions = {}): Thenable<WorkspaceScanSummary> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Leak Search: scanning workspace files'), cancellable: true },
      async (progress, token) => {
        if (this.holder.snapshot.version === 0) await this.holder.rebuild();
        let listed: readonly vscode.Uri[] = [];
        const summary = await scanWorkspaceFiles(this.#scanDeps(), progress, token, { ...options, listed: (uris) => (listed = uris) });
        if (!summary.cancelled) await this.follower.scanned(listed);
        this.deps.log.info(
          `Workspace scan${summary.cancelled ? ' (cancelled)' : ''}: ${summary.scanned} of ${summary.files} files scanned, ${summary.skipped} skipped (${summary.gitIgnored} git-ignored, ${summary.exports} own exports), ${summary.matches} leaked identifiers in ${summary.filesWithMatches} files.${summary.truncated.folders.length > 0 ? ` Only the first ${summary.truncated.max} files of ${summary.truncated.folders.join(', ')} were listed.` : ''}`,
        );
        return summary;
      },
    );
  }

  /** What a restart does: re-reads the ignore list from workspaceState and rebuilds the index. */
  async reload(): Promise<void> {
    this.ignores.reload();
    await this.holder.rebuild();
  }
}
