// The one context object every command and view is built from (see src/extension.ts).
import type * as vscode from 'vscode';
import type { Settings } from './settings';
import type { Logger } from './logger';
import type { Notifier } from './notifier';
import type { ApiKeyStore } from './secrets/apiKeyStore';
import type { ResultsModel } from './model/resultsModel';
import type { ConfiguredDomains } from './model/configuredDomains';
import type { QuotaStore } from './model/quotaStore';
import type { TriageStore } from './model/triageStore';
import type { CacheKey } from './secrets/cacheKey';
import type { EngineHost } from './engine/engineHost';
import type { CheckRunner } from './checks/checkRunner';
import type { LeakTreeModel } from './tree/leakTreeModel';
import type { LeakTreeProvider } from './tree/leakTreeProvider';
import type { QuotaStatusBar } from './quotaStatusBar';
import type { DiagnosticsFeature } from './diagnostics/diagnosticsFeature';
import type { ExportedFiles } from './results/exportFile';

/** What the results panel offers the rest of the editor. */
export interface ResultsPanelOpener {
  show(key: string, focus?: { identifier?: string }): void;
}

export interface LeakSearchContext {
  readonly extension: vscode.ExtensionContext;
  readonly settings: Settings;
  readonly log: Logger;
  readonly notifier: Notifier;
  readonly keys: ApiKeyStore;
  readonly results: ResultsModel;
  /** The one list of domains (configured, normalised, then checked by hand). */
  readonly domains: ConfiguredDomains;
  readonly quota: QuotaStore;
  /** Triage decisions per service origin. */
  readonly triage: TriageStore;
  readonly engine: EngineHost;
  readonly cacheKey: CacheKey;
  readonly checks: CheckRunner;
  readonly treeModel: LeakTreeModel;
  readonly tree: LeakTreeProvider;
  readonly statusBar: QuotaStatusBar;
  readonly panel: ResultsPanelOpener;
  /** Leaked identifiers in files (diagnostics, hovers, quick fixes, workspace scan). */
  readonly diagnostics: DiagnosticsFeature;
  /** Files this extension exported (never scanned for leaks). */
  readonly exported: ExportedFiles;
}
