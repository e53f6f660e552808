// A status bar item with the number of leaked identifiers found in files; a click opens the
// Problems panel. Hidden while there are none.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { DiagnosticsController } from './diagnosticsController';

export interface MatchCountView {
  readonly visible: boolean;
  readonly text: string;
  readonly count: number;
}

export class MatchCountStatus extends Disposable {
  readonly #item = this._register(vscode.window.createStatusBarItem('leakSearch.diagnostics', vscode.StatusBarAlignment.Left, 49));
  #view: MatchCountView = { visible: false, text: '', count: 0 };

  constructor(private readonly controller: DiagnosticsController) {
    super();
    this.#item.name = vscode.l10n.t('Leak Search: leaked identifiers in files');
    this.#item.command = 'workbench.actions.view.problems';
    this.#item.tooltip = vscode.l10n.t('Leaked e-mail addresses, URLs and passwords found in files — click for the Problems panel');
    this._register(vscode.languages.onDidChangeDiagnostics(() => this.update()));
    this.update();
  }

  get view(): MatchCountView {
    return this.#view;
  }

  update(): void {
    const count = this.controller.count;
    if (count === this.#view.count && this.#view.visible === count > 0) return;
    const text = `$(warning) ${count === 1 ? vscode.l10n.t('{0} leaked identifier in files', count) : vscode.l10n.t('{0} leaked identifiers in files', count)}`;
    this.#view = { visible: count > 0, text: count > 0 ? text : '', count };
    this.#item.text = text;
    if (count > 0) this.#item.show();
    else this.#item.hide();
  }
}
