import * as assert from 'node:assert/strict';
import { exportFileName, parsePanelState, parseWebviewMessage, stateKey } from '../../../src/shared/protocol';

describe('results protocol', () => {
  it('accepts the declared webview messages', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', key: 'k', total: 5, shown: 2, extra: 1 }), { type: 'rendered', key: 'k', total: 5, shown: 2 });
    assert.deepEqual(parseWebviewMessage({ type: 'copy', id: 3, what: 'row', text: 'a' }), { type: 'copy', id: 3, what: 'row', text: 'a' });
    assert.deepEqual(parseWebviewMessage({ type: 'export', id: 0, format: 'markdown', suggestedName: 'x.md', content: '# x' }), {
      type: 'export',
      id: 0,
      format: 'markdown',
      suggestedName: 'x.md',
      content: '# x',
    });
  });

  it('refuses anything else', () => {
    for (const bad of [
      null,
      'ready',
      [],
      { type: 'load' },
      { type: 'rendered', key: 'k', total: 1, shown: 2 },
      { type: 'rendered', key: 'k', total: -1, shown: 0 },
      { type: 'copy', id: -1, what: 'cell', text: '' },
      { type: 'copy', id: 1.5, what: 'cell', text: '' },
      { type: 'copy', id: 1, what: 'table', text: '' },
      { type: 'export', id: 1, format: 'xlsx', suggestedName: 'a', content: '' },
      { type: 'export', id: 1, format: 'csv', suggestedName: 'a' },
    ]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('keeps only well-formed fields of a persisted state', () => {
    const state = parsePanelState({
      key: 'k',
      sort: { column: 'date', direction: 'sideways' },
      filter: { text: 'bob', status: 3 },
      grouping: 'machine',
      presentation: 'yes',
      scrollTop: 120,
      revealed: ['1:2'],
    });
    assert.deepEqual(state, {
      key: 'k',
      filter: { text: 'bob', status: '', country: '', browser: '', from: '', to: '' },
      grouping: 'machine',
      scrollTop: 120,
    });
    assert.equal(stateKey({ key: 'abc' }), 'abc');
    assert.equal(stateKey({ key: '' }), undefined);
    assert.equal(stateKey(undefined), undefined);
  });

  it('builds safe export file names', () => {
    assert.equal(exportFileName('example.com', 'accounts', 'csv'), 'leaks-example.com-accounts.csv');
    assert.equal(exportFileName('../../etc/passwd', 'accounts', 'markdown'), 'leaks-etc_passwd-accounts.md');
    assert.ok(!exportFileName('a/b\\c', 'x', 'json').includes('/'));
  });
});
