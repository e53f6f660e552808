// The bit sketch that turns most scanner candidates away: it never rejects a key it holds, and
// two probes let fewer strangers through than one.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Probes } from '../../../../src/core/scan/sketch';
import { Sketch } from '../../../../src/core/scan/sketch';

describe('sketch', () => {
  it('never rejects a key it holds, with either probe or both, folded or exact', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 24 }), { minLength: 1, maxLength: 50 }), fc.boolean(), fc.constantFrom<Probes>('first', 'second', 'both'), (keys, fold, probes) => {
        const sketch = new Sketch(fold, probes);
        for (const k of keys) sketch.add(k);
        for (const k of keys) {
          const text = `«${k}»`;
          assert.ok(sketch.mayHave(text, 1, 1 + k.length), JSON.stringify(k));
          if (fold) assert.ok(sketch.mayHave(k.toUpperCase(), 0, k.toUpperCase().length) || k.toUpperCase().length !== k.length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('with two probes lets far fewer strangers through than with one', () => {
    // Random strings of 8–20 characters from a seeded generator: keys, then strangers.
    let seed = 12345;
    const random = (): string => {
      let s = '';
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const length = 8 + (seed % 13);
      for (let k = 0; k < length; k++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        s += String.fromCharCode(33 + ((seed >>> 16) % 94));
      }
      return s;
    };
    const one = new Sketch(false);
    const two = new Sketch(false, 'both');
    for (let i = 0; i < 25_000; i++) {
      const key = random();
      one.add(key);
      two.add(key);
    }
    let passOne = 0;
    let passTwo = 0;
    for (let i = 0; i < 200_000; i++) {
      const stranger = random();
      if (one.mayHave(stranger, 0, stranger.length)) passOne++;
      if (two.mayHave(stranger, 0, stranger.length)) passTwo++;
    }
    // One probe: about the share of bits set (at most 25,000 of 2^20); two: about its square.
    assert.ok(passOne > 1000, `one probe: ${passOne}`);
    assert.ok(passTwo * 5 < passOne, `two probes: ${passTwo}, one: ${passOne}`);
  });
});
