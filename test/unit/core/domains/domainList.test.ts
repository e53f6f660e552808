// The one list of known domains: configured ones first, normalised, then those checked by hand.
import * as assert from 'node:assert/strict';
import { canonicalDomain, configuredDomains, knownDomains } from '../../../../src/core/domains/domainList';

describe('the domain list', () => {
  it('spells each valid domain one way: lower case, no trailing dot, ASCII form, no spaces', () => {
    const cases: [string, string][] = [
      ['Example.COM', 'example.com'],
      ['example.com.', 'example.com'],
      ['  example.com  ', 'example.com'],
      ['EXAMPLE.com.', 'example.com'],
      ['Bücher.Example', 'xn--bcher-kva.example'],
      ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
      ['ÉCOLE.fr.', 'xn--cole-9oa.fr'],
    ];
    for (const [raw, want] of cases) assert.equal(canonicalDomain(raw), want, raw);
  });

  it('keeps an entry that is not a domain as written, trimmed, so its check can say why', () => {
    for (const raw of ['not a domain', 'https://example.com', 'localhost', '10.0.0.1']) assert.equal(canonicalDomain(` ${raw} `), raw);
  });

  it('is one domain across folders and spellings, in the order first named', () => {
    assert.deepEqual(configuredDomains([['Example.COM', 'b.example'], ['example.com.', 'example.com', 'B.EXAMPLE.'], ['Bücher.example', 'xn--bcher-kva.example']]), ['example.com', 'b.example', 'xn--bcher-kva.example']);
    assert.deepEqual(configuredDomains([['', '  ']]), []);
  });

  it('lists configured domains first, then domains checked by hand, each once', () => {
    assert.deepEqual(knownDomains(['Example.COM', 'example.org.'], ['example.com', 'other.test']), ['example.com', 'example.org', 'other.test']);
    assert.deepEqual(knownDomains(['not a domain', 'not a domain', 'example.com'], []), ['not a domain', 'example.com']);
    assert.deepEqual(knownDomains([], []), []);
  });
});
