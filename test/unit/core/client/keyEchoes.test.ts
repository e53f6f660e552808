// Every spelling in which a server or proxy can echo the API key (or a proxy's credentials) is
// masked, and masked before any text is cut to a display length: a table of echoes, each
// checked in redact() itself and through a real error answer of the reference service, as the
// user reads it (describeError) and as the log writes it.
import * as assert from 'node:assert/strict';
import { describeError } from '../../../../src/editor/checks/formatError';
import { LeakSearchError } from '../../../../src/core/service/errors';
import { proxyCredentials, redact } from '../../../../src/core/text/redact';
import { FAULTY_KEY, useTestService, testClient } from './fixture';
import { ECHOES, ZW, base64, showsPartOf } from './keySpellings';

const KEY = FAULTY_KEY;

describe('client: the key never shows, in any spelling', () => {
  for (const key of [KEY, 'lj_Secret+Key:7=Q@z!$&,;"_a9f3e1', 'ключ-Ümlaut-🔑-0123456789']) {
    for (const [what, spell] of ECHOES) {
      it(`${what}: ${JSON.stringify(key).slice(0, 20)}…`, () => {
        const text = `The proxy said: ${spell(key)} was refused (${'x'.repeat(20)}).`;
        const out = redact(text, [key]);
        assert.equal(showsPartOf(out, key), undefined, out);
        assert.ok(out.includes('***'), out);
      });
    }
  }

  it('masks base64 of a search URL even when the key is not known', () => {
    const out = redact(`token ${base64('GET https://h/api/search/some-unknown-key-123/e.com/accounts')} end`);
    assert.ok(!out.includes(base64('GET https://h/api/search/some-unknown-key-123/e.com/accounts').slice(0, 16)), out);
    assert.match(out, /^token \*\*\* end$/);
  });

  it('leaves ordinary text alone, and secrets of one or two characters alone', () => {
    const text = 'Invalid API key. Try again at 12:00 (rate limit 100/h, base64 aGVsbG8gd29ybGQ=).';
    assert.equal(redact(text, [KEY, 'ab', 'x']), text);
  });

  it('is linear on long hostile text (no backtracking blow-up)', () => {
    const text = `${KEY.slice(0, -1).repeat(2000)}${'%6'.repeat(50_000)}${'&#'.repeat(50_000)}${ZW.repeat(50_000)}`;
    const started = process.hrtime.bigint();
    redact(text, [KEY]);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    assert.ok(ms < 2000, `${ms} ms`);
  });

  it('proxy credentials are secrets: user, password (as written and decoded) and the pair', () => {
    const creds = proxyCredentials(['http://svc%2Duser:p%40ss%3Aw0rd@proxy.corp:3128', 'proxy2:8080', undefined, '']);
    for (const c of ['svc%2Duser', 'svc-user', 'p%40ss%3Aw0rd', 'p@ss:w0rd']) assert.ok(creds.includes(c), c);
    const out = redact('407 for svc-user with p@ss:w0rd (p%40ss%3Aw0rd)', creds);
    assert.ok(!out.includes('p@ss:w0rd') && !out.includes('p%40ss') && !out.includes('svc-user'), out);
  });
});

describe('client over HTTP: a server that echoes the key, long or short, shows none of it', function () {
  this.timeout(20_000);
  const service = useTestService({ clearFaults: true });

  for (const [what, spell] of ECHOES) {
    for (const padding of [0, 280, 295]) {
      it(`${what}, after ${padding} characters`, async () => {
        // A long echo puts the key across the 300-character display cut: it is masked first.
        const said = `${'Denied: '.padEnd(padding, '.')}${spell(KEY)} is not allowed here.`;
        service.setFaults(KEY, [{ fault: 'custom', status: 403, body: JSON.stringify({ error: said }) }]);
        const client = testClient({ maxRetries: 0 });
        const error = await client.search({ baseUrl: service.baseUrl, apiKey: KEY, domain: 'example.com', type: 'a' }).then(
          () => assert.fail('expected a refusal'),
          (e: unknown) => e as LeakSearchError,
        );
        assert.equal(error.kind, 'forbidden');
        const shown = describeError(error, { origin: new URL(service.baseUrl).origin, domain: 'example.com', now: Date.now() }).message;
        for (const text of [shown, error.message, String(error.details.serverMessage), JSON.stringify(error.details)]) {
          assert.equal(showsPartOf(text, KEY), undefined, text);
        }
        assert.ok((error.details.serverMessage ?? '').length <= 300);
      });
    }
  }
});

describe('errors: a LeakSearchError built from outside text masks search paths in every spelling', () => {
  it('masks a percent-encoded search URL and a base64 one', () => {
    const e = new LeakSearchError('network', `proxy: ${encodeURIComponent(`https://h/api/search/${KEY}/e.com`)} and ${base64(`/api/search/${KEY}/e.com`)}`);
    assert.equal(showsPartOf(e.message, KEY), undefined, e.message);
  });
});
