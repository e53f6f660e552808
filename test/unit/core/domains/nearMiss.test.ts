// "Did you mean …?": which typed domains are near misses of a known one, and which are not.
import * as assert from 'node:assert/strict';
import { editDistance, nearMiss } from '../../../../src/core/domains/nearMiss';

describe('domains: near misses of a known domain', () => {
  const known = ['example.com', 'northwind-traders.com', 'acme.test'];

  it('catches a swapped, missed, doubled or wrong letter', () => {
    assert.equal(nearMiss('exmaple.com', known), 'example.com');
    assert.equal(nearMiss('exaple.com', known), 'example.com');
    assert.equal(nearMiss('examplle.com', known), 'example.com');
    assert.equal(nearMiss('example.co', known), 'example.com');
    assert.equal(nearMiss('exampel.com', known), 'example.com');
    assert.equal(nearMiss('acme.tset', known), 'acme.test');
  });

  it('allows two edits in a longer name, one in a short one', () => {
    assert.equal(nearMiss('northwnd-tradres.com', known), 'northwind-traders.com');
    assert.equal(nearMiss('acne.tets', known), undefined);
  });

  it('is silent for the same name under another top-level domain, and for a name under any known domain', () => {
    assert.equal(nearMiss('siemens.fr', ['siemens.de']), undefined);
    assert.equal(nearMiss('bigcorp.at', ['bigcorp.de']), undefined);
    assert.equal(nearMiss('acme.io', ['acme.co']), undefined);
    assert.equal(nearMiss('ww2.example.com', ['example.com', 'www.example.com']), undefined);
  });

  it('is silent for the domain itself, its subdomains and its parents, and for other domains', () => {
    assert.equal(nearMiss('example.com', known), undefined);
    assert.equal(nearMiss('mail.example.com', known), undefined);
    assert.equal(nearMiss('example.org.uk', known), undefined);
    assert.equal(nearMiss('contoso.com', known), undefined);
    assert.equal(nearMiss('example.com', []), undefined);
  });

  it('picks the closest of several known domains', () => {
    assert.equal(nearMiss('exampel.com', ['exammple.com', 'example.com']), 'example.com');
  });

  it('measures the optimal-string-alignment distance, stopping past the limit', () => {
    assert.equal(editDistance('abcd', 'abdc', 2), 1);
    assert.equal(editDistance('kitten', 'sitting', 5), 3);
    assert.equal(editDistance('kitten', 'sitting', 1), 2);
    assert.equal(editDistance('', 'abc', 5), 3);
    const long = 'a'.repeat(253);
    assert.equal(editDistance(long, `b${long.slice(2)}c`, 2), 2);
    assert.equal(editDistance(long, 'b'.repeat(253), 2), 3);
  });
});
