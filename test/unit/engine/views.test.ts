// The results panel's queries in the engine (src/engine/views/): filters, sorts, groups,
// figures, windows of rows with masked secrets, copy and exports, on small hand-made results.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import { ipSortKey } from '../../../src/engine/views/columnOrder';
import { csvField, exportPieces, markdownSummary, writeExport } from '../../../src/engine/views/exports';
import { ISO_DATES, ResultView, monthIndex } from '../../../src/engine/views/resultView';
import { EMPTY_FILTER, MASK, describeFilter } from '../../../src/shared/webviewProtocol';
import type { FilterState, SortState, ViewQuery } from '../../../src/shared/webviewProtocol';
import type { AccountRecord, OpenRecord } from '../../../src/core/service/types';

export function account(overrides: Partial<AccountRecord>): AccountRecord {
  return {
    date: '2024-01-01T00:00:00.000Z',
    browser: 'Google Chrome',
    status: 'show',
    url: 'https://vpn.example.com/login',
    ip: '10.0.0.1',
    country: 'US',
    username: 'user@example.com',
    password: 'secret',
    ...overrides,
  };
}

function table(type: 'accounts' | 'customers', records: readonly (AccountRecord | OpenRecord)[]): RecordTable {
  const builder = new RecordTableBuilder(type);
  for (const r of records) builder.add(r);
  return builder.finish();
}

/** Five records: two machines with several logins each, one lone record. */
function sample(): RecordTable {
  return table('accounts', [
    account({ username: 'alice@example.com', date: '2024-03-05T10:00:00.000Z', ip: '10.0.0.9', url: 'https://vpn.example.com/a', password: 'alicepw' }),
    account({ username: 'bob@example.com', date: '2024-03-05T11:00:00.000Z', ip: '10.0.0.9', url: 'https://mail.example.com/', status: 'hide' }),
    account({ username: 'carol@example.com', date: '2024-01-10T09:00:00.000Z', ip: '9.1.1.1', browser: 'Mozilla Firefox', country: 'DE', url: 'https://vpn.example.com/b' }),
    account({ username: 'dave@example.com', date: '2024-01-10T23:59:59.000Z', ip: '9.1.1.1', browser: 'Mozilla Firefox', country: 'DE', url: 'https://VPN.example.com/c' }),
    account({ username: 'erin@example.com', date: '2023-11-30T00:00:00.000Z', ip: '192.168.0.20', url: 'https://jira.example.com/' }),
  ]);
}

function query(view: ResultView, q: Partial<Omit<ViewQuery, 'filter'>> & { filter?: Partial<FilterState> } = {}): ReturnType<ResultView['query']> {
  return view.query({ filter: { ...EMPTY_FILTER, ...q.filter }, ...(q.sort ? { sort: q.sort } : {}), grouping: q.grouping ?? 'none', expanded: q.expanded ?? [] });
}

function names(view: ResultView, filter: Partial<FilterState> = {}, sort?: SortState): string[] {
  const summary = query(view, { filter, ...(sort ? { sort } : {}) });
  return view.window(0, summary.items, new Set()).map((item) => (item.kind === 'row' ? (item.cells[1] ?? '').split('@')[0] ?? '' : `[${item.label}]`));
}

describe('engine: month of a date by arithmetic', () => {
  it('agrees with Date for every day from 1900 to 2100 and for times within a day', () => {
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 86_400_000) {
      const d = new Date(ms + 86_399_999);
      assert.equal(monthIndex(ms), d.getUTCFullYear() * 12 + d.getUTCMonth());
      assert.equal(monthIndex(ms + 86_399_999), d.getUTCFullYear() * 12 + d.getUTCMonth());
    }
  });
});

describe('engine: results panel queries', () => {
  describe('filter', () => {
    const view = new ResultView(sample());

    it('keeps only the records new since the previous check, combined with the other filters', () => {
      const fresh = new ResultView(sample(), ISO_DATES, Uint32Array.from([1, 3, 99]));
      assert.deepEqual(names(fresh, { onlyNew: true }).sort(), ['bob', 'dave']);
      assert.deepEqual(names(fresh, { onlyNew: true, status: 'hide' }), ['bob']);
      const summary = query(fresh, { filter: { onlyNew: true } });
      assert.deepEqual(fresh.window(0, summary.items, new Set()).map((item) => item.kind === 'row' && item.fresh === true), [true, true]);
      assert.deepEqual(names(view, { onlyNew: true }), [], 'nothing is new without new rows');
    });

    it('passes everything when empty', () => {
      assert.deepEqual(names(view), ['alice', 'bob', 'carol', 'dave', 'erin']);
    });

    it('matches text case-insensitively across the non-secret columns, never passwords', () => {
      assert.deepEqual(names(view, { text: 'BOB' }), ['bob']);
      assert.deepEqual(names(view, { text: '10.0.0.9' }), ['alice', 'bob']);
      assert.deepEqual(names(view, { text: 'mail.example' }), ['bob']);
      assert.deepEqual(names(view, { text: '  firefox ' }), ['carol', 'dave']);
      assert.deepEqual(names(view, { text: 'alicepw' }), []);
      assert.deepEqual(names(view, { text: '2024-01-10' }), ['carol', 'dave'], 'a day as the ISO date');
    });

    it('filters by status, country and browser exactly, and by whole days', () => {
      assert.deepEqual(names(view, { status: 'hide' }), ['bob']);
      assert.deepEqual(names(view, { country: 'DE' }), ['carol', 'dave']);
      assert.deepEqual(names(view, { browser: 'Google Chrome', country: 'US', status: 'show' }), ['alice', 'erin']);
      assert.deepEqual(names(view, { country: 'D' }), []);
      assert.deepEqual(names(view, { from: '2024-01-10', to: '2024-01-10' }), ['carol', 'dave']);
      assert.deepEqual(names(view, { from: '2024-01-11' }), ['alice', 'bob']);
      assert.deepEqual(names(view, { to: '2023-12-31' }), ['erin']);
      assert.deepEqual(names(view, { from: 'yesterday' }), ['alice', 'bob', 'carol', 'dave', 'erin']);
    });

    it('searches unique text stored as bytes, non-ASCII case folded', () => {
      const many = Array.from({ length: 10_000 }, (_, i) => account({ username: i === 7777 ? 'JÜRGEN.Müller@firma.de' : `u${i}@x.com` }));
      const v = new ResultView(table('accounts', many));
      assert.equal(query(v, { filter: { text: 'jürgen.müller' } }).shown, 1);
      assert.equal(query(v, { filter: { text: 'u9999@' } }).shown, 1);
      assert.equal(query(v, { filter: { text: 'x.comu' } }).shown, 0, 'a match never runs into the next record');
    });

    it('lists the drop-down values most frequent first', () => {
      assert.deepEqual(view.options().country, ['US', 'DE']);
      assert.deepEqual(view.options().status, ['show', 'hide']);
    });
  });

  describe('sort', () => {
    const view = new ResultView(sample());

    it('sorts by date both ways, ties in record order', () => {
      assert.deepEqual(names(view, {}, { column: 'date', direction: 'asc' }), ['erin', 'carol', 'dave', 'alice', 'bob']);
      assert.deepEqual(names(view, {}, { column: 'date', direction: 'desc' }), ['bob', 'alice', 'dave', 'carol', 'erin']);
      assert.deepEqual(names(view, {}, { column: 'country', direction: 'asc' }), ['carol', 'dave', 'alice', 'bob', 'erin']);
      assert.deepEqual(names(view, {}, { column: 'country', direction: 'desc' }), ['alice', 'bob', 'erin', 'carol', 'dave']);
    });

    it('sorts IP addresses numerically, IPv6 and junk after them by text', () => {
      assert.deepEqual(names(view, {}, { column: 'ip', direction: 'asc' }), ['carol', 'dave', 'alice', 'bob', 'erin']);
      assert.equal(ipSortKey('255.255.255.255'), 2 ** 32 - 1);
      for (const bad of ['not an ip', '1.2.3', '256.1.1.1', '::1', '']) assert.equal(ipSortKey(bad), Number.POSITIVE_INFINITY, bad);
      const ips = ['::1', '10.0.0.2', '', '9.9.9.9', '2001:db8::1', '10.0.0.2', '255.255.255.255'];
      const v = new ResultView(table('customers', ips.map((ip, n) => ({ ip, n }))));
      const rows = (dir: 'asc' | 'desc'): number[] => {
        const s = query(v, { sort: { column: 'ip', direction: dir } });
        return v.window(0, s.items, new Set()).map((i) => (i.kind === 'row' ? i.row : -1));
      };
      assert.deepEqual(rows('asc'), [3, 1, 5, 6, 2, 4, 0]);
      assert.deepEqual(rows('desc'), [0, 4, 2, 6, 1, 5, 3]);
    });

    it('sorts numbers as numbers, blanks last; unique text by its whole text', () => {
      const v = new ResultView(table('customers', [{ id: 'a', points: 10 }, { id: 'b', points: 9 }, { id: 'c', points: null }, { id: 'd', points: 100 }]));
      const s = query(v, { sort: { column: 'points', direction: 'asc' } });
      assert.deepEqual(v.window(0, s.items, new Set()).map((i) => (i.kind === 'row' ? i.cells[0] : '')), ['b', 'a', 'd', 'c']);
      const words = Array.from({ length: 6000 }, (_, i) => `user.name.${String((i * 7919) % 6000).padStart(5, '0')}@example.com`);
      const w = new ResultView(table('customers', words.map((email) => ({ email }))));
      const sorted = query(w, { sort: { column: 'email', direction: 'asc' } });
      const got = w.window(0, sorted.items, new Set()).map((i) => (i.kind === 'row' ? i.cells[0] : ''));
      assert.deepEqual(got, [...words].sort());
    });

    it('sorts dates after 2038 and across centuries by instant (no clamping)', () => {
      const dates = ['2040-05-01T00:00:00.000Z', '2037-01-01T00:00:00.000Z', '', '2100-01-01T00:00:00.500Z', '2100-01-01T00:00:00.250Z', '1850-01-01T00:00:00.000Z', '2039-01-01T00:00:00.000Z'];
      const v = new ResultView(table('accounts', dates.map((date, i) => account({ date, username: `u${i}@example.com` }))));
      assert.deepEqual(names(v, {}, { column: 'date', direction: 'asc' }), ['u5', 'u1', 'u6', 'u0', 'u4', 'u3', 'u2']);
      assert.deepEqual(names(v, {}, { column: 'date', direction: 'desc' }), ['u2', 'u3', 'u4', 'u0', 'u6', 'u1', 'u5']);
      const near = new ResultView(table('accounts', dates.slice(0, 2).concat(['2045-01-01T00:00:00.000Z']).map((date, i) => account({ date, username: `u${i}@example.com` }))));
      assert.deepEqual(names(near, {}, { column: 'date', direction: 'asc' }), ['u1', 'u0', 'u2']);
    });

    it('shows a fresh view\'s first rows without sorting, in exactly the sorted order', () => {
      // Random dates (repeats, none, far apart) and repeated countries; a filter masks some rows.
      let seed = 7;
      const random = (n: number): number => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % n;
      };
      for (const spread of [50, 5_000_000]) {
        const records = Array.from({ length: 3000 }, (_, i) =>
          account({
            username: `u${i}@example.com`,
            date: random(10) === 0 ? '' : new Date(Date.UTC(2020, 0, 1) + random(spread) * 86_400_000 + random(3) * 500).toISOString(),
            country: ['US', 'DE', 'FR', 'NL', ''][random(5)] as string,
            browser: random(4) === 0 ? 'Opera' : 'Google Chrome',
          }),
        );
        const t = table('accounts', records);
        for (const column of ['date', 'country']) {
          for (const direction of ['asc', 'desc'] as const) {
            for (const filter of [{}, { browser: 'Opera' }]) {
              const full = new ResultView(t);
              const summary = query(full, { filter, sort: { column, direction } });
              const expected = Array.from(full.rows);
              assert.equal(expected.length, summary.shown);
              const fresh = new ResultView(t);
              query(fresh, { filter, sort: { column, direction } });
              const rowsOf = (start: number, count: number): number[] => fresh.window(start, count, new Set()).map((i) => (i.kind === 'row' ? i.row : -1));
              const first = rowsOf(0, 200).concat(rowsOf(200, 800));
              assert.deepEqual(first, expected.slice(0, 1000), `${column} ${direction} ${JSON.stringify(filter)} (spread ${spread})`);
              assert.deepEqual(rowsOf(1000, summary.shown), expected.slice(1000), 'past the first rows: the full order');
            }
          }
        }
      }
    });

    it('never sorts by a secret column (its order would leak the passwords)', () => {
      assert.deepEqual(names(view, {}, { column: 'password', direction: 'asc' }), ['alice', 'bob', 'carol', 'dave', 'erin']);
    });
  });

  describe('groups and figures', () => {
    it('groups by site (case ignored) and by infected machine, biggest first, expanding on request', () => {
      const view = new ResultView(sample());
      assert.deepEqual(names(view, {}), ['alice', 'bob', 'carol', 'dave', 'erin']);
      const bySite = query(view, { grouping: 'site' });
      assert.equal(bySite.groups, 3);
      assert.deepEqual(view.window(0, 3, new Set()).map((i) => (i.kind === 'group' ? [i.label, i.count] : [])), [['vpn.example.com', 3], ['jira.example.com', 1], ['mail.example.com', 1]]);
      const machines = query(view, { grouping: 'machine' });
      assert.equal(machines.groups, 3);
      const first = view.window(0, 1, new Set())[0];
      assert.ok(first?.kind === 'group');
      assert.equal(first.label, `10.0.0.9 · Google Chrome · US · ${ISO_DATES.day(Math.floor(Date.UTC(2024, 2, 5) / 86_400_000))}`);
      const open = query(view, { grouping: 'machine', expanded: [first.key] });
      assert.equal(open.items, 5, 'three headers and the two members of the open one');
      assert.deepEqual(view.window(0, 5, new Set()).map((i) => (i.kind === 'row' ? 'row' : 'group')), ['group', 'row', 'row', 'group', 'group']);
    });

    it('counts months with gaps, top sites, countries and browsers of the rows selected', () => {
      const view = new ResultView(sample());
      query(view, { filter: { country: 'US' } });
      const { stats } = view.figures();
      assert.deepEqual(stats.months.map((m) => `${m.month}:${m.count}`), ['2023-11:1', '2023-12:0', '2024-01:0', '2024-02:0', '2024-03:2']);
      assert.deepEqual(stats.countries, [{ value: 'US', count: 3 }]);
      assert.deepEqual(stats.sites.map((s) => s.value), ['jira.example.com', 'mail.example.com', 'vpn.example.com']);
    });
  });

  describe('rows, secrets and copy', () => {
    it('masks secrets in windows unless revealed (never in presentation mode)', () => {
      const view = new ResultView(sample());
      query(view);
      const [row] = view.window(0, 1, new Set());
      assert.ok(row?.kind === 'row');
      assert.equal(row.cells[2], MASK);
      const cell = (item: ReturnType<ResultView['window']>[number] | undefined): string | undefined => (item?.kind === 'row' ? item.cells[2] : undefined);
      assert.equal(cell(view.window(0, 1, new Set(['0:2']))[0]), 'alicepw');
      assert.equal(cell(view.window(0, 1, new Set(['0:2']), true)[0]), MASK);
      assert.equal(view.copyText('cell', 0, 2, new Set()), undefined);
      assert.equal(view.copyText('cell', 0, 2, new Set([2])), 'alicepw');
      const hidden = view.copyText('row', 0, 0, new Set()) ?? '';
      assert.ok(hidden.startsWith('Date: 2024-03-05T10:00:00.000Z\nUsername: alice@example.com\nURL: '));
      assert.ok(!hidden.includes('alicepw'));
    });

    it('shows record text without controls or bidi overrides, bounded', () => {
      const view = new ResultView(table('accounts', [account({ username: 'evil\u202Egnp.exe\u0000@x.com', url: `https://x.example.com/${'a'.repeat(5000)}` })]));
      query(view);
      const [row] = view.window(0, 1, new Set());
      assert.ok(row?.kind === 'row');
      assert.ok(!(row.cells[1] ?? '').includes('\u202E') && !(row.cells[1] ?? '').includes('\u0000'));
      assert.ok((row.cells[3] ?? '').length <= 2001);
    });

    it('describes the active filters in words', () => {
      assert.equal(describeFilter(EMPTY_FILTER), '');
      assert.equal(describeFilter({ ...EMPTY_FILTER, text: ' bob ', country: 'DE', from: '2024-01-01' }), 'text “bob”, country DE, dates 2024-01-01 to …');
    });
  });

  describe('exports', () => {
    it('quotes CSV fields per RFC 4180 and defuses spreadsheet formulas', () => {
      assert.equal(csvField('a,b'), '"a,b"');
      assert.equal(csvField('say "hi"'), '"say ""hi"""');
      assert.equal(csvField('=HYPERLINK("http://x","y")'), '"\'=HYPERLINK(""http://x"",""y"")"');
      assert.equal(csvField('@SUM(A1)'), '"\'@SUM(A1)"');
      assert.equal(csvField('a=b'), 'a=b');
    });

    // [text, whether a spreadsheet could take it for a formula]
    const FORMULA_CASES: readonly (readonly [string, boolean])[] = [
      ['=1+1', true],
      ['+1', true],
      ['-1', true],
      ['@SUM(A1)', true],
      ['\t=1', true],
      ['\tplain', true],
      ['\rplain', true],
      ['\uff1d1+1', true], // ＝ full-width equals
      ['\uff0b1', true], // ＋
      ['\uff0d1', true], // －
      ['\uff20SUM(A1)', true], // ＠
      ['\ufe66cmd', true], // small equals
      ['\u207a1', true], // superscript plus
      ['\u22121', true], // minus sign
      ['\u20131', true], // en dash
      ['  =1', true],
      ['\u00a0=1', true], // no-break space
      ['\u3000=1', true], // ideographic space
      ['\u200b=1', true], // zero-width space
      ['\ufeff@x', true], // byte order mark
      ['\u2060\u200e+1', true], // word joiner, left-to-right mark
      ['\u00ad-1', true], // soft hyphen
      ['\n=1', true],
      ['a=b', false],
      ['user@example.com', false],
      ['x-1', false],
      ['', false],
      ['   ', false],
      ['\u200b', false],
      ['\u{1F600}=', false],
      ['\uff41=1', false], // full-width a
    ];

    it('defuses every formula starter and look-alike, after any invisible prefix (table)', () => {
      for (const [text, formula] of FORMULA_CASES) {
        const field = csvField(text);
        const quoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
        assert.equal(quoted.startsWith("'") && quoted.slice(1) === text, formula, JSON.stringify(text));
        if (!formula) assert.equal(quoted, text, JSON.stringify(text));
      }
    });

    it('leaves secrets out of CSV and JSON unless asked; JSON keeps field types', () => {
      const view = new ResultView(table('accounts', [account({ password: 'hunter2', username: '=evil()@example.com' })]));
      query(view);
      const csv = [...exportPieces('csv', view, view.rows, false, { domain: 'd', type: 'accounts', fetchedAt: 0, filterDescription: '' })].join('');
      assert.equal(csv.split('\r\n')[0], 'date,username,url,ip,country,browser,status');
      assert.ok(!csv.includes('hunter2') && csv.includes(`"'=evil()@example.com"`));
      const withSecrets = [...exportPieces('csv', view, view.rows, true, { domain: 'd', type: 'accounts', fetchedAt: 0, filterDescription: '' })].join('');
      assert.ok(withSecrets.includes('hunter2'));
      const customers = new ResultView(table('customers', [{ email: 'c@shop.example.com', password: 'pw', points: 3, ok: true, note: null }]));
      query(customers);
      const json = JSON.parse([...exportPieces('json', customers, customers.rows, false, { domain: 'd', type: 'customers', fetchedAt: 0, filterDescription: '' })].join(''));
      assert.deepEqual(json, [{ email: 'c@shop.example.com', points: 3, ok: true, note: null }]);
    });

    it('writes a Markdown incident summary without passwords or live markup', () => {
      const view = new ResultView(
        table('accounts', [
          account({ password: 'hunter2', url: 'https://<script>x</script>.example.com/', ip: '1.1.1.1', date: '2024-02-01T00:00:00.000Z' }),
          account({ password: 'hunter3', username: 'b@example.com', ip: '1.1.1.1', date: '2024-02-01T05:00:00.000Z' }),
          account({ password: 'hunter4', username: 'c@example.com', ip: '2.2.2.2', date: '2024-05-09T00:00:00.000Z', browser: '[x](javascript:alert(1))' }),
        ]),
      );
      query(view);
      const md = markdownSummary(view, view.rows, { domain: 'example.com', type: 'accounts', fetchedAt: Date.UTC(2025, 0, 2), range: { start: '20240101', end: '20241231' }, filterDescription: 'country US' });
      assert.ok(!/hunter/.test(md) && !md.includes('<script>') && !md.includes('](javascript'));
      assert.match(md, /^# Leak report: example\.com \(accounts\)/);
      assert.match(md, /Records in this view: 3 of 3/);
      assert.match(md, /Distinct usernames: 3/);
      assert.match(md, /Infected machines \(same IP, browser, country and day\): 2/);
      assert.match(md, /Date span: 2024-02-01 to 2024-05-09/);
      // The accounts to act on: every username with its records and latest leak, the latest first on a tie.
      assert.match(md, /## Accounts to act on\n\n\| Account \| Records \| Latest leak \|\n\| --- \| ---: \| --- \|\n\| c\\@example\.com \| 1 \| 2024-05-09 \|\n\| b\\@example\.com \| 1 \| 2024-02-01 \|\n\| user\\@example\.com \| 1 \| 2024-02-01 \|\n\n## Top sites/);
    });

    it('writes the file readable by its owner only, in pieces', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-export-'));
      try {
        const file = path.join(dir, 'x.csv');
        fs.writeFileSync(file, 'old', { mode: 0o644 });
        const bytes = await writeExport(file, ['a,b\r\n', 'c,d\r\n']);
        assert.equal(bytes, 10);
        assert.equal(fs.readFileSync(file, 'utf8'), 'a,b\r\nc,d\r\n');
        assert.equal(fs.statSync(file).mode & 0o077, 0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
