// How identifiers are normalised before they are compared: e-mails, hosts and URLs.
import * as assert from 'node:assert/strict';
import { lastAtSign, normalizeEmail, normalizeHost, normalizeUrl, parseUrl, trimmed } from '../../../../src/core/scan/normalize';
import { COMMON_USERNAMES, addUserValue, asciiUserKind, isEmail, isPlainUsername, userIdentifier } from '../../../../src/core/scan/recordFields';
import { emptyFacts } from '../../../../src/core/scan/sourceSegment';
import { pick, prng } from '../../../../tools/bench/corpus';

/** normalizeEmail as it was written before its shortcuts: what they must keep giving. */
function slowNormalizeEmail(email: string): string {
  const e = email.trim();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e.toLowerCase();
  const domain = normalizeHost(e.slice(at + 1));
  return `${e.slice(0, at).toLowerCase()}@${domain === '' ? e.slice(at + 1).toLowerCase() : domain}`;
}

/** Short strings of the characters the shortcuts look at: blanks of every kind, `@`, dots, capitals, non-ASCII. */
function randomValues(seed: number, count: number): string[] {
  const rng = prng(seed);
  const units = ['a', 'z', 'A', 'Z', '0', '@', '.', '-', '_', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\ufeff', '\u2028', '\u3000', 'é', 'É', 'ü', '!', '~', '\x7f', '\x1f'];
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(rng() * 12) }, () => pick(rng, units)).join(''));
}

describe('normalize', () => {
  it('e-mails compare case-insensitively, IDN domains in ASCII', () => {
    assert.equal(normalizeEmail(' Alice@Example.COM '), 'alice@example.com');
    assert.equal(normalizeEmail('info@Bücher-Shop.de'), 'info@xn--bcher-shop-9db.de');
  });

  it('hosts: lower case, no trailing dot, IDN in ASCII', () => {
    assert.equal(normalizeHost('VPN.Example.com.'), 'vpn.example.com');
    assert.equal(normalizeHost('bücher.example'), 'xn--bcher-kva.example');
  });

  it('URLs: scheme and host lower-cased, path case kept', () => {
    assert.equal(normalizeUrl('HTTPS://VDI.Example.COM/Portal/WebClient/'), 'https://vdi.example.com/Portal/WebClient');
  });

  it('URLs: default ports dropped, other ports kept', () => {
    assert.equal(normalizeUrl('https://example.com:443/a'), 'https://example.com/a');
    assert.equal(normalizeUrl('http://example.com:80/a'), 'http://example.com/a');
    assert.equal(normalizeUrl('ftp://example.com:21/a'), 'ftp://example.com/a');
    assert.equal(normalizeUrl('https://example.com:8443/a'), 'https://example.com:8443/a');
    assert.equal(normalizeUrl('http://example.com:443/a'), 'http://example.com:443/a');
  });

  it('URLs: trailing slash, query, fragment and user-info ignored', () => {
    const want = 'https://example.com/login';
    for (const u of ['https://example.com/login/', 'https://example.com/login?next=/home', 'https://example.com/login#top', 'https://bob:pw@example.com/login']) {
      assert.equal(normalizeUrl(u), want, u);
    }
    assert.equal(normalizeUrl('https://example.com/'), 'https://example.com');
    assert.equal(normalizeUrl('https://example.com'), 'https://example.com');
    assert.equal(normalizeUrl('https://example.com?x=1'), 'https://example.com');
  });

  it('URLs: IDN hosts and IPv6 literals', () => {
    assert.equal(normalizeUrl('https://Bücher.example/straße'), 'https://xn--bcher-kva.example/straße');
    assert.equal(normalizeUrl('http://[::1]:8080/x'), 'http://[::1]:8080/x');
  });

  it('parseUrl gives the host range inside the string', () => {
    const u = 'https://bob@VPN.example.com:8443/x';
    const p = parseUrl(u);
    assert.ok(p);
    assert.equal(u.slice(p.hostStart, p.hostEnd), 'VPN.example.com');
    assert.equal(p.host, 'vpn.example.com');
  });

  it('trimmed and lastAtSign give what trim and lastIndexOf give', () => {
    for (const s of randomValues(7, 20_000)) {
      assert.equal(trimmed(s), s.trim(), JSON.stringify(s));
      assert.equal(lastAtSign(s), s.lastIndexOf('@'), JSON.stringify(s));
    }
    for (const s of ['', ' ', 'a', '!a~', '\x7fa', 'a\x7f', '\u00a0a', 'a\ufeff']) assert.equal(trimmed(s), s.trim(), JSON.stringify(s));
  });

  it('an address already normal is given back as it is, any other as before', () => {
    for (const s of randomValues(8, 20_000)) assert.equal(normalizeEmail(s), slowNormalizeEmail(s), JSON.stringify(s));
    for (const s of ['a@b.com', 'a@b.com.', 'A@b.com', 'a@B.com', 'a@ b.com', 'a@\tb.com', ' a@b.com\n', 'é@b.com', 'a@bü.com', 'a@', '@b.com', 'a@@b', 'a@b..', 'a @b.com']) {
      assert.equal(normalizeEmail(s), slowNormalizeEmail(s), JSON.stringify(s));
    }
  });

  it("a record's username gives the same identifiers as before", () => {
    const rng = prng(9);
    const parts = ['alice', 'Bob', 'admin', 'x', '@', 'example.com', 'EXAMPLE.COM', '.', ' ', '\u00a0', '12345678', 'jo_smith', 'é'];
    for (let k = 0; k < 5_000; k++) {
      const value = Array.from({ length: 1 + Math.floor(rng() * 4) }, () => pick(rng, parts)).join('');
      const facts = emptyFacts();
      addUserValue(facts, value);
      // What addUserValue did before it normalised once.
      const v = value.trim();
      const expected = emptyFacts();
      if (v !== '') {
        if (isEmail(v)) {
          expected.emails.push(slowNormalizeEmail(v));
          expected.owner = slowNormalizeEmail(v);
        } else {
          expected.owner = v.trim().toLowerCase();
          (isPlainUsername(v) ? expected.usernames : expected.userOnly).push(v.trim().toLowerCase());
        }
      }
      assert.deepEqual(facts, expected, JSON.stringify(value));
    }
  });

  it("reads a username's kind from its bytes as userIdentifier reads its text", () => {
    const rng = prng(11);
    // The pieces each test of the kind looks at: `@` and dots where an e-mail has them, what a
    // local part or a token may hold and what not, capitals, common names, blanks and controls
    // at the ends, a long local part, non-ASCII bytes.
    const parts = ['alice', 'Bob', 'ADMIN', 'Administrator', 'root', 'x', '@', '@', 'example.com', 'EXAMPLE.COM', '.', '..', '-', '_', "'", '%', '+', ':', '/', ' ', '\t', '\n', '\x7f', '\x1f', '~', '12345678', 'jo_smith', 'é', 'a'.repeat(64)];
    const edges = [`${'a'.repeat(64)}@example.com`, `${'a'.repeat(65)}@example.com`, "'alice@example.com", ".alice@example.com", 'alice@.example.com', 'alice@example..com', 'alice@example.com.', 'alice@example', '@example.com', 'alice@', 'a@b@example.com', 'jo_smith-', '-jo_smith', 'jo_smith.', '.jo_smith', 'jo-smith', '12345678', '1234567a', 'abcde', 'abcdef', 'jo smith', 'Jo:Smith'];
    const values = [...edges, ...COMMON_USERNAMES, ...[...COMMON_USERNAMES].map((u) => u.toUpperCase())];
    for (let k = 0; k < 20_000; k++) values.push(Array.from({ length: 1 + Math.floor(rng() * 5) }, () => pick(rng, parts)).join(''));
    let read = 0;
    for (const value of values) {
      const bytes = Buffer.from(`"${value}"`);
      const kind = asciiUserKind(bytes, 1, bytes.length - 1);
      const want = userIdentifier(value, { kind: 'none', value: '' });
      if (kind === undefined) {
        // Left to the text: not all ASCII, or a blank or control character at an end.
        const blank = (c: number): boolean => c <= 32 || c === 127;
        assert.ok([...value].some((ch) => ch.charCodeAt(0) > 0x7f) || blank(value.charCodeAt(0)) || blank(value.charCodeAt(value.length - 1)), JSON.stringify(value));
        continue;
      }
      read++;
      assert.deepEqual({ kind, value: value.toLowerCase() }, want, JSON.stringify(value));
    }
    assert.ok(read > 10_000, `${read} read from their bytes`);
  });

  it('not a URL: no scheme or no host', () => {
    assert.equal(normalizeUrl('example.com/login'), undefined);
    assert.equal(normalizeUrl('https:///path'), undefined);
  });
});
