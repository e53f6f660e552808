// Restricted Mode: checking a typed domain works; workspace-provided domains wait for trust.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { checkDomain, children, leakSearchApi, mark, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

describe('Restricted Mode', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
  });
  after(() => service.close());

  it('ignores workspace domains until trusted, and says so', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const api = await leakSearchApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'),
      Buffer.from(JSON.stringify({ 'leakSearch.domains': ['example.org'] })),
    );
    await waitFor('the workspace settings file to be read', () => {
      const d = vscode.workspace.getConfiguration('leakSearch').inspect<string[]>('domains')?.workspaceValue;
      return Array.isArray(d) && d.length === 1;
    });
    await useService(service.baseUrl);
    await waitFor('key state', () => api.treeModel.state.hasKey);
    assert.deepEqual((await children(api)).map((i) => i.label), [], 'workspace domains are not read in Restricted Mode');
    // An empty tree has no message: VS Code would hide the Restricted Mode welcome view (its buttons) under it.
    assert.equal(api.treeView.message, undefined);
    const from = mark(api);
    assert.deepEqual(await vscode.commands.executeCommand('leakSearch.checkAllDomains'), []);
    await waitForMessage(api, from, /no domains are configured.*once you trust this workspace/);
  });

  it('checks a domain the user types', async () => {
    const api = await leakSearchApi();
    const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts' });
    assert.deepEqual(outcomes.map((o) => o.status), ['fetched']);
    await waitFor('example.com in the tree', async () => (await children(api)).find((i) => i.label === 'example.com'));
    await waitFor('the Restricted Mode message over a tree with results', () => /Restricted Mode/.test(api.treeView.message ?? ''));
  });

  it('does not write workspace settings before trust', async () => {
    const api = await leakSearchApi();
    const from = mark(api);
    assert.equal(await vscode.commands.executeCommand('leakSearch.addDomain', 'example.net'), false);
    const m = await waitForMessage(api, from, /needs a trusted workspace/);
    assert.deepEqual(m.actions, ['Manage Workspace Trust']);
  });
});
