// The filter bar and the action bar, built from @vscode-elements controls.
import { el, icon } from './dom';

/** The part of the vscode-elements controls this panel uses. */
export interface ValueControl extends HTMLElement {
  value: string;
  disabled: boolean;
}

export interface CheckControl extends HTMLElement {
  checked: boolean;
  disabled: boolean;
}

/**
 * The attributes that name a control. The vscode-elements controls draw their focusable part in
 * a shadow root, which neither the host's aria-label nor a wrapping <label> reaches: their own
 * `label` attribute is what names that part for assistive technology.
 */
function naming(id: string, label: string): Record<string, string> {
  return { id, label, 'aria-label': label, title: label };
}

export function textField(id: string, label: string, type: 'search' | 'date', placeholder = ''): ValueControl {
  const field = el('vscode-textfield', { attrs: { ...naming(id, label), type } }) as ValueControl;
  if (placeholder) field.setAttribute('placeholder', placeholder);
  return field;
}

function option(value: string, text: string, selected: boolean): HTMLElement {
  const node = el('vscode-option', { attrs: { value }, text });
  if (selected) node.setAttribute('selected', '');
  return node;
}

/** An empty single select, named `label` (see `naming`). */
export function namedSelect(id: string, label: string): ValueControl {
  return el('vscode-single-select', { attrs: naming(id, label) }) as ValueControl;
}

/**
 * A single select with an "any" first option and, when `selected` is set, that option
 * preselected; `fillSelect` adds the other values later (after the first rows are painted).
 */
export function selectField(id: string, label: string, anyLabel: string, selected: string): ValueControl {
  const select = namedSelect(id, label);
  select.append(option('', anyLabel, !selected));
  if (selected) select.append(option(selected, selected, true));
  return select;
}

/** Adds the values to a select made by `selectField` (disabled when there are none). */
export function fillSelect(select: ValueControl, values: readonly string[], selected: string): void {
  select.append(...values.filter((value) => value !== selected).map((value) => option(value, value, false)));
  if (values.length === 0) select.setAttribute('disabled', '');
}

export function checkbox(id: string, label: string, checked: boolean): CheckControl {
  const box = el('vscode-checkbox', { attrs: { id } }) as CheckControl;
  box.textContent = label;
  if (checked) box.setAttribute('checked', '');
  return box;
}

export function button(id: string, label: string, iconName: string, secondary = true): HTMLElement {
  const node = el('vscode-button', { attrs: { id, title: label } });
  if (secondary) node.setAttribute('secondary', '');
  node.append(icon(iconName), el('span', { className: 'button-label', text: label }));
  return node;
}

export function labelled(text: string, control: HTMLElement): HTMLElement {
  return el('label', { className: 'field' }, [el('span', { className: 'field-label', text }), control]);
}
