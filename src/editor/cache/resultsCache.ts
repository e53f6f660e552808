// The results cache on disk, for this window: one encrypted file per result in
// `globalStorage/results/` (src/core/cache/diskCache.ts: safe with several windows at once),
// under a random key kept in SecretStorage. Survives restarts. A check writes only the
// results it fetched; nothing rewrites the results another window wrote.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DiskCache } from '../../core/cache/diskCache';
import { CACHE_KEY_BYTES, generateCacheKey } from '../../core/cache/sealed';
import { decryptCache } from '../../core/cacheCrypto';
import { parseCache, parseEntry, serializeEntry } from '../../core/cacheFile';
import type { ResultsEntry } from '../../core/types';
import type { Logger } from '../log/logger';

const SECRET_NAME = 'leakSearch.cacheKey';
/** The single cache file of version 0.1.0: its results are moved into per-result files once. */
const LEGACY_FILE = 'results-cache.bin';
const DIR = 'results';
/** Leaked data is not kept around forever: 30 days, the newest 200 results. */
export const CACHE_LIMITS = { maxEntries: 200, maxAgeMs: 30 * 86_400_000 } as const;

export class ResultsCache implements vscode.Disposable {
  #cache: Promise<DiskCache | undefined> | undefined;
  #writing: Promise<unknown> = Promise.resolve();
  #disposed = false;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Logger,
  ) {}

  /** The folder of the cache files. */
  get dirUri(): vscode.Uri {
    return vscode.Uri.joinPath(this.storageUri, DIR);
  }

  /** Reads every result this window can decrypt; damaged files are removed, others' files left alone. */
  async load(): Promise<ResultsEntry[]> {
    try {
      const cache = await this.#diskCache(false);
      if (!cache) return [];
      await this.#migrate(cache);
      const entries: ResultsEntry[] = [];
      for (const meta of await cache.list()) {
        const data = await cache.read(meta);
        const entry = data && parseEntry(data.toString('utf8'));
        if (entry && entry.key === meta.key) entries.push(entry);
      }
      if (entries.length > 0) this.log.info(`Cache: loaded ${entries.length} result(s) from disk.`);
      return entries;
    } catch (e) {
      this.log.warn(`Cache: could not read the cache (${e instanceof Error ? e.message : String(e)}).`);
      return [];
    }
  }

  /** Writes these results (each to its own file) and prunes what is too old; `flush()` waits for it. */
  save(entries: readonly ResultsEntry[]): void {
    if (entries.length === 0 || this.#disposed) return;
    this.#writing = this.#writing.then(async () => {
      try {
        const cache = await this.#diskCache(true);
        if (!cache) return;
        for (const entry of entries) {
          const info = { origin: entry.origin, domain: entry.query.domain, type: entry.query.type, count: entry.result.count };
          await cache.write(entry.key, entry.fetchedAt, info, Buffer.from(serializeEntry(entry), 'utf8'));
        }
        await cache.prune(Date.now(), CACHE_LIMITS);
      } catch (e) {
        this.log.error(`Cache: could not save results (${e instanceof Error ? e.message : String(e)}).`);
      }
    });
  }

  /** Waits until every write asked for so far is on disk. */
  async flush(): Promise<void> {
    await this.#writing;
  }

  /** Removes every cached result (the key stays; it protects nothing without the files). */
  async clear(): Promise<void> {
    await this.flush();
    const cache = await this.#diskCache(false);
    await cache?.clear();
  }

  /** Removes the cached results of one service origin. */
  async clearOrigin(origin: string): Promise<void> {
    await this.flush();
    const cache = await this.#diskCache(false);
    if (!cache) return;
    for (const meta of await cache.list()) if (meta.info['origin'] === origin) await cache.remove(meta.key);
  }

  /** The disk cache under the key in SecretStorage; with `create`, a key is made when there is none. */
  #diskCache(create: boolean): Promise<DiskCache | undefined> {
    const cached = this.#cache;
    if (cached) return cached;
    const made = (async () => {
      const stored = await this.secrets.get(SECRET_NAME);
      let key: Buffer | undefined = stored ? Buffer.from(stored, 'base64') : undefined;
      if (!key || key.length !== CACHE_KEY_BYTES) {
        if (!create) return undefined;
        await this.secrets.store(SECRET_NAME, generateCacheKey().toString('base64'));
        // Another window may have stored its own key at the same moment: use the one that won.
        const won = await this.secrets.get(SECRET_NAME);
        key = won ? Buffer.from(won, 'base64') : undefined;
        if (!key || key.length !== CACHE_KEY_BYTES) return undefined;
      }
      return new DiskCache(path.join(this.storageUri.fsPath, DIR), key, (m) => this.log.warn(m));
    })();
    made.then((c) => {
      if (c) this.#cache = made;
    }, () => undefined);
    return made;
  }

  /** Moves the results of a 0.1.0 single-file cache into per-result files, then removes it. */
  async #migrate(cache: DiskCache): Promise<void> {
    const legacy = vscode.Uri.joinPath(this.storageUri, LEGACY_FILE);
    let data: Uint8Array;
    try {
      data = await vscode.workspace.fs.readFile(legacy);
    } catch {
      return;
    }
    try {
      const stored = await this.secrets.get(SECRET_NAME);
      const entries = stored ? parseCache(decryptCache(data, Buffer.from(stored, 'base64')).toString('utf8')) : [];
      for (const entry of entries) {
        const info = { origin: entry.origin, domain: entry.query.domain, type: entry.query.type, count: entry.result.count };
        await cache.write(entry.key, entry.fetchedAt, info, Buffer.from(serializeEntry(entry), 'utf8'));
      }
      if (entries.length > 0) this.log.info(`Cache: moved ${entries.length} result(s) to the per-result cache.`);
    } catch (e) {
      this.log.warn(`Cache: the old cache file could not be read and was removed (${e instanceof Error ? e.message : String(e)}).`);
    }
    await vscode.workspace.fs.delete(legacy).then(undefined, () => undefined);
  }

  dispose(): void {
    this.#disposed = true;
  }
}
