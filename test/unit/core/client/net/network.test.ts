// The pure parts of corporate-network support: loopback, proxy choice in VS Code's order,
// clear-text origins, the route, certificate descriptions and TLS messages.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { certificateFacts, describeCertificate } from '../../../../../src/core/client/net/certificate';
import { clearTextOrigin, clearTextRefused } from '../../../../../src/core/client/net/clearText';
import { isLoopbackHost } from '../../../../../src/core/client/net/loopback';
import { normalizeProxyUrl, proxyFor } from '../../../../../src/core/client/net/proxyFor';
import type { ProxyInputs } from '../../../../../src/core/client/net/proxyFor';
import { chooseRoute, hostFetch, routeOf, takesOwnConnection } from '../../../../../src/core/client/net/route';
import { tlsFailureMessage } from '../../../../../src/core/client/net/tlsMessage';
import { loadTrustedCertificates, trustedCertificates } from '../../../../../src/core/client/net/trustedCertificates';

const inputs = (over: Partial<ProxyInputs> = {}): ProxyInputs => ({ setting: '', noProxy: [], support: 'override', env: {}, ...over });
const url = (s: string): URL => new URL(s);

describe('net: loopback', () => {
  it('knows this machine’s plain names and addresses, and nothing else (more in loopback.test.ts)', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.8.9.10', '::1', '[::1]']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['example.com', '128.0.0.1', '10.0.0.1', 'localhost.example.com', '::2', '1.2.3.4', 'api.localhost', 'localhost.']) assert.ok(!isLoopbackHost(h), h);
  });
});

describe('net: proxyFor (VS Code’s order)', () => {
  it('proxySupport off is direct, whatever else is set', () => {
    assert.equal(proxyFor(url('https://leakjar.com'), inputs({ support: 'off', setting: 'http://p:1' })).kind, 'direct');
  });
  it('loopback is never proxied', () => {
    const d = proxyFor(url('http://127.0.0.1:9/api'), inputs({ setting: 'http://p:1', env: { HTTPS_PROXY: 'http://e:2' } }));
    assert.deepEqual(d, { kind: 'direct', reason: 'loopback is never proxied' });
  });
  it('http.proxy before the environment; https_proxy before HTTPS_PROXY before HTTP_PROXY', () => {
    assert.deepEqual(proxyFor(url('https://leakjar.com'), inputs({ setting: 'http://s:1', env: { HTTPS_PROXY: 'http://e:2' } })), { kind: 'proxy', url: 'http://s:1', source: 'http.proxy' });
    assert.equal(proxyFor(url('https://leakjar.com'), inputs({ env: { https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:1' } })).kind === 'proxy', true);
    assert.deepEqual(proxyFor(url('https://leakjar.com'), inputs({ env: { HTTPS_PROXY: 'http://b:1', HTTP_PROXY: 'http://c:1' } })), { kind: 'proxy', url: 'http://b:1', source: 'HTTPS_PROXY' });
    assert.deepEqual(proxyFor(url('https://leakjar.com'), inputs({ env: { HTTP_PROXY: 'http://c:1' } })), { kind: 'proxy', url: 'http://c:1', source: 'HTTP_PROXY' });
    assert.deepEqual(proxyFor(url('http://leakjar.com'), inputs({ env: { HTTPS_PROXY: 'http://b:1' } })).kind, 'direct');
  });
  it('http.noProxy exempts hosts, and replaces NO_PROXY when set', () => {
    const i = inputs({ setting: 'http://s:1', noProxy: ['.corp.example', 'leakjar.com:8443'], env: { NO_PROXY: 'leakjar.com' } });
    assert.equal(proxyFor(url('https://api.corp.example'), i).kind, 'direct');
    assert.equal(proxyFor(url('https://corp.example'), i).kind, 'direct');
    assert.equal(proxyFor(url('https://leakjar.com:8443'), i).kind, 'direct');
    assert.equal(proxyFor(url('https://leakjar.com'), i).kind, 'proxy', 'NO_PROXY is not read when http.noProxy is set');
    const envOnly = inputs({ setting: 'http://s:1', env: { NO_PROXY: 'example.org, leakjar.com' } });
    const d = proxyFor(url('https://api.leakjar.com'), envOnly);
    assert.deepEqual(d, { kind: 'direct', reason: 'NO_PROXY exempts this host' });
    assert.equal(proxyFor(url('https://notleakjar.com'), envOnly).kind, 'proxy');
  });
  it('a proxy URL is checked without repeating it (it may hold a password)', () => {
    assert.equal(normalizeProxyUrl('proxy.corp:3128', 'HTTPS_PROXY'), 'http://proxy.corp:3128/');
    assert.throws(() => normalizeProxyUrl('socks5://u:pw-secret@p:1080', 'http.proxy'), (e: Error) => /http\.proxy/.test(e.message) && !e.message.includes('pw-secret'));
    assert.throws(() => normalizeProxyUrl('http://[bad', 'NO'), /not a valid URL/);
  });
});

describe('net: clear text', () => {
  it('an http:// origin on another machine needs consent; https and loopback do not', () => {
    assert.equal(clearTextOrigin('http://leaks.corp.example:8080/api'), 'http://leaks.corp.example:8080');
    assert.equal(clearTextOrigin('https://leakjar.com/api'), undefined);
    assert.equal(clearTextOrigin('http://127.0.0.1:3000'), undefined);
    assert.equal(clearTextOrigin('http://localhost/api'), undefined);
    assert.equal(clearTextOrigin('not a url'), undefined);
  });
  it('the refusal says nothing was sent and why', () => {
    const e = clearTextRefused('http://leaks.corp.example');
    assert.equal(e.kind, 'invalid-input');
    assert.match(e.message, /^Nothing was sent: http:\/\/leaks\.corp\.example is a plain http:\/\/ address.*API key.*unencrypted/);
  });
});

describe('net: route', () => {
  it('VS Code’s fetch when it is there and allowed; our own otherwise, with the reason', () => {
    assert.equal(chooseRoute({ hostFetch: true, fetchAdditionalSupport: true, strictSSL: true }).route, 'vscode-fetch');
    assert.match(chooseRoute({ hostFetch: false, fetchAdditionalSupport: true, strictSSL: true }).reason, /no VS Code fetch/);
    assert.match(chooseRoute({ hostFetch: true, fetchAdditionalSupport: false, strictSSL: true }).reason, /fetchAdditionalSupport is off/);
    assert.match(chooseRoute({ hostFetch: true, fetchAdditionalSupport: true, strictSSL: false }).reason, /proxyStrictSSL is off/);
  });
  it('a request takes our own connection on our route, and on VS Code’s for this machine or an address that does not parse', () => {
    const f = (() => Promise.reject(new Error('x'))) as unknown as typeof fetch;
    assert.equal(routeOf({ fetch: f, fetchAdditionalSupport: true, strictSSL: true }).route, 'vscode-fetch');
    assert.equal(routeOf({ fetchAdditionalSupport: true, strictSSL: true }).route, 'own');
    assert.equal(takesOwnConnection('own', 'https://api.leakjar.example/v1'), true);
    assert.equal(takesOwnConnection('vscode-fetch', 'https://api.leakjar.example/v1'), false);
    assert.equal(takesOwnConnection('vscode-fetch', 'http://localhost:8080/'), true);
    assert.equal(takesOwnConnection('vscode-fetch', 'http://127.0.0.1:8080/'), true);
    assert.equal(takesOwnConnection('vscode-fetch', 'http://[::1]:8080/'), true);
    assert.equal(takesOwnConnection('vscode-fetch', 'http://localhost.example.com/'), false);
    assert.equal(takesOwnConnection('vscode-fetch', 'not a url'), true);
  });
  it('VS Code’s fetch is recognised by its marker only', () => {
    const f = (() => Promise.reject(new Error('x'))) as unknown as typeof fetch;
    assert.equal(hostFetch({ fetch: f } as unknown as typeof globalThis), undefined);
    assert.equal(typeof hostFetch({ fetch: f, __vscodeOriginalFetch: f } as unknown as typeof globalThis), 'function');
  });
});

describe('net: trusted certificates', () => {
  const fakeTls = (system: boolean) => ({
    rootCertificates: ['R'],
    getCACertificates: (kind: string): string[] => (kind === 'default' ? ['D', 'E'] : kind === 'system' && system ? ['S', 'D'] : []),
  });
  it('Node’s default list, plus the system store when http.systemCertificates is on', () => {
    assert.deepEqual(trustedCertificates(true, fakeTls(true)), { certificates: ['D', 'E', 'S'], system: 'node' });
    assert.deepEqual(trustedCertificates(false, fakeTls(true)), { certificates: ['D', 'E'], system: 'off' });
  });
  it('adds NODE_EXTRA_CA_CERTS where Node’s bundled list stands in for its default one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extra-ca-'));
    try {
      const file = path.join(dir, 'corp.pem');
      fs.writeFileSync(file, '-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n');
      const oldNode = { rootCertificates: ['R'] };
      assert.deepEqual(trustedCertificates(false, oldNode, { NODE_EXTRA_CA_CERTS: file }).certificates, ['R', '-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----']);
      assert.deepEqual(trustedCertificates(false, oldNode, { NODE_EXTRA_CA_CERTS: path.join(dir, 'missing.pem') }).certificates, ['R']);
      assert.deepEqual(trustedCertificates(false, fakeTls(true), { NODE_EXTRA_CA_CERTS: file }).certificates, ['D', 'E'], 'Node’s default list has them already');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('the real Node has a non-empty list', () => {
    assert.ok(trustedCertificates(true).certificates.length > 10);
  });
  it('reads the same list in a worker thread, once per process and setting', async () => {
    // How long the extension host is blocked meanwhile is the host bench's figure (engine.first_request.host_block_ms).
    for (const system of [true, false]) {
      const loaded = await loadTrustedCertificates(system);
      assert.deepEqual(loaded, trustedCertificates(system));
      assert.equal(await loadTrustedCertificates(system), loaded);
    }
  });
});

describe('net: certificates in messages', () => {
  const root = { subject: { CN: 'Corp Root CA', O: 'Corp' }, issuer: { CN: 'Corp Root CA', O: 'Corp' } };
  const leaf = {
    subject: { CN: 'leakjar.com' },
    issuer: { CN: 'Corp Inspection CA', O: 'Corp' },
    subjectaltname: 'DNS:leakjar.com, DNS:www.leakjar.com, IP Address:1.2.3.4',
    valid_to: 'Jan  1 00:00:00 2030 GMT',
    issuerCertificate: { subject: { CN: 'Corp Inspection CA', O: 'Corp' }, issuer: root.subject, issuerCertificate: root },
  };
  it('names subject, issuer, names, expiry and root', () => {
    const f = certificateFacts(leaf, Date.parse('2026-01-01'));
    assert.deepEqual(f, { subject: 'CN=leakjar.com', issuer: 'CN=Corp Inspection CA, O=Corp', names: ['leakjar.com', 'www.leakjar.com', '1.2.3.4'], validTo: '2030-01-01', expired: false, root: 'CN=Corp Root CA, O=Corp' });
    assert.match(describeCertificate(f), /CN=leakjar\.com, issued by CN=Corp Inspection CA.*valid until 2030-01-01; its chain ends at CN=Corp Root CA/);
  });
  it('hostile certificate text is bounded plain text', () => {
    const f = certificateFacts({ subject: { CN: `[x](command:evil)\u202e${'a'.repeat(500)}` }, issuer: {} }, 0);
    assert.ok(!f.subject.includes('](') && !f.subject.includes('\u202e') && f.subject.length < 100);
  });
  it('untrusted: says what to do, and when the system store is off, says that; names the knob, not a setting', () => {
    const cert = certificateFacts(leaf, 0);
    const on = tlsFailureMessage({ via: 'https://leakjar.com', code: 'SELF_SIGNED_CERT_IN_CHAIN', certificate: cert, systemCertificates: true });
    assert.match(on?.message ?? '', /not trusted here.*CN=Corp Inspection CA.*operating system’s trust store\.$/);
    assert.equal(on?.setting, 'trustStore');
    const off = tlsFailureMessage({ via: 'https://leakjar.com', code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', systemCertificates: false });
    assert.match(off?.message ?? '', /trust store .* is not used\.$/);
    assert.equal(off?.setting, 'systemCertificates');
  });
  it('wrong host and expired have their own next steps', () => {
    const host = tlsFailureMessage({ via: 'o', code: 'ERR_TLS_CERT_ALTNAME_INVALID', systemCertificates: true });
    assert.match(host?.message ?? '', /different host name.*Check the service address/);
    assert.equal(host?.setting, 'baseUrl');
    assert.match(tlsFailureMessage({ via: 'o', code: 'CERT_HAS_EXPIRED', systemCertificates: true })?.message ?? '', /expired.*clock/);
    assert.equal(tlsFailureMessage({ via: 'o', code: 'EPROTO', systemCertificates: true }), undefined);
  });
});
