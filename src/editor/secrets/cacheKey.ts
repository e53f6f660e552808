// The key of the results cache: 32 random bytes kept only in SecretStorage. Made the first
// time a result is saved (activation writes nothing); the data engine gets it (base64) to
// encrypt and decrypt the cache files (src/core/cache/).
import type * as vscode from 'vscode';
import { CACHE_KEY_BYTES, generateCacheKey } from '../../core/cache/sealed';

const SECRET_NAME = 'leakSearch.cacheKey';

export class CacheKey {
  #made: Promise<string> | undefined;

  constructor(private readonly secrets: vscode.SecretStorage) {}

  /** The key, when one was ever made. */
  async get(): Promise<string | undefined> {
    const stored = await this.secrets.get(SECRET_NAME);
    return stored && Buffer.from(stored, 'base64').length === CACHE_KEY_BYTES ? stored : undefined;
  }

  /** The key, made now when there is none. */
  ensure(): Promise<string> {
    this.#made ??= (async () => {
      const existing = await this.get();
      if (existing) return existing;
      await this.secrets.store(SECRET_NAME, generateCacheKey().toString('base64'));
      // Another window may have stored its own key at the same moment: use the one that won.
      const won = await this.get();
      if (!won) throw new Error('the cache key could not be stored in the secret storage');
      return won;
    })();
    this.#made.catch(() => (this.#made = undefined));
    return this.#made;
  }
}
