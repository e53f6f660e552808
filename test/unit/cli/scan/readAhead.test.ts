// readAhead: contents in the order of their items, at most `depth` read at once, a failed read
// reported at its turn, and the listing stopped when the scan stops early. startedNow: a
// listing begun before it is read, and ended when it never is. unread and singly: the batches
// the scan's loop takes, and the listing stopped when it stops.
import * as assert from 'node:assert/strict';
import { readAhead, singly, startedNow, unread } from '../../../../src/cli/scan/readAhead';

async function* list(n: number, listed: number[]): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) {
    listed.push(i);
    yield i;
  }
}

describe('cli: readAhead', () => {
  it('yields every content in order, with at most depth reads under way', async () => {
    let inFlight = 0;
    let most = 0;
    const read = async (i: number): Promise<string> => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later items finish first: the order must still be the items'.
      await new Promise((resolve) => setTimeout(resolve, (20 - i) % 5));
      inFlight--;
      return `content ${i}`;
    };
    const seen: string[] = [];
    for await (const { item, content } of readAhead(list(20, []), 4, read)) {
      assert.equal(content, `content ${item}`);
      seen.push(content);
    }
    assert.deepEqual(seen, Array.from({ length: 20 }, (_, i) => `content ${i}`));
    assert.equal(most, 4);
  });

  it('reports a failed read at its turn, after the contents before it', async () => {
    const seen: number[] = [];
    const read = (i: number): Promise<number> => (i === 3 ? Promise.reject(new Error('gone')) : Promise.resolve(i));
    await assert.rejects(async () => {
      for await (const { item } of readAhead(list(10, []), 8, read)) seen.push(item);
    }, /gone/);
    assert.deepEqual(seen, [0, 1, 2]);
  });

  it('stops listing when the scan stops', async () => {
    const listed: number[] = [];
    for await (const { item } of readAhead(list(1000, listed), 3, (i) => Promise.resolve(i))) if (item === 5) break;
    assert.ok(listed.length <= 5 + 3 + 1, `listed ${listed.length}`);
  });

  it('startedNow begins the listing before it is read, gives every item once, and ends it unread', async () => {
    const listed: number[] = [];
    const items = startedNow(list(5, listed));
    // The source ran to its first item before anyone asked for it.
    await Promise.resolve();
    assert.deepEqual(listed, [0]);
    const seen: number[] = [];
    for await (const item of items) seen.push(item);
    assert.deepEqual(seen, [0, 1, 2, 3, 4]);

    let ended = false;
    async function* endless(): AsyncGenerator<number> {
      try {
        for (let i = 0; ; i++) yield i;
      } finally {
        ended = true;
      }
    }
    const unread = startedNow(endless());
    assert.deepEqual(await unread.return(), { value: undefined, done: true });
    assert.equal(ended, true, 'the source ran its finally (git is stopped)');

    const failing = startedNow(
      (async function* (): AsyncGenerator<number> {
        yield* [];
        throw new Error('no such folder');
      })(),
    );
    await assert.rejects(async () => {
      for await (const item of failing) seen.push(item);
    }, /no such folder/);
  });

  it('unread keeps the batches, each item without content; singly makes a batch of each and stops its source', async () => {
    const listed: number[] = [];
    async function* batches(): AsyncGenerator<number[]> {
      yield [0, 1, 2];
      yield [3];
      yield [4, 5];
    }
    const got: { item: number; content: undefined }[][] = [];
    for await (const batch of unread(batches())) got.push(batch);
    assert.deepEqual(got, [[0, 1, 2], [3], [4, 5]].map((b) => b.map((item) => ({ item, content: undefined }))));

    const single: number[][] = [];
    for await (const batch of singly(list(1000, listed))) {
      single.push(batch);
      if (single.length === 3) break;
    }
    assert.deepEqual(single, [[0], [1], [2]]);
    assert.deepEqual(listed, [0, 1, 2], 'the listing stopped with the scan');
  });
});
