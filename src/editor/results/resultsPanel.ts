// One open results panel: its HTML, the ready handshake, and the webview's questions passed
// to the data engine (a query, a window of rows, a revealed cell, a copy, an export). The
// records stay in the engine; the page gets only what it shows.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { EngineHost } from '../engine/engineHost';
import { buildPanelHtml, createNonce } from './panelHtml';
import { chooseExportFile } from './exportFile';
import type { ExportedFiles } from './exportFile';
import { describeFilter, exportFileName, parseWebviewMessage } from '../../shared/webviewProtocol';
import type { FilterState, HostMessage, PanelEntry, PanelFocus, ResponseMessage, WebviewRequest } from '../../shared/webviewProtocol';
import type { RateLimitState, ResultsEntry } from '../../core/service/types';
import { currentQuota } from '../../core/text/format';
import type { ResultsModel } from '../model/resultsModel';
import { answerPanelAction } from './panelActions';
import type { GuideKind } from '../../core/text/guides';
import type { TriageState } from '../../core/triage/triage';

/** What the panel's triage and guide buttons do outside the panel, and the live quota it shows. */
export interface PanelHooks {
  mark(origin: string, ids: readonly string[], state: TriageState | undefined): Promise<number>;
  openGuide(kind: GuideKind): Promise<unknown>;
  /** The service's quota for an origin as the status bar knows it (see QuotaStore). */
  quota(origin: string): RateLimitState | undefined;
  /** Fires with the origin whose quota changed. */
  readonly onQuotaChange: vscode.Event<string>;
  /** Presentation mode (`leakSearch.presentationMode`): no password is revealed, copied or exported. */
  presentation(): boolean;
  setPresentation(on: boolean): Thenable<void>;
  readonly onPresentationChange: vscode.Event<boolean>;
}
import { l10nBundle } from '../shareBundle';

let nextPanelId = 1;

/** One open panel and its wiring. */
export class ResultsPanel extends Disposable {
  readonly #id = nextPanelId++;
  #ready = false;
  /** A focus asked for and not yet delivered to a live page (delivered with `load`, or as `focus`). */
  #pendingFocus: PanelFocus | undefined;
  #shownFetchedAt: number | undefined;
  #shownMissing = false;
  #entry: PanelEntry | undefined;
  #filter: FilterState | undefined;
  /** What the webview last reported showing. */
  view: { readonly total: number; readonly shown: number } | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly key: string,
    private readonly extensionUri: vscode.Uri,
    private readonly results: ResultsModel,
    private readonly engine: EngineHost,
    private readonly exported: ExportedFiles,
    focus: PanelFocus | undefined,
    private readonly hooks: PanelHooks,
  ) {
    super();
    this.#pendingFocus = focus;
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => void this.#onMessage(message)));
    this._register(results.onDidChange(() => this.#onSourceChange()));
    // A hidden webview is torn down and built again when shown: it will say `ready` again,
    // and until then nothing posted to it arrives.
    this._register(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.#ready = false;
      }),
    );
    // The engine's side of the panel, opened on each `ready` (#sendCurrent), closes with it.
    this._register({ dispose: () => void this.engine.call('panelClose', { panel: this.#id }).catch(() => undefined) });
    // The header's quota is the live one: every check (here or elsewhere) and the window's reset move it.
    this._register(hooks.onQuotaChange((origin) => {
      if (origin === this.#entry?.origin) this.#postQuota();
    }));
    this._register({ dispose: () => clearTimeout(this.#resetTimer) });
    this._register(hooks.onPresentationChange((on) => {
      if (this.#ready) void this.#post({ type: 'presentation', on });
    }));
    this.#render(results.get(key));
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

  /** Decisions changed: the page runs its query again (when live). */
  refresh(): void {
    if (this.#ready && this.#entry) void this.#post({ type: 'refresh' });
  }

  /** Reveals the panel; with a focus, shows the records matching it, whether the page is live, hidden or still loading. */
  reveal(focus: PanelFocus | undefined): void {
    if (focus?.identifier) this.#pendingFocus = focus;
    const wasVisible = this.panel.visible;
    this.panel.reveal(undefined, false);
    if (this.#ready && wasVisible) this.#deliverFocus();
  }

  #deliverFocus(): void {
    const focus = this.#pendingFocus;
    if (!focus?.identifier) return;
    this.#pendingFocus = undefined;
    void this.#post({ type: 'focus', focus });
  }

  /** Posts to the webview; nothing once the panel is closed (an engine answer can arrive after). */
  #post(message: HostMessage): Thenable<boolean> {
    if (this.isDisposed) return Promise.resolve(false);
    return this.panel.webview.postMessage(message);
  }

  async #sendCurrent(): Promise<void> {
    const entry = this.results.get(this.key);
    const opened = entry ? await this.engine.call('panelOpen', { panel: this.#id, key: this.key }).catch(() => undefined) : undefined;
    if (!entry || !opened) {
      this.#shownMissing = true;
      this.#shownFetchedAt = undefined;
      void this.#post({ type: 'missing', key: this.key });
      return;
    }
    this.#shownMissing = false;
    this.#shownFetchedAt = entry.fetchedAt;
    // The quota the status bar shows, not the one this result's answer reported.
    const rateLimit = this.#liveQuota(opened.entry.origin);
    const rest: PanelEntry = { ...opened.entry };
    delete (rest as { rateLimit?: unknown }).rateLimit;
    this.#entry = { ...rest, ...(rateLimit ? { rateLimit } : {}) };
    this.panel.title = panelTitle(entry);
    const focus = this.#pendingFocus;
    this.#pendingFocus = undefined;
    void this.#post({ type: 'load', entry: this.#entry, columns: opened.columns, presentation: this.hooks.presentation(), ...(focus?.identifier ? { focus } : {}), ...(l10nBundle() ? { l10n: l10nBundle() } : {}) });
  }

  #resetTimer: NodeJS.Timeout | undefined;

  /** The quota now, and a re-post when its window resets (the whole limit is back then). */
  #liveQuota(origin: string): RateLimitState | undefined {
    const now = Date.now();
    const state = currentQuota(this.hooks.quota(origin), now);
    clearTimeout(this.#resetTimer);
    if (state?.resetAt !== undefined && state.resetAt > now) {
      this.#resetTimer = setTimeout(() => this.#postQuota(), Math.min(state.resetAt - now + 500, 2 ** 31 - 1));
    }
    return state;
  }

  #postQuota(): void {
    if (!this.#ready || !this.#entry) return;
    const rateLimit = this.#liveQuota(this.#entry.origin);
    void this.#post({ type: 'quota', ...(rateLimit ? { rateLimit } : {}) });
  }

  #onSourceChange(): void {
    if (!this.#ready) return;
    const entry = this.results.get(this.key);
    if (!entry && this.#shownMissing) return;
    if (entry && entry.fetchedAt === this.#shownFetchedAt) return;
    void this.#sendCurrent();
  }

  async #onMessage(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.#ready = true;
        this.view = undefined;
        await this.#sendCurrent();
        return;
      case 'rendered':
        this.view = message.key === this.key ? { total: message.total, shown: message.shown } : undefined;
        return;
      case 'query': {
        this.#filter = message.query.filter;
        const summary = await this.engine.call('panelQuery', { panel: this.#id, query: message.query }).catch(() => undefined);
        if (summary) void this.#post({ type: 'view', seq: message.seq, summary });
        else void this.#sendCurrent();
        return;
      }
      case 'figures': {
        const figures = await this.engine.call('panelFigures', { panel: this.#id }).catch(() => undefined);
        if (figures) void this.#post({ type: 'figures', seq: message.seq, figures });
        return;
      }
      case 'presentation':
        await this.hooks.setPresentation(message.on);
        return;
      case 'window': {
        const items = await this.engine
          .call('panelWindow', { panel: this.#id, start: message.start, count: message.count, revealed: message.revealed, presentation: this.hooks.presentation() })
          .catch(() => undefined);
        if (items) void this.#post({ type: 'rows', seq: message.seq, start: message.start, items });
        return;
      }
      default:
        await this.#answer(message);
    }
  }

  async #answer(request: WebviewRequest): Promise<void> {
    let response: ResponseMessage;
    try {
      const masked = vscode.l10n.t('Presentation mode is on: passwords stay masked.');
      if (request.type === 'reveal' && this.hooks.presentation()) {
        response = { type: 'response', id: request.id, ok: false, message: masked };
      } else if (request.type === 'reveal') {
        const text = await this.engine.call('panelCell', { panel: this.#id, row: request.row, column: request.column });
        response = text === undefined ? { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('That record is gone.') } : { type: 'response', id: request.id, ok: true, text };
      } else if (request.type === 'copy') {
        const presentation = this.hooks.presentation();
        const text = await this.engine.call('panelCopy', { panel: this.#id, what: request.what, row: request.row, column: request.column, revealed: presentation ? [] : request.revealed });
        if (text === undefined) response = { type: 'response', id: request.id, ok: false, message: presentation ? masked : vscode.l10n.t('Reveal the password first to copy it.') };
        else {
          await vscode.env.clipboard.writeText(text);
          response = { type: 'response', id: request.id, ok: true, message: request.what === 'row' ? vscode.l10n.t('Row copied') : vscode.l10n.t('Cell copied') };
        }
      } else if (request.type === 'triage' || request.type === 'guide') {
        const entry = this.#entry;
        if (!entry) throw new Error('the result is not loaded yet');
        response = await answerPanelAction(request, {
          selection: (r) => this.engine.call('panelSelection', { panel: this.#id, machine: r.type === 'guide', ...('row' in r.target ? { rows: [r.target.row] } : 'group' in r.target ? { rows: [], group: r.target.group } : { rows: [] }) }),
          mark: (ids, state) => this.hooks.mark(entry.origin, ids, state),
          openGuide: (kind) => this.hooks.openGuide(kind),
          type: entry.type,
        });
      } else {
        const entry = this.#entry;
        const name = exportFileName(entry?.query.domain ?? 'leaks', entry?.type ?? 'records', request.format);
        const file = await chooseExportFile(name, request.format);
        if (!file) response = { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('Export cancelled') };
        else {
          const done = await this.engine.call('panelExport', {
            panel: this.#id,
            format: request.format,
            includeSecrets: request.includeSecrets && !this.hooks.presentation(),
            file: file.fsPath,
            filterDescription: this.#filter ? describeFilter(this.#filter) : '',
          });
          await this.exported.add(file);
          response = { type: 'response', id: request.id, ok: true, message: vscode.l10n.t('Saved {0} ({1})', file.path.split('/').pop() ?? 'file', done.rows === 1 ? vscode.l10n.t('{0} record', '1') : vscode.l10n.t('{0} records', done.rows.toLocaleString(vscode.env.language))) };
        }
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      response = { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('Failed: {0}', reason) };
    }
    void this.#post(response);
  }
}

/** The tab title: the domain and findings type of the result ('Leaks' until it is known). */
export function panelTitle(entry: ResultsEntry | undefined): string {
  return entry ? vscode.l10n.t('Leaks: {0} ({1})', entry.query.domain, entry.query.type) : vscode.l10n.t('Leaks');
}
