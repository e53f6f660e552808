// What is new, in real VS Code: a re-check whose answer holds two records the previous answer
// had not says so in a notification, marks them in the tree and the status bar, and the
// marks survive a restart (cache read from disk). A re-check that finds nothing new is quiet.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_API_KEY, demoDataset } from '../../service/demo';
import type { RunningService } from '../../service/types';
import type { WireAccountRecord } from '../../service/wire';
import { checkDomain, children, find, leakSearchApi, mark, messagesSince, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

const FRESH: readonly WireAccountRecord[] = [
  { date: '2026-11-20T08:00:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://sso.example.com/', ip: '198.51.100.7', country: 'FR', username: 'new.hire@example.com', password: 'Welcome-2026' },
  { date: '2026-11-21T09:30:00.000Z', browser: 'Mozilla Firefox', status: 'show', url: 'https://mail.example.com/', ip: '198.51.100.8', country: 'FR', username: 'intern@example.com', password: 'Intern!2026' },
];

describe('What is new since the last check', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
    await useService(service.baseUrl);
  });
  after(async () => {
    await service.close();
  });

  it('a re-check with nothing new is quiet and marks nothing', async () => {
    const api = await leakSearchApi();
    await checkDomain({ domain: 'example.com', type: 'accounts' });
    const from = mark(api);
    await vscode.commands.executeCommand('leakSearch.refresh');
    assert.deepEqual(messagesSince(api, from).filter((m) => /new leaked/.test(m.message)), []);
    const types = await children(api, find(await children(api), 'example.com').node);
    assert.doesNotMatch(find(types, 'accounts').description, /new/);
  });

  it('says what is new after a re-check, marks it in the tree and the status bar, and keeps it across a restart', async () => {
    const api = await leakSearchApi();
    const known = demoDataset()['example.com']?.accounts ?? [];
    const results = [...FRESH, ...known];
    service.setFaults(DEMO_API_KEY, [
      { fault: 'custom', domain: 'example.com', type: 'accounts', times: 1, status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: results.length, results }) },
    ]);
    const from = mark(api);
    await vscode.commands.executeCommand('leakSearch.refresh');
    const message = await waitForMessage(api, from, /new leaked record/);
    assert.match(message.message, /^Leak Search: 2 new leaked records for example\.com \(accounts\) since (just now|\d+ min ago)\.$/);
    assert.ok(message.actions.includes('Open Results'));
    const accounts = async () => find(await children(api, find(await children(api), 'example.com').node), 'accounts');
    assert.match((await accounts()).description, /^[\d,]+ records · 2 new · as of /);
    assert.match(find(await children(api), 'example.com').description, / · 2 new · /);
    assert.match(api.statusBar().text, / · 2 new /);

    await api.reloadFromDisk();
    const after = await waitFor('the tree after the restart', async () => {
      const item = await accounts().catch(() => undefined);
      return item && /2 new/.test(item.description) ? item : undefined;
    });
    assert.match(after.description, /^[\d,]+ records · 2 new · as of /);
  });
});
