// The fingerprint table of the leak index: every entry found, in record order, and built in
// linear time even when many records share one identifier.
import * as assert from 'node:assert/strict';
import { TableBuilder } from '../../../../src/core/scan/fingerprintTable';
import type { FingerprintTable } from '../../../../src/core/scan/fingerprintTable';

/** A small deterministic generator (tests must not depend on Math.random). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

type Entry = readonly [hi: number, lo: number, record: number];

function build(entries: readonly Entry[]): FingerprintTable {
  const b = new TableBuilder();
  for (const [hi, lo, record] of entries) b.add(hi, lo, record);
  return b.build();
}

/** What the table must hold: every entry, by (hi, lo), equal ones in the order they were added. */
function expected(entries: readonly Entry[]): Entry[] {
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => (a[0] !== b[0] ? a[0] - b[0] : a[1] !== b[1] ? a[1] - b[1] : i - j))
    .map(([e]) => e);
}

function contents(t: FingerprintTable): Entry[] {
  return Array.from({ length: t.size }, (_, i) => [t.hi[i] as number, t.lo[i] as number, t.records[i] as number] as const);
}

function recordsOf(t: FingerprintTable, hi: number, lo: number): number[] {
  return [...t.recordsOf(hi, lo)];
}

describe('Fingerprint table', () => {
  it('is empty with no entries and finds nothing', () => {
    const t = build([]);
    assert.equal(t.size, 0);
    assert.equal(t.find(1, 2), -1);
  });

  for (const n of [1, 2, 15, 17, 100, 5000, 70_000]) {
    it(`sorts ${n} random fingerprints and finds each one's records`, () => {
      const next = prng(n);
      const entries: Entry[] = Array.from({ length: n }, (_, i) => [next(), next(), i]);
      // Some fingerprints again, for later records.
      for (let i = 0; i < n / 10; i++) {
        const e = entries[next() % entries.length] as Entry;
        entries.push([e[0], e[1], n + i]);
      }
      const t = build(entries);
      assert.deepEqual(contents(t), expected(entries));
      for (const [hi, lo] of entries.slice(0, 200)) {
        assert.deepEqual(recordsOf(t, hi, lo), entries.filter((e) => e[0] === hi && e[1] === lo).map((e) => e[2]));
      }
      const absent = entries.find(([hi, lo]) => !entries.some((e) => e[0] === hi && e[1] === ((lo + 1) >>> 0)));
      if (absent) assert.equal(t.find(absent[0], (absent[1] + 1) >>> 0), -1);
    });
  }

  it('keeps one identifier shared by many records in record order, beside others', () => {
    const next = prng(7);
    const entries: Entry[] = [];
    for (let i = 0; i < 50_000; i++) entries.push(i % 2 === 0 ? [0xdeadbeef, 0x12345678, i] : [next(), next(), i]);
    const t = build(entries);
    assert.deepEqual(contents(t), expected(entries));
    assert.deepEqual(recordsOf(t, 0xdeadbeef, 0x12345678), entries.filter((e) => e[0] === 0xdeadbeef).map((e) => e[2]));
  });

  it('sorts shared identifiers that land in one directory slot, interleaved (no quadratic insertion)', () => {
    // Same top bits of hi (one slot), different fingerprints, each shared by many records,
    // added alternately: the slot is large and out of order.
    const entries: Entry[] = [];
    const keys: [number, number][] = [[0xabc00005, 9], [0xabc00001, 3], [0xabc00001, 2], [0xabc00003, 0xffffffff]];
    for (let i = 0; i < 40_000; i++) {
      const [hi, lo] = keys[i % keys.length] as [number, number];
      entries.push([hi, lo, i]);
    }
    const t = build(entries);
    assert.deepEqual(contents(t), expected(entries));
    for (const [hi, lo] of keys) assert.equal(recordsOf(t, hi, lo).length, 10_000);
    assert.equal(t.find(0xabc00001, 4), -1);
  });
});
