// The virtualised records table: only the rows in view exist in the DOM, and only the rows in
// view (plus a margin) are ever asked of the host, so a million records scroll smoothly. A
// row not arrived yet shows as a placeholder. ARIA grid pattern: role=grid/row/columnheader/
// gridcell, aria-sort, aria-rowcount, aria-activedescendant for the active cell, arrow keys /
// Home / End / PageUp / PageDown.
import * as l10n from '@vscode/l10n';
import { el, icon, recordCount } from './dom';
import { triageLabel } from '../shared/triageLabel';
import type { PanelColumn, SortState, ViewItem } from '../shared/webviewProtocol';

export const ROW_HEIGHT = 24;
const OVERSCAN = 6;

/** What the grid shows; the app owns the data. */
export interface GridModel {
  readonly columns: readonly PanelColumn[];
  readonly sort: SortState | undefined;
  /** Number of display items (rows and group headers). */
  itemCount(): number;
  /** The item at a display index, or undefined while it has not arrived. */
  item(index: number): ViewItem | undefined;
  /** The grid shows items [first, last): the app makes sure they are asked for. */
  need(first: number, last: number): void;
  isRevealed(row: number, column: number): boolean;
  /** Presentation mode: password cells show the mask only (no eye icon, no tooltip). */
  presentation(): boolean;
}

export interface GridCallbacks {
  onSort(column: number): void;
  onToggleGroup(key: string): void;
  onToggleReveal(row: number, column: number): void;
  onCopy(what: 'cell' | 'row', row: number, column: number): void;
  onScroll(scrollTop: number): void;
}

interface Active {
  /** 0 = the header row, 1… = display item + 1. */
  row: number;
  column: number;
}

// A map, not an object: a field named `constructor` or `toString` would find Object.prototype's
// function in an object and break the whole grid template.
const WIDTHS: ReadonlyMap<string, string> = new Map([
  ['date', 'minmax(15rem, 1fr)'],
  ['username', 'minmax(12rem, 1.6fr)'],
  ['password', 'minmax(8rem, 1fr)'],
  ['url', 'minmax(14rem, 2fr)'],
  ['ip', 'minmax(8rem, 0.8fr)'],
  ['country', 'minmax(5rem, 0.5fr)'],
  ['browser', 'minmax(8rem, 0.9fr)'],
  ['status', 'minmax(5rem, 0.5fr)'],
]);

export class Grid {
  /** The scroll container. */
  readonly element: HTMLDivElement;
  readonly #grid: HTMLDivElement;
  readonly #headRow: HTMLDivElement;
  readonly #body: HTMLDivElement;
  readonly #rows: HTMLDivElement[] = [];
  #model: GridModel | undefined;
  #active: Active = { row: 0, column: 0 };
  #frame = 0;

  constructor(
    private readonly callbacks: GridCallbacks,
    label: string,
  ) {
    this.#headRow = el('div', { className: 'grid-row grid-head-row', attrs: { role: 'row', 'aria-rowindex': '1' } });
    const head = el('div', { className: 'grid-head', attrs: { role: 'rowgroup' } }, [this.#headRow]);
    this.#body = el('div', { className: 'grid-body', attrs: { role: 'rowgroup' } });
    this.#grid = el('div', { className: 'grid', attrs: { role: 'grid', tabindex: '0', 'aria-label': label, 'aria-multiselectable': 'false' } }, [head, this.#body]);
    this.element = el('div', { className: 'grid-scroll' }, [this.#grid]);
    this.element.addEventListener('scroll', () => {
      this.#schedule();
      this.callbacks.onScroll(this.element.scrollTop);
    });
    this.#grid.addEventListener('keydown', (event) => this.#onKey(event));
    this.#grid.addEventListener('click', (event) => this.#onClick(event));
    this.#grid.addEventListener('focus', () => this.#paintActive());
  }

  get active(): { readonly item: number; readonly column: number } {
    return { item: this.#active.row - 1, column: this.#active.column };
  }

  focus(): void {
    this.#grid.focus();
  }

  /** New data or new shape: rebuild the header and re-render the rows in view, scrolled to `scrollTop` when not negative. */
  setModel(model: GridModel, scrollTop = -1): void {
    this.#model = model;
    const template = model.columns.map((column) => WIDTHS.get(column.key) ?? 'minmax(9rem, 1fr)').join(' ');
    this.#grid.style.setProperty('--grid-columns', template);
    this.#grid.setAttribute('aria-colcount', String(model.columns.length));
    this.#headRow.replaceChildren(
      ...model.columns.map((column, index) => {
        const sorted = model.sort?.column === column.key ? model.sort.direction : undefined;
        const header = el('div', {
          className: 'grid-cell grid-header',
          attrs: {
            role: 'columnheader',
            'aria-colindex': String(index + 1),
            'aria-sort': sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none',
            'data-col': String(index),
            title: column.secret ? l10n.t('{0} (masked: not sortable)', column.label) : l10n.t('Sort by {0}', column.label),
          },
        });
        header.append(el('span', { className: 'header-label', text: column.label }));
        if (sorted) header.append(icon(sorted === 'asc' ? 'arrow-up' : 'arrow-down'));
        return header;
      }),
    );
    for (const row of this.#rows) row.remove();
    this.#rows.length = 0;
    const count = model.itemCount();
    this.#active.row = Math.min(this.#active.row, count);
    this.#active.column = Math.min(this.#active.column, Math.max(model.columns.length - 1, 0));
    if (scrollTop >= 0) {
      // The body's height first, so that the scroll position is not clamped to the old one.
      this.#body.style.height = `${count * ROW_HEIGHT}px`;
      this.element.scrollTop = scrollTop;
    }
    this.renderNow();
  }

  #schedule(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.renderNow();
    });
  }

  /** Renders the rows in view now. */
  renderNow(): void {
    const model = this.#model;
    if (!model) return;
    const count = model.itemCount();
    this.#grid.setAttribute('aria-rowcount', String(count + 1));
    this.#body.style.height = `${count * ROW_HEIGHT}px`;
    const viewport = this.element.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.element.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(count, Math.ceil((this.element.scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
    model.need(first, last);
    let slot = 0;
    for (let index = first; index < last; index++, slot++) {
      let row = this.#rows[slot];
      if (!row) {
        row = el('div', { className: 'grid-row', attrs: { role: 'row' } });
        this.#rows.push(row);
        this.#body.append(row);
      }
      this.#fillRow(row, model, index);
    }
    for (let extra = this.#rows.length - 1; extra >= slot; extra--) {
      this.#rows[extra]?.remove();
      this.#rows.pop();
    }
    this.#paintActive();
  }

  #fillRow(row: HTMLDivElement, model: GridModel, index: number): void {
    const item = model.item(index);
    row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    row.setAttribute('aria-rowindex', String(index + 2));
    row.dataset.index = String(index);
    if (!item) {
      // Not arrived yet: an empty row of the right shape, marked busy.
      if (row.dataset.kind !== 'pending') {
        row.dataset.kind = 'pending';
        row.className = 'grid-row grid-pending';
        row.replaceChildren(el('div', { className: 'grid-cell', attrs: { role: 'gridcell', 'aria-colindex': '1', 'aria-busy': 'true' }, text: '…' }));
      }
      return;
    }
    if (item.kind === 'group') {
      const group = item;
      if (row.dataset.kind !== 'group') {
        row.dataset.kind = 'group';
        row.className = 'grid-row grid-group';
        const cell = el('div', { className: 'grid-cell group-cell', attrs: { role: 'gridcell', 'aria-colindex': '1', 'data-col': '0' } }, [
          icon('chevron-right'),
          el('span', { className: 'group-label' }),
          el('span', { className: 'group-count badge' }),
          el('span', { className: 'group-triage' }),
        ]);
        cell.setAttribute('aria-colspan', String(model.columns.length));
        row.replaceChildren(cell);
      }
      row.dataset.group = group.key;
      const cell = row.firstElementChild as HTMLElement;
      // On the cell, not the row: a grid's rows cannot be expanded (only a treegrid's), and the
      // cell is the active descendant a screen reader announces.
      cell.setAttribute('aria-expanded', String(group.expanded));
      cell.dataset.index = String(index);
      (cell.children[0] as HTMLElement).className = `codicon codicon-${group.expanded ? 'chevron-down' : 'chevron-right'}`;
      (cell.children[1] as HTMLElement).textContent = group.label;
      (cell.children[2] as HTMLElement).textContent = recordCount(group.count);
      // The decision about every record of the group (an infected machine marked remediated).
      (cell.children[3] as HTMLElement).textContent = group.triage ? triageLabel(group.triage) : '';
      return;
    }
    if (row.dataset.kind !== 'record' || row.childElementCount !== model.columns.length) {
      row.dataset.kind = 'record';
      row.className = 'grid-row';
      row.replaceChildren(
        ...model.columns.map((column, c) => {
          const cell = el('div', { className: column.secret ? 'grid-cell secret' : 'grid-cell', attrs: { role: 'gridcell', 'aria-colindex': String(c + 1), 'data-col': String(c) } });
          if (column.secret) cell.append(icon('eye'), el('span', { className: 'cell-text' }));
          return cell;
        }),
      );
    }
    row.dataset.row = String(item.row);
    // A record new since the previous check: an accent on the row, and said to screen readers.
    row.classList.toggle('fresh', item.fresh === true);
    // A decided record reads quieter than one still to handle.
    row.classList.toggle('triaged', item.triage === 'remediated' || item.triage === 'false-positive');
    if (item.fresh) row.setAttribute('aria-description', l10n.t('new since the previous check'));
    else row.removeAttribute('aria-description');
    const cells = row.children;
    for (let c = 0; c < model.columns.length; c++) {
      const cell = cells[c] as HTMLElement;
      cell.dataset.index = String(index);
      const text = item.cells[c] ?? '';
      if (model.columns[c]?.secret) {
        const revealed = model.isRevealed(item.row, c);
        const presenting = model.presentation();
        cell.classList.toggle('revealed', revealed);
        cell.classList.toggle('presenting', presenting);
        if (presenting) cell.removeAttribute('title');
        else cell.title = revealed ? l10n.t('Click to hide') : l10n.t('Click to reveal');
        (cell.children[0] as HTMLElement).className = presenting ? 'codicon' : `codicon codicon-${revealed ? 'eye-closed' : 'eye'}`;
        (cell.children[1] as HTMLElement).textContent = text;
      } else {
        cell.textContent = text;
        cell.title = text;
      }
    }
  }

  #cellElement(active: Active): HTMLElement | undefined {
    if (active.row === 0) return this.#headRow.children[active.column] as HTMLElement | undefined;
    const index = String(active.row - 1);
    const row = this.#rows.find((r) => r.dataset.index === index);
    if (!row) return undefined;
    if (row.dataset.kind === 'group') return row.firstElementChild as HTMLElement;
    return row.children[active.column] as HTMLElement | undefined;
  }

  #paintActive(): void {
    for (const old of this.#grid.querySelectorAll('.active-cell')) {
      old.classList.remove('active-cell');
      old.removeAttribute('id');
    }
    const cell = this.#cellElement(this.#active);
    if (cell) {
      cell.classList.add('active-cell');
      cell.id = 'grid-active-cell';
      this.#grid.setAttribute('aria-activedescendant', cell.id);
    } else {
      this.#grid.removeAttribute('aria-activedescendant');
    }
  }

  /** Moves the active cell and scrolls it into view. */
  setActive(row: number, column: number): void {
    const model = this.#model;
    if (!model) return;
    this.#active = {
      row: Math.max(0, Math.min(row, model.itemCount())),
      column: Math.max(0, Math.min(column, model.columns.length - 1)),
    };
    if (this.#active.row > 0) {
      const index = this.#active.row - 1;
      const top = index * ROW_HEIGHT;
      const headHeight = this.#headRow.offsetHeight;
      const viewport = this.element.clientHeight - headHeight;
      if (top < this.element.scrollTop) this.element.scrollTop = top;
      else if (top + ROW_HEIGHT > this.element.scrollTop + viewport) this.element.scrollTop = top + ROW_HEIGHT - viewport;
    }
    this.renderNow();
  }

  #pageSize(): number {
    return Math.max(1, Math.floor((this.element.clientHeight - this.#headRow.offsetHeight) / ROW_HEIGHT) - 1);
  }

  #activate(): void {
    const model = this.#model;
    if (!model) return;
    const { row, column } = this.#active;
    if (row === 0) {
      this.callbacks.onSort(column);
      return;
    }
    const item = model.item(row - 1);
    if (!item) return;
    if (item.kind === 'group') this.callbacks.onToggleGroup(item.key);
    else if (model.columns[column]?.secret) this.callbacks.onToggleReveal(item.row, column);
  }

  #onKey(event: KeyboardEvent): void {
    const model = this.#model;
    if (!model) return;
    const { row, column } = this.#active;
    const count = model.itemCount();
    const item = row > 0 ? model.item(row - 1) : undefined;
    const group = item?.kind === 'group' ? item : undefined;
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        this.setActive(row + 1, column);
        break;
      case 'ArrowUp':
        this.setActive(row - 1, column);
        break;
      case 'ArrowRight':
        if (group && !group.expanded) this.callbacks.onToggleGroup(group.key);
        else this.setActive(row, column + 1);
        break;
      case 'ArrowLeft':
        if (group?.expanded) this.callbacks.onToggleGroup(group.key);
        else this.setActive(row, column - 1);
        break;
      case 'Home':
        this.setActive(ctrl ? Math.min(1, count) : row, 0);
        break;
      case 'End':
        this.setActive(ctrl ? count : row, model.columns.length - 1);
        break;
      case 'PageDown':
        this.setActive(row + this.#pageSize(), column);
        break;
      case 'PageUp':
        this.setActive(Math.max(row > 0 ? 1 : 0, row - this.#pageSize()), column);
        break;
      case 'Enter':
      case ' ':
        this.#activate();
        break;
      case 'c':
      case 'C':
        if (ctrl && item?.kind === 'row') this.callbacks.onCopy(event.shiftKey ? 'row' : 'cell', item.row, column);
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }

  #onClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-col]') : null;
    if (!target || !this.#model) return;
    const column = Number(target.dataset.col);
    if (target.getAttribute('role') === 'columnheader') {
      this.#active = { row: 0, column };
      this.callbacks.onSort(column);
      this.#grid.focus();
      return;
    }
    const index = Number(target.dataset.index);
    if (!Number.isInteger(index)) return;
    this.#active = { row: index + 1, column };
    this.#grid.focus();
    this.#activate();
    this.#paintActive();
  }
}
