// The leak index's rules of position and naming: generic usernames, short and common
// passwords, whose account a password names, IDN forms, and add/remove per result.
import * as assert from 'node:assert/strict';
import type { AccountRecord } from '../../../../src/core/service/types';
import { LeakIndex, arraySource, buildLeakIndex } from '../../../../src/core/scan/leakIndex';

function account(username: string, password: string, url = 'https://vpn.acme.test/login'): AccountRecord {
  return { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url, ip: '10.0.0.1', country: 'US', username, password };
}

const records = [
  account('alice@acme.test', 'Summer2024!'),
  account('bob@acme.test', 'Shared-Secret-77'),
  account('carol@acme.test', 'Shared-Secret-77'),
  account('admin', 'password'),
  account('jürgen@müller.de', 'Kurz1'),
  account('dave@acme.test', 'x', '@@'),
];
const index = buildLeakIndex([{ domain: 'acme.test', type: 'accounts', records }]);

function hits(text: string): string[] {
  return index.match(text).map((m) => `${m.kind} ${text.slice(m.start, m.end)} ${m.severity}${m.owners.length > 0 ? ` ${m.owners.join(',')}` : ''}`);
}

describe('leak index: positions', () => {
  it('a generic username is matched only where a user is named, and is a warning only when its site is near', () => {
    // `admin` leaked on vpn.acme.test: alone it names no one, beside that host it is the leaked one.
    assert.deepEqual(hits('user: admin'), ['username admin hint']);
    assert.deepEqual(hits('host: vpn.acme.test\nuser: admin'), ['host vpn.acme.test information', 'username admin warning']);
    assert.deepEqual(hits('the admin page'), []);
  });

  it('a common password is only a hint, only where a password belongs, and names nobody', () => {
    assert.deepEqual(hits('password: "password"'), ['password password hint']);
    assert.deepEqual(hits('<input type="password"> "password" x = password'), []);
    const m = index.match('PASSWORD=password')[0];
    assert.equal(m.common, true);
    assert.equal(m.identifier, '');
  });

  it('a short password is matched only where a password belongs', () => {
    assert.deepEqual(hits('pwd = Kurz1'), ['password Kurz1 error jürgen@xn--mller-kva.de']);
    assert.deepEqual(hits('name = "Kurz1"'), []);
  });

  it('a strong password is matched as any value and names its one account', () => {
    assert.deepEqual(hits('const token = "Summer2024!"'), ['password Summer2024! error alice@acme.test']);
    assert.deepEqual(hits('postgres://alice:Summer2024!@db.internal/app'), ['password Summer2024! error alice@acme.test']);
  });

  it('a password of several accounts names one only when the text around it does', () => {
    assert.deepEqual(hits('secret: Shared-Secret-77'), ['password Shared-Secret-77 error']);
    assert.deepEqual(hits('user: carol@acme.test\npassword: Shared-Secret-77'), ['email carol@acme.test warning', 'password Shared-Secret-77 error carol@acme.test']);
  });

  it('matches a leaked IDN e-mail in either form', () => {
    assert.deepEqual(hits('jürgen@xn--mller-kva.de JÜRGEN@müller.de'), ['email jürgen@xn--mller-kva.de warning', 'email JÜRGEN@müller.de warning']);
  });

  it('counts URLs it could not parse', () => {
    assert.equal(index.stats.unparsedUrls, 1);
  });
});

describe('leak index: add and remove per result', () => {
  it('a removed result is no longer matched; the others stay; replacing re-adds', () => {
    const idx = new LeakIndex();
    idx.add(1, arraySource('acme.test', 'accounts', [account('alice@acme.test', 'Summer2024!')]));
    idx.add(2, arraySource('acme.test', 'accounts', [account('erin@acme.test', 'Winter2025?')]));
    assert.equal(idx.match('alice@acme.test erin@acme.test').length, 2);
    assert.equal(idx.remove(1), true);
    assert.deepEqual(idx.match('alice@acme.test erin@acme.test').map((m) => m.identifier), ['erin@acme.test']);
    idx.add(2, arraySource('acme.test', 'accounts', [account('frank@acme.test', 'Spring2026#')]));
    assert.deepEqual(idx.match('erin@acme.test frank@acme.test').map((m) => `${m.identifier} ${m.refs[0].source}`), ['frank@acme.test 2']);
    assert.equal(idx.remove(1), false);
    assert.equal(idx.stats.records, 1);
  });

  it('a text matched again names the records of the index as it is now, not as it was', () => {
    const idx = new LeakIndex();
    const text = 'alice@acme.test and alice@acme.test';
    idx.add(1, arraySource('acme.test', 'accounts', [account('alice@acme.test', 'Summer2024!')]));
    const refs = (): string[] => idx.match(text).map((m) => m.refs.map((r) => `${r.source}:${r.record}`).join(' '));
    assert.deepEqual(refs(), ['1:0', '1:0']);
    assert.deepEqual(refs(), ['1:0', '1:0'], 'the same again');
    idx.add(2, arraySource('acme.test', 'accounts', [account('bob@acme.test', 'x-Secret-1'), account('alice@acme.test', 'Autumn2023$')]));
    assert.deepEqual(refs(), ['1:0 2:1', '1:0 2:1'], 'another result with the address');
    idx.remove(1);
    assert.deepEqual(refs(), ['2:1', '2:1'], 'the first result removed');
    const [m] = idx.match(text);
    assert.ok(Object.isFrozen(m.refs), 'records shared between matches cannot be changed by one of them');
  });
});
