// Activation in an empty window (no workspace folder): no error, no network, commands registered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateObserved, describeActivation, missingCommands, ourExtension } from '../harness/hostChecks';

describe('activation without a workspace folder', () => {
  it('runs in an empty window', () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined);
  });

  it('activates without error and without any network request', async () => {
    const extension = ourExtension();
    const report = await activateObserved(extension);
    console.log(`    [no-folder] ${describeActivation(report)}`);
    assert.equal(extension.isActive, true);
    assert.deepEqual(report.ownNetwork.map((event) => `${event.channel} ${event.host}`), []);
  });

  it('registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.deepEqual(await missingCommands(extension), []);
  });
});
