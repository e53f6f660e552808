// The results cache on disk: one file in globalStorageUri, encrypted with AES-256-GCM
// (src/core/cacheCrypto.ts) under a random key kept in SecretStorage. Survives restarts;
// a file that cannot be decrypted (key gone, damaged) is discarded, never half-read.
import * as vscode from 'vscode';
import { decryptCache, encryptCache, generateCacheKey, CACHE_KEY_BYTES } from '../../core/cacheCrypto';
import { parseCache, pruneEntries, serializeCache } from '../../core/cacheFile';
import type { ResultsEntry } from '../../core/types';
import type { Logger } from '../log/logger';

const SECRET_NAME = 'leakSearch.cacheKey';
const FILE_NAME = 'results-cache.bin';
const SAVE_DELAY_MS = 250;

export class ResultsCache implements vscode.Disposable {
  #key: Promise<Buffer> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #pending: (() => readonly ResultsEntry[]) | undefined;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Logger,
  ) {}

  get fileUri(): vscode.Uri {
    return vscode.Uri.joinPath(this.storageUri, FILE_NAME);
  }

  /** Reads the cache; an unreadable file is removed and an empty list returned. */
  async load(): Promise<ResultsEntry[]> {
    let data: Uint8Array;
    try {
      data = await vscode.workspace.fs.readFile(this.fileUri);
    } catch {
      return [];
    }
    try {
      const stored = await this.secrets.get(SECRET_NAME);
      const key = stored ? Buffer.from(stored, 'base64') : undefined;
      if (!key || key.length !== CACHE_KEY_BYTES) throw new Error('the cache key is missing from the secret storage');
      const entries = parseCache(decryptCache(data, key).toString('utf8'));
      this.#key = Promise.resolve(key);
      this.log.info(`Cache: loaded ${entries.length} result(s) from disk.`);
      return entries;
    } catch (e) {
      this.log.warn(`Cache: discarded an unreadable cache file (${e instanceof Error ? e.message : String(e)}).`);
      await this.#delete();
      return [];
    }
  }

  /** Saves soon (debounced); `flush()` waits for it. */
  scheduleSave(entries: () => readonly ResultsEntry[]): void {
    this.#pending = entries;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }

  /** Writes any pending save now and waits for every write to finish. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const pending = this.#pending;
    this.#pending = undefined;
    if (pending) {
      const entries = pending();
      this.#writing = this.#writing.then(() => this.#write(entries));
    }
    await this.#writing;
  }

  /** Removes the file (the key stays; it protects nothing without the file). */
  async clear(): Promise<void> {
    this.#pending = undefined;
    await this.flush();
    await this.#delete();
  }

  async #write(entries: readonly ResultsEntry[]): Promise<void> {
    try {
      const key = await this.#cacheKey();
      const sealed = encryptCache(Buffer.from(serializeCache(pruneEntries(entries, Date.now())), 'utf8'), key);
      await vscode.workspace.fs.createDirectory(this.storageUri);
      const tmp = vscode.Uri.joinPath(this.storageUri, `${FILE_NAME}.tmp`);
      await vscode.workspace.fs.writeFile(tmp, sealed);
      await vscode.workspace.fs.rename(tmp, this.fileUri, { overwrite: true });
    } catch (e) {
      this.log.error(`Cache: could not save results (${e instanceof Error ? e.message : String(e)}).`);
    }
  }

  #cacheKey(): Promise<Buffer> {
    this.#key ??= (async () => {
      const stored = await this.secrets.get(SECRET_NAME);
      const existing = stored ? Buffer.from(stored, 'base64') : undefined;
      if (existing && existing.length === CACHE_KEY_BYTES) return existing;
      const fresh = generateCacheKey();
      await this.secrets.store(SECRET_NAME, fresh.toString('base64'));
      return fresh;
    })();
    return this.#key;
  }

  async #delete(): Promise<void> {
    try {
      await vscode.workspace.fs.delete(this.fileUri);
    } catch {
      // already gone
    }
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#pending) void this.flush();
  }
}
