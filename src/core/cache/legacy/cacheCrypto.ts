// Pure: authenticated encryption of the results cache on disk (AES-256-GCM). The 32-byte
// key is random and kept by the editor in SecretStorage; this file only does the crypto.
// Layout: "LSC1" (4 bytes, also the AAD) | IV (12) | tag (16) | ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const MAGIC = Buffer.from('LSC1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const CACHE_KEY_BYTES = 32;

export class CacheCryptoError extends Error {
  override readonly name = 'CacheCryptoError';
}

/** A fresh random 256-bit key. */
export function generateCacheKey(): Buffer {
  return randomBytes(CACHE_KEY_BYTES);
}

/** Encrypts with a fresh random IV per call. */
export function encryptCache(plaintext: Uint8Array, key: Uint8Array): Buffer {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** Decrypts and authenticates; throws `CacheCryptoError` on a wrong key or any tampering. */
export function decryptCache(data: Uint8Array, key: Uint8Array): Buffer {
  checkKey(key);
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < MAGIC.length + IV_BYTES + TAG_BYTES || !buf.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new CacheCryptoError('Not a Leak Search cache file.');
  }
  const iv = buf.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = buf.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  const body = buf.subarray(MAGIC.length + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(MAGIC);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch (e) {
    throw new CacheCryptoError('The cache file could not be decrypted (wrong key or damaged file).', { cause: e });
  }
}

function checkKey(key: Uint8Array): void {
  if (key.byteLength !== CACHE_KEY_BYTES) throw new CacheCryptoError(`The cache key must be ${CACHE_KEY_BYTES} bytes.`);
}
