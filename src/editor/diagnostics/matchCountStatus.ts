// A status bar item with the number of leaked identifiers found in files, counted as the
// Problems panel lists them (errors, warnings, information); hints, which the Problems panel
// leaves out and the editor marks with dots, are named apart. A click opens the Problems
// panel. Hidden while there are none.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { DiagnosticsController } from './diagnosticsController';

export interface MatchCountView {
  readonly visible: boolean;
  readonly text: string;
  /** What the Problems panel lists of ours (errors, warnings and information). */
  readonly count: number;
  /** Hints: marked in the editor only. */
  readonly hints: number;
  readonly tooltip: string;
}

export class MatchCountStatus extends Disposable {
  readonly #item = this._register(vscode.window.createStatusBarItem('leakSearch.diagnostics', vscode.StatusBarAlignment.Left, 49));
  #view: MatchCountView = { visible: false, text: '', count: 0, hints: 0, tooltip: '' };

  constructor(private readonly controller: DiagnosticsController) {
    super();
    this.#item.name = vscode.l10n.t('Leak Search: leaked identifiers in files');
    this.#item.command = 'workbench.actions.view.problems';
    this._register(vscode.languages.onDidChangeDiagnostics(() => this.update()));
    this.update();
  }

  get view(): MatchCountView {
    return this.#view;
  }

  update(): void {
    const c = this.controller.counts;
    const count = c.errors + c.warnings + c.information;
    if (count === this.#view.count && c.hints === this.#view.hints && this.#view.visible === count + c.hints > 0) return;
    const listed = count === 1 ? vscode.l10n.t('{0} leaked identifier in files', count) : vscode.l10n.t('{0} leaked identifiers in files', count);
    const hints = c.hints === 0 ? '' : ` ${c.hints === 1 ? vscode.l10n.t('(+1 hint)') : vscode.l10n.t('(+{0} hints)', c.hints)}`;
    const text = `$(warning) ${listed}${hints}`;
    const tooltip = [
      vscode.l10n.t('Leak Search found these in files, as the Problems panel lists them: {0} errors (leaked passwords), {1} warnings, {2} information.', c.errors, c.warnings, c.information),
      ...(c.hints > 0 ? [vscode.l10n.t('{0} hints (common passwords, findings marked false positive) are marked in the editor only; the Problems panel does not list hints.', c.hints)] : []),
      vscode.l10n.t('Click for the Problems panel.'),
    ].join('\n');
    const visible = count + c.hints > 0;
    this.#view = { visible, text: visible ? text : '', count, hints: c.hints, tooltip };
    this.#item.text = text;
    this.#item.tooltip = tooltip;
    if (visible) this.#item.show();
    else this.#item.hide();
  }
}
