// The results panel in real VS Code: it opens from a check's result and shows the right count
// (as the webview itself reports it after rendering), and focuses on an identifier.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResultsEntry } from '../../src/core/service/types';
import type { RunningService } from '../../service/types';
import { demoDataset } from '../../service/demo';
import { checkDomain, leakSearchApi, startOwnService, useService, waitFor } from './leakSearch.helpers';

function panelTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview);
}

describe('Results panel', () => {
  let service: RunningService;
  let entry: ResultsEntry;
  before(async () => {
    // Start from no editors: other suites may have left panels of their own services open.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor('no webview tabs', () => panelTabs().length === 0);
    service = await startOwnService();
    await useService(service.baseUrl);
    const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts' });
    const found = outcomes.find((o) => o.entry?.query.type === 'accounts')?.entry;
    assert.ok(found, 'the check returned an accounts result');
    entry = found;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await service.close();
  });

  it('opens from a check result and shows every record', async () => {
    const api = await leakSearchApi();
    const key = await vscode.commands.executeCommand<string>('leakSearch.openResults', entry.key);
    assert.equal(key, entry.key);
    const view = await waitFor('the panel to render its rows', () => api.resultsPanel.shown(entry.key), 30_000);
    assert.deepEqual(view, { total: entry.records, shown: entry.records });
    assert.ok(entry.records > 0);
    const tab = await waitFor('the panel tab', () => panelTabs().find((t) => t.label === 'Leaks: example.com (accounts)'));
    assert.ok(tab.isActive);
  });

  it('reveals the same panel, focused on the records matching an identifier', async () => {
    const api = await leakSearchApi();
    // The records the service sent: its data set.
    const records = demoDataset()['example.com']?.accounts ?? [];
    const identifier = records[0]?.username ?? '';
    assert.ok(identifier);
    const matching = records.filter((r) => [r.username, r.url, r.ip, r.country, r.browser, r.status].join('\u0001').toLowerCase().includes(identifier.toLowerCase())).length;
    api.resultsPanel.show(entry.key, { identifier });
    await waitFor(`the panel to show the ${matching} records of ${identifier}`, () => api.resultsPanel.shown(entry.key)?.shown === matching, 30_000);
    assert.equal(panelTabs().filter((t) => t.label === 'Leaks: example.com (accounts)').length, 1, 'one panel per result');
    assert.deepEqual(api.resultsPanel.openKeys(), [entry.key]);
  });
});
