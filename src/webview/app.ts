// The results panel: header, charts, filters, table; state persisted, data from the host.
import { barChart, timelineChart } from './charts';
import { button, checkbox, fillSelect, labelled, selectField, textField } from './controls';
import type { CheckControl, ValueControl } from './controls';
import { clear, el, icon, numberFormat } from './dom';
import { Grid } from './grid';
import type { GridModel } from './grid';
import { HostConnection } from './hostApi';
import { exportFileName, parsePanelState } from '../shared/protocol';
import type { ExportFormat, HostMessage, PackedRecords, PanelEntry, PanelFocus, PanelUiState } from '../shared/protocol';
import { EMPTY_FILTER, SearchIndex, filterMask, isFilterEmpty } from '../shared/results/filter';
import type { FilterState } from '../shared/results/filter';
import { groupRows } from '../shared/results/group';
import type { Grouping, RowGroup } from '../shared/results/group';
import { displayText } from '../shared/results/mask';
import { SortIndex, sortedView } from '../shared/results/sort';
import type { SortState } from '../shared/results/sort';
import { TableStats } from '../shared/results/tableStats';
import { unpackTable } from '../shared/results/packed';
import { rowCells } from '../shared/results/table';
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

function formatDay(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

function formatTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'unknown' : date.toLocaleString();
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
  #controls: Record<string, ValueControl> = {};
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
        const f = this.#ui.filter;
        const c = this.#controls;
        if (c.status) fillSelect(c.status, data.stats.distinct('status'), f.status);
        if (c.country) fillSelect(c.country, data.stats.distinct('country'), f.country);
        if (c.browser) fillSelect(c.browser, data.stats.distinct('browser'), f.browser);
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
    this.#syncControls();
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
    this.#root.append(this.#header(entry), (this.#charts = el('section', { className: 'charts', attrs: { 'aria-label': 'Charts' } })));
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

  #header(entry: PanelEntry): HTMLElement {
    const { query, rateLimit } = entry;
    const range = query.range ? `${formatDay(query.range.start)} to ${formatDay(query.range.end)}` : 'all dates';
    let quota = 'unknown';
    if (rateLimit?.remaining !== undefined) {
      quota = `${numberFormat.format(rateLimit.remaining)}${rateLimit.limit !== undefined ? ` of ${numberFormat.format(rateLimit.limit)}` : ''} requests left`;
      if (rateLimit.resetAt !== undefined) quota += `, resets ${formatTime(rateLimit.resetAt)}`;
    }
    const fact = (term: string, value: string, id: string): HTMLElement[] => [el('dt', { text: term }), el('dd', { text: value, attrs: { id } })];
    return el('header', { className: 'summary' }, [
      el('h1', {}, [el('span', { className: 'domain', text: query.domain }), el('span', { className: 'type badge', text: entry.type })]),
      el('dl', { className: 'facts' }, [
        ...fact('Records', numberFormat.format(entry.count), 'fact-count'),
        ...fact('As of', formatTime(entry.fetchedAt), 'fact-asof'),
        ...fact('Range', range, 'fact-range'),
        ...fact('Quota', quota, 'fact-quota'),
      ]),
    ]);
  }

  #filterBar(): HTMLElement {
    const f = this.#ui.filter;
    const text = textField('filter-text', 'Filter records', 'search', 'Filter (username, URL, IP…)');
    const status = selectField('filter-status', 'Status', 'Any status', f.status);
    const country = selectField('filter-country', 'Country', 'Any country', f.country);
    const browser = selectField('filter-browser', 'Browser', 'Any browser', f.browser);
    const from = textField('filter-from', 'From date', 'date');
    const to = textField('filter-to', 'To date', 'date');
    const grouping = el('vscode-single-select', { attrs: { id: 'grouping', 'aria-label': 'Group rows', title: 'Group rows' } }) as ValueControl;
    for (const [value, label] of [
      ['none', 'No grouping'],
      ['site', 'By site'],
      ['machine', 'By infected machine'],
    ] as const) {
      const option = el('vscode-option', { attrs: { value }, text: label });
      if (value === this.#ui.grouping) option.setAttribute('selected', '');
      grouping.append(option);
    }
    text.value = f.text;
    from.value = f.from;
    to.value = f.to;
    this.#controls = { text, status, country, browser, from, to, grouping };
    const onFilter = (): void => {
      this.#ui.filter = { text: text.value, status: status.value, country: country.value, browser: browser.value, from: from.value, to: to.value };
      this.#applyFilter();
    };
    text.addEventListener('input', onFilter);
    for (const control of [status, country, browser, from, to]) control.addEventListener('change', onFilter);
    from.addEventListener('input', onFilter);
    to.addEventListener('input', onFilter);
    grouping.addEventListener('change', () => {
      const value = grouping.value;
      this.#ui.grouping = value === 'site' || value === 'machine' ? value : 'none';
      this.#expanded.clear();
      this.#applyGrouping();
      this.#grid?.scrollTo(0);
    });
    const clearButton = button('clear-filters', 'Clear filters', 'clear-all');
    clearButton.addEventListener('click', () => {
      this.#ui.filter = EMPTY_FILTER;
      this.#syncControls();
      this.#applyFilter();
    });
    return el('div', { className: 'filters', attrs: { role: 'search', 'aria-label': 'Filter records' } }, [
      labelled('Filter', text),
      labelled('Status', status),
      labelled('Country', country),
      labelled('Browser', browser),
      labelled('From', from),
      labelled('To', to),
      labelled('Group', grouping),
      clearButton,
    ]);
  }

  #actionBar(): HTMLElement {
    const presentation = checkbox('presentation', 'Presentation mode (keep every password masked)', this.#ui.presentation);
    const include = checkbox('include-passwords', 'Include passwords in CSV/JSON export', false);
    this.#includeSecrets = include;
    include.disabled = this.#ui.presentation;
    presentation.addEventListener('change', () => {
      this.#ui.presentation = presentation.checked;
      this.#revealed.clear();
      include.checked = false;
      include.disabled = presentation.checked;
      this.#grid?.renderNow();
      this.#save();
      this.#emitRendered();
    });
    const copyCell = button('copy-cell', 'Copy cell', 'copy');
    const copyRow = button('copy-row', 'Copy row', 'copy');
    const active = (): { row: number; column: number } | undefined => {
      const grid = this.#grid;
      if (!grid || grid.active.item < 0) return undefined;
      const row = this.#itemAt(grid.active.item);
      return row >= 0 ? { row, column: grid.active.column } : undefined;
    };
    copyCell.addEventListener('click', () => {
      const target = active();
      if (target) void this.#copy('cell', target.row, target.column);
      else this.#say('Select a cell in the table first.');
    });
    copyRow.addEventListener('click', () => {
      const target = active();
      if (target) void this.#copy('row', target.row, target.column);
      else this.#say('Select a row in the table first.');
    });
    const exportButton = (format: ExportFormat, label: string, iconName: string): HTMLElement => {
      const node = button(`export-${format}`, label, iconName);
      node.addEventListener('click', () => void this.#export(format));
      return node;
    };
    return el('div', { className: 'actions' }, [
      presentation,
      copyCell,
      copyRow,
      el('span', { className: 'spacer' }),
      include,
      exportButton('csv', 'Export CSV', 'export'),
      exportButton('json', 'Export JSON', 'json'),
      exportButton('markdown', 'Incident summary', 'markdown'),
    ]);
  }

  #syncControls(): void {
    const f = this.#ui.filter;
    const c = this.#controls;
    if (c.text) c.text.value = f.text;
    if (c.status) c.status.value = f.status;
    if (c.country) c.country.value = f.country;
    if (c.browser) c.browser.value = f.browser;
    if (c.from) c.from.value = f.from;
    if (c.to) c.to.value = f.to;
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
    const cells = rowCells(table, row);
    const visible = (c: number): boolean => !table.columns[c]?.secret || (!this.#ui.presentation && this.#revealed.has(`${row}:${c}`));
    let text: string;
    if (what === 'cell') {
      if (!visible(column)) {
        this.#say('Reveal the password first to copy it.');
        return;
      }
      text = cells[column] ?? '';
    } else {
      text = table.columns
        .flatMap((col, c) => (visible(c) ? [`${col.label}: ${cells[c] ?? ''}`] : []))
        .join('\n');
    }
    const response = await this.#host.request({ type: 'copy', what, text });
    this.#say(response.message ?? (response.ok ? 'Copied.' : 'Copy failed.'));
  }

  #describeFilter(): string {
    const f = this.#ui.filter;
    const parts: string[] = [];
    if (f.text.trim()) parts.push(`text “${f.text.trim()}”`);
    if (f.status) parts.push(`status ${f.status}`);
    if (f.country) parts.push(`country ${f.country}`);
    if (f.browser) parts.push(`browser ${f.browser}`);
    if (f.from || f.to) parts.push(`dates ${f.from || '…'} to ${f.to || '…'}`);
    return parts.join(', ');
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
        filterDescription: this.#describeFilter(),
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
