// Authenticated encryption of the cache files (AES-256-GCM). The 32-byte key is random and
// kept by the editor in SecretStorage; this file only does the crypto. Layout:
//   "LSC3" (4) | key id (8) | IV (12) | tag (16) | ciphertext
// The additional authenticated data is those first 12 bytes followed by the file's purpose:
// what it is for (which result, which file of it; see diskCache.ts), never stored in the
// file. A file copied or renamed to stand for another result fails authentication like a
// damaged one. The key id (see diskCache.ts) tells a file written under another key apart
// from a damaged one; "LSC2" files (no purpose bound) are refused as obsolete.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CipherGCM, DecipherGCM } from 'node:crypto';

const MAGIC = Buffer.from('LSC3', 'ascii');
const OBSOLETE_MAGIC = Buffer.from('LSC2', 'ascii');
const KEY_ID_BYTES = 8;
const HEAD = MAGIC.length + KEY_ID_BYTES;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const CACHE_KEY_BYTES = 32;

/** Why a file could not be opened: sealed under another key, of an older format, or damaged (or not this file's). */
export type CacheCryptoReason = 'other-key' | 'obsolete' | 'damaged';

export class CacheCryptoError extends Error {
  override readonly name = 'CacheCryptoError';
  constructor(
    message: string,
    readonly reason: CacheCryptoReason = 'damaged',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A fresh random 256-bit key. */
export function generateCacheKey(): Buffer {
  return randomBytes(CACHE_KEY_BYTES);
}

function headOf(keyId: Uint8Array): Buffer {
  return Buffer.concat([MAGIC, Buffer.from(keyId.subarray(0, KEY_ID_BYTES))]);
}

function aad(head: Buffer, purpose: string): Buffer {
  return Buffer.concat([head, Buffer.from(purpose, 'utf8')]);
}

/** Seals `plaintext` for one purpose: only an open with the same purpose succeeds. */
export function seal(plaintext: Uint8Array, key: Uint8Array, keyId: Uint8Array, purpose: string): Buffer {
  const sealer = streamSealer(key, keyId, purpose);
  const body = sealer.update(plaintext);
  const { rest, tag } = sealer.final();
  const out = Buffer.concat([sealer.prefix, body, rest]);
  tag.copy(out, TAG_OFFSET);
  return out;
}

/** Decrypts and authenticates against `purpose`; throws `CacheCryptoError` (see its reason). */
export function openSealed(data: Uint8Array, key: Uint8Array, keyId: Uint8Array, purpose: string): Buffer {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const opener = streamOpener(buf.subarray(0, SEALED_BODY_OFFSET), key, keyId, purpose);
  const body = opener.update(buf.subarray(SEALED_BODY_OFFSET));
  return Buffer.concat([body, opener.final()]);
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
  /** `update` over `plain` a slice at a time (SEAL_SLICE): for pieces that may be large. */
  slices(plain: Uint8Array): Generator<Buffer>;
  /** The last ciphertext bytes and the tag. */
  final(): { readonly rest: Buffer; readonly tag: Buffer };
}

export const TAG_OFFSET = HEAD + IV_BYTES;

/**
 * Bytes sealed at a time by `slices`: the cipher returns a new buffer as large as its input,
 * and a column of a million records is tens of megabytes, so sealing whole pieces would make
 * a copy of a table, freed only when the heap is next collected, on top of the table itself.
 */
const SEAL_SLICE = 1024 * 1024;

export function streamSealer(key: Uint8Array, keyId: Uint8Array, purpose: string): StreamSealer {
  checkKey(key);
  const head = headOf(keyId);
  const iv = randomBytes(IV_BYTES);
  const cipher: CipherGCM = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(head, purpose));
  return {
    prefix: Buffer.concat([head, iv, Buffer.alloc(TAG_BYTES)]),
    update: (plain) => cipher.update(plain),
    *slices(plain) {
      for (let at = 0; at < plain.length; at += SEAL_SLICE) yield cipher.update(plain.subarray(at, at + SEAL_SLICE));
    },
    final: () => {
      const rest = cipher.final();
      return { rest, tag: cipher.getAuthTag() };
    },
  };
}

/** Streaming opening: checks the prefix, then decrypts piece by piece; `final()` throws when the file was altered or is for another purpose. */
export function streamOpener(prefix: Uint8Array, key: Uint8Array, keyId: Uint8Array, purpose: string): { update(c: Uint8Array): Buffer; final(): Buffer } {
  checkKey(key);
  const buf = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  if (buf.length >= MAGIC.length && buf.subarray(0, MAGIC.length).equals(OBSOLETE_MAGIC)) throw new CacheCryptoError('The cache file is of an older format.', 'obsolete');
  if (buf.length < SEALED_BODY_OFFSET || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new CacheCryptoError('Not a Leak Search cache file.');
  const head = buf.subarray(0, HEAD);
  if (!head.equals(headOf(keyId))) throw new CacheCryptoError('The cache file was written under another key.', 'other-key');
  const decipher: DecipherGCM = createDecipheriv('aes-256-gcm', key, buf.subarray(HEAD, HEAD + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(head, purpose));
  decipher.setAuthTag(buf.subarray(TAG_OFFSET, TAG_OFFSET + TAG_BYTES));
  return {
    update: (c) => decipher.update(c),
    final: () => {
      try {
        return decipher.final();
      } catch (e) {
        throw new CacheCryptoError('The cache file is damaged or not this result\'s.', 'damaged', { cause: e });
      }
    },
  };
}
