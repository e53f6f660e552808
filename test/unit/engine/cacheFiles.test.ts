// The engine over cache files that are not what they claim: a result's files copied to the
// names of another domain's or origin's result are a miss for that result (the check then
// asks the service, and its answer is cached and read back), never the other's records.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/engine/engine';
import { resultsKey } from '../../../src/core/service/types';
import type { SearchQuery } from '../../../src/core/service/types';

const LIMITS = { maxRecords: 1000, maxCached: 10, maxCacheAgeMs: 86_400_000 };

async function answer(engine: Engine, id: number, origin: string, query: SearchQuery, username: string): Promise<string> {
  const key = resultsKey(origin, query);
  const record = { date: '2026-03-14T09:26:00Z', browser: 'Firefox', status: 'show', url: 'https://vpn.example.com/', ip: '10.0.0.1', country: 'DE', username, password: 'pw' };
  engine.ingestBegin(id, key, origin, query, 1000);
  engine.ingestChunk(id, new TextEncoder().encode(JSON.stringify({ count: 1, results: [record] })));
  engine.ingestEnd(id);
  await engine.ingestCommit(id, Date.now(), undefined);
  return key;
}

/** The engine's files of each result, by the file name stem the result has. */
function filesByStem(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of fs.readdirSync(dir)) out.set(name.slice(0, 34), [...(out.get(name.slice(0, 34)) ?? []), name]);
  return out;
}

describe('engine: cache files copied to stand for another result', () => {
  const cases = [
    { name: 'another domain', theirs: { origin: 'https://leakjar.com', query: { domain: 'example.org', type: 'accounts' } } },
    { name: 'another origin', theirs: { origin: 'https://leaks.example.test', query: { domain: 'example.com', type: 'accounts' } } },
  ] as const;
  for (const { name, theirs } of cases) {
    for (const which of ['meta', 'blob'] as const) {
      it(`a ${which} of ${name}'s result is not ours: a miss, then the check's answer is cached again`, async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-bound-'));
        const cacheKey = randomBytes(32).toString('base64');
        try {
          const engine = new Engine();
          await engine.init({ cacheDir: dir, cacheKey, limits: LIMITS, locale: 'en-US' });
          const mine = await answer(engine, 1, 'https://leakjar.com', { domain: 'example.com', type: 'accounts' }, 'alice@example.com');
          await engine.flush();
          const before = new Set(fs.readdirSync(dir));
          const target = await answer(engine, 2, theirs.origin, theirs.query, 'bobby@example.org');
          await engine.flush();
          const stems = filesByStem(dir);
          const [targetStem] = [...stems.keys()].filter((s) => ![...before].some((n) => n.startsWith(s)));
          const [mineStem] = [...stems.keys()].filter((s) => s !== targetStem);
          const pick = (stem: string | undefined, ext: string): string => path.join(dir, (stems.get(stem ?? '') ?? []).find((n) => n.endsWith(ext)) ?? 'none');
          fs.copyFileSync(pick(mineStem, `.${which}`), pick(targetStem, `.${which}`));

          const restarted = new Engine();
          const listed = (await restarted.init({ cacheDir: dir, cacheKey, limits: LIMITS, locale: 'en-US' })).map((m) => m.key);
          assert.ok(listed.includes(mine));
          if (which === 'meta') assert.ok(!listed.includes(target), 'a renamed meta is not listed');
          assert.equal(await restarted.table(target), undefined, 'no records for the result the files were copied to');
          assert.ok(!restarted.list().some((m) => m.key === target));
          assert.equal((await restarted.table(mine))?.length, 1, 'the genuine result is untouched');

          // The check asks the service: its answer is stored and read back after a restart.
          await answer(restarted, 3, theirs.origin, theirs.query, 'bobby@example.org');
          await restarted.flush();
          const third = new Engine();
          await third.init({ cacheDir: dir, cacheKey, limits: LIMITS, locale: 'en-US' });
          assert.equal((await third.table(target))?.length, 1);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }
});
