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

export function textField(id: string, label: string, type: 'search' | 'date', placeholder = ''): ValueControl {
  const field = el('vscode-textfield', { attrs: { id, type, 'aria-label': label, title: label } }) as ValueControl;
  if (placeholder) field.setAttribute('placeholder', placeholder);
  return field;
}

/** A single select with an "any" first option; `selected` is preselected when present. */
export function selectField(id: string, label: string, anyLabel: string, values: readonly string[], selected: string): ValueControl {
  const select = el('vscode-single-select', { attrs: { id, 'aria-label': label, title: label } }) as ValueControl;
  const option = (value: string, text: string): HTMLElement => {
    const node = el('vscode-option', { attrs: { value }, text });
    if (value === selected) node.setAttribute('selected', '');
    return node;
  };
  select.append(option('', anyLabel), ...values.map((value) => option(value, value)));
  if (values.length === 0) select.setAttribute('disabled', '');
  return select;
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
