// SARIF export in real VS Code: Scan Workspace's findings written as a SARIF 2.1.0 log that
// Microsoft's SARIF Multitool accepts, with the file, line and rule of each leak, readable by
// the user only, and no password value in it; a triaged identifier is a suppression.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import type { RunningService } from '../../service/types';
import { validateSarif } from '../sarifValidator';
import { checkDomain, idsOf, leakSearchApi, startOwnService, useService, waitFor } from './leakSearch.helpers';

const BOB = DEMO_KNOWN_RECORDS.accounts[1];

interface Log {
  readonly runs: readonly { readonly results: readonly { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[] }[] }[];
}

describe('SARIF export', function () {
  this.timeout(120_000);
  let service: RunningService;
  let fixture: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-sarif-'));

  before(async () => {
    service = await startOwnService();
    await useService(service.baseUrl);
    await checkDomain({ domain: 'example.com', type: 'accounts' });
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    fixture = path.join(folder.uri.fsPath, 'ops', 'sarif fixture.env');
    fs.mkdirSync(path.dirname(fixture), { recursive: true });
    fs.writeFileSync(fixture, `# made-up\nOWNER=${BOB.username}\nGITLAB_PASSWORD=${BOB.password}\n`);
    // VS Code's file search (which Scan Workspace lists files with) may answer from before the
    // file was written: the export is tried once it lists the file.
    await waitFor('the file search lists the fixture', async () => (await vscode.workspace.findFiles(new vscode.RelativePattern(folder, 'ops/*.env'))).length > 0);
  });
  after(async () => {
    fs.rmSync(fixture, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    await service.close();
  });

  it('writes what Scan Workspace found as a valid SARIF 2.1.0 log', async () => {
    const target = vscode.Uri.file(path.join(dir, 'leaks.sarif'));
    const written = await vscode.commands.executeCommand<vscode.Uri>('leakSearch.exportSarif', target);
    assert.equal(written?.fsPath, target.fsPath);
    const text = fs.readFileSync(target.fsPath, 'utf8');
    assert.equal(fs.statSync(target.fsPath).mode & 0o777, 0o600);
    assert.ok(!text.includes(BOB.password), 'no password value');
    const { errors, output } = validateSarif(target.fsPath, process.env.LEAK_SEARCH_TEST_REPO);
    assert.deepEqual(errors, [], output);
    const results = (JSON.parse(text) as Log).runs[0]?.results ?? [];
    const here = results.filter((r) => r.locations[0]?.physicalLocation.artifactLocation.uri === 'ops/sarif%20fixture.env');
    const password = here.find((r) => r.ruleId === 'leaked-password');
    assert.ok(password, `a leaked-password result in the fixture among ${JSON.stringify(here.map((r) => r.ruleId))}`);
    assert.equal(password.level, 'error');
    assert.deepEqual([password.locations[0]?.physicalLocation.region.startLine, password.locations[0]?.physicalLocation.region.startColumn], [3, 17]);
    const email = here.find((r) => r.ruleId === 'leaked-email');
    assert.equal(email?.locations[0]?.physicalLocation.region.startLine, 2);
  });

  it('writes an identifier the team triaged as a suppression, so code scanning shows it dismissed', async () => {
    const api = await leakSearchApi();
    const origin = new URL(service.baseUrl).origin;
    const bob = await idsOf(api, BOB.username);
    await api.triage.set(origin, bob, { state: 'false-positive', at: Date.UTC(2026, 10, 23) });
    try {
      // The decision reaches the engine, and the file's diagnostic becomes a Hint, before the export.
      await waitFor('the triaged e-mail shown as a hint', () => vscode.languages.getDiagnostics(vscode.Uri.file(fixture)).some((d) => d.source === 'Leak Search' && d.severity === vscode.DiagnosticSeverity.Hint && d.message.startsWith(BOB.username)));
      const target = vscode.Uri.file(path.join(dir, 'triaged.sarif'));
      await vscode.commands.executeCommand<vscode.Uri>('leakSearch.exportSarif', target);
      const { errors, output } = validateSarif(target.fsPath, process.env.LEAK_SEARCH_TEST_REPO);
      assert.deepEqual(errors, [], output);
      const results = (JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as Log).runs[0]?.results ?? [];
      const email = results.find((r) => r.ruleId === 'leaked-email' && r.locations[0]?.physicalLocation.artifactLocation.uri === 'ops/sarif%20fixture.env') as (Log['runs'][0]['results'][0] & { suppressions?: unknown[] }) | undefined;
      assert.deepEqual(email?.suppressions, [{ kind: 'external', status: 'accepted', justification: 'triaged as false positive' }]);
    } finally {
      await api.triage.set(origin, bob, undefined);
    }
  });
});
