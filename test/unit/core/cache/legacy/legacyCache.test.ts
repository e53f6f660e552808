// The 0.1.0 cache that the engine moves once into its own: its AES-256-GCM sealing refuses
// any wrong key or altered byte, and its file format and TTL read back what was written.
import * as assert from 'node:assert/strict';
import { CacheCryptoError, decryptCache, encryptCache, generateCacheKey } from '../../../../../src/core/cache/legacy/cacheCrypto';
import { isExpired, parseCache, serializeCache } from '../../../../../src/core/cache/legacy/cacheFile';
import type { LegacyEntry } from '../../../../../src/core/cache/legacy/cacheFile';
import { resultsKey } from '../../../../../src/core/service/types';

const SECRET_PASSWORD = 'Samplepassword000';

function entry(domain: string, fetchedAt: number): LegacyEntry {
  const query = { domain, type: 'accounts' as const, range: { start: '20240101', end: '20241231' } };
  return {
    key: resultsKey('https://leakjar.com', query),
    origin: 'https://leakjar.com',
    query,
    fetchedAt,
    rateLimit: { limit: 100, remaining: 99, resetAt: fetchedAt + 3_600_000, observedAt: fetchedAt },
    result: {
      type: 'accounts',
      count: 1,
      records: [{ date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vdi.example.com/', ip: '68.0.2.248', country: 'US', username: 'a@example.com', password: SECRET_PASSWORD }],
    },
  };
}

describe('cache: AES-256-GCM encryption', () => {
  it('round-trips and holds no plaintext on disk', () => {
    const key = generateCacheKey();
    const plain = Buffer.from(serializeCache([entry('example.com', 1)]), 'utf8');
    const sealed = encryptCache(plain, key);
    assert.ok(!sealed.includes(Buffer.from(SECRET_PASSWORD)), 'the password is not readable in the file');
    assert.ok(!sealed.includes(Buffer.from('example.com')), 'nothing is readable in the file');
    assert.deepEqual(decryptCache(sealed, key), plain);
  });

  it('uses a fresh IV each time', () => {
    const key = generateCacheKey();
    const a = encryptCache(Buffer.from('same'), key);
    const b = encryptCache(Buffer.from('same'), key);
    assert.notDeepEqual(a, b);
  });

  it('refuses a wrong key, a tampered byte, a short file and a bad key length', () => {
    const key = generateCacheKey();
    const sealed = encryptCache(Buffer.from('hello'), key);
    assert.throws(() => decryptCache(sealed, generateCacheKey()), CacheCryptoError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    assert.throws(() => decryptCache(tampered, key), CacheCryptoError);
    assert.throws(() => decryptCache(sealed.subarray(0, 10), key), CacheCryptoError);
    assert.throws(() => encryptCache(Buffer.from('x'), Buffer.alloc(16)), CacheCryptoError);
  });
});

describe('cache: the 0.1.0 file (moved into the engine once) and TTL', () => {
  it('round-trips entries and recomputes their keys', () => {
    const e = entry('example.com', 1_700_000_000_000);
    const back = parseCache(serializeCache([e]));
    assert.deepEqual(back, [e]);
    const forged = JSON.parse(serializeCache([e])) as { entries: { key: string }[] };
    forged.entries[0]!.key = 'something else';
    assert.equal(parseCache(JSON.stringify(forged))[0]?.key, e.key);
  });

  it('drops malformed entries and foreign files, loses the rest', () => {
    const good = entry('example.org', 5);
    const text = JSON.stringify({ version: 1, entries: [{ nope: true }, { ...good, result: { type: 'customers', count: 1, records: [] } }, good, null, { ...good, query: { domain: 'x', type: 'z' } }] });
    assert.deepEqual(parseCache(text), [good]);
    assert.deepEqual(parseCache('not json'), []);
    assert.deepEqual(parseCache(JSON.stringify({ version: 99, entries: [good] })), []);
  });

  it('expires entries after the TTL', () => {
    assert.equal(isExpired({ fetchedAt: 0 }, 1000, 999), false);
    assert.equal(isExpired({ fetchedAt: 0 }, 1000, 1000), true);
    assert.equal(isExpired({ fetchedAt: 0 }, 0, 0), true);
    assert.equal(isExpired({ fetchedAt: 10_000_000 }, 1000, 0), true, 'an entry from the future is not trusted');
  });
});
