// How identifiers are normalised before they are compared: e-mails, hosts and URLs.
import * as assert from 'node:assert/strict';
import { normalizeEmail, normalizeHost, normalizeUrl, parseUrl } from '../../../../src/core/scan/normalize';

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

  it('not a URL: no scheme or no host', () => {
    assert.equal(normalizeUrl('example.com/login'), undefined);
    assert.equal(normalizeUrl('https:///path'), undefined);
  });
});
