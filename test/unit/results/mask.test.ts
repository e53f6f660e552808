import * as assert from 'node:assert/strict';
import { MASK, displayText } from '../../../src/shared/results/mask';

describe('results masking', () => {
  it('masks secrets unless revealed, and always in presentation mode', () => {
    assert.equal(displayText('hunter2', true, false, false), MASK);
    assert.equal(displayText('hunter2', true, true, false), 'hunter2');
    assert.equal(displayText('hunter2', true, true, true), MASK);
    assert.equal(displayText('bob', false, false, true), 'bob');
    assert.equal(displayText('', true, false, false), '');
  });

  it('does not reveal the length of a secret', () => {
    assert.equal(displayText('a', true, false, false), displayText('a much longer password', true, false, false));
  });
});
