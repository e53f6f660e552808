// Salted hashing of secrets and identifiers: SHA-256 over a per-owner random salt and the
// value, so a stored hash says nothing without the salt and cannot be looked up in a
// precomputed table. Used by the ignore list (ignoreList.ts); the leak index fingerprints
// with fingerprint.ts instead. One-shot `crypto.hash` rather than an HMAC object per value:
// nothing is built and thrown away for each hash.
import { hash, randomBytes } from 'node:crypto';

/** A fresh random salt (32 bytes). */
export function createSalt(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/** The salt in the form `saltedHash` prefixes: compute once per salt. */
export function saltPrefix(salt: Uint8Array): string {
  return `${Buffer.from(salt).toString('base64')}\u0000`;
}

/** SHA-256 of `saltPrefix(salt) + value` (UTF-8), base64url. */
export function saltedHash(prefix: string, value: string): string {
  return hash('sha256', prefix + value, 'base64url');
}
