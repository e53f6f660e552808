// Validation of a search answer's body: typed records, count, and error bodies refused or read
// as the service meant them.
import * as assert from 'node:assert/strict';
import { LeakSearchError } from '../../../../src/core/service/errors';
import { forbiddenReason } from '../../../../src/core/service/httpStatus';
import { parseErrorBody, parseSearchBody } from '../../../../src/core/client/response';

const RECORD = { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vdi.sampleurl.com/portal/webclient/', ip: '68.0.2.248', country: 'US', username: 'sampleuser@sampleurl.com', password: 'Samplepassword000' };

function badResponse(text: string, type: 'accounts' | 'customers' = 'accounts'): string {
  try {
    parseSearchBody(text, type);
  } catch (e) {
    assert.ok(e instanceof LeakSearchError);
    assert.equal(e.kind, 'bad-response');
    return e.message;
  }
  assert.fail('expected bad-response');
}

describe('client: response validation', () => {
  it('types accounts records: all eight fields, a missing one is "", extra fields kept in extra', () => {
    const r = parseSearchBody(JSON.stringify({ count: 141, results: [RECORD, { username: 'u@x.com', note: 'vip', score: 3, tags: ['a'] }] }), 'accounts');
    assert.equal(r.type, 'accounts');
    assert.equal(r.count, 141);
    assert.deepEqual(r.records[0], RECORD);
    assert.deepEqual(r.records[1], { date: '', browser: '', status: '', url: '', ip: '', country: '', username: 'u@x.com', password: '', extra: { note: 'vip', score: 3, tags: '["a"]' } });
  });

  it('accounts fields: numbers and booleans become text, null becomes "", objects are refused', () => {
    const r = parseSearchBody(JSON.stringify({ count: 1, results: [{ ...RECORD, ip: null, country: 7, status: true }] }), 'accounts');
    assert.equal(r.records[0]?.ip, '');
    assert.equal((r.records[0] as { country: string }).country, '7');
    assert.equal((r.records[0] as { status: string }).status, 'true');
    assert.match(badResponse(JSON.stringify({ count: 1, results: [{ ...RECORD, password: { x: 1 } }] })), /"password" of result 1 is not text/);
  });

  it('keeps customers records as open objects; nested values as their JSON text', () => {
    const r = parseSearchBody(JSON.stringify({ count: 2, results: [{ a: 1, b: 'x', c: false, d: null }, { nested: { k: [1, 2] } }] }), 'customers');
    assert.deepEqual(r.records, [{ a: 1, b: 'x', c: false, d: null }, { nested: '{"k":[1,2]}' }]);
  });

  it('count is the total found: fewer records than count is valid and both are exposed', () => {
    const r = parseSearchBody(JSON.stringify({ count: 5000, results: [RECORD] }), 'accounts');
    assert.equal(r.count, 5000);
    assert.equal(r.records.length, 1);
  });

  it('refuses what is not JSON, truncated, or has wrong types', () => {
    assert.match(badResponse(''), /empty/);
    assert.match(badResponse('<html>oops</html>'), /not valid JSON/);
    assert.match(badResponse(JSON.stringify({ count: 1, results: [RECORD] }).slice(0, 40)), /not valid JSON/);
    assert.match(badResponse('[1,2]'), /not a JSON object/);
    assert.match(badResponse('null'), /not a JSON object/);
    assert.match(badResponse('{"count":"3","results":[]}'), /"count"/);
    assert.match(badResponse('{"count":-1,"results":[]}'), /"count"/);
    assert.match(badResponse('{"count":1.5,"results":[]}'), /"count"/);
    assert.match(badResponse('{"results":[]}'), /"count"/);
    assert.match(badResponse('{"count":0,"results":{}}'), /"results"/);
    assert.match(badResponse('{"count":1}'), /"results"/);
    assert.match(badResponse('{"count":1,"results":["x"]}'), /result 1 is not an object/);
    assert.match(badResponse('{"count":1,"results":[[]]}', 'customers'), /result 1 is not an object/);
  });

  it('reads the error text of an error body as written, not yet cut (the client masks the key first)', () => {
    assert.equal(parseErrorBody('{"error":"Invalid API key."}'), 'Invalid API key.');
    assert.equal(parseErrorBody('{"error":"a\\nb"}'), 'a\nb');
    assert.equal(parseErrorBody('{"error":""}'), '');
    assert.equal(parseErrorBody('{"message":"x"}'), undefined);
    assert.equal(parseErrorBody('<html>'), undefined);
    assert.equal(parseErrorBody(JSON.stringify({ error: 'x'.repeat(1000) }))?.length, 1000);
    assert.equal(parseErrorBody(JSON.stringify({ error: 'x'.repeat(100_000) }))?.length, 65536);
  });

  it('tells the two 403 causes apart from the server text', () => {
    assert.equal(forbiddenReason('Your subscription does not cover this domain.'), 'subscription');
    assert.equal(forbiddenReason('Requests from this IP address are not permitted.'), 'ip');
    assert.equal(forbiddenReason('Client IP not in allow-list'), 'ip');
    assert.equal(forbiddenReason('No permission to access this resource or unauthorized IP'), 'unknown');
    assert.equal(forbiddenReason('Forbidden'), 'unknown');
    assert.equal(forbiddenReason(undefined), 'unknown');
  });
});
