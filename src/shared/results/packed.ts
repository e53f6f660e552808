// Packing a result for the trip host → webview: one array of scalars per field instead of an
// array of objects. Posting 100,000 record objects costs the webview most of a second in
// structured clone alone; eight arrays of strings cost about a tenth of that, and a column of
// strings is already the table's display text. Pure and browser-safe.
import { resultColumns, tableFromColumns } from './table';
import type { ResultTable } from './table';
import type { LoadMessage, PackedRecords, PanelEntry, PanelFocus } from '../protocol';
import type { FieldValue, ResultsEntry } from '../../core/types';

export function packRecords(entry: ResultsEntry): PackedRecords {
  const { keys, values } = resultColumns(entry.result);
  return { length: entry.result.records.length, keys, columns: values };
}

export function panelEntry(entry: ResultsEntry): PanelEntry {
  const { key, origin, query, rateLimit, fetchedAt } = entry;
  return { key, origin, query, type: entry.result.type, count: entry.result.count, fetchedAt, ...(rateLimit ? { rateLimit } : {}) };
}

/** The `load` message for a result (the host posts it after `ready`). */
export function loadMessage(entry: ResultsEntry, focus?: PanelFocus): LoadMessage {
  const message: LoadMessage = { type: 'load', entry: panelEntry(entry), records: packRecords(entry) };
  return focus?.identifier ? { ...message, focus } : message;
}

function isScalar(value: unknown): value is FieldValue {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Rebuilds the table from packed records; throws a clear error on malformed input. */
export function unpackTable(type: PanelEntry['type'], packed: PackedRecords): ResultTable {
  const { length, keys, columns } = packed;
  if (!Number.isSafeInteger(length) || length < 0) throw new Error('The result has a bad record count.');
  if (!Array.isArray(keys) || !Array.isArray(columns) || keys.length !== columns.length) throw new Error('The result has mismatched fields.');
  const values = columns.map((column: unknown, i) => {
    if (!Array.isArray(column) || column.length !== length) throw new Error(`The field “${String(keys[i])}” has the wrong number of values.`);
    let clean: unknown[] = column;
    for (let row = 0; row < column.length; row++) {
      if (!isScalar(column[row])) {
        if (clean === column) clean = [...column];
        clean[row] = JSON.stringify(column[row]) ?? null;
      }
    }
    return clean as FieldValue[];
  });
  return tableFromColumns(type, { keys: keys.map(String), values }, length);
}
