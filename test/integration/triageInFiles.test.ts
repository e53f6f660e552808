// Triage where a leaked identifier appears in a file, in real VS Code against the reference
// service: when every record behind an e-mail is remediated its diagnostic drops to at most
// Information and says "(remediated on …)", a false positive becomes a Hint; the hover lists
// each record's decision and links the remediation guide; all of it after a restart (cache
// and decisions read back from disk) and a re-check; clearing the decisions restores the
// diagnostics. The guide command opens the guide shipped in media/guides/.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import type { RunningService } from '../../service/types';
import type { LeakSearchApi } from '../../src/editor/api';
import { checkDomain, idsOf, leakSearchApi, startOwnService, useService, waitFor } from './leakSearch.helpers';

// Not Alice: the diagnostics suite ignores her e-mail in this workspace for good.
const BOB = DEMO_KNOWN_RECORDS.accounts[1];
const JENKINS = DEMO_KNOWN_RECORDS.accounts[2];
const DAY = Date.UTC(2026, 10, 23, 12);

/** The triage ids of every record of `username` in the accounts result, read from the tree. */
function diagnosticAt(uri: vscode.Uri, identifier: string, doc: vscode.TextDocument): vscode.Diagnostic | undefined {
  return vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Leak Search' && doc.getText(d.range) === identifier);
}

async function hoverAt(doc: vscode.TextDocument, identifier: string): Promise<string> {
  const at = doc.positionAt(doc.getText().indexOf(identifier) + 2);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at);
  return hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n').replace(/\\(.)/g, '$1');
}

describe('Triage of leaked identifiers in files', () => {
  let service: RunningService;
  let api: LeakSearchApi;
  let origin: string;
  let doc: vscode.TextDocument;

  before(async function () {
    this.timeout(60_000);
    api = await leakSearchApi();
    service = await startOwnService();
    await useService(service.baseUrl);
    origin = new URL(service.baseUrl).origin;
    const built = api.diagnostics.indexVersion();
    await checkDomain({ domain: 'example.com', type: 'accounts' });
    await waitFor('the leak index rebuilt with the result', () => api.diagnostics.indexVersion() > built);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? assert.fail('a workspace folder');
    const uri = vscode.Uri.joinPath(folder, 'leak-fixtures', 'triage.env');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(`OWNER=${BOB.username}\nOTHER=${JENKINS.username}\n`));
    doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
  });

  after(async () => {
    await api.triage.set(origin, [...(await idsOf(api, BOB.username)), ...(await idsOf(api, JENKINS.username))], undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await service?.close();
  });

  it('shows remediated and false-positive identifiers as such in diagnostics and hovers, across a restart and a re-check', async function () {
    this.timeout(90_000);
    const bob = await idsOf(api, BOB.username);
    const jenkins = await idsOf(api, JENKINS.username);
    await api.triage.set(origin, [...bob, ...jenkins], undefined);
    const before = await waitFor('the untriaged diagnostics', () => {
      const a = diagnosticAt(doc.uri, BOB.username, doc);
      const b = diagnosticAt(doc.uri, JENKINS.username, doc);
      return a && b && !/ on 20\d\d-/.test(a.message + b.message) ? { a, b } : undefined;
    });
    assert.ok(before.a.severity < vscode.DiagnosticSeverity.Information, 'an untriaged leaked e-mail is a Warning or an Error');

    await api.triage.set(origin, bob, { state: 'remediated', at: DAY, note: 'password rotated' });
    await api.triage.set(origin, jenkins, { state: 'false-positive', at: DAY });
    const expect = async (when: string): Promise<void> => {
      const a = await waitFor(`Bob's diagnostic remediated ${when}`, () => {
        const d = diagnosticAt(doc.uri, BOB.username, doc);
        return d?.message.endsWith('(remediated on 2026-11-23)') ? d : undefined;
      }, 20_000);
      assert.equal(a.severity, vscode.DiagnosticSeverity.Information);
      assert.ok(a.message.startsWith(before.a.message), a.message);
      const b = await waitFor(`the jenkins-deploy diagnostic a false positive ${when}`, () => {
        const d = diagnosticAt(doc.uri, JENKINS.username, doc);
        return d?.message.endsWith('(false positive on 2026-11-23)') ? d : undefined;
      }, 20_000);
      assert.equal(b.severity, vscode.DiagnosticSeverity.Hint);
      const hover = await hoverAt(doc, BOB.username);
      assert.match(hover, /Triage: every record remediated on 2026-11-23\./);
      assert.match(hover, /\| Triage \|/);
      assert.match(hover, /\| remediated on 2026-11-23: password rotated \|/);
      assert.match(hover, /\[What to do\]\(command:leakSearch\.openGuide\?.*employee-account/);
    };
    await expect('once marked');

    await api.reloadFromDisk();
    await vscode.commands.executeCommand('leakSearch.refresh');
    await expect('after a restart and a re-check');

    await api.triage.set(origin, bob, undefined);
    const cleared = await waitFor('the diagnostic back once the decision is cleared', () => {
      const d = diagnosticAt(doc.uri, BOB.username, doc);
      return d && !d.message.includes('remediated') ? d : undefined;
    });
    assert.equal(cleared.severity, before.a.severity);
    assert.equal(cleared.message, before.a.message);
  });

  it('opens a remediation guide shipped with the extension', async () => {
    const uri = (await vscode.commands.executeCommand<vscode.Uri | undefined>('leakSearch.openGuide', 'infected-machine')) ?? assert.fail('no guide opened');
    assert.ok(uri.path.endsWith('/media/guides/infected-machine.md'), uri.toString());
    assert.match(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'), /^# An infected machine/);
    await waitFor('the guide open in a tab', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label.includes('infected-machine')));
  });
});
