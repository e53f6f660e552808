import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lengthFilter } from '../../../src/core/scan/charClass';
import type { Candidate } from '../../../src/core/scan/scanner';
import { EMAIL, TOKEN_KIND, URL, VALUE_KIND, compareCandidates, scan, scanCandidates } from '../../../src/core/scan/scanner';
import { oracleCandidates } from './scanOracle';

/** Pieces that make every rule fire: separators, quotes, brackets, e-mails, URLs, keys, wide characters. */
const PIECES = [
  'a', 'b', 'x1', '_', '.', '..', '-', '--', '@', ':', '://', '/', '?', '#', '=', '==', '=>', '!', ' ', '  ', '\t', '\n', '"', "'", '`', '\\',
  '(', ')', '[', ']', '{', '}', ';', ',', '&', '<', '>', '%', '+', '*', 'ü', 'ä', '章', '✪', '\u200d', '\u2019',
  'http', 'https://', 'postgres://', 'mailto:', 'alice', 'bob.smith', 'example.com', 'xn--mller-kva.de', 'localhost:8080',
  'password', 'Password', 'DB_PASS', 'pwd', 'secret', 'user', 'User Id', 'username', 'login', '--password', '--user',
  'Summer2024!', '[::1]', '127.0.0.1', "o'brien",
];

const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));
const rawArb = fc.string({ unit: fc.constantFrom(...'a.@:/="\' \n()[]-_x\\ü'.split('')), maxLength: 60 });

function show(text: string): string {
  const kinds = ['email', 'url', 'token', 'value'];
  return scanCandidates(text).map((c) => `${kinds[c.kind]} ${JSON.stringify(text.slice(c.start, c.end))} ${c.a} ${c.b}`).join('\n');
}

describe('scanner against its oracle', () => {
  it('agrees on thousands of random texts made of the grammar’s pieces', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        assert.deepEqual(scanCandidates(text), oracleCandidates(text), `${JSON.stringify(text)}\n${show(text)}`);
      }),
      { numRuns: 4000 },
    );
  });

  it('agrees on random strings of the event characters', () => {
    fc.assert(
      fc.property(rawArb, (text) => {
        assert.deepEqual(scanCandidates(text), oracleCandidates(text), `${JSON.stringify(text)}\n${show(text)}`);
      }),
      { numRuns: 4000 },
    );
  });

  it('with length filters, reports exactly the oracle’s candidates of those lengths', () => {
    const filterArb = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }).map((ls) => lengthFilter(ls));
    fc.assert(
      fc.property(textArb, filterArb, filterArb, fc.boolean(), (text, tokens, values, emails) => {
        const want = oracleCandidates(text).filter(
          (c) => (c.kind === TOKEN_KIND ? tokens[c.end - c.start] === 1 : c.kind === VALUE_KIND ? values[c.end - c.start] === 1 : c.kind === EMAIL ? emails : true),
        );
        assert.deepEqual(scanCandidates(text, { tokens, values, emails }), want, JSON.stringify(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on a text of many times more candidates than one batch hands over (4,096), whatever the text around them', () => {
    // Random pieces repeated until the text holds tens of thousands of candidates: the loop
    // stops and resumes at every batch boundary, at every kind of event.
    fc.assert(
      fc.property(fc.array(textArb, { minLength: 1, maxLength: 8 }), (parts) => {
        let text = '';
        for (let k = 0; text.length < 120_000; k++) text += `${parts[k % parts.length]} alice@example.com x="Summer2024!" https://a.example/p `;
        const got = scanCandidates(text);
        assert.ok(got.length > 3 * 4096, `${got.length} candidates`);
        assert.deepEqual(got, oracleCandidates(text));
      }),
      { numRuns: 12 },
    );
  });

  it('a sink that scans another text meanwhile changes nothing in either scan', () => {
    const outer = 'user: alice@example.com pw="Winter-2024" see https://vpn.example.com/a '.repeat(2000);
    const inner = 'token bob.smith --password hunter2 ';
    const want = oracleCandidates(inner);
    const got: Candidate[] = [];
    scan(outer, {
      candidate: (kind, start, end, a, b) => {
        got.push({ kind, start, end, a, b });
        if (got.length % 997 === 0) assert.deepEqual(scanCandidates(inner), want);
      },
    });
    assert.deepEqual(got.sort(compareCandidates), oracleCandidates(outer));
  });

  it('the random texts cover every candidate kind', () => {
    const seen = new Set<number>();
    fc.assert(fc.property(textArb, (text) => {
      for (const c of scanCandidates(text)) seen.add(c.kind);
    }), { numRuns: 2000, seed: 1 });
    assert.deepEqual([...seen].sort(), [EMAIL, URL, TOKEN_KIND, VALUE_KIND]);
  });
});
