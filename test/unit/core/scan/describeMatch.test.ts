// The diagnostic message of a match: what leaked, how often and when, never the password itself.
import * as assert from 'node:assert/strict';
import type { AccountRecord } from '../../../../src/core/service/types';
import { describeMatch } from '../../../../src/core/scan/describeMatch';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';
import type { LeakMatch } from '../../../../src/core/scan/leakIndex';

function rec(over: Partial<AccountRecord>): AccountRecord {
  return {
    date: '2024-09-20T08:11:00.000Z',
    browser: 'Google Chrome',
    status: 'show',
    url: 'https://vdi.example.com/portal/',
    ip: '68.0.2.248',
    country: 'US',
    username: 'alice@example.com',
    password: 'S3cret-Passw0rd',
    ...over,
  };
}

const index = buildLeakIndex([
  {
    domain: 'example.com',
    type: 'accounts',
    records: [
      rec({}),
      rec({ date: '2024-03-01T00:00:00.000Z' }),
      rec({ date: '2023-12-31T23:59:59.000Z' }),
      rec({ username: 'bob@example.com', date: '', browser: '', country: '', password: 'S3cret-Passw0rd', url: '' }),
      rec({ username: 'carol@example.com', browser: 'Opera', country: 'DE', status: 'hide', password: 'Carol-Only-Pw1' }),
      rec({ username: 'dave@example.com', browser: 'Safari', status: 'hide' }),
      rec({ username: 'dave@example.com', browser: 'Opera', country: 'FR' }),
      rec({ username: 'dave@example.com', browser: 'Opera', country: 'JP' }),
      rec({ username: 'dave@example.com', browser: 'Edge', country: 'BR' }),
    ],
  },
]);

function message(text: string): string {
  const ms = index.match(text);
  assert.equal(ms.length, 1, text);
  return describeMatch(ms[0]);
}

describe('describeMatch', () => {
  it('e-mail: count, latest date, browsers, countries', () => {
    assert.equal(message('alice@example.com'), 'alice@example.com appears in 3 leaked records (latest 2024-09-20, Google Chrome, US)');
  });

  it('one record without details', () => {
    assert.equal(message('bob@example.com'), 'bob@example.com appears in 1 leaked record');
  });

  it('hidden records are said so', () => {
    assert.equal(message('carol@example.com'), 'carol@example.com appears in 1 leaked record (latest 2024-09-20, Opera, DE, all marked hidden by the service)');
    assert.equal(
      message('dave@example.com'),
      'dave@example.com appears in 4 leaked records (latest 2024-09-20, Opera, Edge +1 more, BR, FR, JP +1 more, 1 marked hidden by the service)',
    );
  });

  it('URL and host', () => {
    assert.equal(message('https://VDI.example.com/portal'), 'https://vdi.example.com/portal appears in 8 leaked records (latest 2024-09-20, Google Chrome, Opera +2 more, US, BR, DE +2 more, 2 marked hidden by the service)');
    assert.equal(message('vdi.example.com'), 'vdi.example.com is the host of leaked URLs in 8 leaked records (latest 2024-09-20, Google Chrome, Opera +2 more, US, BR, DE +2 more, 2 marked hidden by the service)');
  });

  it('password: names the one account whose records hold it, never the password', () => {
    const one = message('PW=Carol-Only-Pw1');
    assert.equal(one, 'A password leaked for carol@example.com appears here — rotate it');
    const many = message('"S3cret-Passw0rd"');
    assert.equal(many, 'A password from 8 leaked records appears here — rotate it');
    assert.ok(!many.includes('S3cret'));
  });

  it('says what each match says when matches share their records\' summary, again and again', () => {
    // Messages are made once per summary and what else they say: each of these shares one.
    const [host] = index.match('vdi.example.com');
    assert.ok(host);
    const variants: [LeakMatch, string][] = [
      [host, 'vdi.example.com is the host of leaked URLs in 8 leaked records'],
      [{ ...host, identifier: 'other.example.com' }, 'other.example.com is the host of leaked URLs in 8 leaked records'],
      [{ ...host, kind: 'url', identifier: 'https://vdi.example.com/' }, 'https://vdi.example.com/ appears in 8 leaked records'],
      [{ ...host, kind: 'password', identifier: '', owners: [] }, 'A password from 8 leaked records appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: 'a@example.com', owners: ['a@example.com'] }, 'A password leaked for a@example.com appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: 'b@example.com', owners: ['b@example.com'] }, 'A password leaked for b@example.com appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: 'a@example.com', owners: ['c@example.com'] }, 'A password leaked for c@example.com appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: 'e', owners: ['d\nd'] }, 'A password leaked for d d appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: 'd\ne', owners: ['d'] }, 'A password leaked for d appears here — rotate it'],
      [{ ...host, kind: 'password', identifier: '', owners: [], common: true }, 'A common password, found in 8 leaked records, appears here'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [m, start] of variants) assert.ok(describeMatch(m).startsWith(start), `${describeMatch(m)} | ${start}`);
    }
    // More accounts named than the summary keeps messages for: each still named.
    for (let k = 0; k < 100; k++) {
      const owner = `user${k}@example.com`;
      assert.equal(describeMatch({ ...host, kind: 'password', identifier: owner, owners: [owner] }), `A password leaked for ${owner} appears here — rotate it`);
    }
  });
});
