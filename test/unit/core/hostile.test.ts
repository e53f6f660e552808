// Hostile answers and hostile records, class by class: nothing locks, tricks, leaks or
// crashes. Each test failed before the fix it belongs to.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LeakSearchError } from '../../../src/core/service/errors';
import { formatClock, formatQuota, quotaResumesAt } from '../../../src/core/text/format';
import { describeError } from '../../../src/editor/checks/formatError';
import { escapeMarkdown, plainText } from '../../../src/core/text/plainText';
import { MAX_AHEAD_MS, believableState, parseRateLimit, parseReset, parseRetryAfter } from '../../../src/core/client/rateLimit/rateLimitHeaders';
import { redact } from '../../../src/core/text/redact';
import { isSecretName, nestedTextHasSecret } from '../../../src/core/results/secretFields';
import { MAX_TIMER_MS, longTimeout } from '../../../src/core/timers';
import { SearchBodyParser } from '../../../src/core/results/searchBodyParser';
import { parseSearchBody } from '../../../src/core/client/response';
import { MAX_OWN_COLUMNS, RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import { exportPieces, markdownSummary } from '../../../src/engine/views/exports';
import { ResultView } from '../../../src/engine/views/resultView';
import { EMPTY_FILTER, MASK } from '../../../src/shared/webviewProtocol';
import type { AccountRecord, OpenRecord } from '../../../src/core/service/types';

/** A body read as the engine reads it: the streaming parser feeding the table builder, in small chunks. */
function ingest(body: string, type: 'accounts' | 'customers', chunk = 7): { table: RecordTable; count: number } {
  const builder = new RecordTableBuilder(type);
  const parser = new SearchBodyParser(type, { maxRecords: 1_000_000 }, builder);
  for (let i = 0; i < body.length; i += chunk) parser.write(body.slice(i, i + chunk));
  const { count } = parser.end();
  return { table: builder.finish(), count };
}

/** Everything a user can see or take of a table: panel cells (revealed or not), copies, CSV and JSON exports (secrets in or out), records. */
function everywhere(table: RecordTable): { shown: string; revealed: string; hidden: string; all: string } {
  const view = viewOf(table);
  const rows = Array.from(view.rows);
  const allColumns = new Set(table.columns.map((_, c) => c));
  const revealedKeys = new Set(rows.flatMap((r) => table.columns.map((_, c) => `${r}:${c}`)));
  const hidden = [
    ...view.window(0, rows.length, new Set()).map((item) => JSON.stringify(item)),
    ...rows.map((r) => view.copyText('row', r, 0, new Set()) ?? ''),
    toCsv(table, rows, { includeSecrets: false }),
    toJson(table, rows, { includeSecrets: false }),
  ].join('\n');
  const revealed = [
    ...view.window(0, rows.length, revealedKeys).map((item) => JSON.stringify(item)),
    ...rows.map((r) => view.copyText('row', r, 0, allColumns) ?? ''),
    toCsv(table, rows, { includeSecrets: true }),
    toJson(table, rows, { includeSecrets: true }),
    ...rows.map((r) => JSON.stringify(table.record(r))),
  ].join('\n');
  return { shown: hidden, revealed, hidden, all: `${hidden}\n${revealed}` };
}

/** The folded "other fields" columns come on top of the own ones. */
const MAX_COLUMNS = MAX_OWN_COLUMNS + 2;

function buildTable(result: { type: 'accounts' | 'customers'; records: readonly (AccountRecord | OpenRecord)[] }): RecordTable {
  const builder = new RecordTableBuilder(result.type);
  for (const r of result.records) builder.add(r);
  return builder.finish();
}

function viewOf(table: RecordTable): ResultView {
  const view = new ResultView(table);
  view.query({ filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
  return view;
}

const CONTEXT = { domain: 'example.com', type: 'customers', fetchedAt: 0, filterDescription: '' };

function toCsv(table: RecordTable, _rows: readonly number[], options: { includeSecrets: boolean }): string {
  const view = viewOf(table);
  return [...exportPieces('csv', view, view.rows, options.includeSecrets, CONTEXT)].join('');
}

function toJson(table: RecordTable, _rows: readonly number[], options: { includeSecrets: boolean }): string {
  const view = viewOf(table);
  return [...exportPieces('json', view, view.rows, options.includeSecrets, CONTEXT)].join('');
}

function cellsOf(table: RecordTable, column: number, row: number): string {
  return table.text(column, row);
}

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ctx = { origin: 'https://leakjar.com', domain: 'example.com', timeoutSeconds: 30, now: NOW };

/** What VS Code renders as a link or an icon in a notification, and invisible reordering. */
// eslint-disable-next-line no-control-regex
const LIVE = /\]\(|\$\(|[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029\u0000-\u001f\u007f-\u009f]/;

describe('hostile input', () => {
  describe('rate-limit headers: no one answer locks checks out', () => {
    it('believes a reset at most 24 h ahead, whatever its form, and notes why', () => {
      const notes: string[] = [];
      for (const raw of ['32503680000', '32503680000000', '3000-01-01T00:00:00Z', String((NOW + 10 * 86_400_000) / 1000), '99999999999999999999999']) {
        const at = parseReset(raw, NOW, notes);
        assert.ok(at !== undefined && at <= NOW + MAX_AHEAD_MS, `${raw} → ${at}`);
      }
      assert.ok(notes.length >= 5 && notes.every((n) => /24 h/.test(n)), notes.join('\n'));
      assert.equal(parseRetryAfter('999999999999', NOW), NOW + MAX_AHEAD_MS);
    });

    it('ignores what is no time at all (and notes it) instead of throwing "Invalid time value"', () => {
      const notes: string[] = [];
      for (const raw of ['1e400', 'Infinity', 'NaN', 'soon', '9999-99-99T99:99:99Z', '-']) {
        assert.equal(parseRetryAfter(raw, NOW, notes), undefined, raw);
        assert.doesNotThrow(() => parseRateLimit({ 'x-ratelimit-reset': raw, 'x-ratelimit-remaining': '0' }, NOW, notes));
      }
      assert.ok(notes.some((n) => /not a time/.test(n)));
      fc.assert(fc.property(fc.string(), fc.string(), (reset, retry) => {
        const state = parseRateLimit({ 'x-ratelimit-reset': reset, 'x-ratelimit-limit': retry, 'x-ratelimit-remaining': reset }, NOW);
        assert.ok(state.resetAt === undefined || (Number.isFinite(state.resetAt) && state.resetAt <= NOW + MAX_AHEAD_MS));
        const after = parseRetryAfter(retry, NOW);
        assert.ok(after === undefined || (after >= NOW && after <= NOW + MAX_AHEAD_MS));
      }));
    });

    it('a stored state from before a restart is believed only as far as one answer is', () => {
      const stored = { limit: 100, remaining: 0, resetAt: Date.UTC(3000, 0, 1), observedAt: NOW - 60_000 };
      const state = believableState(stored, NOW);
      assert.equal(state?.resetAt, NOW - 60_000 + MAX_AHEAD_MS);
      assert.ok((quotaResumesAt(state, NOW) ?? 0) <= NOW + MAX_AHEAD_MS);
      assert.equal(believableState({ remaining: 0, resetAt: NaN, observedAt: 'x' }, NOW), undefined);
      assert.equal(believableState({ remaining: 0, observedAt: NOW + 86_400_000 }, NOW), undefined, 'observed in the future');
      assert.deepEqual(believableState({ remaining: 'lots', limit: -3, resetAt: Infinity, observedAt: NOW }, NOW), { observedAt: NOW });
    });

    it('never shows NaN in the status bar or a message', () => {
      for (const at of [NaN, Infinity, -Infinity, 8.64e16]) {
        assert.doesNotMatch(formatClock(at, NOW), /NaN/);
        const view = formatQuota({ remaining: 0, resetAt: at, observedAt: NOW }, NOW);
        assert.doesNotMatch(view.text + view.tooltip, /NaN|Invalid/);
        const message = describeError(new LeakSearchError('rate-limited', 'x', { retryAt: at }), ctx).message;
        assert.doesNotMatch(message, /NaN|Invalid/);
      }
    });

    it('a wait longer than Node’s timer limit is honoured, in steps', async () => {
      // A step of 20 ms stands for the 24.8-day limit: a 60 ms wait must take 60 ms, not fire at once.
      const started = Date.now();
      await new Promise<void>((resolve) => longTimeout(resolve, 60, 20));
      assert.ok(Date.now() - started >= 55, `fired after ${Date.now() - started} ms`);
      assert.equal(MAX_TIMER_MS, 2 ** 31 - 1);
      let fired = false;
      const timer = longTimeout(() => (fired = true), 2 ** 33);
      timer.cancel();
      await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(fired, false, 'a wait of 2^33 ms does not fire at once');
    });
  });

  describe('server text is plain text', () => {
    const hostile = [
      'Denied. [Click to fix](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
      'Denied $(alert) \u202Egnp.exe\u202C line\u2028break\u2029para\u0000nul\u200Bzero',
      'x'.repeat(10_000),
    ];

    it('an error body never reaches a notification as a link, an icon, a control character or unbounded', () => {
      for (const serverMessage of hostile) {
        for (const kind of ['forbidden', 'not-found', 'bad-request', 'unauthorized'] as const) {
          const u = describeError(new LeakSearchError(kind, 'x', { status: 403, serverMessage }), ctx);
          assert.doesNotMatch(u.message, LIVE, u.message);
          assert.ok(u.message.length < 1000, `${u.message.length} characters`);
        }
      }
    });

    it('a domain echoed from the settings is defused too', () => {
      const u = describeError(new LeakSearchError('invalid-input', 'bad', { field: 'domain' }), { ...ctx, domain: '[x](command:evil) \u202Eexample.com' });
      assert.doesNotMatch(u.message, LIVE);
    });

    it('plainText defuses any text (property)', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = plainText(s, 200);
        assert.doesNotMatch(out, LIVE);
        assert.ok(Array.from(out).length <= 200);
      }));
    });

    it('Markdown of record text renders as the text (property: no link, no HTML, no table break)', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
        const md = escapeMarkdown(s);
        assert.doesNotMatch(md, /(^|[^\\])[[\]()<>|`*_]/);
        assert.doesNotMatch(md, /(^|[^\\])(https?|command|file):/i);
      }));
    });

    it('the key is redacted whatever the case of its echo', () => {
      const key = 'lj_live_AbCdEf0123456789';
      assert.doesNotMatch(redact(`bad key ${key.toUpperCase()} and ${key.toLowerCase()}`, [key]), /abcdef0123456789/i);
    });
  });

  describe('secret fields are masked like password', () => {
    it('by name', () => {
      for (const name of ['pw', 'pass', 'passwd', 'password', 'user_pass', 'loginPassword', 'secret', 'client_secret', 'token', 'accessToken', 'api_key', 'apiKey', 'API-KEY', 'pin', 'credentials', 'cookie', 'session_id', 'otp', 'cvv', 'privateKey']) {
        assert.ok(isSecretName(name), name);
      }
      for (const name of ['username', 'email', 'url', 'passport', 'bypass', 'compass', 'country', 'pinned', 'date', 'status', 'browser', 'ip']) {
        assert.ok(!isSecretName(name), name);
      }
    });

    it('by nesting: a field holding an object with a secret key is secret as a whole', () => {
      assert.ok(nestedTextHasSecret('{"profile":{"login":"a","auth":{"token":"t"}}}'));
      assert.ok(nestedTextHasSecret('[{"pw":"x"}]'));
      assert.ok(!nestedTextHasSecret('{"name":"a","tags":["password"]}'), 'a value, not a key');
      const table = buildTable({ type: 'customers', records: [{ email: 'a@b.c', profile: '{"auth":{"token":"t"}}', pw: 'hunter2', note: 'x' }] });
      const secret = table.columns.filter((c) => c.secret).map((c) => c.key).sort();
      assert.deepEqual(secret, ['profile', 'pw']);
      const csv = toCsv(table, [0], { includeSecrets: false });
      assert.doesNotMatch(csv, /hunter2|"t"/);
      assert.doesNotMatch(toJson(table, [0], { includeSecrets: false }), /hunter2|token/);
    });
  });

  describe('properties of the table, the exports and the messages', () => {
    const fieldName = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'password', 'pw', 'api_key', 'url', 'date'));
    const value = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null), fc.json().map((j) => j));
    const records = fc.array(fc.dictionary(fieldName, value, { maxKeys: 8 }), { maxLength: 30 });

    it('any records make a table of bounded width whose every column has every row', () => {
      fc.assert(fc.property(records, (rs) => {
        const table = buildTable({ type: 'customers', records: rs as OpenRecord[] });
        assert.ok(table.columns.length <= MAX_COLUMNS);
        assert.equal(table.length, rs.length);
        for (const c of table.columns) assert.equal(typeof c.label, 'string');
      }));
    });

    it('exports never hold a secret column unless asked, and JSON always parses', () => {
      fc.assert(fc.property(records, (rs) => {
        const table = buildTable({ type: 'customers', records: rs as OpenRecord[] });
        const view = rs.map((_, i) => i);
        const json = JSON.parse(toJson(table, view, { includeSecrets: false })) as Record<string, unknown>[];
        const secretNames = new Set(table.columns.filter((c) => c.secret).map((c) => c.label));
        for (const row of json) for (const key of Object.keys(row)) assert.ok(!secretNames.has(key), key);
        const csvHeader = toCsv(table, view, { includeSecrets: false }).split('\r\n')[0] ?? '';
        for (const c of table.columns) if (c.secret && c.key !== '') assert.ok(!csvHeader.split(',').includes(c.key), c.key);
      }));
    });

    it('no error message, whatever the error and its context, holds live syntax or exceeds its bound', () => {
      const kinds = ['invalid-input', 'bad-request', 'unauthorized', 'forbidden', 'not-found', 'rate-limited', 'server', 'bad-response', 'too-large', 'network', 'timeout', 'cancelled', 'internal'] as const;
      fc.assert(fc.property(fc.constantFrom(...kinds), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.double(), (kind, message, serverMessage, domain, retryAt) => {
        const u = describeError(new LeakSearchError(kind, message, { serverMessage, retryAt, field: 'domain' }), { ...ctx, domain });
        assert.doesNotMatch(u.message, LIVE);
        assert.ok(u.message.length < 2000);
        assert.doesNotMatch(u.message, /NaN|Invalid Date/);
      }));
    });
  });

  describe('what we show is what the service said, exactly', () => {
    // [body's records, type, a text that must show (revealed), a text that must never show anywhere]
    const DUPLICATES: readonly (readonly [string, 'accounts' | 'customers', string, string])[] = [
      ['{"email":"first-a@x.io","email":"second-b@x.io"}', 'customers', 'second-b@x.io', 'first-a'],
      ['{"username":"first-u","username":"second-u"}', 'accounts', 'second-u', 'first-u'],
      ['{"password":"first-secret","password":"second-secret"}', 'accounts', 'second-secret', 'first-secret'],
      ['{"password":"first-secret","password":"second-secret"}', 'customers', 'second-secret', 'first-secret'],
      ['{"hwid":"first-h","x":1,"hwid":"second-h"}', 'accounts', 'second-h', 'first-h'],
      ['{"n":{"first":1},"n":"second-n"}', 'customers', 'second-n', 'first'],
      ['{"__proto__":"first-p","__proto__":"second-p"}', 'customers', 'second-p', 'first-p'],
    ];

    it('a key sent twice takes its last value everywhere, as JSON.parse does, and the first never shows (table)', () => {
      for (const [record, type, last, first] of DUPLICATES) {
        const body = `{"count":2,"results":[${record},${record}]}`;
        const { table } = ingest(body, type);
        const seen = everywhere(table);
        assert.ok(seen.revealed.includes(last), `${record}: ${last} is shown`);
        assert.ok(!seen.all.includes(first), `${record}: ${first} never shows`);
        const parsed = parseSearchBody(body, type).records[0] as unknown as Record<string, unknown>;
        const bag = type === 'accounts' ? { ...parsed, ...(parsed['extra'] as object | undefined) } : parsed;
        assert.ok(JSON.stringify(bag).includes(last) && !JSON.stringify(bag).includes(first), `${record}: the record objects too`);
      }
    });

    it('a duplicated password is masked by its last value and the first one shows nowhere', () => {
      for (const type of ['accounts', 'customers'] as const) {
        const { table } = ingest('{"count":1,"results":[{"username":"u","password":"old-pw","password":"new-pw"}]}', type);
        const view = viewOf(table);
        const column = table.columnOf('password') as number;
        assert.equal(table.columns[column]?.secret, true, type);
        assert.equal(view.cells(0)[column], MASK, type);
        assert.equal(view.cells(0, () => true)[column], 'new-pw', type);
        const seen = everywhere(table);
        assert.ok(!seen.hidden.includes('new-pw') && !seen.all.includes('old-pw'), type);
      }
    });

    // [number literal as sent]
    const NUMBERS = ['9007199254740993', '-9007199254740993', '123456789012345678901234567890', '18446744073709551615', '1.50', '1e3', '-0', '0.1000000000000000055511151231257827', '9007199254740992'];

    it('a number keeps its literal in every field and every view, never rounded (table)', () => {
      for (const literal of NUMBERS) {
        for (const [type, field] of [['customers', 'n'], ['accounts', 'username'], ['accounts', 'extra_n']] as const) {
          const { table } = ingest(`{"count":1,"results":[{"${field}":${literal},"other":"x"}]}`, type);
          const column = table.columnOf(field) as number;
          assert.equal(table.text(column, 0), literal, `${type} ${field} ${literal}`);
          const view = viewOf(table);
          assert.equal(view.copyText('cell', 0, column, new Set()), literal);
          assert.ok(view.cells(0).includes(literal), `${literal} in the panel`);
          assert.ok(toCsv(table, [0], { includeSecrets: false }).includes(literal), `${literal} in CSV`);
          const json = toJson(table, [0], { includeSecrets: false });
          assert.ok(json.includes(`"${field}":${type === 'accounts' && field === 'username' ? `"${literal}"` : literal}`), `${literal} in JSON: ${json}`);
          assert.doesNotThrow(() => JSON.parse(json));
        }
      }
      // Record objects: an integer a double cannot hold stays its digits.
      const parsed = parseSearchBody('{"count":1,"results":[{"big":9007199254740993,"ok":9007199254740992,"d":1.5}]}', 'customers').records[0];
      assert.deepEqual(parsed, { big: '9007199254740993', ok: 9007199254740992, d: 1.5 });
    });

    // [count as sent, the error's words or the count read]
    const COUNTS: readonly (readonly [string, RegExp | number])[] = [
      ['9007199254740991', 9007199254740991],
      ['9007199254740992', /larger than 9,007,199,254,740,991/],
      ['123456789012345678901234567890', /"count" \(123456789012345678901234567890\) is larger than/],
      ['1e300', /larger than/],
      ['1e400', /not a non-negative whole number/],
      ['1.5', /not a non-negative whole number/],
      ['-1', /not a non-negative whole number/],
      ['2.0', 2],
      ['1e2', 100],
    ];

    it('a count past 2^53 is refused in words, never rounded (table)', () => {
      for (const [count, expected] of COUNTS) {
        const body = `{"count":${count},"results":[]}`;
        if (typeof expected === 'number') {
          assert.equal(ingest(body, 'customers').count, expected, count);
          continue;
        }
        assert.throws(() => ingest(body, 'customers'), (e: unknown) => e instanceof LeakSearchError && e.kind === 'bad-response' && expected.test(e.message), count);
      }
    });

    const PROTO_NAMES = ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];

    it('fields named like Object.prototype members show, sort and export like any other (table)', () => {
      const records = [3, 1, 2].map((v) => `{${PROTO_NAMES.map((name) => `"${name}":"${name}-${v}"`).join(',')}}`);
      for (const type of ['customers', 'accounts'] as const) {
        const { table } = ingest(`{"count":3,"results":[${records.join(',')}]}`, type);
        for (const name of PROTO_NAMES) {
          const column = table.columnOf(name);
          assert.notEqual(column, undefined, `${type}: ${name} has a column`);
          assert.equal(table.columns[column as number]?.label, name);
          const view = new ResultView(table);
          view.query({ filter: EMPTY_FILTER, sort: { column: name, direction: 'asc' }, grouping: 'none', expanded: [] });
          assert.deepEqual(view.window(0, 3, new Set()).map((item) => (item.kind === 'row' ? item.cells[column as number] : '')), [1, 2, 3].map((v) => `${name}-${v}`), `${type}: sorted by ${name}`);
          assert.equal(JSON.parse(toJson(table, [0], { includeSecrets: false }))[0][name], `${name}-3`);
          assert.ok(toCsv(table, [0], { includeSecrets: false }).split('\r\n')[0]?.split(',').includes(name));
        }
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
        assert.equal(({} as Record<string, unknown>)['constructor'], Object);
      }
    });
  });

  describe('open-shape records', () => {
    it('many distinct field names: at most MAX_COLUMNS columns, the rest folded, nothing lost', () => {
      const n = 16_000;
      const records: OpenRecord[] = Array.from({ length: n }, (_, i) => ({ email: `u${i}@x.com`, [`field_${i}`]: i, [`secret_${i}`]: `s${i}` }));
      const table = buildTable({ type: 'customers', records });
      assert.ok(table.columns.length <= MAX_COLUMNS, `${table.columns.length} columns`);
      const other = table.columns.findIndex((c) => c.label === 'Other fields');
      const otherSecret = table.columns.findIndex((c) => c.label === 'Other secret fields');
      assert.ok(other >= 0 && otherSecret >= 0);
      assert.equal(table.columns[other]?.secret, false);
      assert.equal(table.columns[otherSecret]?.secret, true);
      assert.match(cellsOf(table, other, n - 1), /field_15999: 15999/);
      assert.doesNotMatch(cellsOf(table, other, n - 1), /s15999/, 'a secret is never folded into the visible column');
    });

    it('field names of Object.prototype are ordinary columns with their own labels', () => {
      const record: Record<string, string> = {};
      for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) Object.defineProperty(record, name, { value: `v-${name}`, enumerable: true });
      const table = buildTable({ type: 'customers', records: [record] });
      assert.deepEqual(table.columns.map((c) => c.label), ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']);
      assert.deepEqual(table.columns.map((_, c) => cellsOf(table, c, 0)), ['v-constructor', 'v-toString', 'v-__proto__', 'v-hasOwnProperty', 'v-valueOf']);
      assert.match(toJson(table, [0], { includeSecrets: false }), /"__proto__":"v-__proto__"/);
    });

    it('the Markdown summary escapes every piece of record text', () => {
      const table = buildTable({
        type: 'accounts',
       
        records: [{ date: '2024-01-01[x](command:evil)', browser: '<img src=x onerror=alert(1)>', status: 'show', url: 'https://a.example.com/', ip: '1.2.3.4', country: '*US*', username: 'a@b.c', password: 'p' }],
      });
      const view = viewOf(table);
      const md = markdownSummary(view, view.rows, { domain: 'example.com', type: 'accounts', fetchedAt: NaN, filterDescription: '' });
      assert.doesNotMatch(md, /\]\(command|<img|(^|[^\\])\*US/);
      assert.match(md, /As of: unknown/);
    });
  });
});
