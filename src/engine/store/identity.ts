// Record identity, for "what is new": a record is the same record when every field but
// `status` is the same (the service flips status without the leak changing). Each row gets a
// 53-bit fingerprint (two 32-bit FNV-1a lanes over its fields, exact in a float64), compared
// between a result and the previous answer to the same query. Fingerprints live only in
// memory during the comparison; only the row numbers of new records are kept. No `vscode`.
import type { RecordTable } from './recordTable';

const SEP = 0x1f; // between fields, so ("ab","c") and ("a","bc") differ

/** One fingerprint per row, in row order. */
export function rowFingerprints(table: RecordTable): Float64Array {
  const columns: number[] = [];
  for (let c = 0; c < table.columns.length; c++) if (c !== table.roles.status) columns.push(c);
  const out = new Float64Array(table.length);
  for (let row = 0; row < table.length; row++) {
    let a = 0x811c9dc5;
    let b = 0x01000193 ^ 0x5bd1e995;
    for (const c of columns) {
      const text = table.text(c, row);
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        a = Math.imul(a ^ code, 0x01000193);
        b = Math.imul(b ^ code, 0x5bd1e995);
        b ^= b >>> 15;
      }
      a = Math.imul(a ^ SEP, 0x01000193);
      b = Math.imul(b ^ SEP, 0x5bd1e995);
    }
    // 32 bits of one lane and 21 of the other: below 2^53, so exact.
    out[row] = (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
  }
  return out;
}

/** A row's identifying field texts (every column but status), in column order. */
export function identityFields(table: RecordTable, row: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < table.columns.length; c++) if (c !== table.roles.status) out.push(table.text(c, row));
  return out;
}

/** Rows of `current` whose record is not in `previous` (ascending row numbers). */
export function newRows(current: RecordTable, previous: RecordTable): Uint32Array {
  const seen = rowFingerprints(previous).sort();
  const prints = rowFingerprints(current);
  const out: number[] = [];
  for (let row = 0; row < prints.length; row++) if (!contains(seen, prints[row] as number)) out.push(row);
  return Uint32Array.from(out);
}

function contains(sorted: Float64Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] as number;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
