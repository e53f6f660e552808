// BatchedCalls: requests of one turn go in one call, no more calls at once than allowed, a call
// that answers part of its batch has the rest asked first in the next, and a failed call fails
// its own requests only.
import * as assert from 'node:assert/strict';
import { BatchedCalls } from '../../../../../src/core/scan/files/batchedCalls';

/** A `send` whose calls the test answers by hand. */
function manual(): { send: (items: readonly number[]) => Promise<readonly string[]>; calls: { items: readonly number[]; answer: (n?: number) => void; fail: (e: Error) => void }[] } {
  const calls: { items: readonly number[]; answer: (n?: number) => void; fail: (e: Error) => void }[] = [];
  const send = (items: readonly number[]): Promise<readonly string[]> =>
    new Promise((resolve, reject) => {
      calls.push({ items, answer: (n = items.length) => resolve(items.slice(0, n).map((i) => `#${i}`)), fail: reject });
    });
  return { send, calls };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('scan files: BatchedCalls', () => {
  it('sends the requests of one turn in calls of a batch, at most so many at once', async () => {
    const { send, calls } = manual();
    const batched = new BatchedCalls(send, { batch: 3, inFlight: 2 });
    const answers = Array.from({ length: 8 }, (_, i) => batched.request(i));
    await turn();
    assert.deepEqual(calls.map((c) => c.items), [[0, 1, 2], [3, 4, 5]], 'two calls under way, the rest waits');
    calls[1]!.answer();
    await turn();
    assert.deepEqual(calls.map((c) => c.items), [[0, 1, 2], [3, 4, 5], [6, 7]]);
    calls[0]!.answer();
    calls[2]!.answer();
    assert.deepEqual(await Promise.all(answers), ['#0', '#1', '#2', '#3', '#4', '#5', '#6', '#7']);
  });

  it('asks again first for what a call left unanswered', async () => {
    const { send, calls } = manual();
    const batched = new BatchedCalls(send, { batch: 4, inFlight: 1 });
    const answers = Array.from({ length: 6 }, (_, i) => batched.request(i));
    await turn();
    calls[0]!.answer(1);
    await turn();
    assert.deepEqual(calls[1]!.items, [1, 2, 3, 4], 'the three left, then the next waiting');
    calls[1]!.answer(2);
    await turn();
    assert.deepEqual(calls[2]!.items, [3, 4, 5]);
    calls[2]!.answer();
    assert.deepEqual(await Promise.all(answers), ['#0', '#1', '#2', '#3', '#4', '#5']);
  });

  it('fails the requests of a failed call, and answers the others', async () => {
    const { send, calls } = manual();
    const batched = new BatchedCalls(send, { batch: 2, inFlight: 2 });
    const answers = Array.from({ length: 4 }, (_, i) => batched.request(i).then((v) => v, (e: Error) => `failed: ${e.message}`));
    await turn();
    calls[0]!.fail(new Error('engine stopped'));
    calls[1]!.answer();
    assert.deepEqual(await Promise.all(answers), ['failed: engine stopped', 'failed: engine stopped', '#2', '#3']);
  });

  it('fails a call that answers nothing, rather than asking again for ever', async () => {
    const { send, calls } = manual();
    const batched = new BatchedCalls(send, { batch: 2, inFlight: 1 });
    const answer = batched.request(7).then((v) => v, (e: Error) => `failed: ${e.message}`);
    await turn();
    calls[0]!.answer(0);
    assert.match(await answer, /^failed: /);
    assert.equal(calls.length, 1);
  });

  it('settles every request of a large backlog answered a little at a time, in order', async () => {
    let calls = 0;
    const batched = new BatchedCalls<number, number>(async (items) => {
      calls++;
      await Promise.resolve();
      // One to three of each batch: the rest goes back in front of the queue.
      return items.slice(0, 1 + (calls % 3)).map((i) => i * 2);
    }, { batch: 32, inFlight: 2 });
    const answers = await Promise.all(Array.from({ length: 150_000 }, (_, i) => batched.request(i)));
    assert.equal(answers.length, 150_000);
    answers.forEach((a, i) => assert.equal(a, i * 2));
  });
});
