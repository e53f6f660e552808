// Authenticated encryption of the cache files (AES-256-GCM). The 32-byte key is random and
// kept by the editor in SecretStorage; this file only does the crypto. Layout:
//   "LSC2" (4) | key id (8) | IV (12) | tag (16) | ciphertext
// The first 12 bytes are also the additional authenticated data. The key id (see
// diskCache.ts) tells a file written under another key apart from a damaged one.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CipherGCM, DecipherGCM } from 'node:crypto';

const MAGIC = Buffer.from('LSC2', 'ascii');
const KEY_ID_BYTES = 8;
const HEAD = MAGIC.length + KEY_ID_BYTES;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const CACHE_KEY_BYTES = 32;

export class CacheCryptoError extends Error {
  override readonly name = 'CacheCryptoError';
  constructor(
    message: string,
    /** The file is fine but sealed under another key. */
    readonly otherKey = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A fresh random 256-bit key. */
export function generateCacheKey(): Buffer {
  return randomBytes(CACHE_KEY_BYTES);
}

export function seal(plaintext: Uint8Array, key: Uint8Array, keyId: Uint8Array): Buffer {
  checkKey(key);
  const head = Buffer.concat([MAGIC, Buffer.from(keyId.subarray(0, KEY_ID_BYTES))]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(head);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([head, iv, cipher.getAuthTag(), body]);
}

/** Decrypts and authenticates; throws `CacheCryptoError` (with `otherKey` when the key id differs). */
export function openSealed(data: Uint8Array, key: Uint8Array, keyId: Uint8Array): Buffer {
  checkKey(key);
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < HEAD + IV_BYTES + TAG_BYTES || !buf.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new CacheCryptoError('Not a Leak Search cache file.');
  }
  const head = buf.subarray(0, HEAD);
  if (!head.subarray(MAGIC.length).equals(Buffer.from(keyId.subarray(0, KEY_ID_BYTES)))) {
    throw new CacheCryptoError('The cache file was written under another key.', true);
  }
  const iv = buf.subarray(HEAD, HEAD + IV_BYTES);
  const tag = buf.subarray(HEAD + IV_BYTES, HEAD + IV_BYTES + TAG_BYTES);
  const body = buf.subarray(HEAD + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(head);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch (e) {
    throw new CacheCryptoError('The cache file could not be decrypted (damaged).', false, { cause: e });
  }
}

function checkKey(key: Uint8Array): void {
  if (key.byteLength !== CACHE_KEY_BYTES) throw new CacheCryptoError(`The cache key must be ${CACHE_KEY_BYTES} bytes.`);
}

/** Where the ciphertext starts in a sealed file (after head, IV and tag). */
export const SEALED_BODY_OFFSET = HEAD + IV_BYTES + TAG_BYTES;

/**
 * Streaming sealing for large files: the head and IV first, a placeholder for the tag (known
 * only at the end: the writer puts `tag()` at TAG_OFFSET), then ciphertext piece by piece.
 */
export interface StreamSealer {
  /** The first SEALED_BODY_OFFSET bytes, with a zero tag. */
  readonly prefix: Buffer;
  update(plain: Uint8Array): Buffer;
  /** The last ciphertext bytes and the tag. */
  final(): { readonly rest: Buffer; readonly tag: Buffer };
}

export const TAG_OFFSET = HEAD + IV_BYTES;

export function streamSealer(key: Uint8Array, keyId: Uint8Array): StreamSealer {
  checkKey(key);
  const head = Buffer.concat([MAGIC, Buffer.from(keyId.subarray(0, KEY_ID_BYTES))]);
  const iv = randomBytes(IV_BYTES);
  const cipher: CipherGCM = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(head);
  return {
    prefix: Buffer.concat([head, iv, Buffer.alloc(TAG_BYTES)]),
    update: (plain) => cipher.update(plain),
    final: () => {
      const rest = cipher.final();
      return { rest, tag: cipher.getAuthTag() };
    },
  };
}

/** Streaming opening: checks the prefix, then decrypts piece by piece; `final()` throws when the file was altered. */
export function streamOpener(prefix: Uint8Array, key: Uint8Array, keyId: Uint8Array): { update(c: Uint8Array): Buffer; final(): Buffer } {
  checkKey(key);
  const buf = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  if (buf.length < SEALED_BODY_OFFSET || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new CacheCryptoError('Not a Leak Search cache file.');
  const head = buf.subarray(0, HEAD);
  if (!head.subarray(MAGIC.length).equals(Buffer.from(keyId.subarray(0, KEY_ID_BYTES)))) throw new CacheCryptoError('The cache file was written under another key.', true);
  const decipher: DecipherGCM = createDecipheriv('aes-256-gcm', key, buf.subarray(HEAD, HEAD + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(head);
  decipher.setAuthTag(buf.subarray(TAG_OFFSET, TAG_OFFSET + TAG_BYTES));
  return {
    update: (c) => decipher.update(c),
    final: () => {
      try {
        return decipher.final();
      } catch (e) {
        throw new CacheCryptoError('The cache file could not be decrypted (damaged).', false, { cause: e });
      }
    },
  };
}
