// The results cache on disk: one encrypted file per result and, beside it, a small
// encrypted "meta" file that says what the result is. Safe with several VS Code windows at
// once, with no lock and no shared file to race on:
// - every write goes to a temporary file with a unique name, then is renamed into place
//   (a reader sees the old file or the new one, never half of one);
// - a result's records go to a new blob file first, then its meta (which names that blob)
//   replaces the old meta: a meta always points at a complete blob;
// - a reader whose blob was replaced meanwhile by another window's write of the same result
//   follows the meta to the newer blob: a window is never left without the result;
// - pruning removes a meta only if it is still the version it decided on (it takes the file
//   away by renaming it, then looks), so it never deletes what another window just wrote;
// - there is no central index to lose entries from: the set of meta files is the index, read
//   at startup; records are read only when they are needed;
// - a file this window cannot decrypt (another window wrote it under a key it generated at
//   the same moment) is left alone, and removed only when it is too old to keep anyway.
// Every file is sealed for what it is (see sealed.ts): a meta for its file name, a blob for
// its result's key (origin, domain, findings type, date range) and its own name, so a file
// copied or renamed to stand for another result is refused as not ours (a miss). Files are
// read only when they are regular files, within a bound (see regularFile.ts): a link, FIFO,
// device or directory in the folder is never opened to read, nor followed.
// Node fs only (no `vscode`), so it also runs in a worker.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { openRegularFile, readRegularFile } from './regularFile';
import { CacheCryptoError, SEALED_BODY_OFFSET, TAG_OFFSET, openSealed, seal, streamOpener, streamSealer } from './sealed';

/** What a meta file says about one result (small: read for every result at startup). */
export interface CacheMeta {
  /** The result's key (see `resultsKey`). */
  readonly key: string;
  readonly fetchedAt: number;
  /** The blob with the records, in the same folder. */
  readonly blob: string;
  /** The blob's size in bytes: a file of another size is not read. */
  readonly bytes: number;
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
/** A meta being looked at by a prune: `<stem>.meta.held-<pid>-<random>`. */
const HELD = '.held-';
const BLOB = '.blob';
const BLOB_NAME = /^(r-[0-9a-f]{32})-[0-9a-f]{16}\.blob$/;
/** A meta carries the caller's info, which may list the new rows of the largest result (20 million, as base64). */
const MAX_META_BYTES = 128 * 1024 * 1024;
/** A temporary file older than this was left by a crash (or another window that died): removed. */
const STALE_TEMP_MS = 10 * 60_000;
/** A blob no meta names may still be in the middle of being published by another window. */
const ORPHAN_GRACE_MS = 10 * 60_000;
/** How often a reader follows a result rewritten under it before it gives up (a miss). */
const MAX_FOLLOW = 8;

/** How often a listed meta that moved under our feet is looked for again (see `#readListed`). */
const LISTED_RETRIES = 5;

export class DiskCache {
  readonly #keyId: Buffer;
  readonly #nameKey: Buffer;
  /** Files of the older format dropped by the listing under way (said once, not per file). */
  #obsolete = 0;

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

  #metaFile(key: string): string {
    return path.join(this.dir, `${this.#stem(key)}${META}`);
  }

  /** Every result this window can read, newest first (metas only: records are not read). */
  async list(): Promise<CacheMeta[]> {
    const out: CacheMeta[] = [];
    this.#obsolete = 0;
    // Each meta's name, with the names another window's prune holds it under for a moment.
    const metas = new Map<string, string[]>();
    for (const name of await this.#names()) {
      const metaName = name.endsWith(META) ? name : name.includes(`${META}${HELD}`) ? name.slice(0, name.indexOf(HELD)) : undefined;
      if (metaName === undefined) continue;
      const held = metas.get(metaName) ?? [];
      if (metaName !== name) held.push(name);
      metas.set(metaName, held);
    }
    for (const [metaName, held] of metas) {
      const meta = await this.#readListed(metaName, held);
      if (meta !== undefined) out.push(meta);
    }
    if (this.#obsolete > 0) this.log(`Cache: ${this.#obsolete} result(s) of an older cache format dropped; the next check asks the service.`);
    return out.sort((a, b) => b.fetchedAt - a.fetchedAt);
  }

  /**
   * A listed meta, under its name or a name another window's prune holds it under. That window
   * may move it between our listing and our read (to the held name, or back and the held name
   * removed): a meta found under none of the names is looked for again in a fresh listing, a
   * few times, before it counts as gone.
   */
  async #readListed(metaName: string, held: readonly string[]): Promise<CacheMeta | undefined> {
    const stem = path.basename(metaName, META);
    let names = [metaName, ...held];
    for (let attempt = 0; attempt < LISTED_RETRIES; attempt++) {
      for (const name of names) {
        const meta = await this.#readMeta(path.join(this.dir, name), stem);
        if (meta !== undefined) return meta;
      }
      const now = (await this.#names()).filter((n) => n.startsWith(`${metaName}${HELD}`));
      names = [metaName, ...now];
    }
    return undefined;
  }

  /** The names of the regular files of the folder (a listing opens nothing and follows no link). */
  async #names(): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
    } catch {
      return [];
    }
  }

  /** A meta file's content when it is this window's and was sealed for this very file name. */
  async #readMeta(file: string, stem = path.basename(file, META)): Promise<CacheMeta | undefined> {
    const plain = await this.#open(file, `meta|${stem}`, { maxBytes: MAX_META_BYTES });
    if (plain === undefined) return undefined;
    try {
      const v = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
      const { key, fetchedAt, blob, bytes, info } = v;
      if (typeof key !== 'string' || typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt) || typeof blob !== 'string') return undefined;
      if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < SEALED_BODY_OFFSET) return undefined;
      if (this.#stem(key) !== stem || BLOB_NAME.exec(blob)?.[1] !== stem) return undefined;
      const safeInfo = typeof info === 'object' && info !== null && !Array.isArray(info) ? (info as Record<string, unknown>) : {};
      return { key, fetchedAt, blob, bytes, info: safeInfo };
    } catch {
      return undefined;
    }
  }

  /**
   * Decrypts a file sealed for `purpose`; undefined when it is gone, not a regular file of
   * the expected size, under another key, or damaged, obsolete or not this file's (those
   * three are removed: this window can never use them).
   */
  async #open(file: string, purpose: string, limit: { readonly maxBytes: number; readonly exactBytes?: number }): Promise<Buffer | undefined> {
    const data = (await readRegularFile(file, limit))?.data;
    if (data === undefined) return undefined;
    try {
      return openSealed(data, this.key, this.#keyId, purpose);
    } catch (e) {
      if (e instanceof CacheCryptoError && e.reason === 'other-key') return undefined;
      await this.#drop(file, e);
      return undefined;
    }
  }

  async #drop(file: string, why: unknown): Promise<void> {
    if (why instanceof CacheCryptoError && why.reason === 'obsolete') this.#obsolete++;
    else this.log(`Cache: removed a file it cannot use (${why instanceof Error ? why.message : String(why)}).`);
    await fs.rm(file, { force: true }).catch(() => undefined);
  }

  /** The purpose a blob is sealed for: its result and its own name. */
  #blobPurpose(meta: Pick<CacheMeta, 'key' | 'blob'>): string {
    return `blob|${meta.key}|${meta.blob}`;
  }

  /**
   * The version of a result to read: `meta` while its blob is there, else the one its meta
   * names now (another window rewrote the result). Undefined when the result is gone.
   */
  async #follow<T>(meta: CacheMeta, tryRead: (m: CacheMeta) => Promise<T | undefined>): Promise<T | undefined> {
    let current: CacheMeta | undefined = meta;
    for (let i = 0; i < MAX_FOLLOW && current; i++) {
      const got = await tryRead(current);
      if (got !== undefined) return got;
      const now: CacheMeta | undefined = await this.#readMeta(this.#metaFile(meta.key));
      if (!now || now.blob === current.blob) return undefined;
      current = now;
    }
    return undefined;
  }

  /** The records of a result, as written (or as another window rewrote them since); undefined when gone. */
  async read(meta: CacheMeta): Promise<Buffer | undefined> {
    return this.#follow(meta, (m) => this.#open(path.join(this.dir, m.blob), this.#blobPurpose(m), { maxBytes: m.bytes, exactBytes: m.bytes }));
  }

  /**
   * The records of a result, decrypted piece by piece (a large result never sits in memory
   * twice). The last piece is yielded only after the file proved whole: a consumer must
   * discard what it read when this throws. When another window rewrote the result since
   * `meta` was read, its newer version is read and `onVersion` told which. Ends at once when
   * the result is gone.
   */
  async *readPieces(meta: CacheMeta, onVersion: (current: CacheMeta) => void = () => undefined): AsyncGenerator<Buffer> {
    const opened = await this.#follow(meta, async (m) => {
      const file = await openRegularFile(path.join(this.dir, m.blob));
      if (file && file.size === m.bytes) return { ...file, meta: m };
      await file?.handle.close().catch(() => undefined);
      return undefined;
    });
    if (!opened) return;
    const { handle, meta: current } = opened;
    const file = path.join(this.dir, current.blob);
    if (current !== meta) onVersion(current);
    try {
      const prefix = Buffer.alloc(SEALED_BODY_OFFSET);
      const { bytesRead } = await handle.read(prefix, 0, prefix.length, 0);
      let opener: ReturnType<typeof streamOpener>;
      try {
        if (bytesRead < prefix.length) throw new CacheCryptoError('Not a Leak Search cache file.');
        opener = streamOpener(prefix, this.key, this.#keyId, this.#blobPurpose(current));
      } catch (e) {
        if (e instanceof CacheCryptoError && e.reason === 'other-key') return;
        throw e;
      }
      const chunk = Buffer.allocUnsafe(1 << 20);
      let position = SEALED_BODY_OFFSET;
      // Never past the size the meta vouches for, even if the file grows meanwhile.
      while (position < current.bytes) {
        const { bytesRead: n } = await handle.read(chunk, 0, Math.min(chunk.length, current.bytes - position), position);
        if (n === 0) break;
        position += n;
        const plain = opener.update(chunk.subarray(0, n));
        if (plain.length > 0) yield plain;
      }
      const last = opener.final();
      if (last.length > 0) yield last;
    } catch (e) {
      await this.#drop(file, e);
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
    const temp = tempName(file);
    let bytes = 0;
    try {
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        const sealer = streamSealer(this.key, this.#keyId, this.#blobPurpose({ key, blob }));
        await handle.write(sealer.prefix);
        bytes += sealer.prefix.length;
        for (const piece of pieces) {
          for (const out of sealer.slices(piece)) {
            if (out.length > 0) await handle.write(out);
            bytes += out.length;
          }
        }
        const { rest, tag } = sealer.final();
        if (rest.length > 0) await handle.write(rest);
        bytes += rest.length;
        await handle.write(tag, 0, tag.length, TAG_OFFSET);
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (e) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
    return this.#publishMeta({ key, fetchedAt, blob, bytes, info });
  }

  /** Writes (or replaces) a result: its blob first, then the meta that names it. */
  async write(key: string, fetchedAt: number, info: Readonly<Record<string, unknown>>, records: Uint8Array): Promise<CacheMeta> {
    return this.writePieces(key, fetchedAt, info, [records]);
  }

  async #publishMeta(meta: CacheMeta): Promise<CacheMeta> {
    const file = this.#metaFile(meta.key);
    const previous = await this.#readMeta(file);
    await this.#publish(file, seal(Buffer.from(JSON.stringify(meta), 'utf8'), this.key, this.#keyId, `meta|${this.#stem(meta.key)}`));
    // The previous blob is named by no meta any more (blob names are never reused); a window
    // still holding the previous meta follows the new one when it reads.
    if (previous !== undefined && previous.blob !== meta.blob) await fs.rm(path.join(this.dir, previous.blob), { force: true }).catch(() => undefined);
    return meta;
  }

  /** Removes a result (its meta, then its blob). */
  async remove(key: string): Promise<void> {
    const metaFile = this.#metaFile(key);
    const meta = await this.#readMeta(metaFile);
    await fs.rm(metaFile, { force: true }).catch(() => undefined);
    if (meta !== undefined) await fs.rm(path.join(this.dir, meta.blob), { force: true }).catch(() => undefined);
  }

  /**
   * Removes a result only if its meta still names `meta.blob`: another window may have
   * rewritten it since it was listed. After a first look, the meta is taken away by a rename
   * (atomic) to a "held" name, so what is looked at again is exactly what is removed; a newer
   * version taken by mistake goes back unless a newer still took the name meanwhile. While
   * held, a listing reads the held file (see `list`), so the result never looks gone.
   */
  async #removeIfUnchanged(meta: CacheMeta): Promise<void> {
    const metaFile = this.#metaFile(meta.key);
    const purpose = `meta|${this.#stem(meta.key)}`;
    const namesBlob = async (file: string): Promise<boolean> => {
      const seen = (await readRegularFile(file, { maxBytes: MAX_META_BYTES }))?.data;
      try {
        return seen !== undefined && (JSON.parse(openSealed(seen, this.key, this.#keyId, purpose).toString('utf8')) as { blob?: unknown }).blob === meta.blob;
      } catch {
        return false;
      }
    };
    if (!(await namesBlob(metaFile))) return;
    const held = `${metaFile}${HELD}${process.pid}-${randomBytes(6).toString('hex')}`;
    try {
      await fs.rename(metaFile, held);
    } catch {
      return; // gone already
    }
    if (await namesBlob(held)) {
      await fs.rm(held, { force: true }).catch(() => undefined);
      await fs.rm(path.join(this.dir, meta.blob), { force: true }).catch(() => undefined);
      return;
    }
    try {
      await fs.link(held, metaFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') await fs.rename(held, metaFile).catch(() => undefined);
    }
    await fs.rm(held, { force: true }).catch(() => undefined);
  }

  /** Removes every file of the cache (all keys, all windows' writes). */
  async clear(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }

  /**
   * Keeps the newest `maxEntries` results of the last `maxAgeMs`; removes their blobs too,
   * blobs no meta names (after a grace period), stale temporary files, and files under
   * another key once they are older than `maxAgeMs`. Links, FIFOs and other things that are
   * not regular files are left alone.
   */
  async prune(now: number, limits: PruneLimits): Promise<void> {
    const metas = await this.list();
    const keep = metas.filter((m) => now - m.fetchedAt < limits.maxAgeMs).slice(0, Math.max(0, limits.maxEntries));
    const kept = new Set(keep.map((m) => m.key));
    for (const m of metas) if (!kept.has(m.key)) await this.#removeIfUnchanged(m);
    const named = new Set(keep.map((m) => m.blob));
    const ownStems = new Set(metas.map((m) => this.#stem(m.key)));
    const names = await this.#names();
    const metaStems = new Set(names.filter((n) => n.endsWith(META)).map((n) => path.basename(n, META)));
    for (const name of names) {
      const file = path.join(this.dir, name);
      let age: number;
      try {
        const stat = await fs.lstat(file);
        if (!stat.isFile()) continue;
        age = now - stat.mtimeMs;
      } catch {
        continue;
      }
      const temp = name.includes('.tmp-') || name.includes(HELD);
      const stem = BLOB_NAME.exec(name)?.[1];
      // A blob whose meta this window cannot read belongs to another key: kept as long as its meta.
      const foreignBlob = stem !== undefined && metaStems.has(stem) && !ownStems.has(stem);
      const orphan = stem !== undefined && !named.has(name) && !foreignBlob;
      const foreign = (name.endsWith(META) && !ownStems.has(path.basename(name, META))) || foreignBlob;
      if ((temp && age > STALE_TEMP_MS) || (orphan && age > ORPHAN_GRACE_MS) || (foreign && age > limits.maxAgeMs)) {
        await fs.rm(file, { force: true }).catch(() => undefined);
      }
    }
  }

  /** Writes `data` to `file` through a temporary file with a name no other writer uses. */
  async #publish(file: string, data: Uint8Array): Promise<void> {
    const temp = tempName(file);
    try {
      await fs.writeFile(temp, data, { mode: 0o600, flag: 'wx' });
      await fs.rename(temp, file);
    } catch (e) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
  }
}

function tempName(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** A short id of a key, stored in the clear in each file: says "not mine" without trying to decrypt. */
export function keyIdOf(key: Uint8Array): Buffer {
  return createHash('sha256').update(createHmac('sha256', key).update('leak-search key id').digest()).digest().subarray(0, 8);
}
