// A stored result's table as bytes for its cache file, and back, in pieces: the columns'
// typed arrays are written as they are (no copy, no text form) and read straight into new
// typed arrays as the decrypted pieces arrive, so saving or loading a million records
// holds no second copy of them. Layout:
//   u32 length of the header | header (JSON: version, type, rows, columns and how each is
//   stored, dictionary values, odd date texts) | each column's arrays in header order.
// Node only.
import type { FindingsType } from '../../core/service/types';
import { DateColumn, TagColumn, TextColumn } from './columns';
import { RecordTable } from './recordTable';
import type { ColumnInfo, StoredColumn } from './recordTable';

/** 3: dictionary codes as narrow as their dictionary allows (2 always had four bytes a code). */
const VERSION = 3;

interface ColumnHeader {
  readonly info: ColumnInfo;
  readonly store: 'dict' | 'pool' | 'date';
  readonly values?: readonly string[];
  /** Dictionary: bytes a code (4 when absent, as in version 2). */
  readonly codeBytes?: 1 | 2 | 4;
  /** Pool: the byte length of the text. */
  readonly poolBytes?: number;
  readonly dateTexts?: readonly (readonly [number, string])[];
  readonly tags: boolean;
}

interface Header {
  readonly version: number;
  readonly type: FindingsType;
  readonly rows: number;
  readonly columns: readonly ColumnHeader[];
}

function bytesOf(array: Uint32Array | Uint16Array | Float64Array | Uint8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The pieces of a table's file content, in order. */
export function* tablePieces(table: RecordTable): Generator<Uint8Array> {
  const columns: ColumnHeader[] = table.stored.map((c) => {
    if (c.date) return { info: c.info, store: 'date', dateTexts: [...c.date.texts()], tags: c.tags !== undefined };
    const text = c.text as TextColumn;
    if (text.isDictionary) return { info: c.info, store: 'dict', values: text.values, codeBytes: text.codes.BYTES_PER_ELEMENT as 1 | 2 | 4, tags: c.tags !== undefined };
    return { info: c.info, store: 'pool', poolBytes: text.pool?.bytes.length ?? 0, tags: c.tags !== undefined };
  });
  const header: Header = { version: VERSION, type: table.type, rows: table.length, columns };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  yield length;
  yield json;
  for (const c of table.stored) {
    if (c.date) yield bytesOf(c.date.ms);
    else {
      const text = c.text as TextColumn;
      const pool = text.pool;
      if (pool) {
        yield bytesOf(pool.offsets);
        yield pool.bytes;
      } else yield bytesOf(text.codes);
    }
    if (c.tags) yield c.tags.array;
  }
}

/** The bytes a header's columns take after it (what `#plan` allocates). */
function plannedBytes(header: Header): number {
  const n = header.rows;
  let sum = 0;
  for (const c of header.columns) {
    if (c.store === 'date') sum += 8 * n;
    else if (c.store === 'dict') sum += (c.codeBytes === 1 || c.codeBytes === 2 ? c.codeBytes : 4) * n;
    else sum += 4 * (n + 1) + (Number.isSafeInteger(c.poolBytes) && (c.poolBytes ?? 0) >= 0 ? (c.poolBytes ?? 0) : Number.POSITIVE_INFINITY);
    if (c.tags) sum += n;
  }
  return sum;
}

/** Where the next bytes go: a typed array being filled. */
interface Target {
  readonly bytes: Uint8Array;
  filled: number;
  readonly done: () => void;
}

/**
 * Rebuilds a table from the pieces of its file, as they arrive. `push` each piece, then
 * `finish()`; a piece that does not fit the header throws (the file is not ours or damaged).
 * `maxBytes`: the most the table's bytes may be, when known (a results file says it before
 * it is authenticated): a header asking for more is refused before anything is allocated.
 */
export class TableReader {
  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {}

  #lengthBytes = Buffer.alloc(4);
  #lengthFilled = 0;
  #headerBytes: Buffer | undefined;
  #headerFilled = 0;
  #header: Header | undefined;
  readonly #targets: Target[] = [];
  #next = 0;
  readonly #stored: StoredColumn[] = [];

  push(piece: Uint8Array): void {
    let at = 0;
    while (at < piece.length) {
      if (this.#lengthFilled < 4) {
        const n = Math.min(4 - this.#lengthFilled, piece.length - at);
        this.#lengthBytes.set(piece.subarray(at, at + n), this.#lengthFilled);
        this.#lengthFilled += n;
        at += n;
        if (this.#lengthFilled === 4) {
          const size = this.#lengthBytes.readUInt32LE(0);
          if (size > 256 * 1024 * 1024 || 4 + size > this.maxBytes) throw new Error('The cache file has a header too large to be ours.');
          this.#headerBytes = Buffer.alloc(size);
        }
        continue;
      }
      if (!this.#header) {
        const buf = this.#headerBytes as Buffer;
        const n = Math.min(buf.length - this.#headerFilled, piece.length - at);
        buf.set(piece.subarray(at, at + n), this.#headerFilled);
        this.#headerFilled += n;
        at += n;
        if (this.#headerFilled === buf.length) this.#plan(JSON.parse(buf.toString('utf8')) as Header);
        continue;
      }
      const target = this.#targets[this.#next];
      if (!target) throw new Error('The cache file is longer than its header says.');
      const n = Math.min(target.bytes.length - target.filled, piece.length - at);
      target.bytes.set(piece.subarray(at, at + n), target.filled);
      target.filled += n;
      at += n;
      if (target.filled === target.bytes.length) {
        target.done();
        this.#next++;
      }
    }
  }

  /** Allocates every column's arrays from the header; their bytes arrive next, in this order. */
  #plan(header: Header): void {
    if ((header.version !== VERSION && header.version !== 2) || (header.type !== 'accounts' && header.type !== 'customers') || !Number.isSafeInteger(header.rows) || header.rows < 0) {
      throw new Error('The cache file is not of this version.');
    }
    if (!Array.isArray(header.columns) || 4 + (this.#headerBytes?.length ?? 0) + plannedBytes(header) > this.maxBytes) throw new Error('The cache file is shorter than its header says.');
    this.#header = header;
    const n = header.rows;
    const target = (array: Uint32Array | Uint16Array | Float64Array | Uint8Array | Buffer, done: () => void = () => undefined): void => {
      this.#targets.push({ bytes: array instanceof Buffer ? array : bytesOf(array), filled: 0, done });
      if (array.byteLength === 0) {
        this.#targets.pop();
        done();
      }
    };
    for (const c of header.columns) {
      const slot: { text?: TextColumn; date?: DateColumn; tags?: TagColumn } = {};
      if (c.store === 'date') {
        const ms = new Float64Array(n);
        target(ms, () => (slot.date = DateColumn.from(ms, c.dateTexts ?? [])));
      } else if (c.store === 'dict') {
        const codes = c.codeBytes === 1 ? new Uint8Array(n) : c.codeBytes === 2 ? new Uint16Array(n) : new Uint32Array(n);
        target(codes, () => (slot.text = TextColumn.fromDictionary([...(c.values ?? [])], codes)));
      } else {
        const offsets = new Uint32Array(n + 1);
        const bytes = Buffer.alloc(c.poolBytes ?? 0);
        target(offsets);
        target(bytes, () => (slot.text = TextColumn.fromPool(bytes, offsets)));
      }
      if (c.tags) {
        const tags = new Uint8Array(n);
        target(tags, () => (slot.tags = TagColumn.from(tags)));
      }
      this.#stored.push(
        Object.defineProperties({ info: c.info } as StoredColumn, {
          text: { get: () => slot.text, enumerable: true },
          date: { get: () => slot.date, enumerable: true },
          tags: { get: () => slot.tags, enumerable: true },
        }),
      );
    }
  }

  /** The table, once every piece was pushed. */
  finish(): RecordTable {
    const header = this.#header;
    if (!header || this.#next !== this.#targets.length) throw new Error('The cache file ended early.');
    return new RecordTable(
      header.type,
      header.rows,
      this.#stored.map((c) => ({ info: c.info, ...(c.text ? { text: c.text } : {}), ...(c.date ? { date: c.date } : {}), ...(c.tags ? { tags: c.tags } : {}) })),
    );
  }
}
