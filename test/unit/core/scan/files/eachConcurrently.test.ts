// eachConcurrently: every item taken exactly once whatever mix of quick and slow jobs, never an
// item past the end (several workers yielding together at the end of the list), nothing taken
// once stopped, and the event loop turns during a long run of jobs that never wait.
import * as assert from 'node:assert/strict';
import { GrowingList, eachConcurrently, eachYielding } from '../../../../../src/core/scan/files/eachConcurrently';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a synchronous read is
  }
}

describe('scan files: eachConcurrently', () => {
  for (const turnMs of [0, 1, 1000]) {
    it(`takes every item exactly once, at most 8 under way (turn ${turnMs} ms)`, async () => {
      const items = Array.from({ length: 203 }, (_, i) => i);
      const seen: number[] = [];
      let running = 0;
      let most = 0;
      await eachConcurrently(items, { concurrency: 8, turnMs }, async (i) => {
        assert.equal(typeof i, 'number', 'an item, never past the end');
        running++;
        most = Math.max(most, running);
        // Some finish at once, some wait on a timer, as skipped and scanned files do.
        if (i % 3 === 0) await new Promise((resolve) => setTimeout(resolve, i % 2));
        running--;
        seen.push(i);
      });
      assert.deepEqual([...seen].sort((a, b) => a - b), items);
      assert.ok(most <= 8 && most >= 2, `${most} under way at most`);
    });
  }

  it('takes nothing once stopped', async () => {
    const seen: number[] = [];
    let stop = false;
    await eachConcurrently(Array.from({ length: 100 }, (_, i) => i), { concurrency: 4, turnMs: 0, stopped: () => stop }, async (i) => {
      seen.push(i);
      if (i === 10) stop = true;
      await new Promise((resolve) => setImmediate(resolve));
    });
    assert.ok(seen.length < 20, `${seen.length} taken`);
  });

  it('lets the event loop turn during jobs that never wait', async () => {
    let turned = 0;
    const timer = setInterval(() => turned++, 0);
    try {
      await eachConcurrently(Array.from({ length: 40 }, (_, i) => i), { concurrency: 8, turnMs: 5 }, async () => spin(1));
    } finally {
      clearInterval(timer);
    }
    assert.ok(turned >= 3, `the loop turned ${turned} times in about 40 ms of work`);
  });

  it('works through a list while it grows, every item once, in order of starting, and ends with it', async () => {
    const list = new GrowingList<number>();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const work = eachConcurrently(list.items, { concurrency: 4, turnMs: 1, more: () => list.more() }, async (i) => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      if (i % 2 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
    });
    // Parts come while the first are worked on, one of them empty, the last just before the end.
    for (let part = 0; part < 10; part++) {
      list.push(Array.from({ length: part === 4 ? 0 : 7 }, (_, k) => part * 7 + k));
      await new Promise((resolve) => setTimeout(resolve, part % 3));
    }
    list.push([70, 71]);
    list.end();
    await work;
    const expected = [...Array.from({ length: 70 }, (_, i) => i).filter((i) => i < 28 || i >= 35), 70, 71];
    assert.deepEqual(started, expected);
    assert.ok(most <= 4, `${most} under way at most`);
    assert.throws(() => list.push([1]), /grows no more/);
    assert.equal(await list.more(), false);
  });

  it('ends with a growing list that ends empty, and stops while it waits for more', async () => {
    const empty = new GrowingList<number>();
    const none = eachConcurrently(empty.items, { concurrency: 4, turnMs: 1, more: () => empty.more() }, async () => assert.fail('no item'));
    empty.end();
    await none;
    const list = new GrowingList<number>();
    let stop = false;
    const seen: number[] = [];
    const work = eachConcurrently(list.items, { concurrency: 2, turnMs: 1, stopped: () => stop, more: () => list.more() }, async (i) => void seen.push(i));
    list.push([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    stop = true;
    list.push([3, 4]);
    list.end();
    await work;
    assert.deepEqual(seen, [1, 2]);
  });

  it('handles an empty list', async () => {
    let calls = 0;
    await eachConcurrently([], { concurrency: 8, turnMs: 5 }, async () => void calls++);
    assert.equal(calls, 0);
  });
});

describe('scan files: eachYielding', () => {
  it('calls the step on every item in order, and lets the event loop turn meanwhile', async () => {
    let turned = 0;
    const timer = setInterval(() => turned++, 0);
    const seen: number[] = [];
    try {
      await eachYielding(Array.from({ length: 640 }, (_, i) => i), 5, (i) => {
        seen.push(i);
        spin(0.1);
      });
    } finally {
      clearInterval(timer);
    }
    assert.deepEqual(seen, Array.from({ length: 640 }, (_, i) => i));
    assert.ok(turned >= 3, `the loop turned ${turned} times in about 64 ms of work`);
  });

  it('stops at a turn once told to', async () => {
    const seen: number[] = [];
    await eachYielding(Array.from({ length: 10_000 }, (_, i) => i), 0, (i) => {
      seen.push(i);
      spin(0.01);
    }, () => seen.length > 100);
    assert.ok(seen.length > 100 && seen.length < 300, `${seen.length} taken`);
  });
});
