// Opens, reveals and restores the results panels: one panel per result key.
import * as vscode from 'vscode';
import { buildPanelHtml, createNonce } from './panelHtml';
import type { ResultsSource } from './resultsSource';
import { handleExport } from './exportFile';
import { RESULTS_VIEW_TYPE, parseWebviewMessage, stateKey } from '../../shared/protocol';
import { loadMessage } from '../../shared/results/packed';
import type { HostMessage, PanelFocus, ResponseMessage, WebviewRequest } from '../../shared/protocol';
import type { ResultsEntry } from '../../core/types';

/** One open panel and its wiring. */
class ResultsPanel implements vscode.Disposable {
  readonly #disposables: vscode.Disposable[] = [];
  #ready = false;
  #pendingFocus: PanelFocus | undefined;
  #shownFetchedAt: number | undefined;
  #shownMissing = false;
  /** What the webview last reported showing. */
  view: { readonly total: number; readonly shown: number } | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly key: string,
    private readonly extensionUri: vscode.Uri,
    private readonly source: ResultsSource,
    focus: PanelFocus | undefined,
  ) {
    this.#pendingFocus = focus;
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    this.#disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.#onMessage(message)),
      source.onDidChange(() => this.#onSourceChange()),
    );
    this.#render(source.get(key));
  }

  #render(entry: ResultsEntry | undefined): void {
    const webview = this.panel.webview;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    this.panel.title = panelTitle(entry);
    this.#ready = false;
    webview.html = buildPanelHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
      title: this.panel.title,
    });
  }

  /** Reveals the panel; with a focus, shows the records matching it. */
  reveal(focus: PanelFocus | undefined): void {
    this.panel.reveal(undefined, false);
    if (!focus?.identifier) return;
    if (this.#ready) void this.#post({ type: 'focus', focus });
    else this.#pendingFocus = focus;
  }

  #post(message: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  #sendCurrent(): void {
    const entry = this.source.get(this.key);
    if (!entry) {
      this.#shownMissing = true;
      this.#shownFetchedAt = undefined;
      void this.#post({ type: 'missing', key: this.key });
      return;
    }
    this.#shownMissing = false;
    this.#shownFetchedAt = entry.fetchedAt;
    this.panel.title = panelTitle(entry);
    const focus = this.#pendingFocus;
    this.#pendingFocus = undefined;
    void this.#post(loadMessage(entry, focus));
  }

  #onSourceChange(): void {
    if (!this.#ready) return;
    const entry = this.source.get(this.key);
    if (!entry && this.#shownMissing) return;
    if (entry && entry.fetchedAt === this.#shownFetchedAt) return;
    this.#sendCurrent();
  }

  #onMessage(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) return;
    if (message.type === 'ready') {
      this.#ready = true;
      this.view = undefined;
      this.#sendCurrent();
      return;
    }
    if (message.type === 'rendered') {
      this.view = message.key === this.key ? { total: message.total, shown: message.shown } : undefined;
      return;
    }
    void this.#answer(message);
  }

  async #answer(request: WebviewRequest): Promise<void> {
    let response: ResponseMessage;
    try {
      if (request.type === 'copy') {
        await vscode.env.clipboard.writeText(request.text);
        response = { type: 'response', id: request.id, ok: true, message: request.what === 'row' ? 'Row copied' : 'Cell copied' };
      } else {
        const outcome = await handleExport(request);
        response = { type: 'response', id: request.id, ok: outcome.ok, message: outcome.message };
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      response = { type: 'response', id: request.id, ok: false, message: `Failed: ${reason}` };
    }
    void this.#post(response);
  }

  dispose(): void {
    for (const disposable of this.#disposables.splice(0)) disposable.dispose();
  }
}

/** The tab title: the domain and findings type of the result ('Leaks' until it is known). */
export function panelTitle(entry: ResultsEntry | undefined): string {
  return entry ? `Leaks: ${entry.query.domain} (${entry.query.type})` : 'Leaks';
}

/** Owns every results panel; `show` opens or reveals one, `register` restores them after a reload. */
export class ResultsPanelManager implements vscode.Disposable {
  readonly #panels = new Map<string, ResultsPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly source: ResultsSource,
  ) {}

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

  /** The keys of the open panels (for tests and commands). */
  openKeys(): string[] {
    return [...this.#panels.keys()];
  }

  /** What the panel of `key` reports it shows (records in the result, records passing its filters), once rendered. */
  shown(key: string): { readonly total: number; readonly shown: number } | undefined {
    return this.#panels.get(key)?.view;
  }

  #adopt(panel: vscode.WebviewPanel, key: string, focus: PanelFocus | undefined): void {
    const controller = new ResultsPanel(panel, key, this.extensionUri, this.source, focus);
    this.#panels.set(key, controller);
    panel.onDidDispose(() => {
      controller.dispose();
      if (this.#panels.get(key) === controller) this.#panels.delete(key);
    });
  }

  /** Registers the serializer that restores panels after a reload; disposing it also closes the panels. */
  register(): vscode.Disposable {
    const serializer = vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        const key = stateKey(state);
        if (!key || this.#panels.has(key)) {
          panel.dispose();
          return;
        }
        this.#adopt(panel, key, undefined);
      },
    });
    return vscode.Disposable.from(serializer, this);
  }

  dispose(): void {
    for (const controller of [...this.#panels.values()]) controller.panel.dispose();
    this.#panels.clear();
  }
}
