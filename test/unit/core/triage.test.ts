import * as assert from 'node:assert/strict';
import { cleanNote, combinedTriage, isTriageId, mergeMarks, parseMark, parseTriageFile, triageFile, triageId, triageKey, triageWords } from '../../../src/core/triage';
import type { TriageMark } from '../../../src/core/triage';

const ORIGIN = 'https://leaks.example.test';
const FIELDS = ['2026-03-14 09:26', 'alice@example.com', 'Summer2024!', 'https://vpn.example.com/login', '81.23.144.17', 'DE', 'Google Chrome'];

describe('triage', () => {
  it('gives a record the same id for everyone on a service, another on another service, and names nothing', () => {
    const id = triageId(triageKey(ORIGIN), FIELDS);
    assert.ok(isTriageId(id));
    assert.equal(triageId(triageKey(ORIGIN), [...FIELDS]), id);
    assert.notEqual(triageId(triageKey('https://other.test'), FIELDS), id);
    assert.notEqual(triageId(triageKey(ORIGIN), ['2026-03-14 09:26', 'alice@example.comSummer2024!', '', ...FIELDS.slice(3)]), id, 'field boundaries count');
    for (const field of FIELDS) assert.ok(!id.toLowerCase().includes(field.toLowerCase().slice(0, 5)));
  });

  it('reads marks from untrusted storage: known states, finite dates, notes as one bounded plain line', () => {
    assert.deepEqual(parseMark({ state: 'remediated', at: 5, note: ' rotated\n\u202Eevil\u0000 ' }), { state: 'remediated', at: 5, note: 'rotated evil' });
    for (const bad of [null, 1, {}, { state: 'done', at: 1 }, { state: 'acknowledged', at: Number.NaN }, { state: 'acknowledged', at: -1 }, { state: 'acknowledged' }]) {
      assert.equal(parseMark(bad), undefined, JSON.stringify(bad));
    }
    assert.equal(cleanNote('x'.repeat(10_000)).length, 500);
  });

  it('merges a team file: the newer decision wins per record', () => {
    const held = new Map<string, TriageMark>([['a'.repeat(22), { state: 'acknowledged', at: 10 }], ['b'.repeat(22), { state: 'remediated', at: 30 }]]);
    const incoming = new Map<string, TriageMark>([['a'.repeat(22), { state: 'false-positive', at: 20 }], ['b'.repeat(22), { state: 'acknowledged', at: 25 }], ['c'.repeat(22), { state: 'remediated', at: 1 }]]);
    const { marks, changed } = mergeMarks(held, incoming);
    assert.equal(changed, 2);
    assert.deepEqual(Object.fromEntries(marks), { ['a'.repeat(22)]: { state: 'false-positive', at: 20 }, ['b'.repeat(22)]: { state: 'remediated', at: 30 }, ['c'.repeat(22)]: { state: 'remediated', at: 1 } });
  });

  it('writes and reads the team file (ids, states, dates, notes only), refusing other files with a reason', () => {
    const id = triageId(triageKey(ORIGIN), FIELDS);
    const marks = new Map<string, TriageMark>([[id, { state: 'remediated', at: Date.UTC(2026, 10, 23), note: 'password rotated' }]]);
    const text = triageFile(ORIGIN, marks);
    for (const field of FIELDS) assert.ok(!text.includes(field));
    assert.deepEqual(parseTriageFile(text, ORIGIN), marks);
    assert.throws(() => parseTriageFile(text, 'https://other.test'), /another service \(https:\/\/leaks\.example\.test\), not https:\/\/other\.test/);
    assert.throws(() => parseTriageFile('{', ORIGIN), /not JSON/);
    assert.throws(() => parseTriageFile('{"format":"x"}', ORIGIN), /not a Leak Search triage file/);
    const mixed = JSON.stringify({ format: 'leak-search-triage', version: 1, origin: ORIGIN, entries: [{ id: '../../etc', state: 'remediated', at: '2026-01-01' }, { id, state: 'bogus', at: '2026-01-01' }, { id, state: 'acknowledged', at: '2026-01-02T00:00:00Z' }] });
    assert.deepEqual(Object.fromEntries(parseTriageFile(mixed, ORIGIN)), { [id]: { state: 'acknowledged', at: Date.UTC(2026, 0, 2) } });
  });
});

describe('triage of a group of records', () => {
  const at = (state: TriageMark['state'], day: number): TriageMark => ({ state, at: Date.UTC(2026, 10, day) });

  it('is undecided while any record is, and for no records at all', () => {
    assert.equal(combinedTriage([at('remediated', 1), undefined]), undefined);
    assert.equal(combinedTriage([]), undefined);
  });

  it('is a false positive only when every record is; remediated when all are done; else acknowledged; dated by the latest decision', () => {
    assert.deepEqual(combinedTriage([at('false-positive', 1), at('false-positive', 3)]), at('false-positive', 3));
    assert.deepEqual(combinedTriage([at('false-positive', 5), at('remediated', 2)]), at('remediated', 5));
    assert.deepEqual(combinedTriage([at('remediated', 2), at('acknowledged', 1)]), at('acknowledged', 2));
  });

  it('says a decision in words with its UTC day (the same for every reader of a shared file)', () => {
    assert.equal(triageWords({ state: 'false-positive', at: Date.UTC(2026, 10, 23, 23, 59) }), 'false positive on 2026-11-23');
  });
});
