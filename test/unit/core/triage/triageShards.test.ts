// The triage store's layout in globalState (src/core/triage/triageShards.ts): one decision rewrites
// one small shard however many decisions there are; the older one-key layout is read and moved;
// a full store keeps the user's new decision and says what it dropped; stored values are
// validated as they are read.
import * as assert from 'node:assert/strict';
import { MAX_MARKS, TRIAGE_CLOCK_SKEW_MS, triageId, triageKey } from '../../../../src/core/triage/triage';
import type { TriageMark } from '../../../../src/core/triage/triage';
import { LEGACY_TRIAGE_KEY, TriageShards } from '../../../../src/core/triage/triageShards';
import type { TriageStorage } from '../../../../src/core/triage/triageShards';

const ORIGIN = 'https://leaks.example.test';
const OTHER = 'https://other.example.test';

/** A Memento in memory that counts what each update writes (as JSON, as VS Code stores it). */
class CountingMemento implements TriageStorage {
  readonly values = new Map<string, unknown>();
  written = 0;
  updates = 0;
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  update(key: string, value: unknown): Promise<void> {
    this.updates++;
    this.written += value === undefined ? 0 : JSON.stringify(value).length;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
  reset(): void {
    this.written = 0;
    this.updates = 0;
  }
}

const key = triageKey(ORIGIN);
const idOf = (i: number): string => triageId(key, [String(i)]);
const at = (i: number): TriageMark => ({ state: 'acknowledged', at: Date.UTC(2026, 0, 1) + i * 1000 });

describe('triage store: shards in globalState', () => {
  it('writes one decision in bytes bounded by a shard, not by the store (50,000 decisions)', async function () {
    this.timeout(30_000);
    const memento = new CountingMemento();
    const store = new TriageShards(memento);
    const many = new Map(Array.from({ length: 50_000 }, (_, i) => [idOf(i), at(i)] as const));
    await store.merge(ORIGIN, many);
    const total = memento.written;
    memento.reset();
    const perDecision: number[] = [];
    for (let i = 0; i < 20; i++) {
      memento.reset();
      await store.set(ORIGIN, [idOf(100_000 + i)], { state: 'remediated', at: Date.now(), note: 'password rotated' });
      perDecision.push(memento.written);
      assert.equal(memento.updates, 1, 'one key is written');
    }
    const worst = Math.max(...perDecision);
    assert.ok(worst < 4096, `one decision wrote ${worst} bytes (the whole store is ${total})`);
    assert.ok(worst * 500 < total);
    // Reading it back from storage gives every decision.
    assert.equal(new TriageShards(memento).all(ORIGIN).size, 50_020);
  });

  it('moves the older one-key layout into shards, per origin, keeping the newer decision', async () => {
    const memento = new CountingMemento();
    const legacy = { [ORIGIN]: { [idOf(1)]: at(1), [idOf(2)]: at(2), 'not-an-id': at(3), [idOf(4)]: { state: 'bogus', at: 1 } }, [OTHER]: { [idOf(5)]: at(5) } };
    await memento.update(LEGACY_TRIAGE_KEY, legacy);
    const store = new TriageShards(memento);
    assert.deepEqual([...store.all(ORIGIN).keys()].sort(), [idOf(1), idOf(2)].sort());
    await store.flush();
    assert.deepEqual(memento.get(LEGACY_TRIAGE_KEY), { [OTHER]: { [idOf(5)]: at(5) } }, 'only the origin moved leaves the older key');
    assert.deepEqual([...new TriageShards(memento).all(ORIGIN).keys()].sort(), [idOf(1), idOf(2)].sort(), 'read back from shards');
    assert.equal(new TriageShards(memento).all(OTHER).get(idOf(5))?.at, at(5).at);
    await new TriageShards(memento).flush();
  });

  it('validates what it reads: ids in the wrong shard or of another shape, unknown states and future dates', async () => {
    const memento = new CountingMemento();
    const now = Date.now();
    const id = idOf(1);
    await memento.update(`${LEGACY_TRIAGE_KEY}:${id.slice(0, 2)}:${ORIGIN}`, {
      [id]: { state: 'remediated', at: now + 10 * 365 * 86_400_000, note: 'x\u202Ey' },
      [idOf(2)]: at(2), // stored under a shard it does not belong to
      '__proto__': at(3),
      [`${id.slice(0, 21)}B`]: at(4),
    });
    const marks = new TriageShards(memento).all(ORIGIN);
    assert.deepEqual([...marks.keys()], idOf(2).slice(0, 2) === id.slice(0, 2) ? [id, idOf(2)] : [id]);
    const mark = marks.get(id);
    assert.ok(mark && mark.at <= Date.now() + TRIAGE_CLOCK_SKEW_MS, 'a stored date from the future is brought back to the bound');
    assert.equal(mark.note, 'x y');
  });

  it('a full store keeps the user\'s new decision, drops the oldest and says how many; an import is refused instead', async function () {
    this.timeout(60_000);
    const memento = new CountingMemento();
    const store = new TriageShards(memento);
    await store.merge(ORIGIN, new Map(Array.from({ length: MAX_MARKS }, (_, i) => [idOf(i), at(i + 10)] as const)));
    assert.equal(store.all(ORIGIN).size, MAX_MARKS);
    const imported = await store.merge(ORIGIN, new Map([[idOf(MAX_MARKS + 1), at(MAX_MARKS + 20)]]));
    assert.deepEqual(imported, { changed: 0, full: 1 }, 'a team file cannot push decisions out');

    const mine = [idOf(MAX_MARKS + 2), idOf(MAX_MARKS + 3)];
    const change = await store.set(ORIGIN, mine, { state: 'remediated', at: Date.now() });
    assert.deepEqual(change, { changed: 2, evicted: 2 });
    const after = new TriageShards(memento).all(ORIGIN);
    assert.equal(after.size, MAX_MARKS);
    for (const id of mine) assert.equal(after.get(id)?.state, 'remediated', 'the new decisions are kept');
    assert.ok(!after.has(idOf(0)) && !after.has(idOf(1)), 'the two oldest made room');
    assert.ok(after.has(idOf(2)));
    // Changing a decision already held drops nothing.
    assert.deepEqual(await store.set(ORIGIN, [idOf(5)], { state: 'false-positive', at: Date.now() }), { changed: 1, evicted: 0 });
  });

  it('clears marks, removing a shard left empty, and keeps origins apart', async () => {
    const memento = new CountingMemento();
    const store = new TriageShards(memento);
    await store.set(ORIGIN, [idOf(1)], at(1));
    await store.set(OTHER, [idOf(1)], at(2));
    await store.set(ORIGIN, [idOf(1), 'not-an-id'], undefined);
    assert.equal(new TriageShards(memento).all(ORIGIN).size, 0);
    assert.equal(new TriageShards(memento).all(OTHER).get(idOf(1))?.at, at(2).at);
    assert.deepEqual(memento.keys(), [`${LEGACY_TRIAGE_KEY}:${idOf(1).slice(0, 2)}:${OTHER}`]);
  });
});
