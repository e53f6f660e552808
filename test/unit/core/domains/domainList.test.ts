// The one list of known domains: configured ones first, normalised, then those checked by hand.
import * as assert from 'node:assert/strict';
import { knownDomains } from '../../../../src/core/domains/domainList';

describe('knownDomains', () => {
  it('lists configured domains first, normalised, then domains checked by hand, each once', () => {
    assert.deepEqual(knownDomains(['Example.COM', 'example.org.'], ['example.com', 'other.test']), ['example.com', 'example.org', 'other.test']);
  });

  it('keeps an invalid configured entry as written (its check reports why) and drops repeats', () => {
    assert.deepEqual(knownDomains(['not a domain', 'not a domain', 'example.com'], []), ['not a domain', 'example.com']);
  });

  it('is empty with nothing configured or checked', () => {
    assert.deepEqual(knownDomains([], []), []);
  });
});
