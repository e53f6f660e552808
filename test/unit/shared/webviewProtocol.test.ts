// The host↔webview protocol: only declared messages and well-formed saved state get through.
import * as assert from 'node:assert/strict';
import { exportFileName, parsePanelState, parseWebviewMessage, stateKey } from '../../../src/shared/webviewProtocol';

describe('results protocol', () => {
  it('accepts the declared webview messages', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', key: 'k', total: 5, shown: 2, extra: 1 }), { type: 'rendered', key: 'k', total: 5, shown: 2 });
    assert.deepEqual(parseWebviewMessage({ type: 'copy', id: 3, what: 'row', row: 4, column: 1, revealed: [2, 'x', -1] }), { type: 'copy', id: 3, what: 'row', row: 4, column: 1, revealed: [2] });
    assert.deepEqual(parseWebviewMessage({ type: 'export', id: 0, seq: 2, format: 'markdown', includeSecrets: false, content: 'ignored' }), {
      type: 'export',
      id: 0,
      seq: 2,
      format: 'markdown',
      includeSecrets: false,
    });
    assert.deepEqual(parseWebviewMessage({ type: 'reveal', id: 1, row: 2, column: 3 }), { type: 'reveal', id: 1, row: 2, column: 3 });
    assert.deepEqual(parseWebviewMessage({ type: 'window', seq: 1, start: 100, count: 100, revealed: ['1:2', 'nope', 3] }), { type: 'window', seq: 1, start: 100, count: 100, revealed: ['1:2'] });
    const q = parseWebviewMessage({ type: 'query', seq: 1, query: { filter: { text: 'a', status: 7 }, sort: { column: 'date', direction: 'desc' }, grouping: 'site', expanded: ['s:x', 3] } });
    assert.deepEqual(q, { type: 'query', seq: 1, query: { filter: { text: 'a', status: '', country: '', browser: '', from: '', to: '', onlyNew: false, triage: '' }, sort: { column: 'date', direction: 'desc' }, grouping: 'site', expanded: ['s:x'] } });
  });

  it('refuses anything else', () => {
    for (const bad of [
      null,
      'ready',
      [],
      { type: 'load' },
      { type: 'rendered', key: 'k', total: 1, shown: 2 },
      { type: 'rendered', key: 'k', total: -1, shown: 0 },
      { type: 'copy', id: -1, what: 'cell', row: 0, column: 0, revealed: [] },
      { type: 'copy', id: 1.5, what: 'cell', row: 0, column: 0, revealed: [] },
      { type: 'copy', id: 1, what: 'table', row: 0, column: 0, revealed: [] },
      { type: 'export', id: 1, seq: 1, format: 'xlsx', includeSecrets: false },
      { type: 'export', id: 1, seq: 1, format: 'csv' },
      { type: 'window', seq: 1, start: 0, count: 1_000_000, revealed: [] },
      { type: 'reveal', id: 1, row: -1, column: 0 },
      { type: 'query', seq: 1 },
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
      filter: { text: 'bob', status: '', country: '', browser: '', from: '', to: '', onlyNew: false, triage: '' },
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
