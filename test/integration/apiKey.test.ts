// Set API Key / Clear API Key: stored per service origin in SecretStorage, welcome views
// driven by context keys, never in settings.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { children, leakSearchApi, mark, messagesSince, startOwnService, useService, waitFor, waitForMessage, DEMO_API_KEY } from './leakSearch.helpers';
import type { RunningService } from '../../service/types';

describe('API key: set and clear', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
  });
  after(() => service.close());

  it('round-trips: no key → welcome; set → stored for the origin only; clear → welcome again', async () => {
    const api = await leakSearchApi();
    await useService(service.baseUrl, null);
    await vscode.commands.executeCommand('leakSearch.clearApiKey');
    await waitFor('no key state', () => api.treeModel.state.hasKey === false && api.treeModel.state.origin === new URL(service.baseUrl).origin);
    assert.deepEqual((await children(api)), [], 'the tree is empty so the "No API key yet" welcome view shows');

    let from = mark(api);
    assert.equal(await vscode.commands.executeCommand('leakSearch.setApiKey', DEMO_API_KEY), true);
    await waitForMessage(api, from, /API key saved for http:\/\/127\.0\.0\.1:\d+\./);
    await waitFor('key state', () => api.treeModel.state.hasKey);
    // Not in any setting.
    const all = JSON.stringify(vscode.workspace.getConfiguration('leakSearch'));
    assert.ok(!all.includes(DEMO_API_KEY), 'the key is not in the settings');

    // Another origin (another port) has no key: the key is never read for it.
    const other = await startOwnService();
    try {
      await useService(other.baseUrl, null);
      await waitFor('other origin without key', () => api.treeModel.state.origin === new URL(other.baseUrl).origin && !api.treeModel.state.hasKey);
      from = mark(api);
      await vscode.commands.executeCommand('leakSearch.checkDomain', 'example.com');
      const m = await waitForMessage(api, from, /no API key is set for/);
      assert.deepEqual(m.actions, ['Set API Key']);
      assert.equal(other.requests.length, 0, 'nothing was sent to the origin without a key');
    } finally {
      await other.close();
    }

    await useService(service.baseUrl, null);
    await waitFor('key state back', () => api.treeModel.state.hasKey);
    from = mark(api);
    assert.equal(await vscode.commands.executeCommand('leakSearch.clearApiKey'), true);
    await waitForMessage(api, from, /API key for http:\/\/127\.0\.0\.1:\d+ removed/);
    await waitFor('key cleared', () => !api.treeModel.state.hasKey);
    assert.deepEqual((await children(api)), []);
  });

  it('refuses an invalid key argument with a clear message and stores nothing', async () => {
    const api = await leakSearchApi();
    await useService(service.baseUrl, null);
    const from = mark(api);
    assert.equal(await vscode.commands.executeCommand('leakSearch.setApiKey', 'bad key with spaces'), false);
    const m = await waitFor('an error', () => messagesSince(api, from).find((x) => x.level === 'error'));
    assert.match(m.message, /Leak Search: /);
    assert.equal(api.treeModel.state.hasKey, false);
  });
});
