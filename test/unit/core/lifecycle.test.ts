// The disposable base every long-lived editor object extends (src/core/lifecycle.ts).
import * as assert from 'node:assert/strict';
import { Disposable } from '../../../src/core/lifecycle';

class Owner extends Disposable {
  own(name: string, log: string[], fail = false): void {
    this._register({
      dispose: () => {
        log.push(name);
        if (fail) throw new Error(`${name} failed`);
      },
    });
  }

  get disposed(): boolean {
    return this.isDisposed;
  }
}

describe('lifecycle: Disposable', () => {
  it('disposes what it owns once, newest first', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own('emitter', log);
    owner.own('subscription', log);
    assert.equal(owner.disposed, false);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['subscription', 'emitter']);
    assert.equal(owner.disposed, true);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.own('late', log);
    assert.deepEqual(log, ['late']);
  });

  it('disposes everything even when one throws, then throws the first error', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own('a', log);
    owner.own('b', log, true);
    owner.own('c', log, true);
    assert.throws(() => owner.dispose(), /c failed/);
    assert.deepEqual(log, ['c', 'b', 'a']);
  });
});
