// Triage of leaked records: stable ids that name nothing, marks read from untrusted storage,
// and team files merged so the newer decision wins.
import * as assert from 'node:assert/strict';
import { MAX_MARKS, MAX_NOTE, TRIAGE_CLOCK_SKEW_MS, cleanNote, combinedTriage, isTriageId, mergeMarks, parseMark, parseTriageFile, refusalWords, triageFile, triageId, triageKey, triageWords } from '../../../../src/core/triage/triage';
import type { TriageMark } from '../../../../src/core/triage/triage';

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
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${x.repeat(21)}A`) as [string, string, string];
    const held = new Map<string, TriageMark>([[a, { state: 'acknowledged', at: 10 }], [b, { state: 'remediated', at: 30 }]]);
    const incoming = new Map<string, TriageMark>([[a, { state: 'false-positive', at: 20 }], [b, { state: 'acknowledged', at: 25 }], [c, { state: 'remediated', at: 1 }]]);
    const { marks, changed, full } = mergeMarks(held, incoming);
    assert.deepEqual([changed, full], [[a, c], 0]);
    assert.deepEqual(Object.fromEntries(marks), { [a]: { state: 'false-positive', at: 20 }, [b]: { state: 'remediated', at: 30 }, [c]: { state: 'remediated', at: 1 } });
  });

  it('writes and reads the team file (ids, states, dates, notes only), refusing other files with a reason', () => {
    const id = triageId(triageKey(ORIGIN), FIELDS);
    const marks = new Map<string, TriageMark>([[id, { state: 'remediated', at: Date.UTC(2026, 10, 23), note: 'password rotated' }]]);
    const text = triageFile(ORIGIN, marks);
    for (const field of FIELDS) assert.ok(!text.includes(field));
    assert.deepEqual(parseTriageFile(text, ORIGIN), { marks, refused: { id: 0, state: 0, date: 0, future: 0 } });
    assert.throws(() => parseTriageFile(text, 'https://other.test'), /another service \(https:\/\/leaks\.example\.test\), not https:\/\/other\.test/);
    assert.throws(() => parseTriageFile('{', ORIGIN), /not JSON/);
    assert.throws(() => parseTriageFile('{"format":"x"}', ORIGIN), /not a Leak Search triage file/);
    const mixed = JSON.stringify({ format: 'leak-search-triage', version: 1, origin: ORIGIN, entries: [{ id: '../../etc', state: 'remediated', at: '2026-01-01' }, { id, state: 'bogus', at: '2026-01-01' }, { id, state: 'acknowledged', at: '2026-01-02T00:00:00Z' }] });
    assert.deepEqual(Object.fromEntries(parseTriageFile(mixed, ORIGIN).marks), { [id]: { state: 'acknowledged', at: Date.UTC(2026, 0, 2) } });
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

describe('triage: an imported team file cannot poison the store', () => {
  const NOW = Date.UTC(2026, 10, 25, 12);
  const id = triageId(triageKey(ORIGIN), FIELDS);
  const file = (entries: unknown[]): string => JSON.stringify({ format: 'leak-search-triage', version: 1, origin: ORIGIN, entries });
  const good = { id, state: 'remediated', at: '2026-11-20T00:00:00Z' };

  it('accepts exactly the shape of our ids: 22 base64url characters ending in A, Q, g or w', () => {
    for (let i = 0; i < 200; i++) assert.ok(isTriageId(triageId(triageKey(ORIGIN), [String(i)])));
    const refused = ['', 'a'.repeat(21), 'a'.repeat(23), `${'a'.repeat(21)}B`, `${'a'.repeat(21)}=`, `${'a'.repeat(20)}+A`, `${'a'.repeat(20)}/A`, `${'a'.repeat(20)}.A`, `../../../../etc/passwdA`, `${'a'.repeat(20)}\u00e9A`, `${'a'.repeat(21)}A\n`, 42, null];
    for (const bad of refused) assert.equal(isTriageId(bad), false, JSON.stringify(bad));
  });

  const hostile: readonly { readonly name: string; readonly entry: unknown; readonly reason: keyof ReturnType<typeof parseTriageFile>['refused'] }[] = [
    { name: 'a path as id', entry: { ...good, id: '../../etc/passwd' }, reason: 'id' },
    { name: 'an id one character long', entry: { ...good, id: `${id}A` }, reason: 'id' },
    { name: 'an id with a last character ours never has', entry: { ...good, id: `${id.slice(0, 21)}B` }, reason: 'id' },
    { name: 'a prototype key as id', entry: { ...good, id: '__proto__' }, reason: 'id' },
    { name: 'an unknown state', entry: { ...good, state: 'resolved' }, reason: 'state' },
    { name: 'a state of another case', entry: { ...good, state: 'Remediated' }, reason: 'state' },
    { name: 'no date', entry: { id, state: 'remediated' }, reason: 'date' },
    { name: 'a number as date', entry: { ...good, at: 1_700_000_000_000 }, reason: 'date' },
    { name: 'a date that is none', entry: { ...good, at: '2026-13-45' }, reason: 'date' },
    { name: 'a date before 1970', entry: { ...good, at: '1969-12-31T00:00:00Z' }, reason: 'date' },
    { name: 'a very long date', entry: { ...good, at: `2026-11-20T00:00:00Z${' '.repeat(10_000)}` }, reason: 'date' },
    { name: 'a date in year 275760', entry: { ...good, at: '+275760-09-13T00:00:00.000Z' }, reason: 'future' },
    { name: 'a date a day ahead', entry: { ...good, at: new Date(NOW + 86_400_000).toISOString() }, reason: 'future' },
    { name: 'a date just past the clock skew allowed', entry: { ...good, at: new Date(NOW + TRIAGE_CLOCK_SKEW_MS + 1000).toISOString() }, reason: 'future' },
    { name: 'null', entry: null, reason: 'id' },
    { name: 'a string', entry: 'x', reason: 'id' },
  ];
  for (const { name, entry, reason } of hostile) {
    it(`refuses ${name} and says why`, () => {
      const { marks, refused } = parseTriageFile(file([entry, good]), ORIGIN, NOW);
      assert.deepEqual([...marks.keys()], [id], 'the valid entry is still taken');
      assert.equal(refused[reason], 1, JSON.stringify(refused));
      assert.ok(refusalWords(refused).length > 0);
    });
  }

  it('takes a date within the clock skew allowed, and the newer of two entries for one id', () => {
    const soon = NOW + TRIAGE_CLOCK_SKEW_MS - 1000;
    const { marks } = parseTriageFile(file([{ ...good, at: new Date(soon).toISOString() }, good]), ORIGIN, NOW);
    assert.equal(marks.get(id)?.at, soon);
  });

  it('keeps notes as one bounded line of plain text: controls, format characters, separators and lone surrogates go', () => {
    const evil = 'rotated\u202E\u2066gnp.exe\u0007\r\nnext\u2028line\u200B\u00AD\uFEFF\uD800end\u0085';
    const { marks } = parseTriageFile(file([{ ...good, note: evil }]), ORIGIN, NOW);
    assert.equal(marks.get(id)?.note, 'rotated gnp.exe next line end');
    assert.doesNotMatch(cleanNote(evil), /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u);
    const long = cleanNote('😀'.repeat(MAX_NOTE));
    assert.ok(long.length <= MAX_NOTE && !/[\uD800-\uDBFF]$/.test(long), 'never half an emoji at the cut');
    assert.equal(cleanNote(`${'x'.repeat(10 * 1024 * 1024)}`).length, MAX_NOTE);
  });

  it('refuses a file of more entries than a store keeps, and a file larger than the bound, with a reason', () => {
    assert.throws(() => parseTriageFile(file(Array.from({ length: MAX_MARKS + 1 }, () => 0)), ORIGIN, NOW), /more than 200,000 decisions/);
    assert.throws(() => parseTriageFile(' '.repeat(64 * 1024 * 1024 + 1), ORIGIN, NOW), /larger than 64 MB/);
  });

  it('names another service without its control characters', () => {
    const text = JSON.stringify({ format: 'leak-search-triage', version: 1, origin: 'https://evil.test\u001b[31m\u202E', entries: [] });
    assert.throws(() => parseTriageFile(text, ORIGIN), (e: Error) => !/[\p{Cc}\p{Cf}]/u.test(e.message));
  });

  it('reads stored marks from the future back to the bound (this machine\'s own, never dropped)', () => {
    assert.deepEqual(parseMark({ state: 'acknowledged', at: NOW + 365 * 86_400_000 }, NOW), { state: 'acknowledged', at: NOW + TRIAGE_CLOCK_SKEW_MS });
  });
});
