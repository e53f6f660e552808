// One open results panel: its HTML, the ready handshake, loading (and re-loading when the
// result changes), and answering the webview's requests (copy, export).
import * as vscode from 'vscode';
import { buildPanelHtml, createNonce } from './panelHtml';
import type { ResultsSource } from './resultsSource';
import { handleExport } from './exportFile';
import { parseWebviewMessage } from '../../shared/protocol';
import type { HostMessage, PanelFocus, ResponseMessage, WebviewRequest } from '../../shared/protocol';
import { loadMessage } from '../../shared/results/packed';
import type { ResultsEntry } from '../../core/types';

/** One open panel and its wiring. */
export class ResultsPanel implements vscode.Disposable {
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
