// Masked hints of ignored identifiers: enough to tell entries apart, never the secret part.
import * as assert from 'node:assert/strict';
import { ignoredHint } from '../../../../src/core/scan/ignoredHint';

describe('masked hints of ignored identifiers', () => {
  it('masks every identifier but says enough to tell entries apart', () => {
    assert.equal(ignoredHint('email', 'alice@example.com'), 'a•••@example.com');
    assert.equal(ignoredHint('username', 'j.doe'), 'j•••');
    assert.equal(ignoredHint('username', 'bob@example.org'), 'b•••@example.org');
    assert.equal(ignoredHint('url', 'https://user:pw@vpn.example.com:443/login?x=1'), 'vpn.example.com/…');
    assert.equal(ignoredHint('host', 'intranet.example.com'), 'intranet.example.com');
    assert.equal(ignoredHint('password', 'Summer2024!', ['alice@example.com']), 'password of a•••@example.com');
    assert.equal(ignoredHint('password', 'Summer2024!', ['alice@example.com', 'bob@example.com']), 'password of a•••@example.com and 1 more');
    assert.equal(ignoredHint('password', 'Summer2024!'), 'a password');
  });

  it('never holds the secret part', () => {
    for (const hint of [ignoredHint('password', 'Summer2024!', ['alice@example.com']), ignoredHint('url', 'https://u:Summer2024!@h.test/p')]) {
      assert.ok(!hint.includes('Summer2024!'), hint);
    }
  });
});
