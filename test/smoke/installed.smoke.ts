// Runs against the extension installed from the .vsix (catches .vscodeignore and bundling
// mistakes that development-path tests cannot): it is found, it is the installed copy,
// it activates, and its commands are registered.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateObserved, contributedCommands, describeActivation, missingCommands, ourExtension } from '../harness/hostChecks';

/** The manifest-only extension (test/smoke/host) whose development path hosts this suite. */
const SMOKE_HOST_ID = 'leaksearch-test.smoke-host';

describe('the installed .vsix', () => {
  it('is the installed copy, not a development path', () => {
    const extension = ourExtension();
    const repo = process.env.LEAK_SEARCH_TEST_REPO ?? '';
    assert.ok(repo, 'LEAK_SEARCH_TEST_REPO is not set');
    // Inside the clone means below its folder (a sibling such as /tmp/freshhome beside /tmp/fresh is not).
    const inClone = (p: string): boolean => {
      const rel = path.relative(repo, p);
      return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
    };
    assert.ok(!inClone(extension.extensionPath), `loaded from the clone: ${extension.extensionPath}`);
    const version = (extension.packageJSON as { version: string }).version;
    assert.equal(path.basename(extension.extensionPath), `${extension.id}-${version}`);
    // Only the manifest-only stub that hosts this suite is loaded from the clone.
    const fromClone = vscode.extensions.all.filter((e) => inClone(e.extensionPath)).map((e) => e.id);
    assert.deepEqual(fromClone, [SMOKE_HOST_ID]);
  });

  it('ships its bundle and nothing from the sources', () => {
    const root = ourExtension().extensionPath;
    assert.ok(fs.existsSync(path.join(root, 'dist', 'extension.js')), 'dist/extension.js is missing');
    for (const dev of ['src', 'out', 'test', 'node_modules', 'tsconfig.json']) {
      assert.equal(fs.existsSync(path.join(root, dev)), false, `${dev} must not be packaged`);
    }
  });

  it('activates without error and without any network request', async () => {
    const report = await activateObserved(ourExtension());
    console.log(`    [installed] ${describeActivation(report)}`);
    assert.deepEqual(report.ownNetwork.map((event) => `${event.channel} ${event.host}`), []);
  });

  it('exports nothing another extension could read (no results, passwords or controls)', async () => {
    const extension = ourExtension();
    const exported: unknown = await extension.activate();
    assert.equal(exported, undefined);
    assert.equal(extension.exports, undefined);
  });

  it('registers every command it contributes', async () => {
    const extension = ourExtension();
    await extension.activate();
    assert.deepEqual(await missingCommands(extension), [], `contributed: ${contributedCommands(extension).join(', ') || '(none yet)'}`);
  });
});
