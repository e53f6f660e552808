// What `check --only-new --state FILE` remembers between runs: for each query (its results key:
// origin, domain, type, range), a fingerprint of every record of its last answer, so the next
// run reports only records not seen, with the editor's notion of "new" (engine/store/identity.ts:
// the same record is every field but status the same). A fingerprint is HMAC-SHA256 of the
// record's identity fields, keyed by a key derived from the API key (LeakSearchSession
// .derivedKey), cut to 64 bits: a reader of the file without the API key can neither read a
// record from it nor confirm a guessed password. Layout (JSON):
//   { "format": "leak-search state", "version": 1, "check": base64 of the key's own check,
//     "queries": { results key: base64 of the fingerprints, 8 bytes each, little-endian,
//                  ascending } }
// `check` tells a state written under another API key (every record is then new again).
// Read bounded; written beside and renamed.
import { createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import { UsageError } from '../exitCodes';
import { fileSink } from '../output';

const FORMAT = 'leak-search state';
const VERSION = 1;
/** The HKDF purpose of the fingerprints' key (LeakSearchSession.derivedKey). */
export const STATE_KEY_PURPOSE = 'check --only-new state v1';
const PRINT_BYTES = 8;
/** Far above five million records a query for many queries, far below what would strain memory. */
const MAX_STATE_BYTES = 512 * 1024 * 1024;
const MAX_QUERIES = 100_000;

/** The fingerprint of each record, in row order. */
export function fingerprintsOf(key: Uint8Array, identities: Iterable<readonly string[]>): BigUint64Array {
  const out: bigint[] = [];
  for (const fields of identities) {
    // JSON of the fields: ("ab","c") and ("a","bc") differ, whatever characters they hold.
    out.push(createHmac('sha256', key).update(JSON.stringify(fields)).digest().readBigUInt64LE(0));
  }
  return BigUint64Array.from(out);
}

function keyCheck(key: Uint8Array): string {
  return createHmac('sha256', key).update('leak-search state key check').digest().subarray(0, PRINT_BYTES).toString('base64');
}

function contains(sorted: BigUint64Array, value: bigint): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] as bigint;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export class SeenState {
  readonly #queries: Map<string, BigUint64Array>;

  private constructor(
    private readonly key: Uint8Array,
    queries: Map<string, BigUint64Array>,
  ) {
    this.#queries = queries;
  }

  /** A state that has seen nothing (a first run). */
  static empty(key: Uint8Array): SeenState {
    return new SeenState(key, new Map());
  }

  /**
   * The state in `file`; empty when there is no such file (a first run), or when it was written
   * under another API key (`warn` says so). Anything else unreadable is a UsageError.
   */
  static read(file: string, key: Uint8Array, warn: (message: string) => void): SeenState {
    let text: string;
    try {
      const size = fs.statSync(file).size;
      if (size > MAX_STATE_BYTES) throw new UsageError(`The state file ${file} is larger than any state of ours; delete it to start over.`);
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return SeenState.empty(key);
      if (e instanceof UsageError) throw e;
      throw new UsageError(`Cannot read the state file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
    }
    const state = SeenState.parse(text, key);
    if (state === 'other-key') {
      warn(`The state file ${file} was written under another API key: every record counts as new this once.`);
      return SeenState.empty(key);
    }
    if (!state) throw new UsageError(`The state file ${file} is damaged or not a state file of leak-search check; delete it to start over.`);
    return state;
  }

  /** The state in `text`, 'other-key' when written under another API key, undefined when not a state. */
  static parse(text: string, key: Uint8Array): SeenState | 'other-key' | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return undefined;
    }
    const s = raw as { format?: unknown; version?: unknown; check?: unknown; queries?: unknown } | null;
    if (!s || typeof s !== 'object' || s.format !== FORMAT || s.version !== VERSION || typeof s.check !== 'string' || !s.queries || typeof s.queries !== 'object' || Array.isArray(s.queries)) return undefined;
    if (s.check !== keyCheck(key)) return 'other-key';
    const entries = Object.entries(s.queries as Record<string, unknown>);
    if (entries.length > MAX_QUERIES) return undefined;
    const queries = new Map<string, BigUint64Array>();
    for (const [query, prints] of entries) {
      if (typeof prints !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(prints)) return undefined;
      const bytes = Buffer.from(prints, 'base64');
      if (bytes.length % PRINT_BYTES !== 0) return undefined;
      // A copy: base64 decoding gives a Buffer that may not start on an 8-byte boundary.
      const sorted = new BigUint64Array(bytes.length / PRINT_BYTES);
      new Uint8Array(sorted.buffer).set(bytes);
      for (let i = 1; i < sorted.length; i++) if ((sorted[i - 1] as bigint) > (sorted[i] as bigint)) return undefined;
      queries.set(query, sorted);
    }
    return new SeenState(key, queries);
  }

  /** Rows whose fingerprint this state has not seen for `query` (ascending); all on a first run. */
  unseenRows(query: string, prints: BigUint64Array): Uint32Array {
    const seen = this.#queries.get(query);
    const out: number[] = [];
    for (let row = 0; row < prints.length; row++) if (!seen || !contains(seen, prints[row] as bigint)) out.push(row);
    return Uint32Array.from(out);
  }

  /** Remembers `prints` as the last answer to `query` (replacing what was seen of it). */
  remember(query: string, prints: BigUint64Array): void {
    this.#queries.set(query, BigUint64Array.from(prints).sort());
  }

  /** The file's text: queries in order, so one state is always the same bytes. */
  serialize(): string {
    const queries: Record<string, string> = {};
    for (const query of [...this.#queries.keys()].sort()) {
      const prints = this.#queries.get(query) as BigUint64Array;
      queries[query] = Buffer.from(prints.buffer, prints.byteOffset, prints.byteLength).toString('base64');
    }
    return `${JSON.stringify({ format: FORMAT, version: VERSION, check: keyCheck(this.key), queries }, null, 1)}\n`;
  }

  /** Writes the state to `file`, beside it first and then renamed. */
  async write(file: string): Promise<void> {
    const sink = fileSink(file);
    try {
      await sink.write(this.serialize());
      await sink.end();
    } catch (e) {
      sink.abort();
      throw e;
    }
  }
}
