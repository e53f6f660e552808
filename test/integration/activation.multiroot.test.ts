// Activation in a multi-root workspace (test/fixtures/multi-root, two folders).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { missingCommands, ourExtension } from '../harness/hostChecks';

describe('activation in a multi-root workspace', () => {
  it('opens both folders of the .code-workspace', () => {
    const names = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.name);
    assert.deepEqual(names, ['frontend', 'backend']);
  });

  it('activates and registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.equal(extension.isActive, true);
    assert.deepEqual(await missingCommands(extension), []);
  });
});
