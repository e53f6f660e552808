// Restricted Mode: with leak results at hand, no workspace file is scanned until the
// workspace is trusted — no diagnostics, no hover, and "Scan Workspace" says why it waits.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScanOutcome } from '../../src/editor/diagnostics/diagnosticsController';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import type { RunningService } from '../../service/types';
import { checkDomain, leakSearchApi, mark, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

const ALICE = DEMO_KNOWN_RECORDS.accounts[0];

describe('Leaked identifiers in files, Restricted Mode', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await service.close();
  });

  it('scans no file until the workspace is trusted', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const api = await leakSearchApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await useService(service.baseUrl);
    const built = api.diagnostics.indexVersion();
    const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts' });
    assert.deepEqual(outcomes.map((o) => o.status), ['fetched'], 'a typed domain can be checked in Restricted Mode');
    await waitFor('the leak index rebuilt', () => api.diagnostics.indexVersion() > built);

    const uri = vscode.Uri.joinPath(folder.uri, 'restricted-leaks.env');
    const text = `ADMIN=${ALICE.username}\nPASSWORD="${ALICE.password}"\n`;
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const outcomes$: ScanOutcome[] = [];
    const sub = api.diagnostics.onDidScan((o) => outcomes$.push(o));
    try {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const outcome = await waitFor('the scan of the opened file to be refused', () => outcomes$.find((o) => o.uri === uri.toString()));
      assert.equal(outcome.skipped, 'untrusted');
      assert.equal(outcome.matches, 0);
    } finally {
      sub.dispose();
    }
    assert.deepEqual(vscode.languages.getDiagnostics(uri), [], 'no diagnostics');
    assert.equal(api.diagnostics.count(), 0);
    assert.equal(api.diagnostics.statusBar().visible, false);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(0, 8));
    assert.ok(!hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Leak Search'))), 'no leak hover');

    const from = mark(api);
    assert.equal(await vscode.commands.executeCommand('leakSearch.scanWorkspace'), undefined);
    await waitForMessage(api, from, /scanned once you trust this workspace/);
    assert.equal(api.diagnostics.count(), 0, 'Scan Workspace scanned nothing');
  });
});
