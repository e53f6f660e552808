// Activation in an empty window (no workspace folder): no error, no network, no file read
// beyond its own folder, global storage and log folder, commands registered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateObserved, describeActivation, missingCommands, ourExtension, unexpectedFileReads } from '../harness/hostChecks';

describe('activation without a workspace folder', () => {
  it('runs in an empty window', () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined);
  });

  it('activates without error, network request or file read beyond its storage and log folders', async () => {
    const extension = ourExtension();
    const report = await activateObserved(extension);
    console.log(`    [no-folder] ${describeActivation(report)}`);
    assert.equal(extension.isActive, true);
    assert.equal(report.readyError, undefined, 'startup after activation failed');
    assert.deepEqual(report.ownNetwork.map((event) => `${event.channel} ${event.host}`), [], 'activation must not touch the network');
    assert.deepEqual(unexpectedFileReads(report), [], `activation may read only ${report.allowedFolders.join(', ')}`);
  });

  it('registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.deepEqual(await missingCommands(extension), []);
  });
});
