// The action bar: presentation mode, copy cell / row, triage and the remediation guide of the
// selected record or group, exports and the "include passwords" option.
import { button, checkbox } from './controls';
import type { CheckControl } from './controls';
import * as l10n from '@vscode/l10n';
import { el } from './dom';
import type { ExportFormat } from '../shared/webviewProtocol';

export interface ActionBarEvents {
  presentation(on: boolean): void;
  copy(what: 'cell' | 'row'): void;
  /** Triage the selected record or group (the host asks which decision). */
  triage(): void;
  /** Open the remediation guide of the selected record or group (or of the result). */
  guide(): void;
  export(format: ExportFormat): void;
}

export function actionBar(presentationOn: boolean, on: ActionBarEvents): { readonly element: HTMLElement; readonly includeSecrets: CheckControl; readonly presentation: { set(on: boolean): void } } {
  const presentation = checkbox('presentation', l10n.t('Presentation mode (keep every password masked)'), presentationOn);
  const include = checkbox('include-passwords', l10n.t('Include passwords in CSV/JSON export'), false);
  include.disabled = presentationOn;
  presentation.addEventListener('change', () => {
    // Presentation mode also unticks and locks the export option.
    include.checked = false;
    include.disabled = presentation.checked;
    on.presentation(presentation.checked);
  });
  const copyCell = button('copy-cell', l10n.t('Copy cell'), 'copy');
  const copyRow = button('copy-row', l10n.t('Copy row'), 'copy');
  copyCell.addEventListener('click', () => on.copy('cell'));
  copyRow.addEventListener('click', () => on.copy('row'));
  const triage = button('triage', l10n.t('Triage…'), 'pass');
  const guide = button('guide', l10n.t('What to do'), 'book');
  triage.addEventListener('click', () => on.triage());
  guide.addEventListener('click', () => on.guide());
  const exportButton = (format: ExportFormat, label: string, iconName: string): HTMLElement => {
    const node = button(`export-${format}`, label, iconName);
    node.addEventListener('click', () => on.export(format));
    return node;
  };
  const element = el('div', { className: 'actions' }, [
    presentation,
    copyCell,
    copyRow,
    triage,
    guide,
    el('span', { className: 'spacer' }),
    include,
    exportButton('csv', l10n.t('Export CSV'), 'export'),
    exportButton('json', l10n.t('Export JSON'), 'json'),
    exportButton('markdown', l10n.t('Incident summary'), 'markdown'),
  ]);
  // Set from outside (the setting changed in another panel or window): the same state as a click, without telling back.
  const set = (onNow: boolean): void => {
    presentation.checked = onNow;
    include.disabled = onNow;
    if (onNow) include.checked = false;
  };
  return { element, includeSecrets: include, presentation: { set } };
}
