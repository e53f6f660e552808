// NO_PROXY / http.noProxy, as a table: curl's documented rules plus VS Code's ports
// (src/core/client/net/noProxy.ts), and which list wins (src/core/client/net/proxyFor.ts).
import * as assert from 'node:assert/strict';
import { parseNoProxy } from '../../../../../src/core/client/net/noProxy';
import { proxyFor } from '../../../../../src/core/client/net/proxyFor';
import type { ProxyInputs } from '../../../../../src/core/client/net/proxyFor';

// [list as written, target URL, goes direct]
const rows: readonly (readonly [string, string, boolean])[] = [
  // Names: the host and its subdomains, never a lookalike.
  ['example.com', 'https://example.com', true],
  ['example.com', 'https://www.example.com', true],
  ['example.com', 'https://a.b.example.com:8443/x', true],
  ['example.com', 'https://notexample.com', false],
  ['example.com', 'https://example.com.evil.net', false],
  ['example.com', 'https://com', false],
  ['www.example.com', 'https://example.com', false],
  // A leading dot or `*.` changes nothing.
  ['.example.com', 'https://example.com', true],
  ['.example.com', 'https://api.example.com', true],
  ['*.example.com', 'https://example.com', true],
  ['*.example.com', 'https://api.example.com', true],
  ['..example.com', 'https://example.com', false],
  // Trailing dots are ignored on both sides.
  ['example.com.', 'https://example.com', true],
  ['example.com', 'https://example.com./', true],
  ['example.com.', 'https://api.example.com./', true],
  // Case.
  ['EXAMPLE.Com', 'https://Api.Example.COM', true],
  // Separators: commas, white space, both, repeated.
  ['a.test,example.com', 'https://example.com', true],
  ['a.test example.com', 'https://example.com', true],
  [' a.test ,\t, example.com ,', 'https://example.com', true],
  ['a.test\nexample.com', 'https://example.com', true],
  // `*` alone, or as one entry, is every host.
  ['*', 'https://anything.example', true],
  ['*', 'https://[2001:db8::1]', true],
  ['a.test,*', 'https://anything.example', true],
  ['*example.com', 'https://example.com', false],
  ['*:443', 'https://example.com', false],
  // Ports (VS Code's rule): only that port; the default port counts.
  ['example.com:8443', 'https://example.com:8443', true],
  ['example.com:8443', 'https://example.com', false],
  ['example.com:443', 'https://example.com', true],
  ['example.com:80', 'http://api.example.com', true],
  ['example.com:0443', 'https://example.com', true],
  ['example.com:99999', 'https://example.com:9999', false],
  ['example.com:', 'https://example.com', false],
  ['example.com:x', 'https://example.com', false],
  // IPv4: exact, CIDR, never by suffix, never a name.
  ['10.1.2.3', 'https://10.1.2.3', true],
  ['10.1.2.3', 'https://10.1.2.4', false],
  ['0.0.1', 'https://10.0.0.1', false],
  ['2.3', 'https://10.1.2.3', false],
  ['10.0.0.0/8', 'https://10.200.3.4:8443', true],
  ['10.0.0.0/8', 'https://11.0.0.1', false],
  ['192.168.0.0/16', 'https://192.168.77.1', true],
  ['192.168.0.0/16', 'https://192.169.0.1', false],
  ['10.1.2.3/32', 'https://10.1.2.3', true],
  ['0.0.0.0/0', 'https://203.0.113.9', true],
  ['10.1.2.3:8443', 'https://10.1.2.3:8443', true],
  ['10.1.2.3:8443', 'https://10.1.2.3', false],
  ['10.0.0.0/8', 'https://10.example.com', false],
  ['10.1.2.3', 'https://10.1.2.3.nip.io', false],
  // The URL parser writes odd IPv4 spellings out; so does the matcher.
  ['10.0.0.1', 'https://0xa.1', true],
  // IPv6: with or without brackets, CIDR, ports only with brackets.
  ['::1', 'https://[::1]:8443', true],
  ['[::1]', 'https://[::1]:8443', true],
  ['fd00::1', 'https://[fd00::1]', true],
  ['[fd00::1]', 'https://[fd00:0:0:0:0:0:0:1]', true],
  ['FD00::1', 'https://[fd00::1]', true],
  ['fd00::1', 'https://[fd00::2]', false],
  ['fe80::/10', 'https://[fe80::1234]', true],
  ['fe80::/10', 'https://[fec0::1]', false],
  ['[fe80::]/10', 'https://[febf::1]', true],
  ['[fe80::/10]', 'https://[fe80::1]', true],
  ['2001:db8::/32', 'https://[2001:db8:ffff::1]', true],
  ['2001:db8::/32', 'https://[2001:db9::1]', false],
  ['::1/128', 'https://[::1]', true],
  ['[fd00::1]:8443', 'https://[fd00::1]:8443', true],
  ['[fd00::1]:8443', 'https://[fd00::1]', false],
  ['fd00::1', 'https://fd00.example', false],
  // The IPv4-mapped form of an address is that address (node:net's BlockList).
  ['10.0.0.1', 'https://[::ffff:10.0.0.1]', true],
  // Unicode names match their punycode form.
  ['bücher.example', 'https://www.bücher.example', true],
  // Hostile or unreadable entries match nothing and spoil nothing else.
  ['', 'https://example.com', false],
  ['   ', 'https://example.com', false],
  [',,,', 'https://example.com', false],
  ['.', 'https://example.com', false],
  ['*.', 'https://example.com', false],
  ['10.0.0.0/99', 'https://10.0.0.1', false],
  ['10.0.0.0/99,example.com', 'https://example.com', true],
  ['10.0.0.0/', 'https://10.0.0.0', false],
  ['10.0.0.0/-1', 'https://10.0.0.0', false],
  ['10.0.0.0/8/8', 'https://10.0.0.1', false],
  ['::/129', 'https://[::1]', false],
  ['[::1', 'https://[::1]', false],
  ['[::1]x', 'https://[::1]', false],
  ['[::1]/200', 'https://[::1]', false],
  ['example.com/24', 'https://example.com', false],
  ['http://example.com', 'https://example.com', false],
  ['\u0000example.com', 'https://example.com', false],
  ['[](command:evil)', 'https://example.com', false],
];

const inputs = (over: Partial<ProxyInputs>): ProxyInputs => ({ setting: 'http://proxy.corp:3128', noProxy: [], support: 'override', env: {}, ...over });

describe('net: NO_PROXY and http.noProxy', () => {
  it('follow curl’s rules, with VS Code’s ports (table)', () => {
    for (const [list, url, direct] of rows) {
      assert.equal(parseNoProxy([list]).matches(new URL(url)), direct, `${JSON.stringify(list)} for ${url}`);
    }
  });

  it('http.noProxy entries read alike, one per item or several in one', () => {
    const list = parseNoProxy(['.corp.example', '10.0.0.0/8 fd00::/8', ' ']);
    assert.equal(list.size, 3);
    for (const url of ['https://x.corp.example', 'https://10.9.9.9', 'https://[fd12::1]']) assert.ok(list.matches(new URL(url)), url);
    assert.ok(!list.matches(new URL('https://corp.example.net')));
  });

  it('which list wins: http.noProxy when it has an entry, else no_proxy, else NO_PROXY', () => {
    const target = new URL('https://api.example.com');
    const cases: readonly [Partial<ProxyInputs>, string | undefined][] = [
      [{ noProxy: ['example.com'], env: { no_proxy: 'other.test', NO_PROXY: 'other.test' } }, 'http.noProxy'],
      [{ noProxy: ['other.test'], env: { no_proxy: 'example.com', NO_PROXY: 'example.com' } }, undefined],
      [{ noProxy: ['', '  '], env: { no_proxy: 'example.com' } }, 'no_proxy'],
      [{ env: { no_proxy: 'example.com', NO_PROXY: 'other.test' } }, 'no_proxy'],
      [{ env: { no_proxy: 'other.test', NO_PROXY: 'example.com' } }, undefined],
      [{ env: { no_proxy: '', NO_PROXY: 'example.com' } }, 'NO_PROXY'],
      [{ env: { no_proxy: ' ', NO_PROXY: 'example.com' } }, 'NO_PROXY'],
      [{ env: { NO_PROXY: 'example.com' } }, 'NO_PROXY'],
      [{ env: { NO_PROXY: '*' } }, 'NO_PROXY'],
      [{ env: {} }, undefined],
    ];
    for (const [over, exempting] of cases) {
      const d = proxyFor(target, inputs(over));
      assert.deepEqual(d, exempting === undefined ? { kind: 'proxy', url: 'http://proxy.corp:3128', source: 'http.proxy' } : { kind: 'direct', reason: `${exempting} exempts this host` }, JSON.stringify(over));
    }
  });

  it('a huge list, and huge entries, are read and matched in linear time', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => (i % 2 === 0 ? `host${i}.example` : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)).join(',');
    const hostile = [`${'a.'.repeat(200_000)}com`, `[${':'.repeat(200_000)}`, `${'/'.repeat(200_000)}`, `${','.repeat(200_000)}`, `${'1'.repeat(200_000)}:1`].join(' ');
    const started = Date.now();
    const list = parseNoProxy([many, hostile]);
    assert.ok(list.matches(new URL('https://x.host49998.example')));
    assert.ok(list.matches(new URL('https://10.0.195.79')));
    assert.ok(!list.matches(new URL('https://host49999.example')));
    assert.ok(!list.matches(new URL(`https://${'b.'.repeat(100)}example`)));
    assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  });
});
