// The results file `leak-search fetch` writes and `scan --results` reads: the results of one
// fetch, for CI jobs that must learn neither the API key nor any leaked password from it. It
// is sealed whole with the cache's authenticated encryption (core/cache/sealed.ts, AES-256-GCM)
// under LEAK_SEARCH_RESULTS_KEY, a 32-byte key the team keeps as a CI secret; the API key is
// never in it, not even encrypted (a reader needs no service). Layout:
//   "LSC3" (4) | key id (8) | IV (12) | GCM tag (16) | ciphertext
// authenticated with the purpose "leak-search results file" (see sealed.ts), so neither a
// cache file nor a file under another key passes for one. The plaintext:
//   u32 LE length | manifest (JSON: format, version, origin, the leak index's fingerprint
//   key, and per result its query, the count the service reported, when it was fetched,
//   its length in bytes and its index segment's)
//   | each result's table (engine/store/serialize.ts) then its index segment
//   (core/scan/segmentBytes.ts), in manifest order.
// The segments spare each scan building the index again from every record (version 2;
// a file of version 1 has none, and neither is taken from a file another leak-search version
// wrote: the index is then built from the records as they are read).
// Reading streams: every length is checked against the file's own size before anything is
// allocated, and the tag is checked at the end; a damaged, truncated or foreign file is a
// UsageError (exit 2), never a partial session.
import * as fs from 'node:fs';
import { keyIdOf } from '../../core/cache/diskCache';
import { CACHE_KEY_BYTES, CacheCryptoError, SEALED_BODY_OFFSET, TAG_OFFSET, streamOpener, streamSealer } from '../../core/cache/sealed';
import type { SearchQuery } from '../../core/service/types';
import { FINGERPRINT_KEY_BYTES } from '../../core/scan/leakIndex';
import { segmentByteLength } from '../../core/scan/segmentBytes';
import { LeakSearchSession } from '../../engine/leakSearchSession';
import type { ResultImport } from '../../engine/leakSearchSession';
import { UsageError } from '../exitCodes';
import { packageVersion } from '../packageVersion';
import { fileSink } from '../output';

export const RESULTS_KEY_VARIABLE = 'LEAK_SEARCH_RESULTS_KEY';
const PURPOSE = 'leak-search results file';
const FORMAT = 'leak-search results';
const VERSION = 2;
/** Versions read: 1 kept no index segments. */
const READ_VERSIONS: ReadonlySet<number> = new Set([1, 2]);
/** Far more than any manifest of real domains, far less than would strain memory. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_RESULTS = 10_000;
const READ_BYTES = 1024 * 1024;

interface ManifestEntry {
  readonly query: SearchQuery;
  readonly count: number;
  readonly fetchedAt: number;
  readonly bytes: number;
  /** The length of its index segment after its table; 0: none kept. */
  readonly segmentBytes: number;
}

interface Manifest {
  readonly format: string;
  readonly version: number;
  readonly origin: string;
  /** The fingerprint key the segments were made with (hex), when any was kept. */
  readonly fingerprintKey?: string;
  /** What made the segments (indexRules): a reader of other rules builds its index from the records. */
  readonly indexRules?: string;
  readonly results: readonly ManifestEntry[];
}

/** The results key from the environment: 32 bytes as base64 or as 64 hex digits. */
export function resultsKeyOf(env: NodeJS.ProcessEnv): Buffer {
  const raw = env[RESULTS_KEY_VARIABLE]?.trim() ?? '';
  if (raw === '') throw new UsageError(`No results key: set ${RESULTS_KEY_VARIABLE} to 32 random bytes as base64 or 64 hex digits (leak-search fetch --new-key makes one).`);
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(raw)) {
    const key = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === CACHE_KEY_BYTES) return key;
  }
  throw new UsageError(`${RESULTS_KEY_VARIABLE} is not a key: it must be 32 bytes as base64 (44 characters) or 64 hex digits.`);
}

/** Writes the results `keys` of `session` to `file` (beside it, then renamed), sealed under `secret`. */
export async function writeResultsFile(session: LeakSearchSession, keys: readonly string[], file: string, secret: Uint8Array): Promise<{ readonly results: number; readonly records: number }> {
  const exported = [];
  for (const key of keys) {
    const result = await session.exportResult(key);
    if (!result) throw new UsageError('A result to write is no longer held.');
    exported.push({ result, segment: (await session.indexSegment(key)) ?? [] });
  }
  const kept = exported.some((e) => e.segment.length > 0);
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    origin: session.origin,
    ...(kept ? { fingerprintKey: Buffer.from(session.fingerprintKey).toString('hex'), indexRules: indexRules() } : {}),
    results: exported.map(({ result: r, segment }) => ({ query: r.meta.query, count: r.meta.count, fetchedAt: r.meta.fetchedAt, bytes: r.bytes, segmentBytes: segmentByteLength(segment) })),
  };
  const json = Buffer.from(JSON.stringify(manifest), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  const sealer = streamSealer(secret, keyIdOf(secret), PURPOSE);
  const sink = fileSink(file);
  try {
    sink.writeBytes(sealer.prefix);
    sink.writeBytes(sealer.update(length));
    sink.writeBytes(sealer.update(json));
    for (const { result, segment } of exported) for (const piece of [...result.pieces(), ...segment]) for (const out of sealer.slices(piece)) sink.writeBytes(out);
    const { rest, tag } = sealer.final();
    sink.writeBytes(rest);
    sink.writeBytes(tag, TAG_OFFSET);
    await sink.end();
  } catch (e) {
    sink.abort();
    throw e;
  }
  return { results: exported.length, records: exported.reduce((n, e) => n + e.result.meta.records, 0) };
}

/**
 * A session holding the results of `file`, read with the key in `env`: it needs no API key
 * or service. A missing or wrong key, or a file that is not an intact results file, is a
 * UsageError that names the file and never its content.
 */
export async function openResultsFile(file: string, env: NodeJS.ProcessEnv): Promise<LeakSearchSession> {
  return openSealedResults(file, resultsKeyOf(env));
}

/** A session holding the results of `file`, sealed under `secret` (openResultsFile, or a key of the command line's own). */
export async function openSealedResults(file: string, secret: Uint8Array): Promise<LeakSearchSession> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new UsageError(`Cannot read the results file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
  try {
    const stat = fs.fstatSync(fd);
    const size = stat.size;
    if (!stat.isFile() || size < SEALED_BODY_OFFSET + 4) throw new CacheCryptoError('too short');
    const prefix = readExactly(fd, SEALED_BODY_OFFSET, 0);
    const opener = streamOpener(prefix, secret, keyIdOf(secret), PURPOSE);
    const reader = new PlainReader(size - SEALED_BODY_OFFSET);
    const buffer = Buffer.alloc(READ_BYTES);
    let position = SEALED_BODY_OFFSET;
    while (position < size) {
      const n = fs.readSync(fd, buffer, 0, Math.min(READ_BYTES, size - position), position);
      if (n === 0) break;
      position += n;
      reader.push(opener.update(buffer.subarray(0, n)));
      // A turn of the event loop between pieces: what the caller started before (`scan`
      // listing its tree with git, which takes several steps) goes on meanwhile.
      if (position < size) await new Promise((resolve) => setImmediate(resolve));
    }
    if (position !== size) throw new CacheCryptoError('changed while read');
    reader.push(opener.final());
    return reader.finish();
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if (e instanceof NewerFormat) throw new UsageError(`The results file ${file} was written by a newer leak-search (format ${e.version}; this one reads up to ${VERSION}): update leak-search where it scans.`);
    if (e instanceof CacheCryptoError && e.reason === 'other-key') throw new UsageError(`The results file ${file} was written under another key than ${RESULTS_KEY_VARIABLE}.`);
    throw new UsageError(`The results file ${file} is damaged, truncated or not a results file of leak-search fetch.`);
  } finally {
    fs.closeSync(fd);
  }
}

function readExactly(fd: number, length: number, position: number): Buffer {
  const out = Buffer.alloc(length);
  for (let at = 0; at < length; ) {
    const n = fs.readSync(fd, out, at, length - at, position + at);
    if (n === 0) throw new CacheCryptoError('ended early');
    at += n;
  }
  return out;
}

/** An intact results file of a format this version does not know (said only once its tag is checked). */
class NewerFormat extends Error {
  constructor(readonly version: number) {
    super('a newer format');
  }
}

/** A result being read: its table's bytes left, then its segment's (collected whole). */
interface Reading {
  readonly import: ResultImport;
  left: number;
  readonly segment: Buffer | undefined;
  segmentFilled: number;
  /** Bytes of a segment made by other rules, passed over. */
  skip: number;
}

/** The plaintext, as it is decrypted: the manifest, then each result's bytes into the session. */
class PlainReader {
  #head = Buffer.alloc(4);
  #headFilled = 0;
  #manifestBytes: Buffer | undefined;
  #manifestFilled = 0;
  #session: LeakSearchSession | undefined;
  #entries: readonly ManifestEntry[] = [];
  #next = 0;
  #current: Reading | undefined;

  /** `total`: the plaintext's length (the file's, less its prefix), which every length must fit. */
  constructor(private readonly total: number) {}

  /** The format of a file newer than this version: the rest is not read (its tag still is, by the caller). */
  #newer: number | undefined;

  push(piece: Uint8Array): void {
    if (this.#newer !== undefined) return;
    let at = 0;
    while (at < piece.length) {
      if (this.#headFilled < 4) {
        const n = Math.min(4 - this.#headFilled, piece.length - at);
        this.#head.set(piece.subarray(at, at + n), this.#headFilled);
        this.#headFilled += n;
        at += n;
        if (this.#headFilled === 4) {
          const length = this.#head.readUInt32LE(0);
          if (length > MAX_MANIFEST_BYTES || 4 + length > this.total) throw new Error('manifest too large');
          this.#manifestBytes = Buffer.alloc(length);
        }
        continue;
      }
      const manifest = this.#manifestBytes as Buffer;
      if (this.#manifestFilled < manifest.length) {
        const n = Math.min(manifest.length - this.#manifestFilled, piece.length - at);
        manifest.set(piece.subarray(at, at + n), this.#manifestFilled);
        this.#manifestFilled += n;
        at += n;
        if (this.#manifestFilled === manifest.length) {
          this.#newer = newerVersion(manifest);
          if (this.#newer !== undefined) return;
          this.#begin(parseManifest(manifest, this.total - 4 - manifest.length));
        }
        continue;
      }
      if (!this.#current) this.#startNext();
      const current = this.#current as Reading;
      if (current.left > 0) {
        const n = Math.min(current.left, piece.length - at);
        current.import.push(piece.subarray(at, at + n));
        current.left -= n;
        at += n;
      } else if (current.segment !== undefined) {
        const n = Math.min(current.segment.length - current.segmentFilled, piece.length - at);
        current.segment.set(piece.subarray(at, at + n), current.segmentFilled);
        current.segmentFilled += n;
        at += n;
      } else if (current.skip > 0) {
        const n = Math.min(current.skip, piece.length - at);
        current.skip -= n;
        at += n;
      }
      if (current.left === 0 && current.skip === 0 && (current.segment === undefined || current.segmentFilled === current.segment.length)) this.#endCurrent();
    }
  }

  /** Whether the file's segments are taken (made by the same rules as this version's); else skipped. */
  #segments = false;

  #begin(manifest: Manifest): void {
    this.#segments = manifest.fingerprintKey !== undefined && manifest.indexRules === indexRules();
    const fingerprintKey = this.#segments && manifest.fingerprintKey !== undefined ? new Uint8Array(Buffer.from(manifest.fingerprintKey, 'hex')) : undefined;
    this.#session = LeakSearchSession.offline(manifest.origin, undefined, { fingerprintKey });
    this.#entries = manifest.results;
  }

  #startNext(): void {
    const entry = this.#entries[this.#next];
    if (!entry || !this.#session) throw new Error('longer than its manifest');
    // Its length was checked against the file's (parseManifest) before it is allocated.
    this.#current = {
      import: this.#session.importResult(entry.query, entry, entry.bytes),
      left: entry.bytes,
      segment: entry.segmentBytes > 0 ? (this.#segments ? Buffer.alloc(entry.segmentBytes) : undefined) : undefined,
      segmentFilled: 0,
      skip: this.#segments ? 0 : entry.segmentBytes,
    };
  }

  #endCurrent(): void {
    this.#current?.import.finish(this.#current.segment);
    this.#current = undefined;
    this.#next++;
  }

  finish(): LeakSearchSession {
    if (this.#newer !== undefined) throw new NewerFormat(this.#newer);
    if (!this.#session || this.#current || this.#next !== this.#entries.length) throw new Error('ended early');
    return this.#session;
  }
}

/**
 * What the index segments of a file were made by: this leak-search's version and the
 * Unicode data of the Node.js it runs on (host names are matched in their Unicode form too).
 * A segment holds the normalisation, hashing and classification rules of the version that
 * built it: a reader of another version builds its index from the records instead.
 */
export function indexRules(): string {
  return `leak-search ${packageVersion()}; unicode ${process.versions.unicode ?? '?'}; icu ${process.versions.icu ?? '?'}`;
}

/** The version of a results file's manifest when it is newer than this one reads; undefined otherwise (then checked whole by parseManifest). */
function newerVersion(bytes: Buffer): number | undefined {
  try {
    const m = JSON.parse(bytes.toString('utf8')) as Partial<Manifest> | null;
    return m?.format === FORMAT && Number.isSafeInteger(m.version) && (m.version as number) > VERSION ? (m.version as number) : undefined;
  } catch {
    return undefined;
  }
}

/** The manifest, every field checked; its results' bytes (each at least a table's length field) and their segments' add up to `tableBytes` exactly. */
function parseManifest(bytes: Buffer, tableBytes: number): Manifest {
  const m = JSON.parse(bytes.toString('utf8')) as Partial<Manifest> | null;
  if (!m || m.format !== FORMAT || typeof m.version !== 'number' || !READ_VERSIONS.has(m.version) || typeof m.origin !== 'string' || !Array.isArray(m.results) || m.results.length > MAX_RESULTS) throw new Error('not a manifest');
  const fingerprintKey = m.fingerprintKey;
  if (fingerprintKey !== undefined && (typeof fingerprintKey !== 'string' || !new RegExp(`^[0-9a-f]{${2 * FINGERPRINT_KEY_BYTES}}$`).test(fingerprintKey))) throw new Error('not a fingerprint key');
  const rules = m.indexRules;
  if (rules !== undefined && (typeof rules !== 'string' || rules.length > 200)) throw new Error('not index rules');
  if (!/^https?:$/.test(new URL(m.origin).protocol) || new URL(m.origin).origin !== m.origin) throw new Error('not an origin');
  let sum = 0;
  const results = m.results.map((r: Partial<ManifestEntry> | null): ManifestEntry => {
    const q = r?.query as Partial<SearchQuery> | undefined;
    const range = q?.range as { start?: unknown; end?: unknown } | undefined;
    if (!r || !q || typeof q.domain !== 'string' || typeof q.type !== 'string' || (range !== undefined && (typeof range?.start !== 'string' || typeof range.end !== 'string'))) throw new Error('not a query');
    if (!Number.isSafeInteger(r.count) || (r.count as number) < 0 || !Number.isFinite(r.fetchedAt) || !Number.isSafeInteger(r.bytes) || (r.bytes as number) < 4) throw new Error('not a result');
    // Version 1 kept no segment; a segment needs the key it was made with.
    const segmentBytes = m.version === 1 ? 0 : r.segmentBytes;
    if (!Number.isSafeInteger(segmentBytes) || (segmentBytes as number) < 0 || (segmentBytes as number) % 4 !== 0 || (segmentBytes !== 0 && fingerprintKey === undefined)) throw new Error('not a segment');
    sum += (r.bytes as number) + (segmentBytes as number);
    return { query: { domain: q.domain, type: q.type, ...(range ? { range: { start: range.start as string, end: range.end as string } } : {}) } as SearchQuery, count: r.count as number, fetchedAt: r.fetchedAt as number, bytes: r.bytes as number, segmentBytes: segmentBytes as number };
  });
  if (sum !== tableBytes) throw new Error('lengths do not add up');
  return { format: m.format, version: m.version, origin: m.origin, ...(fingerprintKey !== undefined ? { fingerprintKey } : {}), ...(rules !== undefined ? { indexRules: rules } : {}), results };
}
