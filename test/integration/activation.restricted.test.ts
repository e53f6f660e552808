// Activation in Restricted Mode: workspace trust is on and the folder is not trusted.
// The manifest declares limited support for untrusted workspaces.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { missingCommands, ourExtension } from '../harness/hostChecks';

describe('activation in Restricted Mode', () => {
  it('runs in an untrusted folder', () => {
    assert.equal((vscode.workspace.workspaceFolders ?? []).length, 1);
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('activates and registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.equal(extension.isActive, true);
    assert.deepEqual(await missingCommands(extension), []);
  });
});
