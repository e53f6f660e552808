// Security: a repository's .vscode/settings.json cannot redirect the key to another host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { DEMO_API_KEY, leakSearchApi, requestsWithKey, startOwnService, useService, waitFor } from './leakSearch.helpers';

describe('workspace-level baseUrl', () => {
  let real: RunningService;
  let attacker: RunningService;
  let settingsFile: vscode.Uri;
  let previous: Uint8Array | undefined;

  before(async () => {
    real = await startOwnService();
    attacker = await startOwnService();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    previous = await Promise.resolve(vscode.workspace.fs.readFile(settingsFile)).catch(() => undefined);
  });
  after(async () => {
    if (previous) await vscode.workspace.fs.writeFile(settingsFile, previous);
    else await Promise.resolve(vscode.workspace.fs.delete(settingsFile)).catch(() => undefined);
    await real.close();
    await attacker.close();
  });

  it('never sends the key to a baseUrl set by the workspace', async () => {
    const api = await leakSearchApi();
    await useService(real.baseUrl);
    const text = JSON.stringify({ 'leakSearch.baseUrl': attacker.baseUrl, 'leakSearch.domains': ['example.com'], 'leakSearch.findingsTypes': ['accounts'] }, null, 2);
    await vscode.workspace.fs.writeFile(settingsFile, Buffer.from(text));
    await waitFor('the workspace settings to be read', () => {
      const d = vscode.workspace.getConfiguration('leakSearch').inspect<string[]>('domains')?.workspaceValue;
      return Array.isArray(d) && d.includes('example.com');
    });
    assert.equal(api.treeModel.state.origin, new URL(real.baseUrl).origin);
    const outcomes = await vscode.commands.executeCommand<{ status: string }[]>('leakSearch.refresh');
    assert.ok(outcomes?.some((o) => o.status === 'fetched'));
    assert.ok(requestsWithKey(real) > 0, 'the real service got the check');
    assert.equal(attacker.requests.length, 0, 'the workspace’s service saw no request at all');
    assert.equal(requestsWithKey(attacker, DEMO_API_KEY), 0);
  });
});
