// The state of `check --only-new`: keyed fingerprints of each query's last answer. What is new,
// that one record changed in any field but status is new, that a reader without the key learns
// nothing it could confirm a guess with, and that every damaged file is refused, not trusted.
import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError } from '../../../../src/cli/exitCodes';
import { SeenState, fingerprintsOf } from '../../../../src/cli/files/stateFile';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const ALICE = ['2026-03-14T09:26:53.000Z', 'alice@example.com', 'Summer2024!', 'https://vpn.example.com/login'];
const BOB = ['2025-07-02T18:04:11.000Z', 'bob@example.com', 'Winter2023#', 'https://mail.example.com/'];
const Q = 'https://leakjar.com|example.com|accounts|all';

describe('cli/files/stateFile: what check --only-new has seen', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-state-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fingerprints a record by every field given, keyed', () => {
    const [a, b] = fingerprintsOf(KEY, [ALICE, ALICE]);
    assert.equal(a, b, 'the same record, the same fingerprint');
    for (let i = 0; i < ALICE.length; i++) {
      const changed = [...ALICE];
      changed[i] = `${changed[i]}x`;
      assert.notEqual(fingerprintsOf(KEY, [changed])[0], a, `field ${i} changes the fingerprint`);
    }
    assert.notEqual(fingerprintsOf(KEY, [['ab', 'c']])[0], fingerprintsOf(KEY, [['a', 'bc']])[0], 'field boundaries count');
    assert.notEqual(fingerprintsOf(OTHER_KEY, [ALICE])[0], a, 'another key, another fingerprint');
  });

  it('reports every record on a first run, none once remembered, only the added one after', () => {
    const state = SeenState.empty(KEY);
    const first = fingerprintsOf(KEY, [ALICE, BOB]);
    assert.deepEqual([...state.unseenRows(Q, first)], [0, 1]);
    state.remember(Q, first);
    assert.deepEqual([...state.unseenRows(Q, first)], []);
    const carol = [...BOB.slice(0, 1), 'carol@example.com', 'x', 'https://example.com/'];
    assert.deepEqual([...state.unseenRows(Q, fingerprintsOf(KEY, [BOB, carol, ALICE]))], [1]);
    assert.deepEqual([...state.unseenRows(`${Q}x`, first)], [0, 1], 'another query has seen nothing');
  });

  it('writes the same bytes for the same state and reads them back', () => {
    const one = SeenState.empty(KEY);
    one.remember(`${Q}2`, fingerprintsOf(KEY, [BOB]));
    one.remember(Q, fingerprintsOf(KEY, [BOB, ALICE]));
    const two = SeenState.empty(KEY);
    two.remember(Q, fingerprintsOf(KEY, [ALICE, BOB]));
    two.remember(`${Q}2`, fingerprintsOf(KEY, [BOB]));
    assert.equal(one.serialize(), two.serialize());
    const back = SeenState.parse(one.serialize(), KEY);
    assert.ok(back instanceof SeenState);
    assert.deepEqual([...back.unseenRows(Q, fingerprintsOf(KEY, [ALICE, BOB]))], []);
  });

  it('holds no field of a record, nor any unkeyed fingerprint of one', () => {
    const state = SeenState.empty(KEY);
    state.remember(Q, fingerprintsOf(KEY, [ALICE, BOB]));
    const text = state.serialize();
    for (const field of [...ALICE, ...BOB]) assert.ok(!text.includes(field), 'no field in clear');
    // What a reader without the key could compute from a guess: none of it is in the file.
    const guesses = [...ALICE, JSON.stringify(ALICE)].flatMap((g) => [createHash('sha256').update(g).digest(), createHash('sha1').update(g).digest()]);
    const bytes = Buffer.concat(Object.values((JSON.parse(text) as { queries: Record<string, string> }).queries).map((b) => Buffer.from(b, 'base64')));
    for (const g of guesses) assert.equal(bytes.indexOf(g.subarray(0, 8)), -1);
    for (const p of fingerprintsOf(OTHER_KEY, [ALICE, BOB])) assert.ok(state.unseenRows(Q, BigUint64Array.of(p)).length === 1, 'a guess under another key confirms nothing');
  });

  it('refuses every file that is not a state of ours', () => {
    const good = JSON.parse(SeenState.empty(KEY).serialize()) as Record<string, unknown>;
    const eight = Buffer.alloc(8, 1).toString('base64');
    const unsorted = Buffer.concat([Buffer.from([2, 0, 0, 0, 0, 0, 0, 0]), Buffer.from([1, 0, 0, 0, 0, 0, 0, 0])]).toString('base64');
    const cases: readonly [string, string][] = [
      ['empty', ''],
      ['not JSON', '{"format":'],
      ['null', 'null'],
      ['an array', '[]'],
      ['a number', '1e400'],
      ['no format', JSON.stringify({ ...good, format: undefined })],
      ['another format', JSON.stringify({ ...good, format: 'leak-search results' })],
      ['another version', JSON.stringify({ ...good, version: 2 })],
      ['no key check', JSON.stringify({ ...good, check: 1 })],
      ['queries a list', JSON.stringify({ ...good, queries: [eight] })],
      ['queries null', JSON.stringify({ ...good, queries: null })],
      ['prints not text', JSON.stringify({ ...good, queries: { [Q]: 12 } })],
      ['prints not base64', JSON.stringify({ ...good, queries: { [Q]: 'not base64!' } })],
      ['prints cut short', JSON.stringify({ ...good, queries: { [Q]: Buffer.alloc(7).toString('base64') } })],
      ['prints out of order', JSON.stringify({ ...good, queries: { [Q]: unsorted } })],
    ];
    for (const [name, text] of cases) assert.equal(SeenState.parse(text, KEY), undefined, name);
    assert.equal(SeenState.parse(JSON.stringify(good), OTHER_KEY), 'other-key', 'written under another key');
  });

  it('reads a missing file as a first run, warns of another key, and refuses damage', async () => {
    const warnings: string[] = [];
    const missing = SeenState.read(path.join(dir, 'none.json'), KEY, (m) => warnings.push(m));
    assert.deepEqual([...missing.unseenRows(Q, fingerprintsOf(KEY, [ALICE]))], [0]);
    const file = path.join(dir, 'state.json');
    const state = SeenState.empty(KEY);
    state.remember(Q, fingerprintsOf(KEY, [ALICE]));
    await state.write(file);
    assert.deepEqual(fs.readdirSync(dir), ['state.json'], 'written beside, then renamed: nothing else left');
    assert.deepEqual([...SeenState.read(file, KEY, (m) => warnings.push(m)).unseenRows(Q, fingerprintsOf(KEY, [ALICE]))], []);
    assert.equal(warnings.length, 0);
    assert.deepEqual([...SeenState.read(file, OTHER_KEY, (m) => warnings.push(m)).unseenRows(Q, fingerprintsOf(OTHER_KEY, [ALICE]))], [0]);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] as string, /another API key/);
    fs.writeFileSync(file, randomBytes(64));
    assert.throws(() => SeenState.read(file, KEY, () => undefined), (e) => e instanceof UsageError && e.message.includes(file) && /damaged/.test(e.message));
    assert.throws(() => SeenState.read(dir, KEY, () => undefined), UsageError, 'a folder is not a state');
  });
});
