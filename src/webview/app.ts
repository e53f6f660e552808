// The results panel: header, charts, filters, table; state persisted, data from the host.
import { barChart, timelineChart } from './charts';
import { actionBar } from './actionBar';
import type { CheckControl } from './controls';
import { filterBar } from './filterBar';
import type { FilterBar } from './filterBar';
import { clear, el, icon, numberFormat } from './dom';
import { Grid } from './grid';
import type { GridModel } from './grid';
import { HostConnection } from './hostApi';
import { exportFileName, parsePanelState } from '../shared/protocol';
import type { ExportFormat, HostMessage, PackedRecords, PanelEntry, PanelFocus, PanelUiState } from '../shared/protocol';
import { EMPTY_FILTER, SearchIndex, describeFilter, filterMask, isFilterEmpty } from '../shared/results/filter';
import { copyText } from '../shared/results/copy';
import { summaryHeader } from './header';
import type { FilterState } from '../shared/results/filter';
import { groupRows } from '../shared/results/group';
import type { Grouping, RowGroup } from '../shared/results/group';
import { displayText } from '../shared/results/mask';
import { SortIndex, sortedView } from '../shared/results/sort';
import type { SortState } from '../shared/results/sort';
import { TableStats } from '../shared/results/tableStats';
import { unpackTable } from '../shared/results/packed';
import type { ResultTable } from '../shared/results/table';
import { toCsv, toJson, toMarkdownSummary } from '../shared/results/export';

const TOP_N = 8;

interface Loaded {
  readonly entry: PanelEntry;
  readonly table: ResultTable;
  readonly search: SearchIndex;
  readonly sorts: SortIndex;
  readonly stats: TableStats;
}

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
  #data: Loaded | undefined;
  #mask = new Uint8Array(0);
  #view = new Uint32Array(0);
  #groups: RowGroup[] = [];
  #items: Int32Array | undefined;
  readonly #expanded = new Set<string>();
  readonly #revealed = new Set<string>();
  #grid: Grid | undefined;
  #charts: HTMLElement | undefined;
  #status: HTMLElement | undefined;
  #notice: HTMLElement | undefined;
  #filters: FilterBar | undefined;
  #includeSecrets: CheckControl | undefined;
  #saveTimer = 0;

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
        this.#load(message.entry, message.records, message.focus);
        break;
      case 'focus':
        this.#focus(message.focus);
        break;
      case 'missing':
        this.#missing();
        break;
      default:
        break;
    }
  }

  #load(entry: PanelEntry, records: PackedRecords, focus: PanelFocus | undefined): void {
    let table: ResultTable;
    try {
      table = unpackTable(entry.type, records);
    } catch (error) {
      this.#showNotice(`The result could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (this.#key !== entry.key) {
      // Another result than the saved state was about: start from a clean view.
      this.#ui = { sort: undefined, filter: EMPTY_FILTER, grouping: this.#ui.grouping, presentation: this.#ui.presentation, scrollTop: 0 };
      this.#expanded.clear();
    }
    this.#key = entry.key;
    if (!this.#ui.sort || !table.columns.some((c) => c.key === this.#ui.sort?.column && !c.secret)) {
      const date = table.roles.date;
      this.#ui.sort = date === undefined ? undefined : { column: table.columns[date]?.key ?? 'date', direction: 'desc' };
    }
    this.#revealed.clear();
    delete this.#root.dataset.ready;
    this.#data = { entry, table, search: new SearchIndex(table), sorts: new SortIndex(table), stats: new TableStats(table) };
    if (focus?.identifier) this.#ui.filter = { ...EMPTY_FILTER, text: focus.identifier };
    this.#buildLayout();
    this.#applyFilter(false);
    if (!focus?.identifier && this.#ui.scrollTop > 0) this.#grid?.scrollTo(this.#ui.scrollTop);
    if (focus?.identifier) this.#say(`Showing records matching “${focus.identifier}”.`);
    this.#afterFirstPaint(this.#data);
  }

  /**
   * Once the first rows are painted: the charts and the filter drop-downs, then (when the
   * page is idle) what the next clicks need — the text-search index and each column's sort
   * order — so a filter or a sort stays fast.
   */
  #afterFirstPaint(data: Loaded): void {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.#data !== data) return;
        this.#drawCharts();
        this.#filters?.fill(data.stats, this.#ui.filter);
        this.#root.dataset.ready = 'true';
        this.#warmUp(data);
      }, 0),
    );
  }

  /**
   * After the first rows are on screen, prepares in idle slices what the next clicks need
   * (the text-search index, each column's sort order), so a filter or a sort stays fast.
   */
  #warmUp(data: Loaded): void {
    const tasks: (() => void)[] = [() => data.search.haystack(0), ...data.table.columns.flatMap((c, column) => (c.secret ? [] : [() => void data.sorts.order(column)]))];
    const next = (): void => {
      if (this.#data !== data) return;
      const task = tasks.shift();
      if (!task) {
        document.dispatchEvent(new CustomEvent('results-warm'));
        return;
      }
      task();
      requestIdleCallback(next, { timeout: 1000 });
    };
    requestIdleCallback(next, { timeout: 1000 });
  }

  #focus(focus: PanelFocus): void {
    if (!this.#data || !focus.identifier) return;
    this.#ui.filter = { ...EMPTY_FILTER, text: focus.identifier };
    this.#filters?.show(this.#ui.filter);
    this.#applyFilter();
    this.#grid?.scrollTo(0);
    this.#say(`Showing records matching “${focus.identifier}”.`);
  }

  #missing(): void {
    this.#showNotice('This result is no longer available. Run the check again to see it.');
  }

  /** Replaces the panel with a notice (the result is gone or unreadable). */
  #showNotice(text: string): void {
    this.#data = undefined;
    clear(this.#root);
    this.#root.removeAttribute('aria-busy');
    this.#root.append(el('div', { className: 'notice', attrs: { role: 'alert' } }, [icon('warning'), el('span', { text })]));
    this.#emitRendered();
  }

  // ---- layout -------------------------------------------------------------------------

  #buildLayout(): void {
    const data = this.#data;
    if (!data) return;
    const { entry } = data;
    clear(this.#root);
    this.#root.removeAttribute('aria-busy');
    this.#root.append(summaryHeader(entry), (this.#charts = el('section', { className: 'charts', attrs: { 'aria-label': 'Charts' } })));
    this.#root.append(this.#filterBar(), this.#actionBar());
    this.#status = el('p', { className: 'status', attrs: { role: 'status', 'aria-live': 'polite', id: 'status' } });
    this.#notice = el('p', { className: 'message', attrs: { role: 'status', 'aria-live': 'polite', id: 'message' } });
    this.#grid = new Grid(
      {
        onSort: (column) => this.#sortBy(column),
        onToggleGroup: (group) => this.#toggleGroup(group),
        onToggleReveal: (row, column) => this.#toggleReveal(row, column),
        onCopy: (what, row, column) => void this.#copy(what, row, column),
        onScroll: (top) => {
          this.#ui.scrollTop = top;
          this.#saveSoon();
        },
      },
      `Leaked ${entry.type} records for ${entry.query.domain}`,
    );
    this.#root.append(el('div', { className: 'status-line' }, [this.#status, this.#notice]), this.#grid.element);
  }

  #filterBar(): HTMLElement {
    this.#filters = filterBar(this.#ui.filter, this.#ui.grouping, {
      filter: (filter) => {
        this.#ui.filter = filter;
        this.#applyFilter();
      },
      grouping: (grouping) => {
        this.#ui.grouping = grouping;
        this.#expanded.clear();
        this.#applyGrouping();
        this.#grid?.scrollTo(0);
      },
    });
    return this.#filters.element;
  }

  #actionBar(): HTMLElement {
    const bar = actionBar(this.#ui.presentation, {
      presentation: (on) => {
        this.#ui.presentation = on;
        this.#revealed.clear();
        this.#grid?.renderNow();
        this.#save();
        this.#emitRendered();
      },
      copy: (what) => {
        const grid = this.#grid;
        const row = grid && grid.active.item >= 0 ? this.#itemAt(grid.active.item) : -1;
        if (grid && row >= 0) void this.#copy(what, row, grid.active.column);
        else this.#say(`Select a ${what} in the table first.`);
      },
      export: (format) => void this.#export(format),
    });
    this.#includeSecrets = bar.includeSecrets;
    return bar.element;
  }

  // ---- pipeline: filter → sort → group → render -----------------------------------------

  /** Filter → sort → group → render (and the charts, except on first load: see `#afterFirstPaint`). */
  #applyFilter(charts = true): void {
    const data = this.#data;
    if (!data) return;
    this.#mask = filterMask(data.table, this.#ui.filter, data.search);
    this.#applySort(false);
    if (charts) this.#drawCharts();
    this.#emitRendered();
  }

  #applySort(emit = true): void {
    const data = this.#data;
    if (!data) return;
    this.#view = sortedView(data.table, this.#mask, this.#ui.sort, data.sorts);
    this.#applyGrouping(emit);
  }

  #applyGrouping(emit = true): void {
    const data = this.#data;
    if (!data) return;
    if (this.#ui.grouping === 'none') {
      this.#groups = [];
      this.#items = undefined;
    } else {
      this.#groups = groupRows(data.table, this.#view, this.#ui.grouping);
      this.#rebuildItems();
    }
    this.#render();
    if (emit) this.#emitRendered();
  }

  #rebuildItems(): void {
    let count = this.#groups.length;
    for (const group of this.#groups) if (this.#expanded.has(group.key)) count += group.rows.length;
    const items = new Int32Array(count);
    let at = 0;
    this.#groups.forEach((group, g) => {
      items[at++] = -(g + 1);
      if (this.#expanded.has(group.key)) for (const row of group.rows) items[at++] = row;
    });
    this.#items = items;
  }

  #itemAt(index: number): number {
    return this.#items ? (this.#items[index] ?? 0) : (this.#view[index] ?? 0);
  }

  #render(): void {
    const data = this.#data;
    const grid = this.#grid;
    if (!data || !grid) return;
    const model: GridModel = {
      columns: data.table.columns,
      sort: this.#ui.sort,
      itemCount: () => (this.#items ? this.#items.length : this.#view.length),
      item: (index) => this.#itemAt(index),
      group: (g) => {
        const group = this.#groups[g] as RowGroup;
        return { label: group.label, count: group.rows.length, expanded: this.#expanded.has(group.key) };
      },
      cellText: (row, column) =>
        displayText(data.table.cells[column]?.[row] ?? '', data.table.columns[column]?.secret ?? false, this.#revealed.has(`${row}:${column}`), this.#ui.presentation),
      isRevealed: (row, column) => !this.#ui.presentation && this.#revealed.has(`${row}:${column}`),
    };
    grid.setModel(model);
    const total = data.table.length;
    const shown = this.#view.length;
    let text = isFilterEmpty(this.#ui.filter)
      ? `${numberFormat.format(total)} records`
      : `Showing ${numberFormat.format(shown)} of ${numberFormat.format(total)} records`;
    if (this.#ui.grouping !== 'none') text += ` in ${numberFormat.format(this.#groups.length)} ${this.#ui.grouping === 'site' ? 'sites' : 'infected machines'}`;
    if (this.#status) this.#status.textContent = text;
    grid.element.dataset.viewCount = String(shown);
    this.#save();
  }

  #drawCharts(): void {
    const data = this.#data;
    const charts = this.#charts;
    if (!data || !charts) return;
    const { stats } = data;
    const view = this.#view;
    charts.replaceChildren(
      timelineChart(stats.months(view)),
      barChart('Top sites', stats.top('site', TOP_N, view), 'chart-sites'),
      barChart('Top countries', stats.top('country', TOP_N, view), 'chart-countries'),
      barChart('Top browsers', stats.top('browser', TOP_N, view), 'chart-browsers'),
    );
  }

  // ---- actions ------------------------------------------------------------------------

  #sortBy(column: number): void {
    const target = this.#data?.table.columns[column];
    if (!target) return;
    if (target.secret) {
      // Sorting by a masked column would leak the passwords' order.
      this.#say(`${target.label} cannot be sorted: it stays masked.`);
      return;
    }
    const key = target.key;
    const current = this.#ui.sort;
    this.#ui.sort = { column: key, direction: current?.column === key && current.direction === 'asc' ? 'desc' : 'asc' };
    this.#applySort();
    this.#say(`Sorted by ${this.#data?.table.columns[column]?.label ?? key}, ${this.#ui.sort.direction === 'asc' ? 'ascending' : 'descending'}.`);
  }

  #toggleGroup(g: number): void {
    const group = this.#groups[g];
    if (!group) return;
    if (this.#expanded.has(group.key)) this.#expanded.delete(group.key);
    else this.#expanded.add(group.key);
    this.#rebuildItems();
    this.#render();
    this.#emitRendered();
  }

  #toggleReveal(row: number, column: number): void {
    if (this.#ui.presentation) {
      this.#say('Presentation mode is on: passwords stay masked.');
      return;
    }
    const id = `${row}:${column}`;
    if (this.#revealed.has(id)) this.#revealed.delete(id);
    else this.#revealed.add(id);
    this.#grid?.renderNow();
    this.#emitRendered();
  }

  async #copy(what: 'cell' | 'row', row: number, column: number): Promise<void> {
    const table = this.#data?.table;
    if (!table) return;
    const revealed = (c: number): boolean => !this.#ui.presentation && this.#revealed.has(`${row}:${c}`);
    const text = copyText(table, what, row, column, revealed);
    if (text === undefined) {
      this.#say('Reveal the password first to copy it.');
      return;
    }
    const response = await this.#host.request({ type: 'copy', what, text });
    this.#say(response.message ?? (response.ok ? 'Copied.' : 'Copy failed.'));
  }

  async #export(format: ExportFormat): Promise<void> {
    const data = this.#data;
    if (!data) return;
    const includeSecrets = !this.#ui.presentation && (this.#includeSecrets?.checked ?? false);
    const { entry, table } = data;
    let content: string;
    if (format === 'csv') content = toCsv(table, this.#view, { includeSecrets });
    else if (format === 'json') content = toJson(table, this.#view, { includeSecrets });
    else {
      content = toMarkdownSummary(table, this.#view, {
        domain: entry.query.domain,
        type: entry.type,
        fetchedAt: entry.fetchedAt,
        ...(entry.query.range ? { range: entry.query.range } : {}),
        total: table.length,
        filterDescription: describeFilter(this.#ui.filter),
      });
    }
    const suggestedName = exportFileName(entry.query.domain, entry.type, format);
    this.#say('Exporting…');
    const response = await this.#host.request({ type: 'export', format, suggestedName, content });
    this.#say(response.message ?? (response.ok ? 'Exported.' : 'Export failed.'));
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
    document.dispatchEvent(new CustomEvent('results-rendered', { detail: { rows: this.#view.length } }));
    const data = this.#data;
    if (data) this.#host.rendered(data.entry.key, data.table.length, this.#view.length);
  }
}
