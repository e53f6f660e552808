// The identifiers a user chose to ignore in one workspace, kept only as salted hashes: the
// stored list (`toJSON`) says nothing about which e-mails, URLs or passwords it covers.
import { createSalt, saltPrefix, saltedHash } from './hash';
import type { LeakMatch } from './leakIndex';

/** The hash an ignore list stores for an identifier (normalised, see `ignoreKey`). */
export function hashIdentifier(salt: Uint8Array, normalisedIdentifier: string): string {
  return saltedHash(saltPrefix(salt), normalisedIdentifier);
}

/**
 * What identifies a match for ignoring: the normalised identifier (e-mail, username, URL key
 * or host, prefixed by its kind); for a leaked password, the password text as found in the
 * file (`text.slice(start, end)`), which is hashed at once and never stored.
 */
export function ignoreKey(match: Pick<LeakMatch, 'kind' | 'identifier' | 'start' | 'end'>, text: string): string {
  return foundIgnoreKey(match, match.kind === 'password' ? text.slice(match.start, match.end) : '');
}

/** `ignoreKey` of a match whose password text (`found`) was taken from its file elsewhere (files/placedMatches.ts). */
export function foundIgnoreKey(match: Pick<LeakMatch, 'kind' | 'identifier'>, found: string | undefined): string {
  if (match.kind === 'password') return `password\u0000${found ?? ''}`;
  return `${match.kind}\u0000${match.identifier}`;
}

/** The persisted form of an ignore list. */
export interface IgnoreListData {
  /** The salt, base64. */
  readonly salt: string;
  readonly hashes: readonly string[];
}

export class IgnoreList {
  readonly #salt: Uint8Array;
  readonly #hashes: Set<string>;

  constructor(salt: Uint8Array = createSalt(), hashes: Iterable<string> = []) {
    this.#salt = salt;
    this.#hashes = new Set(hashes);
  }

  /** Restores a list saved with `toJSON`; bad data gives an empty list with a fresh salt. */
  static fromJSON(data: unknown): IgnoreList {
    if (typeof data === 'object' && data !== null) {
      const d = data as { salt?: unknown; hashes?: unknown };
      if (typeof d.salt === 'string' && Array.isArray(d.hashes)) {
        const salt = new Uint8Array(Buffer.from(d.salt, 'base64'));
        if (salt.length >= 16) return new IgnoreList(salt, d.hashes.filter((h): h is string => typeof h === 'string'));
      }
    }
    return new IgnoreList();
  }

  get size(): number {
    return this.#hashes.size;
  }

  /** Ignores a key (see `ignoreKey`); returns its hash. */
  add(key: string): string {
    const h = hashIdentifier(this.#salt, key);
    this.#hashes.add(h);
    return h;
  }

  remove(key: string): boolean {
    return this.#hashes.delete(hashIdentifier(this.#salt, key));
  }

  isIgnored(key: string): boolean {
    return this.#hashes.size > 0 && this.#hashes.has(hashIdentifier(this.#salt, key));
  }

  /** The matches of `text` that are not ignored. */
  filter<M extends Pick<LeakMatch, 'kind' | 'identifier' | 'start' | 'end'>>(matches: readonly M[], text: string): M[] {
    if (this.#hashes.size === 0) return [...matches];
    return matches.filter((m) => !this.isIgnored(ignoreKey(m, text)));
  }

  /** The matches not ignored, of a file whose password matches carry their text (`found`). */
  filterFound<M extends Pick<LeakMatch, 'kind' | 'identifier'> & { readonly found?: string }>(matches: readonly M[]): M[] {
    if (this.#hashes.size === 0) return [...matches];
    return matches.filter((m) => !this.isIgnored(foundIgnoreKey(m, m.found)));
  }

  toJSON(): IgnoreListData {
    return { salt: Buffer.from(this.#salt).toString('base64'), hashes: [...this.#hashes].sort() };
  }
}
