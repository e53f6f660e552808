// Wiring only: builds the extension's one context object and registers everything through
// it. Every registration is pushed to `context.subscriptions` and so disposed.
import * as vscode from 'vscode';
import { Settings } from './editor/settings';
import { Logger } from './editor/logger';
import { WindowNotifier } from './editor/notifier';
import { ApiKeyStore } from './editor/secrets/apiKeyStore';
import { ResultsModel } from './editor/model/resultsModel';
import { ConfiguredDomains } from './editor/model/configuredDomains';
import { QuotaStore } from './editor/model/quotaStore';
import { TriageStore } from './editor/model/triageStore';
import { TriageSync } from './editor/model/triageSync';
import { Scheduler } from './editor/checks/scheduler';
import { CacheKey } from './editor/secrets/cacheKey';
import { EngineHost } from './editor/engine/engineHost';
import { ExportedFiles } from './editor/results/exportFile';
import { ClientHolder } from './editor/client/clientHolder';
import { ClearTextConsent } from './editor/client/clearTextConsent';
import { askClearText } from './editor/client/askClearText';
import { CheckRunner } from './editor/checks/checkRunner';
import { LeakTreeModel } from './editor/tree/leakTreeModel';
import { LeakTreeProvider, TREE_VIEW_ID } from './editor/tree/leakTreeProvider';
import { QuotaStatusBar } from './editor/quotaStatusBar';
import { registerCommands } from './editor/commands/registerCommands';
import { applyTriage } from './editor/commands/triage';
import { domainPicks } from './editor/commands/pickDomain';
import { CommandId } from './editor/commands/commandIds';
import { ResultsPanelManager } from './editor/results/resultsPanelManager';
import { keepTrustMessage, startup } from './editor/startup';
import { DiagnosticsFeature } from './editor/diagnostics/diagnosticsFeature';
import { storeDemoKey } from './editor/secrets/demoKey';
import type { LeakSearchContext } from './editor/leakSearchContext';
import type { LeakSearchApi } from './editor/api';
import { shareBundleWithCore } from './editor/shareBundle';

/**
 * Returns the test API only to this project's own integration tests (extension mode Test):
 * an installed copy exports nothing, so no other extension can read results (with leaked
 * passwords), show notifications through us or reload the cache.
 */
export function activate(context: vscode.ExtensionContext): LeakSearchApi | undefined {
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  shareBundleWithCore();
  const settings = new Settings();
  const keys = own(new ApiKeyStore(context.secrets));
  const secrets = (): readonly string[] => [...keys.knownSecrets(), ...settings.proxySecrets()];
  const log = own(new Logger(secrets));
  const notifier = own(new WindowNotifier(secrets, (e) => log.error(`A notification action failed: ${e instanceof Error ? e.message : String(e)}`)));
  const results = own(new ResultsModel());
  const domains = new ConfiguredDomains(settings, results);
  const quota = own(new QuotaStore(context.globalState));
  const triage = own(new TriageStore(context.globalState));
  // The records, their cache and every query over them live in a worker thread (src/engine/).
  const engine = own(new EngineHost(context.asAbsolutePath('dist/engine.js'), log));
  // A record the service sent with the key in it (an echoed URL) never shows it.
  own(keys.onDidLearnKey((known) => void engine.call('setKnownKeys', { keys: known }).catch((e: unknown) => log.warn(`The engine was not told the keys to mask: ${String(e)}`))));
  const cacheKey = new CacheKey(context.secrets);
  const exported = own(new ExportedFiles(context.globalState));
  const consent = new ClearTextConsent(context.globalState, askClearText);
  const clients = own(new ClientHolder(settings, consent, quota.limiter, log));
  const checks = own(new CheckRunner({ settings, keys, model: results, quota, engine, cacheKey, clients, consent, notifier, log }));
  const scheduler = own(new Scheduler({ settings, domains, quota, checks, memento: context.globalState, storageDir: context.globalStorageUri.fsPath, log }));
  const origin = (): string | undefined => {
    try {
      return checks.endpoint().origin;
    } catch {
      return undefined;
    }
  };
  const treeModel = own(new LeakTreeModel(settings, keys, domains, results, origin, engine));
  const tree = own(new LeakTreeProvider(treeModel, () => settings.cacheTtlMs(), triage));
  const treeView = own(vscode.window.createTreeView(TREE_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true }));
  const statusBar = own(new QuotaStatusBar(quota, results, origin));
  const panel = own(new ResultsPanelManager(context.extensionUri, results, engine, exported, {
    mark: (at, ids, state) => applyTriage({ triage, log, notifier }, at, ids, state),
    openGuide: (kind) => Promise.resolve(vscode.commands.executeCommand(CommandId.openGuide, kind)),
    quota: (at) => quota.get(at),
    onQuotaChange: quota.onDidChange,
    presentation: () => settings.presentationMode(),
    setPresentation: (on) => settings.setPresentationMode(on),
    onPresentationChange: settings.onDidChangePresentation,
  }));
  panel.register();
  const diagnostics = own(new DiagnosticsFeature({ results, settings, domains, origin, workspaceState: context.workspaceState, log, engine, exported, triage }));

  const triageSync = own(new TriageSync(triage, engine, diagnostics.holder, origin));
  own(triageSync.onDidSend(() => panel.refreshAll()));
  const ctx: LeakSearchContext = { extension: context, settings, log, notifier, keys, results, domains, quota, triage, engine, cacheKey, checks, treeModel, tree, statusBar, panel, diagnostics, exported };
  own(registerCommands(ctx));
  own(keepTrustMessage(treeView as vscode.TreeView<unknown>, treeModel));

  // `npm run demo` (development mode only): the demo key is stored before startup reads it.
  const ready = storeDemoKey(context.extensionMode, process.env, keys)
    .catch((e: unknown) => log.error(`Demo key not stored: ${e instanceof Error ? e.message : String(e)}`))
    .then(() => startup(ctx))
    .then(() => triageSync.send());
  void ready.then(() => clients.preloadWhenNeeded());
  if (context.extensionMode !== vscode.ExtensionMode.Test) {
    // Tests drive the schedule with their own clock (api.scheduler.tick); users get the timer.
    void ready.then(() => scheduler.start());
    return undefined;
  }
  return {
    tree,
    treeModel,
    treeView: treeView as vscode.TreeView<unknown>,
    results,
    resultsPanel: panel,
    quota,
    triage,
    scheduler,
    notifier,
    statusBar: () => statusBar.view,
    onDidUpdateStatusBar: statusBar.onDidUpdate,
    logFile: vscode.Uri.joinPath(context.logUri, 'Leak Search.log'),
    cacheDir: vscode.Uri.joinPath(context.globalStorageUri, 'results'),
    flushCache: () => engine.call('flush', {}),
    engineMemory: () => engine.call('memory', {}),
    reloadFromDisk: async () => {
      await engine.call('flush', {});
      results.clear();
      clients.reset();
      await engine.restart();
      await startup(ctx);
      await triageSync.send();
    },
    diagnostics: {
      collection: diagnostics.controller.collection,
      count: () => diagnostics.controller.count,
      statusBar: () => diagnostics.status.view,
      onDidScan: diagnostics.controller.onDidScan,
      indexVersion: () => diagnostics.holder.snapshot.version,
      scanDelay: (uri) => diagnostics.controller.scanDelay(uri),
      onDidRebuildIndex: (listener) => diagnostics.holder.onDidChange(() => listener()),
      reload: () => diagnostics.reload(),
      rebuildIndex: () => diagnostics.holder.rebuild().then(() => undefined),
      indexedResults: () => diagnostics.holder.indexedResults(),
      batchDiskScans: (work) => diagnostics.controller.batchDiskScans(work),
    },
    pickerDomains: () => domainPicks(ctx).map((p) => p.domain),
    ready,
  };
}

export function deactivate(): void {
  // everything is disposed through context.subscriptions
}
