// A file's text decoded into the scanner's memory instead of a string (scanText.ts): it reads
// as the string would, it decodes as TextDecoder does, and the scanner and the leak index find
// in it exactly what they find in the string.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';
import type { LeakMatch } from '../../../../src/core/scan/leakIndex';
import { decodeForScan, scanCandidates } from '../../../../src/core/scan/scanner';
import { UnitText } from '../../../../src/core/scan/scanText';
import { makeCorpus, makeLeaks } from '../../../../tools/bench/corpus';

const utf8 = new TextDecoder('utf-8');

/** Any UTF-16 units, lone surrogates included, as a string. */
const unitsArb = fc.array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 90 }).map((units) => String.fromCharCode(...units));
/** Positions as callers may pass them: inside, at the ends, past them, negative, fractional, NaN. */
const positionArb = fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(NaN, Infinity, -Infinity, 0.5, 2.7));

function unitsOf(text: string): UnitText {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return new UnitText(units, () => true);
}

/** Bytes that stress a UTF-8 decoder: every lead and continuation range, its bounds, a BOM, ASCII runs across 16-byte groups. */
const BYTES = [0x00, 0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
const bytesArb = fc
  .array(fc.oneof(fc.constantFrom(...BYTES), fc.integer({ min: 0, max: 255 }), fc.constantFrom(...'alice@example.com '.split('').map((c) => c.charCodeAt(0)))), { maxLength: 80 })
  .chain((bytes) => fc.tuple(fc.constant(bytes), fc.boolean()))
  .map(([bytes, bom]) => Uint8Array.from(bom ? [0xef, 0xbb, 0xbf, ...bytes] : bytes));

function key(m: LeakMatch): string {
  return `${m.kind}:${m.start}-${m.end}:${m.identifier}:${m.severity}:${m.weak}:${m.owners.join('|')}`;
}

describe('scan text: a file decoded into the scanner', () => {
  it("reads as String.prototype does: charCodeAt, slice, indexOf, lastIndexOf, startsWith, toString", () => {
    fc.assert(
      fc.property(unitsArb, positionArb, positionArb, fc.oneof(fc.constantFrom('', '\n', '@', '--user', 'ab'), fc.string({ maxLength: 3 })), (text, a, b, search) => {
        const view = unitsOf(text);
        assert.equal(view.length, text.length);
        assert.equal(view.toString(), text);
        assert.deepEqual(view.charCodeAt(a), text.charCodeAt(a), `charCodeAt(${a})`);
        assert.equal(view.slice(a, b), text.slice(a, b), `slice(${a}, ${b})`);
        assert.equal(view.slice(a), text.slice(a), `slice(${a})`);
        assert.equal(view.indexOf(search, a), text.indexOf(search, a), `indexOf(${JSON.stringify(search)}, ${a})`);
        assert.equal(view.indexOf(search), text.indexOf(search));
        assert.equal(view.lastIndexOf(search, a), text.lastIndexOf(search, a), `lastIndexOf(${JSON.stringify(search)}, ${a})`);
        assert.equal(view.lastIndexOf(search), text.lastIndexOf(search));
        assert.equal(view.startsWith(search, a), text.startsWith(search, a), `startsWith(${JSON.stringify(search)}, ${a})`);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds one unit near the position and far past it, as String.prototype.indexOf does', () => {
    // A one-unit search reads the next units itself, then leaves the rest to Node's search.
    for (const length of [1, 63, 64, 65, 66, 129, 1000]) {
      for (const at of [0, 1, 62, 63, 64, 65, 66, 127, 128, 500, 999]) {
        if (at >= length) continue;
        const text = `${'é'.repeat(at)}\n${'x'.repeat(length - at - 1)}`;
        const view = unitsOf(text);
        for (const from of [0, 1, at - 64, at - 63, at - 1, at, at + 1, length - 1, length, length + 5]) {
          assert.equal(view.indexOf('\n', from), text.indexOf('\n', from), `length ${length}, newline at ${at}, from ${from}`);
          assert.equal(view.indexOf('y', from), -1);
        }
      }
    }
  });

  it('decodes UTF-8 as TextDecoder does: a byte-order mark dropped, each ill-formed sequence one U+FFFD', () => {
    fc.assert(
      fc.property(bytesArb, (bytes) => {
        assert.equal(decodeForScan(bytes).toString(), utf8.decode(bytes), Buffer.from(bytes).toString('hex'));
      }),
      { numRuns: 5000 },
    );
    const cases: [string, number[]][] = [
      ['empty', []],
      ['a BOM alone', [0xef, 0xbb, 0xbf]],
      ['two BOMs: the second is text', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]],
      ['an overlong slash', [0xc0, 0xaf]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
      ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
      ['a truncated emoji at the end', [0x61, 0xf0, 0x9f, 0x98]],
      ['an emoji', [0xf0, 0x9f, 0x98, 0x80]],
      ['the last code point', [0xf4, 0x8f, 0xbf, 0xbf]],
    ];
    for (const [name, bytes] of cases) assert.equal(decodeForScan(Uint8Array.from(bytes)).toString(), utf8.decode(Uint8Array.from(bytes)), name);
    // ASCII runs broken at every offset of a 16-byte group, in long texts.
    for (let at = 0; at < 40; at++) {
      const bytes = Buffer.concat([Buffer.from('x'.repeat(at)), Buffer.from('é日😀\xff', 'latin1'), Buffer.from('é日😀'), Buffer.from('y'.repeat(70 - at))]);
      assert.equal(decodeForScan(bytes).toString(), utf8.decode(bytes), `non-ASCII at ${at}`);
    }
  });

  it('scans to the same candidates as the string, split into parts for helper threads too', () => {
    const pieces = ['alice@example.com', ' password="Summer2024!"', ' https://u:p%40ss@vpn.example.com/x', ' --user bob:pw', ' 日本 ', '\n', ' naïve=café ', '"auth": "YWxpY2U6c2VjcmV0"', ' \\"quoted\\" ', ' -ujsmith:pw'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), fc.boolean(), (parts, split) => {
        const text = parts.join('');
        const options = { forms: true, ...(split ? { splitFrom: 64, parts: 3 } : {}) };
        assert.deepEqual(scanCandidates(decodeForScan(Buffer.from(text)), options), scanCandidates(text, options));
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same leaks, with the same owners and severities, as in the string', () => {
    const fixture = makeLeaks(7, { emails: 300, usernames: 200, urls: 200, passwords: 300 });
    const index = buildLeakIndex(fixture.sources);
    const corpus = makeCorpus(8, 200_000, fixture.leaked, 0.02).text;
    const forms = [
      'machine example.com login alice password Summer2024!\n',
      'db.example.com:5432:*:jsmith:Tr0ub4dor\\:3x\n',
      '{\n  "auths": { "registry.example.com": { "auth": "YWxpY2U6U3VtbWVyMjAyNCE=" } }\n}\n',
      'curl -u alice:Summer2024! https://x.example.com/ && ssh root@db.example.com\n',
      'café naïve 日本語 😀 https://user:pa%24s@host.example.com/ ?password=p%40ss&user=u%40x\n',
    ];
    const texts = [corpus, ...forms, forms.join('') + corpus.slice(0, 5000)];
    for (const text of texts) {
      const fromString = index.match(text).map(key);
      const fromUnits = index.match(decodeForScan(Buffer.from(text))).map(key);
      assert.deepEqual(fromUnits, fromString);
    }
    assert.ok(index.match(corpus).length > 50, 'the corpus holds leaks to find');
  });

  it('never reads a text decoded before the last one', () => {
    const first = decodeForScan(Buffer.from('first text'));
    decodeForScan(Buffer.from('second text'));
    assert.throws(() => first.toString(), /earlier scan/);
    assert.throws(() => scanCandidates(first), /earlier scan/);
  });
});
