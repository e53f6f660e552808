// Redaction: an API key never shows in text, in any spelling, nor a URL's key segment or user info.
import * as assert from 'node:assert/strict';
import { LeakSearchError } from '../../../../src/core/service/errors';
import { redact, redactUrl } from '../../../../src/core/text/redact';

const KEY = 'lj_live_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

describe('client: redaction', () => {
  it('removes a known key anywhere in text', () => {
    assert.equal(redact(`key=${KEY}; again ${KEY}`, [KEY]), 'key=***; again ***');
  });

  it('removes the URL-encoded form of a key, in either hex case, and the JSON-escaped form', () => {
    const key = 'k+ey:1=2@x"y';
    const encoded = encodeURIComponent(key);
    assert.equal(redact(`a ${encoded} b`, [key]), 'a *** b');
    assert.equal(redact(`a ${encoded.toLowerCase()} b`, [key]), 'a *** b');
    assert.equal(redact(`{"k":${JSON.stringify(key)}}`, [key]), '{"k":"***"}');
    assert.equal(redact(`raw ${key}`, [key]), 'raw ***');
  });

  it('masks the key segment of any /search/<key>/ path, even for an unknown key', () => {
    assert.equal(
      redact('GET https://leakjar.com/api/search/whatever-key/example.com/accounts failed'),
      'GET https://leakjar.com/api/search/***/example.com/accounts failed',
    );
    assert.equal(redact('/search/abc'), '/search/***');
    assert.equal(redact('/SEARCH/abc/x'), '/SEARCH/***/x');
    assert.equal(redact('see %2Fapi%2Fsearch%2Fsecret%2Fexample.com'), 'see %2Fapi%2Fsearch%2F***%2Fexample.com');
  });

  it('masks user info of URLs (proxy credentials)', () => {
    assert.equal(redact('proxy http://bob:hunter2@proxy.corp:3128 refused'), 'proxy http://***@proxy.corp:3128 refused');
  });

  it('leaves ordinary text alone and ignores empty secrets', () => {
    assert.equal(redact('Invalid API key.', ['']), 'Invalid API key.');
    assert.equal(redact('example.com has 3 leaks', [KEY]), 'example.com has 3 leaks');
  });

  it('redactUrl masks the key segment and drops user info', () => {
    assert.equal(redactUrl(`https://leakjar.com/api/search/${KEY}/example.com/accounts/20240101/20241231`), 'https://leakjar.com/api/search/***/example.com/accounts/20240101/20241231');
    assert.equal(redactUrl(`http://u:p@127.0.0.1:9/search/${encodeURIComponent('a+b')}/x.com/a`), 'http://127.0.0.1:9/search/***/x.com/a');
    assert.equal(redactUrl('not a url /search/k/x'), 'not a url /search/***/x');
  });

  it('a LeakSearchError masks /search/<key> paths in its own message and stack', () => {
    const e = new LeakSearchError('network', `GET http://h/search/${KEY}/example.com/a failed`);
    assert.ok(!e.message.includes(KEY));
    assert.ok(!String(e.stack).includes(KEY));
    assert.ok(!String(e).includes(KEY));
  });
});
