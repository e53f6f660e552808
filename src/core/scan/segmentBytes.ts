// A result's index segment (sourceSegment.ts) as bytes, to keep beside its records: a
// `leak-search fetch` results file carries the segments its fetch built, so that each job
// scanning against it reads them instead of building them again from every record (on every
// commit, for a pre-commit hook). Read back only by an index made
// with the same fingerprint key (leakIndex.ts `fingerprintKey`). Little-endian 32-bit words:
//   FORMAT | records | unparsed URLs
//   | each table (TABLES): entries n, then n `hi`, n `lo`, n record numbers
//   | each table's key lengths: count, then the lengths, ascending
//   | the sketch slots of e-mails, usernames, hosts, passwords, second password probe: count, then the slots
// Every count is checked against the bytes left and every value against what it may be
// before anything is built from it: a damaged segment is refused, never half read. Pure: no vscode.
import { FingerprintTable } from './fingerprintTable';
import { SKETCH_SLOTS } from './sketch';
import type { SourceSegment } from './sourceSegment';
import { TABLES } from './sourceSegment';

const FORMAT = 1;
/** The longest identifier a length filter may be sized for (charClass.ts lengthFilter allocates one byte per length). */
const MAX_KEY_LENGTH = 1 << 24;
/** Distinct key lengths per table at most: far more than identifiers have. */
const MAX_LENGTHS = 1 << 16;

/** Whether this machine stores typed arrays little-endian, as the bytes are written. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A segment's bytes, in pieces (views of its own arrays: written out, not kept); undefined on a big-endian machine, which keeps none. */
export function segmentPieces(segment: SourceSegment): Uint8Array[] | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  const pieces: Uint8Array[] = [];
  const words = (values: ArrayLike<number>): void => {
    pieces.push(new Uint8Array(Uint32Array.from(values).buffer));
  };
  const array = (a: Uint32Array): void => {
    pieces.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  };
  words([FORMAT, segment.records, segment.unparsedUrls]);
  for (const table of segment.tables) {
    words([table.size]);
    array(table.hi);
    array(table.lo);
    array(table.records);
  }
  for (const lengths of segment.lengths) words([lengths.length, ...[...lengths].sort((a, b) => a - b)]);
  for (const slots of [segment.emailSlots, segment.usernameSlots, segment.hostSlots, segment.passwordSlots, segment.passwordSlots2]) {
    words([slots.length]);
    array(slots);
  }
  return pieces;
}

/** How many bytes `segmentPieces` gives. */
export function segmentByteLength(pieces: readonly Uint8Array[]): number {
  return pieces.reduce((n, p) => n + p.byteLength, 0);
}

export class SegmentFormatError extends Error {}

/**
 * The segment in `bytes`, for a result of `records` records; throws SegmentFormatError when
 * the bytes are not one (or on a big-endian machine). Its arrays are views of `bytes` when
 * they start on a word: `bytes` is the segment's from then on.
 */
export function readSegment(bytes: Uint8Array, records: number): SourceSegment {
  if (!LITTLE_ENDIAN) throw new SegmentFormatError('segments are kept little-endian');
  if (bytes.byteLength % 4 !== 0) throw new SegmentFormatError('not whole words');
  // A view where the bytes start on a word, else an aligned copy.
  const aligned = bytes.byteOffset % 4 === 0;
  const w = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4) : new Uint32Array(bytes.byteLength / 4);
  if (!aligned) new Uint8Array(w.buffer).set(bytes);
  let at = 0;
  const word = (): number => {
    if (at >= w.length) throw new SegmentFormatError('ends early');
    return w[at++] as number;
  };
  const take = (n: number): Uint32Array => {
    if (n > w.length - at) throw new SegmentFormatError('a count past the end');
    const out = w.subarray(at, at + n);
    at += n;
    return out;
  };
  if (word() !== FORMAT) throw new SegmentFormatError('another format');
  if (word() !== records) throw new SegmentFormatError('another result');
  const unparsedUrls = word();
  if (unparsedUrls > records) throw new SegmentFormatError('more unparsed URLs than records');
  const tables: FingerprintTable[] = [];
  for (let t = 0; t < TABLES; t++) {
    const n = word();
    const hi = take(n);
    const lo = take(n);
    const rows = take(n);
    for (let i = 0; i < n; i++) {
      if ((rows[i] as number) >= records) throw new SegmentFormatError('a record past the result');
      // Sorted by fingerprint, as a lookup's binary search needs.
      if (i > 0 && ((hi[i] as number) < (hi[i - 1] as number) || (hi[i] === hi[i - 1] && (lo[i] as number) < (lo[i - 1] as number)))) throw new SegmentFormatError('a table out of order');
    }
    tables.push(n === 0 ? FingerprintTable.EMPTY : new FingerprintTable(hi, lo, rows));
  }
  const lengths: number[][] = [];
  for (let t = 0; t < TABLES; t++) {
    const count = word();
    if (count > MAX_LENGTHS) throw new SegmentFormatError('too many key lengths');
    const values = [...take(count)];
    // Ascending, each once: the index gathers them in sets and sizes its filters by the largest.
    for (let i = 0; i < values.length; i++) {
      if ((values[i] as number) > MAX_KEY_LENGTH || (i > 0 && (values[i] as number) <= (values[i - 1] as number))) throw new SegmentFormatError('key lengths out of order or too long');
    }
    lengths.push(values);
  }
  const slots: Uint32Array[] = [];
  for (let k = 0; k < 5; k++) {
    const s = take(word());
    for (const slot of s) if (slot >= SKETCH_SLOTS) throw new SegmentFormatError('a sketch slot out of range');
    slots.push(s);
  }
  if (at !== w.length) throw new SegmentFormatError('bytes past the end');
  const [emailSlots, usernameSlots, hostSlots, passwordSlots, passwordSlots2] = slots as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  let bytes2 = emailSlots.byteLength + usernameSlots.byteLength + hostSlots.byteLength + passwordSlots.byteLength + passwordSlots2.byteLength;
  for (const t of tables) bytes2 += t.bytes;
  return { records, tables, lengths, emailSlots, usernameSlots, hostSlots, passwordSlots, passwordSlots2, unparsedUrls, bytes: bytes2 };
}
