// Opens, reveals and restores the results panels: one panel per result key.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { ResultsPanel, panelTitle } from './resultsPanel';
import type { PanelHooks } from './resultsPanel';
import type { EngineHost } from '../engine/engineHost';
import type { ResultsModel } from '../model/resultsModel';
import type { ExportedFiles } from './exportFile';
import { RESULTS_VIEW_TYPE, stateKey } from '../../shared/webviewProtocol';
import type { PanelFocus } from '../../shared/webviewProtocol';

/** Owns every results panel; `show` opens or reveals one, `register` restores them after a reload. */
export class ResultsPanelManager extends Disposable {
  readonly #panels = new Map<string, ResultsPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly source: ResultsModel,
    private readonly engine: EngineHost,
    private readonly exported: ExportedFiles,
    private readonly hooks: PanelHooks,
  ) {
    super();
    // Every open panel (#adopt) closes with the manager; closing one disposes its ResultsPanel.
    this._register({
      dispose: () => {
        for (const controller of [...this.#panels.values()]) controller.panel.dispose();
        this.#panels.clear();
      },
    });
  }

  /** Opens (or reveals) the panel of the result `key`, optionally focused on records matching an identifier. */
  show(key: string, focus?: { identifier?: string }): void {
    const existing = this.#panels.get(key);
    if (existing) {
      existing.reveal(focus);
      return;
    }
    const entry = this.source.get(key);
    const panel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, panelTitle(entry), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
    });
    this.#adopt(panel, key, focus);
  }

  /** Triage decisions changed: every open panel shows them. */
  refreshAll(): void {
    for (const controller of this.#panels.values()) controller.refresh();
  }

  /** The keys of the open panels (for tests and commands). */
  openKeys(): string[] {
    return [...this.#panels.keys()];
  }

  /** What the panel of `key` reports it shows (records in the result, records passing its filters), once rendered. */
  shown(key: string): { readonly total: number; readonly shown: number } | undefined {
    return this.#panels.get(key)?.view;
  }

  #adopt(panel: vscode.WebviewPanel, key: string, focus: PanelFocus | undefined): void {
    const controller = new ResultsPanel(panel, key, this.extensionUri, this.source, this.engine, this.exported, focus, this.hooks);
    this.#panels.set(key, controller);
    panel.onDidDispose(() => {
      controller.dispose();
      if (this.#panels.get(key) === controller) this.#panels.delete(key);
    });
  }

  /** Registers the serializer that restores panels after a reload (unregistered when the manager is disposed). */
  register(): void {
    this._register(
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
          const key = stateKey(state);
          if (!key || this.#panels.has(key)) {
            panel.dispose();
            return;
          }
          this.#adopt(panel, key, undefined);
        },
      }),
    );
  }
}
