// The results cache on disk: one encrypted file per result and, beside it, a small
// encrypted "meta" file that says what the result is. Safe with several VS Code windows at
// once, with no lock and no shared file to race on:
// - every write goes to a temporary file with a unique name, then is renamed into place
//   (a reader sees the old file or the new one, never half of one);
// - a result's records go to a new blob file first, then its meta (which names that blob)
//   replaces the old meta: a meta always points at a complete blob;
// - there is no central index to lose entries from: the set of meta files is the index, read
//   at startup; records are read only when they are needed;
// - a file this window cannot decrypt (another window wrote it under a key it generated at
//   the same moment) is left alone, and removed only when it is too old to keep anyway.
// Node fs only (no `vscode`), so it also runs in a worker.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { CacheCryptoError, SEALED_BODY_OFFSET, TAG_OFFSET, openSealed, seal, streamOpener, streamSealer } from './sealed';

/** What a meta file says about one result (small: read for every result at startup). */
export interface CacheMeta {
  /** The result's key (see `resultsKey`). */
  readonly key: string;
  readonly fetchedAt: number;
  /** The blob with the records, in the same folder. */
  readonly blob: string;
  /** Anything the caller wants to know without reading the records (domain, type, count…). */
  readonly info: Readonly<Record<string, unknown>>;
}

export interface PruneLimits {
  /** Keep at most this many results, the newest. */
  readonly maxEntries: number;
  /** Drop results fetched longer ago than this. */
  readonly maxAgeMs: number;
}

const META = '.meta';
const BLOB = '.blob';
/** A temporary file older than this was left by a crash (or another window that died): removed. */
const STALE_TEMP_MS = 10 * 60_000;
/** A blob no meta names may still be in the middle of being published by another window. */
const ORPHAN_GRACE_MS = 10 * 60_000;

export class DiskCache {
  readonly #keyId: Buffer;
  readonly #nameKey: Buffer;

  constructor(
    readonly dir: string,
    private readonly key: Buffer,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.#keyId = keyIdOf(key);
    this.#nameKey = createHmac('sha256', key).update('leak-search file names').digest();
  }

  /** The file name stem of a result: keyed, so file names do not reveal domains. */
  #stem(key: string): string {
    return `r-${createHmac('sha256', this.#nameKey).update(key).digest('hex').slice(0, 32)}`;
  }

  /** Every result this window can read, newest first (metas only: records are not read). */
  async list(): Promise<CacheMeta[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const out: CacheMeta[] = [];
    for (const name of names) {
      if (!name.endsWith(META)) continue;
      const meta = await this.#readMeta(path.join(this.dir, name));
      if (meta !== undefined && `${this.#stem(meta.key)}${META}` === name) out.push(meta);
    }
    return out.sort((a, b) => b.fetchedAt - a.fetchedAt);
  }

  async #readMeta(file: string): Promise<CacheMeta | undefined> {
    const plain = await this.#open(file);
    if (plain === undefined) return undefined;
    try {
      const v = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
      const { key, fetchedAt, blob, info } = v;
      if (typeof key !== 'string' || typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt) || typeof blob !== 'string') return undefined;
      if (!/^r-[0-9a-f]{32}-[0-9a-f]{16}\.blob$/.test(blob)) return undefined;
      const safeInfo = typeof info === 'object' && info !== null && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
      return { key, fetchedAt, blob, info: safeInfo };
    } catch {
      return undefined;
    }
  }

  /** Decrypts a file; undefined when it is gone, under another key, or damaged (damaged: removed). */
  async #open(file: string): Promise<Buffer | undefined> {
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      return undefined; // removed by another window meanwhile
    }
    try {
      return openSealed(data, this.key, this.#keyId);
    } catch (e) {
      if (e instanceof CacheCryptoError && e.otherKey) return undefined;
      this.log(`Cache: removed a damaged file (${e instanceof Error ? e.message : String(e)}).`);
      await fs.rm(file, { force: true }).catch(() => undefined);
      return undefined;
    }
  }

  /** The records of a result, as written; undefined when it is no longer there. */
  async read(meta: CacheMeta): Promise<Buffer | undefined> {
    return this.#open(path.join(this.dir, meta.blob));
  }

  /**
   * The records of a result, decrypted piece by piece (a large result never sits in memory
   * twice). The last piece is yielded only after the file proved whole: a consumer must
   * discard what it read when this throws. Ends at once when the file is gone.
   */
  async *readPieces(meta: CacheMeta): AsyncGenerator<Buffer> {
    const file = path.join(this.dir, meta.blob);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch {
      return;
    }
    try {
      const prefix = Buffer.alloc(SEALED_BODY_OFFSET);
      const { bytesRead } = await handle.read(prefix, 0, prefix.length, 0);
      let opener: ReturnType<typeof streamOpener>;
      try {
        if (bytesRead < prefix.length) throw new CacheCryptoError('Not a Leak Search cache file.');
        opener = streamOpener(prefix, this.key, this.#keyId);
      } catch (e) {
        if (e instanceof CacheCryptoError && e.otherKey) return;
        throw e;
      }
      const chunk = Buffer.allocUnsafe(1 << 20);
      let position = SEALED_BODY_OFFSET;
      for (;;) {
        const { bytesRead: n } = await handle.read(chunk, 0, chunk.length, position);
        if (n === 0) break;
        position += n;
        const plain = opener.update(chunk.subarray(0, n));
        if (plain.length > 0) yield plain;
      }
      const last = opener.final();
      if (last.length > 0) yield last;
    } catch (e) {
      this.log(`Cache: removed a damaged file (${e instanceof Error ? e.message : String(e)}).`);
      await fs.rm(file, { force: true }).catch(() => undefined);
      throw e;
    } finally {
      await handle.close();
    }
  }

  /** Writes (or replaces) a result whose records come in pieces (streamed through the cipher). */
  async writePieces(key: string, fetchedAt: number, info: Readonly<Record<string, unknown>>, pieces: Iterable<Uint8Array>): Promise<CacheMeta> {
    await fs.mkdir(this.dir, { recursive: true });
    const stem = this.#stem(key);
    const blob = `${stem}-${randomBytes(8).toString('hex')}${BLOB}`;
    const file = path.join(this.dir, blob);
    const temp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    try {
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        const sealer = streamSealer(this.key, this.#keyId);
        await handle.write(sealer.prefix);
        for (const piece of pieces) {
          const out = sealer.update(piece);
          if (out.length > 0) await handle.write(out);
        }
        const { rest, tag } = sealer.final();
        if (rest.length > 0) await handle.write(rest);
        await handle.write(tag, 0, tag.length, TAG_OFFSET);
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (e) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
    return this.#publishMeta(key, stem, fetchedAt, info, blob);
  }

  /** Writes (or replaces) a result: its blob first, then the meta that names it. */
  async write(key: string, fetchedAt: number, info: Readonly<Record<string, unknown>>, records: Uint8Array): Promise<CacheMeta> {
    await fs.mkdir(this.dir, { recursive: true });
    const stem = this.#stem(key);
    const blob = `${stem}-${randomBytes(8).toString('hex')}${BLOB}`;
    await this.#publish(path.join(this.dir, blob), seal(records, this.key, this.#keyId));
    return this.#publishMeta(key, stem, fetchedAt, info, blob);
  }

  async #publishMeta(key: string, stem: string, fetchedAt: number, info: Readonly<Record<string, unknown>>, blob: string): Promise<CacheMeta> {
    const meta: CacheMeta = { key, fetchedAt, blob, info };
    const previous = await this.#readMeta(path.join(this.dir, `${stem}${META}`));
    await this.#publish(path.join(this.dir, `${stem}${META}`), seal(Buffer.from(JSON.stringify(meta), 'utf8'), this.key, this.#keyId));
    if (previous !== undefined && previous.blob !== blob) await fs.rm(path.join(this.dir, previous.blob), { force: true }).catch(() => undefined);
    return meta;
  }

  /** Removes a result (its meta, then its blob). */
  async remove(key: string): Promise<void> {
    const metaFile = path.join(this.dir, `${this.#stem(key)}${META}`);
    const meta = await this.#readMeta(metaFile);
    await fs.rm(metaFile, { force: true }).catch(() => undefined);
    if (meta !== undefined) await fs.rm(path.join(this.dir, meta.blob), { force: true }).catch(() => undefined);
  }

  /** Removes every file of the cache (all keys, all windows' writes). */
  async clear(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }

  /**
   * Keeps the newest `maxEntries` results of the last `maxAgeMs`; removes their blobs too,
   * blobs no meta names (after a grace period), stale temporary files, and files under
   * another key once they are older than `maxAgeMs`.
   */
  async prune(now: number, limits: PruneLimits): Promise<void> {
    const metas = await this.list();
    const keep = metas.filter((m) => now - m.fetchedAt < limits.maxAgeMs).slice(0, Math.max(0, limits.maxEntries));
    const kept = new Set(keep.map((m) => m.key));
    for (const m of metas) if (!kept.has(m.key)) await this.remove(m.key);
    const named = new Set(keep.map((m) => m.blob));
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = path.join(this.dir, name);
      let age: number;
      try {
        age = now - (await fs.stat(file)).mtimeMs;
      } catch {
        continue;
      }
      const temp = name.includes('.tmp-');
      const orphan = name.endsWith(BLOB) && !named.has(name);
      const foreignMeta = name.endsWith(META) && !keep.some((m) => `${this.#stem(m.key)}${META}` === name);
      if ((temp && age > STALE_TEMP_MS) || (orphan && age > ORPHAN_GRACE_MS) || (foreignMeta && age > limits.maxAgeMs)) {
        await fs.rm(file, { force: true }).catch(() => undefined);
      }
    }
  }

  /** Writes `data` to `file` through a temporary file with a name no other writer uses. */
  async #publish(file: string, data: Uint8Array): Promise<void> {
    const temp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    try {
      await fs.writeFile(temp, data, { mode: 0o600 });
      await fs.rename(temp, file);
    } catch (e) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
  }
}

/** A short id of a key, stored in the clear in each file: says "not mine" without trying to decrypt. */
export function keyIdOf(key: Uint8Array): Buffer {
  return createHash('sha256').update(createHmac('sha256', key).update('leak-search key id').digest()).digest().subarray(0, 8);
}
