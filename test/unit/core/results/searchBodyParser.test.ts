// The streaming parser of search answers (src/core/results/searchBodyParser.ts): the same result
// whatever the chunking, iterative at any nesting depth, a record limit that stops early,
// field names that are names of Object.prototype kept as ordinary fields.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LeakSearchError } from '../../../../src/core/service/errors';
import { parseSearchBody } from '../../../../src/core/client/response';
import { MIN_RECORD_CHARS, SearchBodyParser } from '../../../../src/core/results/searchBodyParser';
import type { AccountRecord, FindingsType, OpenRecord } from '../../../../src/core/service/types';

function parseChunked(text: string, type: FindingsType, cuts: readonly number[], maxRecords = Number.MAX_SAFE_INTEGER): { count: number; records: (AccountRecord | OpenRecord)[] } {
  const records: (AccountRecord | OpenRecord)[] = [];
  const parser = new SearchBodyParser(type, { maxRecords }, (r) => records.push(r));
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parser.write(text.slice(from, cut));
    from = cut;
  }
  parser.write(text.slice(from));
  return { count: parser.end().count, records };
}

function failure(f: () => unknown): LeakSearchError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof LeakSearchError, `not a typed error: ${String(e)}`);
    return e;
  }
  assert.fail('expected an error');
}

/**
 * What JSON.parse gives, except an integer literal a double cannot hold exactly: its digits,
 * not the rounded number (the parser keeps what the service said). JSON.stringify wrote
 * such a double as the digits of its shortest form padded with zeros, which is the literal.
 */
function exactly(v: unknown): unknown {
  if (typeof v !== 'number' || !Number.isInteger(v) || Number.isSafeInteger(v) || Math.abs(v) >= 1e21) return v;
  return BigInt(v) === BigInt(String(v)) ? v : String(v);
}

/** The records of a body as the parser gives them: a nested value as its JSON text. */
function asParsed(body: string): unknown[] {
  const reference = JSON.parse(body) as { results: Record<string, unknown>[] };
  return reference.results.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : exactly(v)])));
}

const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const openRecord = fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 })), { maxKeys: 6 });

describe('client: streaming answer parser', () => {
  it('gives what JSON.parse gives, however the body is cut into chunks (property)', () => {
    fc.assert(
      fc.property(fc.array(openRecord, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (records, cuts, pretty) => {
        const body = JSON.stringify({ count: records.length, note: { skipped: [1, { a: '}' }] }, results: records }, null, pretty ? 2 : undefined);
        const parsed = parseChunked(body, 'customers', cuts.map((c) => c % (body.length + 1)));
        assert.deepEqual(parsed.records, asParsed(body));
        assert.equal(parsed.count, records.length);
      }),
      { numRuns: 300 },
    );
  });

  it('reads records that repeat their keys as JSON.parse does, however the body is cut (property)', () => {
    // A key read before is matched in place (`#knownKey`), which a chunk may cut: records with
    // a few keys in common, values with quotes, backslashes and escapes.
    const text = fc.oneof(fc.string(), fc.constantFrom('', '"', '\\', 'a\\"b', '\u00e9\n', 'x'.repeat(40)));
    const record = fc.dictionary(fc.constantFrom('username', 'password', 'url', 'u', 'p"q', 'a\\b', ''), fc.oneof(text, fc.integer(), fc.constant(null), fc.jsonValue({ maxDepth: 1 })), { maxKeys: 5 });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (records, cuts, pretty) => {
        const body = JSON.stringify({ count: records.length, results: records }, null, pretty ? 1 : undefined);
        const parsed = parseChunked(body, 'customers', cuts.map((c) => c % (body.length + 1)));
        assert.deepEqual(parsed.records, asParsed(body));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a comma before a closing brace, in a record and after the results', () => {
    const record = '{"username":"a@x.test","password":"p"}';
    for (const body of [
      `{"count":2,"results":[${record},{"username":"b","password":"q",}]}`,
      `{"count":2,"results":[${record},{"username":"b",}]}`,
      `{"count":1,"results":[{"username":"b", }]}`,
      `{"count":1,"results":[${record}],}`,
      `{"count":1,"results":[${record},]}`,
      `{"count":1,"results":[{,}]}`,
    ]) {
      for (const cut of Array.from({ length: body.length + 1 }, (_, i) => i)) {
        assert.match(failure(() => parseChunked(body, 'accounts', [cut])).message, /not valid JSON/, `${body} cut at ${cut}`);
      }
    }
  });

  it('skips other top-level keys of any kind, and reads strings split anywhere, even one character a chunk', () => {
    const records = [{ s: 'a\\"b\\\\"c\u00e9\ud83d\ude00 \\u0041', n: -1.5e-3 }];
    const body = JSON.stringify({ note: 'skip "me"', version: 2, ok: true, nested: [{ a: '}' }], count: 1, results: records, trailer: null });
    const cuts = Array.from({ length: body.length }, (_, i) => i);
    const parsed = parseChunked(body, 'customers', cuts);
    assert.deepEqual(parsed.records, JSON.parse(body).results);
  });

  it('reads a lone surrogate escape (\\ud800) as U+FFFD, which UTF-8 storage can hold, in keys and values alike', () => {
    const body = '{"count":1,"results":[{"n\\udc00te":"a\\ud800b","pair":"\\ud83d\\ude00","tail":"x\\ud83d"}]}';
    const parsed = parseChunked(body, 'customers', [5, 30, 31, 32]);
    assert.deepEqual(parsed.records, [{ 'n\ufffdte': 'a\ufffdb', pair: '\ud83d\ude00', tail: 'x\ufffd' }]);
  });

  it('keeps fields named like Object.prototype members as ordinary fields', () => {
    const body = '{"count":1,"results":[{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":1}]}';
    const { records } = parseChunked(body, 'customers', []);
    const record = records[0] as Record<string, unknown>;
    assert.deepEqual(Object.keys(record), ['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    assert.equal(Object.getOwnPropertyDescriptor(record, '__proto__')?.value, 'p');
    assert.equal(Object.getPrototypeOf(record), Object.prototype, 'the prototype is untouched');
    const accounts = parseChunked('{"count":1,"results":[{"username":"u","__proto__":{"x":1}}]}', 'accounts', []).records[0] as AccountRecord;
    assert.equal(Object.getOwnPropertyDescriptor(accounts.extra, '__proto__')?.value, '{"x":1}');
  });

  it('reads a field nested 100,000 deep without overflowing the stack, as its text', () => {
    const depth = 100_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const { records } = parseChunked(`{"count":1,"results":[{"deep":${nested}}]}`, 'customers', [17, 5000, 300_000]);
    assert.equal((records[0] as OpenRecord)['deep'], nested);
  });

  it('stops at the record limit with a typed error that names it and the next step', () => {
    // Empty records cost a hostile sender little and the reader much: the limit stops them after
    // the first few.
    const head = '{"count":100000000,"results":[';
    const parser = new SearchBodyParser('customers', { maxRecords: 1000 }, () => undefined);
    parser.write(head);
    const error = failure(() => {
      for (let i = 0; i < 1000; i++) parser.write('{},'.repeat(1000));
    });
    assert.equal(error.kind, 'too-large');
    assert.equal(error.details.limit, 1000);
    assert.match(error.message, /more than 1,000 records, the record limit.*date range/);
    assert.equal(error.details.setting, 'maxRecords');
  });

  it('refuses an answer of records smaller than any leaked credential, which would cost many times its size', () => {
    const body = (record: string, n: number): string => `{"count":${n},"results":[${new Array<string>(n).fill(record).join(',')}]}`;
    // [record, how many, refused?]: the floor is an average of MIN_RECORD_CHARS (the comma counts).
    const cases: readonly (readonly [string, number, boolean])[] = [
      ['{}', 100_000, true],
      ['{"a":1}', 100_000, true],
      ['{"ab":1}', 100_000, true],
      [' { } ', 100_000, true],
      ['{"a":"b"}', 100_000, false],
      ['{"email":"a@b.co"}', 100_000, false],
      ['{}', 4000, false],
    ];
    for (const [record, n, refused] of cases) {
      for (const type of ['accounts', 'customers'] as const) {
        const text = body(record, n);
        const chunked = (): void => {
          const parser = new SearchBodyParser(type, { maxRecords: 1e9 }, () => undefined);
          for (let i = 0; i < text.length; i += 7919) parser.write(text.slice(i, i + 7919));
          parser.end();
        };
        if (!refused) {
          chunked();
          continue;
        }
        const error = failure(chunked);
        assert.equal(error.kind, 'bad-response', `${record} ${type}`);
        assert.match(error.message, /fewer than 10 a record.*nothing of it was kept/);
      }
    }
    assert.equal(MIN_RECORD_CHARS, 10);
  });

  it('refuses a field longer than the field limit, and a record longer than the record limit', () => {
    const long = JSON.stringify({ count: 1, results: [{ x: 'a'.repeat(5000) }] });
    assert.match(failure(() => new SearchBodyParser('customers', { maxRecords: 10, maxFieldChars: 1000 }, () => undefined).write(long)).message, /longer than 1000 characters/);
    const wide = JSON.stringify({ count: 1, results: [Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'.repeat(50)]))] });
    const parser = new SearchBodyParser('customers', { maxRecords: 10, maxRecordChars: 4096 }, () => undefined);
    assert.match(failure(() => parseChunkedInto(parser, wide)).message, /result 1 is larger than/);
  });

  it('never accepts what is not JSON, and fails only with a typed error (property)', () => {
    fc.assert(
      fc.property(fc.array(openRecord, { minLength: 1, maxLength: 4 }), fc.nat(), fc.nat(), fc.string({ maxLength: 2 }), (records, at, cut, insert) => {
        const body = JSON.stringify({ count: records.length, results: records });
        const i = at % body.length;
        const broken = body.slice(0, i) + insert + body.slice(i + 1);
        let accepted = true;
        try {
          parseChunked(broken, 'customers', [cut % (broken.length + 1)]);
        } catch (e) {
          assert.ok(e instanceof LeakSearchError, `untyped error: ${String(e)}`);
          accepted = false;
        }
        if (accepted) assert.doesNotThrow(() => JSON.parse(broken), 'accepted a body JSON.parse refuses');
      }),
      { numRuns: 500 },
    );
  });

  it('reads accounts records the same as before: eight text fields, nested account fields refused', () => {
    const r = parseSearchBody('{"count":2,"results":[{"username":"a","ip":null,"country":7},{"username":"b","extra1":[1,2]}]}', 'accounts');
    assert.deepEqual(r.records[0], { date: '', browser: '', status: '', url: '', ip: '', country: '7', username: 'a', password: '' });
    assert.deepEqual((r.records[1] as AccountRecord).extra, { extra1: '[1,2]' });
    assert.match(failure(() => parseSearchBody('{"count":1,"results":[{"password":{"x":1}}]}', 'accounts')).message, /"password" of result 1 is not text/);
  });
});

function parseChunkedInto(parser: SearchBodyParser, text: string): void {
  for (let i = 0; i < text.length; i += 256) parser.write(text.slice(i, i + 256));
  parser.end();
}
