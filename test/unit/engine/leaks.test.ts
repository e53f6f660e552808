// The engine's leak index over record tables: results added and removed one by one, the
// account fields read straight from the table, hovers by handle.
import * as assert from 'node:assert/strict';
import { SearchBodyParser } from '../../../src/core/results/searchBodyParser';
import type { AccountRecord } from '../../../src/core/service/types';
import { Fingerprinter } from '../../../src/core/scan/fingerprint';
import { COMMON_PASSWORDS, EMAILS, PASSWORDS, SHORT_PASSWORDS, USERNAMES, USER_ONLY, buildSegment } from '../../../src/core/scan/sourceSegment';
import { Leaks, tableSource } from '../../../src/engine/leaks';
import { RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';

function table(records: AccountRecord[]): RecordTable {
  const b = new RecordTableBuilder('accounts');
  for (const r of records) b.add(r);
  return b.finish();
}

function account(username: string, password: string, url = 'https://vpn.acme.test/login'): AccountRecord {
  return { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url, ip: '10.0.0.1', country: 'US', username, password };
}

describe('engine leaks: per-result index', () => {
  const a = table([account('alice@acme.test', 'Summer2024!')]);
  const b = table([account('bob@acme.test', 'Winter2025?'), account('bob@acme.test', 'changeme')]);

  it('adds, keeps and removes results by key; matches carry their target result and messages', () => {
    const logs: string[] = [];
    const leaks = new Leaks((_level, message) => logs.push(message));
    leaks.set(['a'], [a], ['acme.test']);
    assert.deepEqual(leaks.match('alice@acme.test bob@acme.test').map((m) => m.identifier), ['alice@acme.test']);
    leaks.set(['a', 'b'], [a, b], ['acme.test', 'acme.test']);
    const both = leaks.match('alice@acme.test bob@acme.test pw = "Winter2025?" pwd: changeme');
    assert.deepEqual(both.map((m) => `${m.kind} ${m.severity} ${m.target?.key}`), [
      'email warning a',
      'email warning b',
      'password error b',
      'password hint b',
    ]);
    assert.equal(both[2].message, 'A password leaked for bob@acme.test appears here — rotate it');
    assert.equal(both[3].common, true);
    const hover = leaks.hover(both[1].handle, 10);
    assert.equal(hover?.total, 2);
    assert.equal(hover?.records[0].site, 'vpn.acme.test');
    leaks.set(['b'], [b], ['acme.test']);
    assert.deepEqual(leaks.match('alice@acme.test bob@acme.test').map((m) => m.identifier), ['bob@acme.test']);
    assert.equal(leaks.hover(both[1].handle, 10), undefined, 'handles of an older version are stale');
    assert.equal(leaks.stats.records, 2);
    assert.deepEqual(logs, []);
  });

  it('logs URLs it cannot parse', () => {
    const logs: string[] = [];
    const leaks = new Leaks((_level, message) => logs.push(message));
    leaks.set(['c'], [table([account('carol@acme.test', 'Spring2026#', '@@')])], ['acme.test']);
    assert.equal(logs.length, 1);
    assert.match(logs[0], /1 URL\(s\) of c could not be parsed/);
  });
});

describe('engine leaks: hover handles stay bounded', () => {
  it('forgets the oldest handles once they hold a million record references, newest kept', () => {
    // 20,000 records on one host: each match of that host stands for all of them.
    const records = Array.from({ length: 20_000 }, (_, i) => account(`user${i}@acme.test`, `Pw-${i}-x9`, `https://vpn.acme.test/login${i}`));
    const leaks = new Leaks(() => undefined);
    leaks.set(['a'], [table(records)], ['acme.test']);
    const first = leaks.match('vpn.acme.test', { hosts: true })[0];
    assert.ok(first, 'the host matches');
    assert.equal(first.count, 20_000);
    let last = first;
    // 60 texts of one match each: 1,200,000 references made in all.
    for (let i = 0; i < 60; i++) last = leaks.match('vpn.acme.test', { hosts: true })[0] ?? last;
    assert.equal(leaks.hover(first.handle, 1), undefined, 'the oldest handle was forgotten');
    assert.equal(leaks.hover(last.handle, 1)?.total, 20_000, 'the newest one still answers');
  });
});

describe('engine leaks: the segment built while records arrive', () => {
  /** A body with every shape the index reads differently: plain records, extra fields, blank and odd values. */
  const accounts = [
    account('alice@acme.test', 'Summer2024!'),
    account('bob.builder', 'Winter2025?', '   '),
    { ...account('carol@acme.test', 'tr\ud800ick-pass'), username: 'carol@acme.test' },
    account('dave', 'x1', 'intranet:8080/admin'),
    account('h\ud800nk.user', 'Pass-w\udfffrd-99'),
    account('erin@acme.test', 'changeme', '@@'),
  ];
  const body = (records: readonly object[]): string => {
    const texts = records.map((r) => JSON.stringify(r));
    // An extra field with an e-mail in it, a number for a username, a key given twice (the table keeps one value; the index must agree).
    texts.push('{"date":"2024-01-02T00:00:00.000Z","url":"https://git.acme.test/","username":12345678,"password":"Hunter2-Hunter2","note":"ask frank@acme.test"}');
    texts.push('{"username":"first@acme.test","username":"grace@acme.test","password":"Autumn-2023!","url":"https://sso.acme.test/"}');
    return `{"count":${texts.length},"results":[${texts.join(',')}]}`;
  };
  const text = [
    'alice@acme.test bob.builder h\ufffdnk.user carol@acme.test dave 12345678 frank@acme.test grace@acme.test first@acme.test',
    'https://vpn.acme.test/login http://intranet:8080/admin https://git.acme.test/ https://sso.acme.test/',
    'pw = "Summer2024!" pw = "Winter2025?" pw = "tr\ufffdick-pass" password: x1 pwd: changeme "Hunter2-Hunter2" "Autumn-2023!"',
  ].join('\n');

  function ingest(leaks: Leaks, type: 'accounts' | 'customers', json: string): RecordTable {
    const prepared = leaks.prepare();
    const builder = new RecordTableBuilder(type, prepared.row);
    const parser = new SearchBodyParser(type, { maxRecords: 100 }, builder);
    // In small pieces, as a body arrives.
    for (let i = 0; i < json.length; i += 7) parser.write(json.slice(i, i + 7));
    parser.end();
    const t = builder.finish();
    prepared.finish(t);
    return t;
  }

  function view(leaks: Leaks): unknown {
    return { stats: leaks.stats, matches: leaks.match(text).map(({ handle: _handle, ...m }) => m) };
  }

  for (const type of ['accounts', 'customers'] as const) {
    it(`finds exactly what an index built from the finished ${type} table finds`, () => {
      const logs: string[] = [];
      const streamed = new Leaks((_l, m) => logs.push(m));
      const t = ingest(streamed, type, body(accounts));
      streamed.set(['k'], [t], ['acme.test']);
      const fromTable = new Leaks(() => undefined);
      fromTable.set(['k'], [t], ['acme.test']);
      assert.deepEqual(view(streamed), view(fromTable));
      const found = new Set(streamed.match(text).map((m) => `${m.kind} ${m.identifier}`));
      for (const want of ['email alice@acme.test', 'email frank@acme.test', 'url https://git.acme.test', 'password alice@acme.test', 'password carol@acme.test', 'username h\ufffdnk.user']) {
        assert.ok(found.has(want), `${want} in ${[...found].join(', ')}`);
      }
      assert.equal(streamed.stats.unparsedUrls, 1, 'the unparseable URL is counted, the blank one is no URL');
      assert.match(logs.join('\n'), /1 URL\(s\) of k could not be parsed/);
    });
  }
});

describe('engine leaks: usernames and passwords read from the bytes of a table', () => {
  // A column of mostly distinct values keeps them as UTF-8 bytes; the index then hashes an
  // ASCII password from those (SegmentBuilder.addAsciiPassword), and looks a username up by
  // them or reads it from them (addUsernameBytes). Its segment must be the one built from the
  // records' text: the same fingerprints, lengths and sketch slots.
  it('builds the segment the records themselves give, for values of every kind', function () {
    this.timeout(20_000);
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const passwords = [
      (i: number) => `Pw-${i.toString(36)}-Winter!`,
      () => ['password', 'PASSWORD', 'Qwerty123', 'letmein', 'dragon'][rnd(5)] as string,
      (i: number) => `p${i % 10}`,
      (i: number) => ['', 'a', 'ab', 'abc12'][i % 4] as string,
      (i: number) => `  Spaced-${i}\t`,
      (i: number) => `pässwört-${i}`,
      (i: number) => `日本語${i}`,
      (i: number) => `emoji-${i}-😀`,
      (i: number) => `repeat-${i % 3}`,
    ];
    const usernames = [
      (i: number) => `member${i}@acme.test`,
      (i: number) => `Member${i % 200}@ACME.test`,
      (i: number) => ` spaced${i}@acme.test `,
      (i: number) => `jsmith${i % 100}`,
      (i: number) => ['admin', 'x', '', 'Administrator', 'a.b'][i % 5] as string,
      (i: number) => `zoë.${i}@acme.test`,
      (i: number) => `user${i % 7}@münchen.test`,
      (i: number) => `j.doe${i % 40}@acme.test.`,
    ];
    // A mix whose usernames mostly repeat (their memo looks them up), then distinct values
    // (the memos pause) and last repeats.
    const pick = <T>(list: readonly T[], i: number, first: number, last: number): T => list[i < 20_000 ? rnd(list.length) : i < 32_000 ? first : last] as T;
    const records = Array.from({ length: 40_000 }, (_, i) => account(pick(usernames, i, 0, 1)(i), pick(passwords, i, 0, 8)(i)));
    const stored = table(records);
    const fp = () => new Fingerprinter(Uint8Array.from({ length: 24 }, (_, i) => i * 13));
    const source = tableSource(stored, 'acme.test');
    assert.ok(source.utf8?.('username') !== undefined && source.utf8('password') !== undefined, 'the usernames and passwords are kept as bytes');
    const fromBytes = buildSegment(source, fp());
    // The same source with no bytes to read: every value is read as text.
    const fromText = buildSegment({ ...source, utf8: undefined }, fp());
    assert.deepEqual(fromBytes, fromText);
    assert.deepEqual(fromBytes, buildSegment({ ...source, utf8: undefined, field: undefined, codes: undefined }, fp()), 'and as whole records');
    for (const t of [EMAILS, USERNAMES, USER_ONLY, PASSWORDS, SHORT_PASSWORDS, COMMON_PASSWORDS]) assert.ok((fromBytes.tables[t]?.size ?? 0) > 100, `table ${t} is not empty`);
  });
});
