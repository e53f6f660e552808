// The results panel: header, charts, filters, table; UI state persisted, data from the host.
// The records stay in the data engine: a change of filter, sort or grouping is a `query` the
// host answers with counts and figures (`view`); the table asks for the rows it shows
// (`window`), a block at a time; a password comes only when the user reveals that cell.
import { barChart, fitBarLabels, timelineChart } from './charts';
import { actionBar } from './actionBar';
import type { CheckControl } from './controls';
import { filterBar } from './filterBar';
import type { FilterBar } from './filterBar';
import { clear, el, icon, numberFormat } from './dom';
import { Grid } from './grid';
import type { GridModel } from './grid';
import { HostConnection } from './hostApi';
import { EMPTY_FILTER, MASK, isFilterEmpty, parsePanelState } from '../shared/webviewProtocol';
import type {
  ExportFormat,
  FilterState,
  Grouping,
  HostMessage,
  PanelColumn,
  PanelEntry,
  PanelFocus,
  PanelUiState,
  SortState,
  ViewItem,
  ViewFigures,
  ViewSummary,
} from '../shared/webviewProtocol';
import { quotaText, summaryHeader } from './header';
import * as l10n from '@vscode/l10n';

/** Items per window request. */
const BLOCK = 100;

interface UiState {
  sort: SortState | undefined;
  filter: FilterState;
  grouping: Grouping;
  presentation: boolean;
  scrollTop: number;
}

export class App {
  readonly #root: HTMLElement;
  readonly #host: HostConnection;
  #key: string | undefined;
  #ui: UiState;
  #entry: PanelEntry | undefined;
  #columns: readonly PanelColumn[] = [];
  #summary: ViewSummary | undefined;
  /** The figures of the current query (they follow its first rows). */
  #figures: ViewFigures | undefined;
  /** The query whose figures were asked for. */
  #figuresSeq = 0;
  /** The query the figures shown are of. */
  #figuresOf = 0;
  /** The query whose answers are current; older answers are dropped. */
  #seq = 0;
  /** Blocks of display items of the current query, by block number. */
  #blocks = new Map<number, readonly ViewItem[]>();
  /** The previous query's blocks, shown until the current one's first rows arrive (no blank flash). */
  #stale = new Map<number, readonly ViewItem[]>();
  readonly #asked = new Set<number>();
  readonly #expanded = new Set<string>();
  /** Cells the user revealed: `row:column` → the text the host sent. */
  readonly #revealed = new Map<string, string>();
  #grid: Grid | undefined;
  #charts: HTMLElement | undefined;
  /** Where the filter and action bars go once the first rows are painted. */
  #controls: HTMLElement | undefined;
  #status: HTMLElement | undefined;
  #notice: HTMLElement | undefined;
  #filters: FilterBar | undefined;
  #includeSecrets: CheckControl | undefined;
  #presentationBox: { set(on: boolean): void } | undefined;
  #saveTimer = 0;
  /** The drop-downs hold their values (from the first figures of this result). */
  #filled = false;
  /** The query whose first rows were painted (for the `results-painted` event). */
  #paintedSeq = 0;
  /** When the current result arrived (for `results-painted`: how long until its first rows). */
  #loadedAt = 0;
  #pendingScroll = 0;
  /** The current query asked for its first block with it (the table waits for those rows). */
  #withFirstBlock = false;
  #pendingSay: string | undefined;

  constructor(root: HTMLElement) {
    this.#root = root;
    this.#host = new HostConnection((message) => this.#onMessage(message));
    const saved = parsePanelState(this.#host.getState());
    this.#key = saved?.key;
    this.#ui = {
      sort: saved?.sort,
      filter: saved?.filter ?? EMPTY_FILTER,
      grouping: saved?.grouping ?? 'none',
      presentation: saved?.presentation ?? false,
      scrollTop: saved?.scrollTop ?? 0,
    };
    this.#host.ready();
  }

  // ---- messages -----------------------------------------------------------------------

  #onMessage(message: HostMessage): void {
    switch (message.type) {
      case 'load':
        // The display language's messages, before any text is made (none for English).
        if (message.l10n) l10n.config({ contents: message.l10n });
        // The setting is the truth: a panel opened while presentation mode is on starts in it.
        if (message.presentation !== undefined) this.#ui.presentation = message.presentation;
        this.#load(message.entry, message.columns, message.focus);
        break;
      case 'view':
        if (message.seq === this.#seq) this.#onView(message.summary);
        break;
      case 'figures':
        if (message.seq === this.#seq) this.#onFigures(message.figures);
        break;
      case 'rows':
        if (message.seq === this.#seq) this.#onRows(message.start, message.items);
        break;
      case 'focus':
        this.#focus(message.focus);
        break;
      case 'missing':
        this.#showNotice(l10n.t('This result is no longer available. Run the check again to see it.'));
        break;
      case 'refresh':
        if (this.#entry) this.#query();
        break;
      case 'presentation':
        this.#setPresentation(message.on);
        this.#presentationBox?.set(message.on);
        break;
      case 'quota': {
        const fact = this.#root.querySelector('#fact-quota');
        if (fact) fact.textContent = quotaText(message.rateLimit);
        break;
      }
      default:
        break;
    }
  }

  #load(entry: PanelEntry, columns: readonly PanelColumn[], focus: PanelFocus | undefined): void {
    this.#stale = new Map();
    if (this.#key !== entry.key) {
      // Another result than the saved state was about: start from a clean view.
      this.#ui = { sort: undefined, filter: EMPTY_FILTER, grouping: this.#ui.grouping, presentation: this.#ui.presentation, scrollTop: 0 };
      this.#expanded.clear();
    }
    this.#key = entry.key;
    this.#entry = entry;
    this.#columns = columns;
    if (!this.#ui.sort || !columns.some((c) => c.key === this.#ui.sort?.column && !c.secret)) {
      const date = columns.find((c) => c.kind === 'date');
      this.#ui.sort = date ? { column: date.key, direction: 'desc' } : undefined;
    }
    this.#revealed.clear();
    delete this.#root.dataset.ready;
    this.#filled = false;
    this.#loadedAt = performance.now();
    this.#pendingScroll = focus?.identifier ? 0 : this.#ui.scrollTop;
    if (focus?.identifier) {
      this.#ui.filter = { ...EMPTY_FILTER, text: focus.identifier };
      this.#pendingSay = l10n.t('Showing records matching “{0}”.', focus.identifier);
    }
    // Ask first: the host answers while the page builds its layout.
    this.#query();
    this.#buildLayout();
    this.#root.setAttribute('aria-busy', 'true');
  }

  #focus(focus: PanelFocus): void {
    if (!this.#entry || !focus.identifier) return;
    this.#ui.filter = { ...EMPTY_FILTER, text: focus.identifier };
    this.#filters?.show(this.#ui.filter);
    this.#pendingScroll = 0;
    this.#pendingSay = l10n.t('Showing records matching “{0}”.', focus.identifier);
    this.#query();
  }

  /** Replaces the panel with a notice (the result is gone or unreadable). */
  #showNotice(text: string): void {
    this.#entry = undefined;
    this.#summary = undefined;
    this.#figures = undefined;
    clear(this.#root);
    this.#root.removeAttribute('aria-busy');
    this.#root.append(el('div', { className: 'notice', attrs: { role: 'alert' } }, [icon('warning'), el('span', { text })]));
    this.#emitRendered();
  }

  // ---- layout -------------------------------------------------------------------------

  #buildLayout(): void {
    const entry = this.#entry;
    if (!entry) return;
    clear(this.#root);
    this.#root.removeAttribute('aria-busy');
    this.#root.append(summaryHeader(entry), (this.#charts = el('section', { className: 'charts', attrs: { 'aria-label': l10n.t('Charts') } })));
    // The bars' twenty-odd vscode-elements controls take longer to render than the first rows:
    // they follow the rows, in space kept for them.
    this.#filters = undefined;
    this.#includeSecrets = undefined;
    this.#root.append((this.#controls = el('div', { className: 'controls' })));
    this.#status = el('p', { className: 'status', attrs: { role: 'status', 'aria-live': 'polite', id: 'status' } });
    this.#notice = el('p', { className: 'message', attrs: { role: 'status', 'aria-live': 'polite', id: 'message' } });
    this.#grid = new Grid(
      {
        onSort: (column) => this.#sortBy(column),
        onToggleGroup: (key) => this.#toggleGroup(key),
        onToggleReveal: (row, column) => void this.#toggleReveal(row, column),
        onCopy: (what, row, column) => void this.#copy(what, row, column),
        onScroll: (top) => {
          this.#ui.scrollTop = top;
          this.#saveSoon();
        },
      },
      l10n.t('Leaked {0} records for {1}', entry.type, entry.query.domain),
    );
    this.#root.append(el('div', { className: 'status-line' }, [this.#status, this.#notice]), this.#grid.element);
  }

  /** The filter and action bars, built once the first rows are on screen. */
  #buildControls(): void {
    const controls = this.#controls;
    if (!this.#entry || this.#filters || !controls?.isConnected) return;
    controls.append(this.#filterBar(), this.#actionBar());
    controls.classList.add('built');
    this.#fillFilters();
  }

  #filterBar(): HTMLElement {
    const entry = this.#entry;
    const newLabel = entry?.newRecords && entry.newSince !== undefined
      ? l10n.t('Only the {0} new since {1}', entry.newRecords.toLocaleString(), new Date(entry.newSince).toLocaleString())
      : undefined;
    this.#filters = filterBar(this.#ui.filter, this.#ui.grouping, {
      filter: (filter) => {
        this.#ui.filter = filter;
        this.#pendingScroll = 0;
        this.#query();
      },
      grouping: (grouping) => {
        this.#ui.grouping = grouping;
        this.#expanded.clear();
        this.#pendingScroll = 0;
        this.#query();
      },
    }, newLabel);
    return this.#filters.element;
  }

  #actionBar(): HTMLElement {
    const bar = actionBar(this.#ui.presentation, {
      presentation: (on) => {
        this.#setPresentation(on);
        this.#host.presentation(on);
      },
      copy: (what) => {
        const grid = this.#grid;
        const item = grid && grid.active.item >= 0 ? this.#item(grid.active.item) : undefined;
        if (grid && item?.kind === 'row') void this.#copy(what, item.row, grid.active.column);
        else this.#say(what === 'row' ? l10n.t('Select a row in the table first.') : l10n.t('Select a cell in the table first.'));
      },
      export: (format) => void this.#export(format),
      triage: () => void this.#act('triage'),
      guide: () => void this.#act('guide'),
    });
    this.#includeSecrets = bar.includeSecrets;
    this.#presentationBox = bar.presentation;
    return bar.element;
  }

  /** Presentation mode on or off here: revealed cells masked again, the table drawn without eyes. */
  #setPresentation(on: boolean): void {
    this.#ui.presentation = on;
    this.#revealed.clear();
    this.#grid?.renderNow();
    this.#save();
    this.#emitRendered();
  }

  // ---- the query and its rows -----------------------------------------------------------

  /** Asks the host for the current filter, sort and grouping; the table waits for `view`. */
  #query(): void {
    this.#seq++;
    if (this.#blocks.size > 0) this.#stale = this.#blocks;
    this.#blocks = new Map();
    this.#asked.clear();
    this.#root.setAttribute('aria-busy', 'true');
    // Ready again once this query's figures are drawn (tests wait on it: rows, charts and drop-downs agree).
    delete this.#root.dataset.ready;
    this.#host.query(this.#seq, { filter: this.#ui.filter, ...(this.#ui.sort ? { sort: this.#ui.sort } : {}), grouping: this.#ui.grouping, expanded: [...this.#expanded] });
    // A view that starts at the top needs the first block: asked now, it comes right after the
    // view instead of one more round trip later (answers come in the order asked).
    this.#withFirstBlock = this.#pendingScroll === 0;
    if (this.#withFirstBlock) this.#need(0, BLOCK);
    this.#save();
  }

  #onView(summary: ViewSummary): void {
    this.#summary = summary;
    this.#root.removeAttribute('aria-busy');
    // The first block asked with the query comes right after this answer: the table is drawn
    // once, with its rows, instead of placeholders first.
    if (this.#withFirstBlock && summary.items > 0) return;
    this.#show();
  }

  /** Draws the current query's table (scrolled where it should be) and says what changed. */
  #show(): void {
    const summary = this.#summary;
    if (!summary) return;
    this.#withFirstBlock = false;
    this.#render(this.#pendingScroll);
    this.#pendingScroll = -1;
    if (this.#pendingSay) {
      this.#say(this.#pendingSay);
      this.#pendingSay = undefined;
    }
    this.#emitRendered();
    if (summary.items === 0) this.#painted();
  }

  #onFigures(figures: ViewFigures): void {
    this.#figures = figures;
    this.#figuresOf = this.#seq;
    this.#drawCharts();
    this.#fillFilters();
  }

  /**
   * The drop-downs get the values of the result's first figures, once both the figures and the
   * bars are there; the panel is then complete (tests wait on it: rows, charts and drop-downs agree).
   */
  #fillFilters(): void {
    const filters = this.#filters;
    const figures = this.#figures;
    if (!filters || !figures || this.#figuresOf !== this.#seq) return;
    if (!this.#filled) {
      this.#filled = true;
      filters.fill(figures.options, this.#ui.filter);
    }
    this.#root.dataset.ready = 'true';
  }

  /** The first rows of the current query are on screen: tells listeners (tests, benchmarks). */
  #painted(): void {
    if (this.#paintedSeq === this.#seq) return;
    this.#paintedSeq = this.#seq;
    const seq = this.#seq;
    const loadedAt = this.#loadedAt;
    requestAnimationFrame(() => {
      // The frame that paints the rows: the time until it, from the result's arrival.
      document.dispatchEvent(new CustomEvent('results-painted', { detail: { seq, sinceLoad: performance.now() - loadedAt } }));
      // A timeout from the frame's callback runs after the frame is painted: rows first, then the bars.
      if (!this.#filters) setTimeout(() => this.#buildControls(), 0);
    });
    // The charts and drop-downs come after the rows: at a million records they take longer.
    if (this.#figuresSeq !== seq) {
      this.#figuresSeq = seq;
      this.#host.figures(seq);
    }
  }

  #onRows(start: number, items: readonly ViewItem[]): void {
    this.#blocks.set(Math.floor(start / BLOCK), items);
    this.#stale.clear();
    for (const item of items) {
      if (item.kind !== 'group') continue;
      if (item.expanded) this.#expanded.add(item.key);
      else this.#expanded.delete(item.key);
    }
    if (this.#withFirstBlock) this.#show();
    else this.#grid?.renderNow();
    this.#painted();
  }

  #item(index: number): ViewItem | undefined {
    const b = Math.floor(index / BLOCK);
    const block = this.#blocks.get(b) ?? this.#stale.get(b);
    return block?.[index % BLOCK];
  }

  /** Asks for the blocks covering [first, last) that are not there or asked yet. */
  #need(first: number, last: number): void {
    for (let b = Math.floor(first / BLOCK); b * BLOCK < last; b++) {
      if (this.#blocks.has(b) || this.#asked.has(b)) continue;
      this.#asked.add(b);
      const revealed = this.#ui.presentation ? [] : [...this.#revealed.keys()];
      this.#host.window(this.#seq, b * BLOCK, BLOCK, revealed);
    }
  }

  /** `scrollTop`: where the table scrolls to (negative: where it is). */
  #render(scrollTop = -1): void {
    const summary = this.#summary;
    const grid = this.#grid;
    if (!summary || !grid) return;
    const model: GridModel = {
      columns: this.#columns,
      sort: this.#ui.sort,
      itemCount: () => summary.items,
      item: (index) => this.#display(this.#item(index)),
      need: (first, last) => this.#need(first, last),
      isRevealed: (row, column) => !this.#ui.presentation && this.#revealed.has(`${row}:${column}`),
      presentation: () => this.#ui.presentation,
    };
    grid.setModel(model, scrollTop);
    let text = isFilterEmpty(this.#ui.filter)
      ? l10n.t('{0} records', numberFormat.format(summary.total))
      : l10n.t('Showing {0} of {1} records', numberFormat.format(summary.shown), numberFormat.format(summary.total));
    if (this.#ui.grouping !== 'none') {
      const one = summary.groups === 1;
      text += ` ${this.#ui.grouping === 'site' ? (one ? l10n.t('in {0} site', numberFormat.format(summary.groups)) : l10n.t('in {0} sites', numberFormat.format(summary.groups))) : one ? l10n.t('in {0} infected machine', numberFormat.format(summary.groups)) : l10n.t('in {0} infected machines', numberFormat.format(summary.groups))}`;
    }
    if (this.#status) this.#status.textContent = text;
    grid.element.dataset.viewCount = String(summary.shown);
  }

  /** An item as shown: revealed cells with their text (unless in presentation mode). */
  #display(item: ViewItem | undefined): ViewItem | undefined {
    if (!item || item.kind !== 'row') return item;
    let cells: string[] | undefined;
    this.#columns.forEach((column, c) => {
      if (!column.secret) return;
      const revealed = this.#ui.presentation ? undefined : this.#revealed.get(`${item.row}:${c}`);
      // A row fetched while a cell was revealed holds its text: masked again once it is hidden,
      // and always in presentation mode, whatever the cache holds.
      const shown = revealed ?? (item.cells[c] === '' || item.cells[c] === undefined ? item.cells[c] : MASK);
      if (shown !== undefined && shown !== item.cells[c]) (cells ??= [...item.cells])[c] = shown;
    });
    return cells ? { ...item, cells } : item;
  }

  #drawCharts(): void {
    const figures = this.#figures;
    const charts = this.#charts;
    if (!figures || !charts) return;
    const { stats } = figures;
    charts.replaceChildren(
      timelineChart(stats.months),
      barChart(l10n.t('Top sites'), stats.sites, 'chart-sites'),
      barChart(l10n.t('Top countries'), stats.countries, 'chart-countries'),
      barChart(l10n.t('Top browsers'), stats.browsers, 'chart-browsers'),
    );
    fitBarLabels(charts);
    if (!this.#chartResize) {
      this.#chartResize = new ResizeObserver(() => {
        if (this.#charts) fitBarLabels(this.#charts);
      });
    }
    this.#chartResize.disconnect();
    this.#chartResize.observe(charts);
  }

  #chartResize: ResizeObserver | undefined;

  // ---- actions ------------------------------------------------------------------------

  #sortBy(column: number): void {
    const target = this.#columns[column];
    if (!target) return;
    if (target.secret) {
      // Sorting by a masked column would leak the passwords' order.
      this.#say(l10n.t('{0} cannot be sorted: it stays masked.', target.label));
      return;
    }
    const current = this.#ui.sort;
    this.#ui.sort = { column: target.key, direction: current?.column === target.key && current.direction === 'asc' ? 'desc' : 'asc' };
    this.#pendingSay = this.#ui.sort.direction === 'asc' ? l10n.t('Sorted by {0}, ascending.', target.label) : l10n.t('Sorted by {0}, descending.', target.label);
    this.#query();
  }

  #toggleGroup(key: string): void {
    if (this.#expanded.has(key)) this.#expanded.delete(key);
    else this.#expanded.add(key);
    this.#query();
  }

  async #toggleReveal(row: number, column: number): Promise<void> {
    if (this.#ui.presentation) {
      this.#say(l10n.t('Presentation mode is on: passwords stay masked.'));
      return;
    }
    const id = `${row}:${column}`;
    if (this.#revealed.has(id)) {
      this.#revealed.delete(id);
    } else {
      const response = await this.#host.request({ type: 'reveal', row, column });
      if (!response.ok || response.text === undefined) {
        this.#say(response.message ?? l10n.t('It could not be revealed.'));
        return;
      }
      this.#revealed.set(id, response.text);
    }
    this.#grid?.renderNow();
    this.#emitRendered();
  }

  /** Triage, or open the guide of, the selected record or group (the guide of the result when none is). */
  async #act(type: 'triage' | 'guide'): Promise<void> {
    const grid = this.#grid;
    const item = grid && grid.active.item >= 0 ? this.#item(grid.active.item) : undefined;
    if (!item && type === 'triage') {
      this.#say(l10n.t('Select a record or an infected-machine group in the table first.'));
      return;
    }
    const target = item?.kind === 'group' ? { group: item.key } : item ? { row: item.row } : ({ whole: true } as const);
    const response = await this.#host.request({ type, target });
    if (response.message) this.#say(response.message);
  }

  async #copy(what: 'cell' | 'row', row: number, column: number): Promise<void> {
    const revealed = this.#ui.presentation ? [] : this.#columns.flatMap((_, c) => (this.#revealed.has(`${row}:${c}`) ? [c] : []));
    const response = await this.#host.request({ type: 'copy', what, row, column, revealed });
    this.#say(response.message ?? (response.ok ? l10n.t('Copied.') : l10n.t('Copy failed.')));
  }

  async #export(format: ExportFormat): Promise<void> {
    if (!this.#entry) return;
    const includeSecrets = !this.#ui.presentation && (this.#includeSecrets?.checked ?? false);
    this.#say(l10n.t('Exporting…'));
    const response = await this.#host.request({ type: 'export', seq: this.#seq, format, includeSecrets });
    this.#say(response.message ?? (response.ok ? l10n.t('Exported.') : l10n.t('Export failed.')));
  }

  // ---- state and events ---------------------------------------------------------------

  #say(text: string): void {
    if (this.#notice) this.#notice.textContent = text;
  }

  #state(): PanelUiState {
    const { sort, filter, grouping, presentation, scrollTop } = this.#ui;
    return { ...(this.#key ? { key: this.#key } : {}), ...(sort ? { sort } : {}), filter, grouping, presentation, scrollTop };
  }

  #save(): void {
    this.#host.setState(this.#state());
  }

  #saveSoon(): void {
    if (this.#saveTimer) return;
    this.#saveTimer = window.setTimeout(() => {
      this.#saveTimer = 0;
      this.#save();
    }, 200);
  }

  /** Tells listeners (tests, benchmarks) the table reflects the latest change. */
  #emitRendered(): void {
    const summary = this.#summary;
    document.dispatchEvent(new CustomEvent('results-rendered', { detail: { rows: summary?.shown ?? 0 } }));
    if (this.#entry && summary) this.#host.rendered(this.#entry.key, summary.total, summary.shown);
  }
}
