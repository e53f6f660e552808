// The ignore list: salted hashes of the identifiers a user dismissed, matched in every
// spelling, stored without the identifier.
import * as assert from 'node:assert/strict';
import { IgnoreList, hashIdentifier, ignoreKey } from '../../../../src/core/scan/ignoreList';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';

const index = buildLeakIndex([
  {
    domain: 'example.com',
    type: 'accounts',
    records: [
      { date: '2024-09-20T08:11:00.000Z', browser: 'Opera', status: 'show', url: 'https://vpn.example.com/', ip: '', country: 'US', username: 'alice@example.com', password: 'Alice-Secret-1' },
    ],
  },
]);

describe('ignore list', () => {
  it('hashIdentifier is salted: same salt same hash, other salt other hash, no identifier text', () => {
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    assert.equal(hashIdentifier(a, 'email\u0000alice@example.com'), hashIdentifier(a, 'email\u0000alice@example.com'));
    assert.notEqual(hashIdentifier(a, 'email\u0000alice@example.com'), hashIdentifier(b, 'email\u0000alice@example.com'));
    assert.ok(!hashIdentifier(a, 'alice@example.com').includes('alice'));
  });

  it('ignores an e-mail in every spelling, and only it', () => {
    const list = new IgnoreList();
    const text = 'alice@example.com https://vpn.example.com';
    const [email] = index.match(text);
    list.add(ignoreKey(email, text));
    const other = 'ALICE@Example.com vpn.example.com PW="Alice-Secret-1"';
    assert.deepEqual(list.filter(index.match(other), other).map((m) => m.kind), ['host', 'password']);
  });

  it('ignores a password occurrence without storing it', () => {
    const list = new IgnoreList();
    const text = 'PW="Alice-Secret-1"';
    const [pw] = index.match(text);
    assert.equal(pw.kind, 'password');
    list.add(ignoreKey(pw, text));
    assert.deepEqual(list.filter(index.match(text), text), []);
    const saved = JSON.stringify(list);
    assert.ok(!saved.includes('Alice-Secret-1') && !saved.includes('alice'));
  });

  it('survives a save and restore; bad data gives an empty list', () => {
    const list = new IgnoreList();
    list.add('host\u0000vpn.example.com');
    const restored = IgnoreList.fromJSON(JSON.parse(JSON.stringify(list)));
    assert.equal(restored.isIgnored('host\u0000vpn.example.com'), true);
    assert.equal(restored.isIgnored('host\u0000other.example.com'), false);
    assert.equal(restored.remove('host\u0000vpn.example.com'), true);
    assert.equal(restored.size, 0);
    for (const bad of [null, 42, 'x', { salt: 1, hashes: [] }, { salt: 'AA==', hashes: [] }]) {
      const l = IgnoreList.fromJSON(bad);
      assert.equal(l.size, 0);
    }
  });
});
