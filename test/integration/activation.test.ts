// Activation in a window with a workspace folder: no error, no network, no workspace file
// read (only its own folder, global storage and log folder), commands registered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateObserved, contributedCommands, describeActivation, missingCommands, ourExtension, unexpectedFileReads } from '../harness/hostChecks';

describe('activation with a workspace folder', () => {
  it('opens the fixture workspace', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1);
    assert.equal(vscode.workspace.isTrusted, true);
  });

  it('activates without error, network request or file read beyond its storage and log folders', async () => {
    const extension = ourExtension();
    const report = await activateObserved(extension);
    console.log(`    [folder] ${describeActivation(report)}`);
    assert.equal(extension.isActive, true);
    assert.equal(report.readyError, undefined, 'startup after activation failed');
    assert.deepEqual(
      report.ownNetwork.map((event) => `${event.channel} ${event.host}`),
      [],
      'activation must not touch the network',
    );
    assert.deepEqual(
      unexpectedFileReads(report),
      [],
      `activation may read only its own folder, global storage and log folder (${report.allowedFolders.join(', ')}), never a workspace file`,
    );
  });

  it('registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.deepEqual(await missingCommands(extension), [], `contributed: ${contributedCommands(extension).join(', ') || '(none yet)'}`);
  });
});
