// Multi-root: each folder has its own domains; the tree groups them per folder.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { children, find, leakSearchApi, setSetting, startOwnService, useService, waitFor } from './leakSearch.helpers';

describe('multi-root domains', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
  });
  after(() => service.close());

  it('reads each folder’s domains and groups the tree per folder', async () => {
    const api = await leakSearchApi();
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 2);
    const [frontend, backend] = folders as [vscode.WorkspaceFolder, vscode.WorkspaceFolder];
    await useService(service.baseUrl);
    await setSetting('findingsTypes', ['accounts']);
    await setSetting('domains', ['example.com'], vscode.ConfigurationTarget.WorkspaceFolder, frontend.uri);
    await setSetting('domains', ['example.org'], vscode.ConfigurationTarget.WorkspaceFolder, backend.uri);
    const roots = await waitFor('two folder groups', async () => {
      const r = (await children(api));
      if (r.length !== 2) return undefined;
      for (const f of r) if ((await children(api, f.node)).length !== 1) return undefined;
      return r;
    });
    assert.deepEqual(roots.map((r) => [r.label, r.contextValue]), [[frontend.name, 'leakSearch.folder'], [backend.name, 'leakSearch.folder']]);
    assert.deepEqual((await children(api, find(roots, frontend.name).node)).map((d) => d.label), ['example.com']);
    assert.deepEqual((await children(api, find(roots, backend.name).node)).map((d) => d.label), ['example.org']);

    const outcomes = await vscode.commands.executeCommand<{ domain: string; status: string }[]>('leakSearch.checkAllDomains');
    assert.deepEqual(outcomes?.map((o) => [o.domain, o.status]), [['example.com', 'fetched'], ['example.org', 'fetched']]);
    const org = find((await children(api, find(await children(api), backend.name).node)), 'example.org');
    assert.match(org.description, /records · just now/);
  });

  it('adds a domain to the chosen folder only', async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const backend = folders[1] as vscode.WorkspaceFolder;
    assert.equal(await vscode.commands.executeCommand('leakSearch.addDomain', 'Example.NET', backend.uri), true);
    const cfg = vscode.workspace.getConfiguration('leakSearch', backend.uri).inspect<string[]>('domains');
    assert.deepEqual(cfg?.workspaceFolderValue, ['example.org', 'example.net']);
    const front = vscode.workspace.getConfiguration('leakSearch', folders[0]?.uri).inspect<string[]>('domains');
    assert.deepEqual(front?.workspaceFolderValue, ['example.com']);
  });
});
