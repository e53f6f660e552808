// Where the results panel gets its data: implemented by the editor's results cache.
import type * as vscode from 'vscode';
import type { ResultsEntry } from '../../core/types';

export interface ResultsSource {
  /** The result with this key, if it is still known. */
  get(key: string): ResultsEntry | undefined;
  /** Every known result. */
  list(): readonly ResultsEntry[];
  /** Fires when any result is added, refreshed or removed. */
  readonly onDidChange: vscode.Event<void>;
}
