// Salted hashing of secrets and identifiers: HMAC-SHA-256 keyed with a random salt, so a
// stored hash says nothing without the salt and cannot be looked up in a precomputed table.
import { createHmac, randomBytes } from 'node:crypto';

/** A fresh random salt (32 bytes). */
export function createSalt(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/** HMAC-SHA-256 of `value` (UTF-8) keyed by `salt`, base64url. */
export function saltedHash(salt: Uint8Array, value: string): string {
  return createHmac('sha256', salt).update(value, 'utf8').digest('base64url');
}
