// The filter bar: text, status, country, browser, date range, triage state, grouping, "Clear filters".
import { button, checkbox, fillSelect, labelled, namedSelect, selectField, textField } from './controls';
import * as l10n from '@vscode/l10n';
import { el } from './dom';
import { EMPTY_FILTER, parseTriageFilter } from '../shared/webviewProtocol';
import type { TriageFilter } from '../shared/webviewProtocol';
import type { FilterOptions, FilterState, Grouping } from '../shared/webviewProtocol';

export interface FilterBar {
  readonly element: HTMLElement;
  /** Shows a filter set from elsewhere (a focus request). */
  show(filter: FilterState): void;
  /** Adds the values of the drop-downs (after the first rows are painted). */
  fill(options: FilterOptions, filter: FilterState): void;
}

export interface FilterBarEvents {
  filter(filter: FilterState): void;
  grouping(grouping: Grouping): void;
}

/** The triage filter's choices (the values parseTriageFilter accepts), labels in the user's language. */
const TRIAGE_CHOICES = (): readonly (readonly [TriageFilter, string])[] => [
  ['', l10n.t('Any triage')],
  ['untriaged', l10n.t('Not triaged')],
  ['acknowledged', l10n.t('Acknowledged')],
  ['remediated', l10n.t('Remediated')],
  ['false-positive', l10n.t('False positive')],
];

const GROUPINGS = (): readonly (readonly [Grouping, string])[] => [
  ['none', l10n.t('No grouping')],
  ['site', l10n.t('By site')],
  ['machine', l10n.t('By infected machine')],
];

/** `newLabel`: the "only new records" box's label, when the result has new records. */
export function filterBar(initial: FilterState, grouping: Grouping, on: FilterBarEvents, newLabel?: string): FilterBar {
  const onlyNew = checkbox('filter-new', newLabel ?? '', initial.onlyNew);
  const text = textField('filter-text', l10n.t('Filter records'), 'search', l10n.t('Filter (username, URL, IP…)'));
  const status = selectField('filter-status', l10n.t('Status'), l10n.t('Any status'), initial.status);
  const country = selectField('filter-country', l10n.t('Country'), l10n.t('Any country'), initial.country);
  const browser = selectField('filter-browser', l10n.t('Browser'), l10n.t('Any browser'), initial.browser);
  const from = textField('filter-from', l10n.t('From date'), 'date');
  const to = textField('filter-to', l10n.t('To date'), 'date');
  const triage = namedSelect('filter-triage', l10n.t('Triage'));
  for (const [value, label] of TRIAGE_CHOICES()) {
    const option = el('vscode-option', { attrs: { value }, text: label });
    if (value === initial.triage) option.setAttribute('selected', '');
    triage.append(option);
  }
  const group = namedSelect('grouping', l10n.t('Group rows'));
  for (const [value, label] of GROUPINGS()) {
    const option = el('vscode-option', { attrs: { value }, text: label });
    if (value === grouping) option.setAttribute('selected', '');
    group.append(option);
  }
  const show = (filter: FilterState): void => {
    text.value = filter.text;
    status.value = filter.status;
    country.value = filter.country;
    browser.value = filter.browser;
    from.value = filter.from;
    to.value = filter.to;
    onlyNew.checked = filter.onlyNew;
    triage.value = filter.triage;
  };
  text.value = initial.text;
  from.value = initial.from;
  to.value = initial.to;
  const changed = (): void =>
    on.filter({ text: text.value, status: status.value, country: country.value, browser: browser.value, from: from.value, to: to.value, onlyNew: newLabel !== undefined && onlyNew.checked, triage: parseTriageFilter(triage.value) });
  text.addEventListener('input', changed);
  for (const control of [status, country, browser, from, to, onlyNew, triage]) control.addEventListener('change', changed);
  from.addEventListener('input', changed);
  to.addEventListener('input', changed);
  group.addEventListener('change', () => {
    const value = group.value;
    on.grouping(value === 'site' || value === 'machine' ? value : 'none');
  });
  const clearButton = button('clear-filters', l10n.t('Clear filters'), 'clear-all');
  clearButton.addEventListener('click', () => {
    show(EMPTY_FILTER);
    on.filter(EMPTY_FILTER);
  });
  const element = el('div', { className: 'filters', attrs: { role: 'search', 'aria-label': l10n.t('Filter records') } }, [
    labelled(l10n.t('Filter'), text),
    labelled(l10n.t('Status'), status),
    labelled(l10n.t('Country'), country),
    labelled(l10n.t('Browser'), browser),
    labelled(l10n.t('From'), from),
    labelled(l10n.t('To'), to),
    labelled(l10n.t('Triage'), triage),
    labelled(l10n.t('Group'), group),
    ...(newLabel !== undefined ? [onlyNew] : []),
    clearButton,
  ]);
  return {
    element,
    show,
    fill(options, filter) {
      fillSelect(status, options.status, filter.status);
      fillSelect(country, options.country, filter.country);
      fillSelect(browser, options.browser, filter.browser);
    },
  };
}
