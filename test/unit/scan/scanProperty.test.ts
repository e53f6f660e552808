import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lengthFilter } from '../../../src/core/scan/charClass';
import { EMAIL, TOKEN_KIND, URL, VALUE_KIND, scanCandidates } from '../../../src/core/scan/scanner';
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

  it('the random texts cover every candidate kind', () => {
    const seen = new Set<number>();
    fc.assert(fc.property(textArb, (text) => {
      for (const c of scanCandidates(text)) seen.add(c.kind);
    }), { numRuns: 2000, seed: 1 });
    assert.deepEqual([...seen].sort(), [EMAIL, URL, TOKEN_KIND, VALUE_KIND]);
  });
});
