// The status bar item: leak count of the known results (with their age) and the request
// quota; the tooltip has the reset time. A spent quota is shown as such, with when checks
// resume, in the warning colour, and never as "no leaks".
import * as vscode from 'vscode';
import { Disposable } from '../core/lifecycle';
import { formatAge, formatNewSince, formatClock, formatQuota } from '../core/text/format';
import { plural } from '../core/text/plural';
import { recordCount, recordTotal } from '../shared/recordCount';
import type { QuotaStore } from './model/quotaStore';
import type { ResultsModel } from './model/resultsModel';

/** VS Code's own "focus" command of the Findings view (contributed by package.json views). */
const FINDINGS_FOCUS_COMMAND = 'leakSearch.findings.focus';

export interface StatusBarView {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
  readonly spent: boolean;
}

export class QuotaStatusBar extends Disposable {
  readonly #item: vscode.StatusBarItem;
  #resetTimer: NodeJS.Timeout | undefined;
  #view: StatusBarView = { visible: false, text: '', tooltip: '', spent: false };
  readonly #emitter = this._register(new vscode.EventEmitter<StatusBarView>());
  readonly onDidUpdate = this.#emitter.event;

  constructor(
    private readonly quota: QuotaStore,
    private readonly results: ResultsModel,
    private readonly origin: () => string | undefined,
  ) {
    super();
    this.#item = this._register(vscode.window.createStatusBarItem('leakSearch.status', vscode.StatusBarAlignment.Left, 50));
    this.#item.name = 'Leak Search';
    // The leak count is about the findings: a click shows them (the tree), not a new check.
    this.#item.command = FINDINGS_FOCUS_COMMAND;
    this._register(quota.onDidChange(() => this.update()));
    this._register(results.onDidChange(() => this.update()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch.baseUrl')) this.update();
      }),
    );
    // The timer #scheduleReset re-arms on every update.
    this._register({ dispose: () => clearTimeout(this.#resetTimer) });
    // Ages move on; refresh once a minute (cheap: no I/O).
    const tick = setInterval(() => this.update(), 60_000);
    this._register({ dispose: () => clearInterval(tick) });
    this.update();
  }

  get view(): StatusBarView {
    return this.#view;
  }

  update(): void {
    const origin = this.origin();
    const now = Date.now();
    const state = origin ? this.quota.get(origin) : undefined;
    const shown = origin ? this.results.latestOf(origin) : [];
    if (!state && shown.length === 0) {
      this.#set({ visible: false, text: '', tooltip: '', spent: false });
      return;
    }
    const q = formatQuota(state, now);
    const total = shown.reduce((s, e) => s + recordTotal(e), 0);
    const oldest = shown.length > 0 ? Math.min(...shown.map((e) => e.fetchedAt)) : undefined;
    const lines = shown
      .sort((a, b) => (a.query.domain + a.query.type).localeCompare(b.query.domain + b.query.type))
      .map((e) => {
        const fresh = formatNewSince(e, now);
        return `${e.query.domain} (${e.query.type}): ${recordCount(e.count, e.records, (n) => plural(n, vscode.l10n.t('record'), vscode.l10n.t('records')))}${fresh ? `, ${fresh}` : ''}, ${vscode.l10n.t('as of {0} ({1})', formatClock(e.fetchedAt, now), formatAge(e.fetchedAt, now))}`;
      });
    const fresh = shown.reduce((s, e) => s + (e.newRecords ?? 0), 0);
    const tooltip = [
      `Leak Search — ${origin}`,
      ...lines,
      state ? vscode.l10n.t('Quota: {0}', q.tooltip) : vscode.l10n.t('Quota: not reported yet.'),
    ].join('\n');
    let text: string;
    if (q.spent) {
      text = `$(warning) Leak Search: ${q.text}`;
    } else {
      const leaks = oldest !== undefined ? `${plural(total, vscode.l10n.t('leaked record'), vscode.l10n.t('leaked records'))}${fresh > 0 ? ` · ${vscode.l10n.t('{0} new', fresh.toLocaleString('en-US'))}` : ''} (${formatAge(oldest, now)})` : 'Leak Search';
      text = `$(shield) ${leaks}${state ? ` · ${vscode.l10n.t('quota {0}', q.text)}` : ''}`;
    }
    this.#set({ visible: true, text, tooltip, spent: q.spent });
    this.#scheduleReset(state?.resetAt, now);
  }

  #set(view: StatusBarView): void {
    this.#view = view;
    this.#item.text = view.text;
    this.#item.tooltip = view.tooltip;
    this.#item.backgroundColor = view.spent ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    if (view.visible) this.#item.show();
    else this.#item.hide();
    this.#emitter.fire(view);
  }

  /** Updates right when the window resets, so "spent" does not linger. */
  #scheduleReset(resetAt: number | undefined, now: number): void {
    if (this.#resetTimer) clearTimeout(this.#resetTimer);
    this.#resetTimer = undefined;
    if (resetAt === undefined || resetAt <= now || resetAt - now > 86_400_000) return;
    this.#resetTimer = setTimeout(() => this.update(), resetAt - now + 500);
  }
}
