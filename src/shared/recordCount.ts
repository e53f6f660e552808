// How many records a result has, in the user's language, for the tree, the status bar, the
// messages and the results panel alike (no Node or vscode import): the service's `count` and
// the records it sent are both said when they differ, never one silently in place of the other.
import * as l10n from '@vscode/l10n';

/**
 * "1,000 records"; fewer sent than counted: "1,000 records (12 returned)"; more sent than
 * counted: "1,204 records (the service's count says 1,000)". `words` turns the leading figure
 * into text (with its noun, in the right number); `figure` writes the other one.
 */
export function recordCount(count: number, records: number, words: (n: number) => string, figure: (n: number) => string = (n) => n.toLocaleString('en-US')): string {
  if (records > count) return l10n.t("{0} (the service's count says {1})", words(records), figure(count));
  if (records < count) return l10n.t('{0} ({1} returned)', words(count), figure(records));
  return words(count);
}

/** What a result adds to a total of records: what it holds, or what the service counted if more. */
export function recordTotal(entry: { readonly count: number; readonly records: number }): number {
  return Math.max(entry.count, entry.records);
}
