// What is new: record identity (every field but status) and the engine's comparison of an
// answer with the previous answer to the same query, kept across a restart from the cache.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Engine } from '../../../src/engine/engine';
import { newRows } from '../../../src/engine/store/identity';
import { RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import type { AccountRecord } from '../../../src/core/service/types';

function account(i: number, extra: Partial<AccountRecord> = {}): AccountRecord {
  return {
    date: `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00.000Z`,
    browser: 'Google Chrome',
    status: 'show',
    url: `https://app${i}.example.com/login`,
    ip: `10.0.0.${i % 250}`,
    country: 'DE',
    username: `user${i}@example.com`,
    password: `pw-${i}`,
    ...extra,
  };
}

function table(records: readonly AccountRecord[]): RecordTable {
  const builder = new RecordTableBuilder('accounts');
  for (const r of records) builder.add(r);
  return builder.finish();
}

describe('what is new', () => {
  it('a record is new unless the previous answer held it; a changed status alone is the same record', () => {
    const before = table([account(1), account(2), account(3)]);
    const after = table([account(3), account(2, { status: 'hide' }), account(4), account(1, { password: 'rotated' })]);
    assert.deepEqual([...newRows(after, before)], [2, 3]);
  });

  it('field boundaries count: moving text between fields is another record', () => {
    const before = table([account(1, { username: 'ab', password: 'c' })]);
    const after = table([account(1, { username: 'a', password: 'bc' })]);
    assert.deepEqual([...newRows(after, before)], [0]);
  });

  it('nothing is new when the answer is the same in another order', () => {
    const records = Array.from({ length: 500 }, (_, i) => account(i));
    assert.equal(newRows(table([...records].reverse()), table(records)).length, 0);
  });

  it('the engine marks new records against the previous answer, and keeps the marks in the cache', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-new-'));
    const key = randomBytes(32).toString('base64');
    const query = { domain: 'example.com', type: 'accounts' as const };
    const answer = async (engine: Engine, id: number, records: readonly AccountRecord[], at: number) => {
      engine.ingestBegin(id, 'k', 'https://svc.test', query, 1000);
      engine.ingestChunk(id, new TextEncoder().encode(JSON.stringify({ count: records.length, results: records })));
      engine.ingestEnd(id);
      return engine.ingestCommit(id, at, undefined);
    };
    try {
      const engine = new Engine();
      await engine.init({ cacheDir: dir, cacheKey: key, limits: { maxRecords: 1000, maxCached: 10, maxCacheAgeMs: 86_400_000 }, locale: 'en-US' });
      const t0 = Date.now() - 60_000;
      const first = await answer(engine, 1, [account(1), account(2)], t0);
      assert.equal(first.newRecords, undefined, 'a first check has nothing to compare with');
      const second = await answer(engine, 2, [account(1), account(2, { status: 'hide' }), account(5)], t0 + 1000);
      assert.deepEqual([second.newRecords, second.newSince], [1, t0]);
      assert.deepEqual([...(await engine.newRowsOf('k'))], [2]);
      await engine.flush();

      const restarted = new Engine();
      const metas = await restarted.init({ cacheDir: dir, cacheKey: key, limits: { maxRecords: 1000, maxCached: 10, maxCacheAgeMs: 86_400_000 }, locale: 'en-US' });
      const [meta] = metas;
      assert.deepEqual([meta?.newRecords, meta?.newSince], [1, t0]);
      assert.deepEqual([...(await restarted.newRowsOf('k'))], [2]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
