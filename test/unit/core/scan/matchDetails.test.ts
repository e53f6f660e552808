// What a match's records have in common (the message's and hover's figures) and whose accounts
// they are: the same figures whether or not the owners are looked for, values shared by many
// records worked out once without one record's masking reaching another's.
import * as assert from 'node:assert/strict';
import type { AccountRecord } from '../../../../src/core/service/types';
import { summarize } from '../../../../src/core/scan/matchDetails';
import type { RecordRef } from '../../../../src/core/scan/matchTypes';
import type { LeakSource } from '../../../../src/core/scan/sourceSegment';

function account(i: number, over: Partial<AccountRecord> = {}): AccountRecord {
  return {
    date: `2024-0${1 + (i % 9)}-1${i % 10}T08:11:00.000Z`,
    browser: ['Google Chrome', 'Mozilla Firefox', 'Safari'][i % 3] as string,
    status: i % 5 === 0 ? 'hide' : 'show',
    url: i % 4 === 0 ? `sso${i % 3}.example.com/login` : `https://app${i % 7}.example.com/x?y=${i}`,
    ip: '10.0.0.1',
    country: ['US', 'DE'][i % 2] as string,
    username: i % 2 === 0 ? `User${i}@Example.com` : `staff_member${i % 40}`,
    password: `Pw-${i}-Winter!`,
    ...over,
  };
}

/** The records as a source both ways the index reads one: whole records, or fields by name (a table of account fields only). */
function sources(records: readonly AccountRecord[]): LeakSource[] {
  const base = { domain: 'example.com', type: 'accounts' as const, length: records.length, record: (i: number) => records[i] as AccountRecord };
  return [base, { ...base, field: (name, i) => String((records[i] as AccountRecord)[name] ?? '') }];
}

describe('matchDetails', () => {
  const records = Array.from({ length: 300 }, (_, i) => account(i));
  // A browser that holds its record's own password, and the same text on a record whose
  // password differs: masked on the first only.
  records.push(account(300, { browser: 'Edge Pw-echo-1234', password: 'Pw-echo-1234' }));
  records.push(account(301, { browser: 'Edge Pw-echo-1234' }));
  records.push(account(302, { country: 'Pw-302-Winter!' }));
  const refs: RecordRef[] = records.map((_, record) => ({ source: 1, record }));

  it('gives the same figures without the owners, and the owners only when asked', () => {
    for (const source of sources(records)) {
      const full = summarize(refs, () => source);
      const lean = summarize(refs, () => source, false);
      assert.deepEqual(lean.summary, full.summary, source.field ? 'by field' : 'by record');
      assert.deepEqual(lean.owners, []);
      assert.deepEqual(new Set(full.owners), new Set(records.map((r) => r.username.toLowerCase())));
    }
  });

  it('masks a record\'s password in its own facts only, however often the same text comes again', () => {
    for (const source of sources(records)) {
      const { summary } = summarize(refs, () => source, false);
      const edge = summary.browsers.filter((b) => b.startsWith('Edge'));
      assert.equal(edge.length, 2, `${edge.join(' | ')}`);
      assert.ok(edge.includes('Edge Pw-echo-1234'), 'the record with another password shows the text');
      assert.ok(edge.some((b) => !b.includes('Pw-echo-1234')), 'the record with that password has it masked');
      assert.ok(!summary.countries.some((c) => c.includes('Pw-302')), 'a country that is the record\'s password is masked');
      assert.deepEqual([...summary.countries.slice(0, 2)].sort(), ['DE', 'US']);
      assert.ok(summary.sites.includes('sso0.example.com') && summary.sites.includes('app1.example.com'), summary.sites.join(' '));
      assert.equal(summary.latestDate, '2024-09-19');
      assert.equal(summary.count, refs.length);
    }
  });

  it('masks a password in any letter case, in the browser, site and date, read by record or by field alike', () => {
    // A field's few values are lower-cased once for all its records: each record's own
    // password still decides what is masked in it.
    const echoed = [
      ...Array.from({ length: 60 }, (_, i) => account(i)),
      account(60, { browser: 'Edge PW-CASE-77', password: 'pw-case-77' }),
      account(61, { browser: 'Edge PW-CASE-77', password: 'other-pass-61' }),
      account(62, { url: 'https://pw-site-55.example.com/', password: 'PW-SITE-55' }),
      account(63, { url: 'https://pw-site-55.example.com/' }),
      account(64, { date: '2030-01-02T03:04:05.000Z', password: '0-01-02t03' }),
      account(65, { status: 'SHOW me Pw%40at', password: 'Pw@at' }),
      // Dates the results keep as written: each is made plain (trimmed, cut, defused) either way.
      account(66, { date: ' 2099-01-01 ' }),
      account(67, { date: `2098-${'9'.repeat(250)}` }),
      account(68, { date: '2097-01-01](x)' }),
    ];
    const all: RecordRef[] = echoed.map((_, record) => ({ source: 1, record }));
    const [byRecord, byField] = sources(echoed).map((source) => summarize(all, () => source, false).summary);
    assert.deepEqual(byField, byRecord);
    const summary = byField as NonNullable<typeof byField>;
    assert.deepEqual(summary.browsers.filter((b) => b.startsWith('Edge')).sort(), ['Edge PW-CASE-77', 'Edge ••••••••']);
    assert.ok(summary.sites.includes('••••••••.example.com') && summary.sites.includes('pw-site-55.example.com'), summary.sites.join(' '));
    assert.ok(summary.statuses.includes('SHOW me ••••••••'), summary.statuses.join(' '));
    assert.notEqual(summary.latestDate, '2030-01-02');
    assert.equal(summary.latestDate, '2099-01-01');
  });
});
