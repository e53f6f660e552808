// Validation of every input before a request: domain, findings type, dates, API key and base URL.
import * as assert from 'node:assert/strict';
import { LeakSearchError } from '../../../../src/core/service/errors';
import { checkApiKey, domainProblem, normalizeBaseUrl, normalizeDateRange, normalizeDomain, normalizeFindingsType } from '../../../../src/core/service/validate';

function invalid(f: () => unknown, field: string, text?: RegExp): LeakSearchError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof LeakSearchError);
    assert.equal(e.kind, 'invalid-input');
    assert.equal(e.details.field, field);
    if (text) assert.match(e.message, text);
    return e;
  }
  assert.fail('expected an invalid-input error');
}

describe('client: domain validation', () => {
  it('trims, lower-cases and drops one trailing dot', () => {
    assert.equal(normalizeDomain('  Example.COM '), 'example.com');
    assert.equal(normalizeDomain('example.com.'), 'example.com');
    assert.equal(normalizeDomain('vpn.eu.example.co.uk'), 'vpn.eu.example.co.uk');
    assert.equal(normalizeDomain('my-site.example'), 'my-site.example');
  });

  it('converts IDN to punycode', () => {
    assert.equal(normalizeDomain('bücher.de'), 'xn--bcher-kva.de');
    assert.equal(normalizeDomain('MÜNCHEN.de'), 'xn--mnchen-3ya.de');
    assert.equal(normalizeDomain('例え.jp'), 'xn--r8jz45g.jp');
    assert.equal(normalizeDomain('xn--bcher-kva.de'), 'xn--bcher-kva.de');
  });

  it('refuses a scheme, a path, a port, spaces, user info, query and fragment', () => {
    invalid(() => normalizeDomain('https://example.com'), 'domain', /without a scheme/);
    invalid(() => normalizeDomain('ftp://example.com'), 'domain', /without a scheme/);
    invalid(() => normalizeDomain('example.com/login'), 'domain', /without a path/);
    invalid(() => normalizeDomain('example.com\\x'), 'domain', /without a path/);
    invalid(() => normalizeDomain('example.com:8443'), 'domain', /without a port/);
    invalid(() => normalizeDomain('exa mple.com'), 'domain', /spaces/);
    invalid(() => normalizeDomain('example.com\tx'), 'domain', /spaces/);
    invalid(() => normalizeDomain('alice@example.com'), 'domain', /e-mail/);
    invalid(() => normalizeDomain('example.com?x=1'), 'domain', /"\?"/);
    invalid(() => normalizeDomain('example.com#top'), 'domain', /"#"/);
  });

  it('refuses trailing garbage and characters that are not in host names', () => {
    invalid(() => normalizeDomain('example.com,'), 'domain', /not a valid domain/);
    invalid(() => normalizeDomain('example.com;rm'), 'domain', /not a valid domain/);
    invalid(() => normalizeDomain('exa_mple.com'), 'domain', /not a valid domain/);
    invalid(() => normalizeDomain('example.com..'), 'domain', /empty part/);
    invalid(() => normalizeDomain('-example.com'), 'domain', /hyphen/);
    invalid(() => normalizeDomain('example-.com'), 'domain', /hyphen/);
    invalid(() => normalizeDomain('<script>.com'), 'domain');
    invalid(() => normalizeDomain('*.example.com'), 'domain', /Wildcards/);
    invalid(() => normalizeDomain('..'), 'domain');
  });

  it('refuses IP addresses', () => {
    invalid(() => normalizeDomain('192.168.1.10'), 'domain', /IP address/);
    invalid(() => normalizeDomain('10.0.0.1.'), 'domain', /IP address/);
    invalid(() => normalizeDomain('[::1]'), 'domain', /IP address/);
    invalid(() => normalizeDomain('2001:db8::1'), 'domain', /IP address/);
    invalid(() => normalizeDomain('example.123'), 'domain', /IP address or number/);
  });

  it('refuses empty and single-label names', () => {
    invalid(() => normalizeDomain(''), 'domain', /Enter a domain/);
    invalid(() => normalizeDomain('   '), 'domain', /Enter a domain/);
    invalid(() => normalizeDomain('localhost'), 'domain', /full domain/);
    invalid(() => normalizeDomain('.com'), 'domain', /empty part/);
  });

  it('enforces 63 characters per label and 253 in all', () => {
    const l63 = 'a'.repeat(63);
    assert.equal(normalizeDomain(`${l63}.com`), `${l63}.com`);
    invalid(() => normalizeDomain(`${'a'.repeat(64)}.com`), 'domain', /63 characters/);
    const d253 = [l63, l63, l63, 'a'.repeat(57), 'com'].join('.');
    assert.equal(d253.length, 253);
    assert.equal(normalizeDomain(d253), d253);
    invalid(() => normalizeDomain(`a.${d253}`), 'domain', /253 characters/);
  });

  it('refuses a domain no one can register: an unknown top-level domain or a public suffix, from the Public Suffix List', () => {
    invalid(() => normalizeDomain('example.cmo'), 'domain', /^"\.cmo" is not a top-level domain: check the spelling of "example\.cmo"/);
    invalid(() => normalizeDomain('example.con'), 'domain', /top-level domain/);
    invalid(() => normalizeDomain('mail.example.comm'), 'domain', /"\.comm" is not a top-level domain/);
    invalid(() => normalizeDomain('co.uk'), 'domain', /"co\.uk" is a public suffix.*example\.co\.uk/);
    invalid(() => normalizeDomain('com.au'), 'domain', /public suffix/);
    invalid(() => normalizeDomain('kawasaki.jp'), 'domain', /public suffix/); // `*.kawasaki.jp` is a rule of the list
    // At or under a registrable domain, in any script; the list's own rules, not a hand-written one.
    for (const ok of ['example.com', 'vpn.eu.example.co.uk', 'example.com.au', 'city.kawasaki.jp', 'github.io', 'team.github.io', 'xn--bcher-kva.de', 'bücher.de', 'пример.рф', 'example.museum']) {
      assert.doesNotThrow(() => normalizeDomain(ok), ok);
    }
  });

  it('accepts names under the top-level domains reserved for tests, documentation and private networks', () => {
    for (const ok of ['acme.test', 'my-site.example', 'x.invalid', 'api.localhost', 'printer.local', 'wiki.corp.internal', 'example.corp', 'wiki.lan', 'nas.home', 'portal.intranet', 'localhost.localdomain', 'vault.private']) {
      assert.doesNotThrow(() => normalizeDomain(ok), ok);
    }
    invalid(() => normalizeDomain('test'), 'domain', /not a full domain/);
  });

  it('domainProblem returns the message for validate-as-you-type, undefined when fine', () => {
    assert.equal(domainProblem('example.com'), undefined);
    assert.match(domainProblem('https://example.com') ?? '', /without a scheme/);
    assert.match(domainProblem('') ?? '', /Enter a domain/);
  });
});

describe('client: findings type, dates, key and base URL validation', () => {
  it('findings type: a → accounts, c → customers, long forms, case-insensitive', () => {
    assert.equal(normalizeFindingsType('a'), 'accounts');
    assert.equal(normalizeFindingsType('c'), 'customers');
    assert.equal(normalizeFindingsType(' Accounts '), 'accounts');
    assert.equal(normalizeFindingsType('CUSTOMERS'), 'customers');
    invalid(() => normalizeFindingsType('users'), 'type', /accounts \(a\) or customers \(c\)/);
    invalid(() => normalizeFindingsType(''), 'type');
  });

  it('dates: both or neither', () => {
    assert.equal(normalizeDateRange(), undefined);
    assert.equal(normalizeDateRange('', ' '), undefined);
    invalid(() => normalizeDateRange('20240101'), 'end', /end date/);
    invalid(() => normalizeDateRange('', '20240101'), 'start', /start date/);
  });

  it('dates: YYYYMMDD or YYYY-MM-DD, converted to YYYYMMDD', () => {
    assert.deepEqual(normalizeDateRange('20240101', '20241231'), { start: '20240101', end: '20241231' });
    assert.deepEqual(normalizeDateRange('2024-01-01', ' 2024-02-29 '), { start: '20240101', end: '20240229' });
    assert.deepEqual(normalizeDateRange('20240301', '20240301'), { start: '20240301', end: '20240301' });
    for (const bad of ['2024011', '202401011', '2024/01/01', '2024-1-01', '2024-0101', 'yesterday', '2024-01-01T00:00']) {
      invalid(() => normalizeDateRange(bad, '20250101'), 'start', /YYYYMMDD/);
    }
  });

  it('dates: real calendar dates only', () => {
    invalid(() => normalizeDateRange('20230229', '20231231'), 'start', /real calendar date/);
    invalid(() => normalizeDateRange('20240101', '20240431'), 'end', /real calendar date/);
    invalid(() => normalizeDateRange('20241301', '20241302'), 'start', /real calendar date/);
    invalid(() => normalizeDateRange('20240100', '20240102'), 'start', /real calendar date/);
    invalid(() => normalizeDateRange('00000101', '20240102'), 'start', /real calendar date/);
    invalid(() => normalizeDateRange('01012024', '20240102'), 'start', /real calendar date/);
    assert.deepEqual(normalizeDateRange('20000229', '21000228'), { start: '20000229', end: '21000228' });
    invalid(() => normalizeDateRange('20000229', '21000229'), 'end', /real calendar date/);
  });

  it('dates: start must not be after end', () => {
    invalid(() => normalizeDateRange('20240202', '20240201'), 'range', /20240202 is after the end date 20240201/);
  });

  it('API key: non-empty, no whitespace or control characters, nothing that alters the path; never echoed', () => {
    assert.equal(checkApiKey('api_0123456789abcdef0123456789abcdef'), undefined);
    assert.equal(checkApiKey('lj_live_+:=@!$&,;~*()'), undefined);
    assert.match(checkApiKey('') ?? '', /Set an API key/);
    const cases = ['my secret', 'secret\n', '\tsecret', 'sec\u0000ret', 'a/b', 'a?b', 'a#b', 'a%2Fb', 'a\\b', '.', '..', 'x'.repeat(1025)];
    for (const key of cases) {
      const message = checkApiKey(key);
      assert.ok(message, `expected ${JSON.stringify(key)} to be refused`);
      if (key.length > 3) assert.ok(!message.includes(key.trim()), 'the message must not repeat the key');
    }
  });

  it('base URL: http(s) only, no query, fragment or user info; trailing slashes removed', () => {
    assert.equal(normalizeBaseUrl('https://leakjar.com/api/'), 'https://leakjar.com/api');
    assert.equal(normalizeBaseUrl(' https://LeakJar.com/api// '), 'https://leakjar.com/api');
    assert.equal(normalizeBaseUrl('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
    assert.equal(normalizeBaseUrl('https://leakjar.com:443/api'), 'https://leakjar.com/api');
    invalid(() => normalizeBaseUrl('ftp://leakjar.com'), 'baseUrl', /https/);
    invalid(() => normalizeBaseUrl('javascript:alert(1)'), 'baseUrl', /https/);
    invalid(() => normalizeBaseUrl('leakjar.com/api'), 'baseUrl', /not a valid URL/);
    invalid(() => normalizeBaseUrl('https://leakjar.com/api?x=1'), 'baseUrl', /query/);
    invalid(() => normalizeBaseUrl('https://leakjar.com/api?'), 'baseUrl', /query/);
    invalid(() => normalizeBaseUrl('https://leakjar.com/api#x'), 'baseUrl', /fragment/);
    invalid(() => normalizeBaseUrl('https://user:pw@leakjar.com/api'), 'baseUrl', /user name or password/);
  });
});
