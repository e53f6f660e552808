// What "Copy cell" and "Copy row" put on the clipboard. A secret (password) is copied only
// when it is revealed. Pure.
import { rowCells } from './table';
import type { ResultTable } from './table';

/**
 * The text to copy, or undefined when the cell is a secret that is not revealed. A row is one
 * "Label: value" line per column, leaving out secrets that are not revealed.
 */
export function copyText(
  table: ResultTable,
  what: 'cell' | 'row',
  row: number,
  column: number,
  revealed: (column: number) => boolean,
): string | undefined {
  const cells = rowCells(table, row);
  const visible = (c: number): boolean => !table.columns[c]?.secret || revealed(c);
  if (what === 'cell') return visible(column) ? (cells[column] ?? '') : undefined;
  return table.columns.flatMap((col, c) => (visible(c) ? [`${col.label}: ${cells[c] ?? ''}`] : [])).join('\n');
}
