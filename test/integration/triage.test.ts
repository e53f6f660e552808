// Triage in real VS Code: records marked from the Findings view keep their mark across a
// restart (cache read from disk) and a re-check; the team file holds no identifier and brings
// the decisions back after they are cleared.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import type { RunningService } from '../../service/types';
import type { LeakSearchApi } from '../../src/editor/api';
import type { RecordNode } from '../../src/editor/tree/treeNodes';
import { checkDomain, children, find, leakSearchApi, startOwnService, useService, waitFor } from './leakSearch.helpers';
import type { ItemView } from './leakSearch.helpers';

const ALICE = DEMO_KNOWN_RECORDS.accounts[0];
const BOB = DEMO_KNOWN_RECORDS.accounts[1];

async function record(api: LeakSearchApi, site: string, username: string): Promise<ItemView> {
  // The tree follows a new service and key by events: on a busy machine it can lag the check.
  const domain = await waitFor('example.com in the tree', async () => (await children(api)).find((i) => i.label === 'example.com'));
  const accounts = find(await children(api, domain.node), 'accounts');
  const siteItem = find(await children(api, accounts.node), site);
  return find(await children(api, siteItem.node), username);
}

describe('Triage', () => {
  let service: RunningService;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-triage-'));
  before(async () => {
    service = await startOwnService();
    await useService(service.baseUrl);
    await checkDomain({ domain: 'example.com', type: 'accounts' });
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('marks records from the tree, and keeps the marks across a restart and a re-check', async () => {
    const api = await leakSearchApi();
    const alice = await record(api, 'vpn.example.com', ALICE.username);
    const bob = await record(api, 'gitlab.example.com', BOB.username);
    assert.equal(await vscode.commands.executeCommand('leakSearch.tree.falsePositive', bob.node), 1);
    // Remediated asks for a note: the test answers the input box through the API's store instead.
    const origin = new URL(service.baseUrl).origin;
    await api.triage.set(origin, [(alice.node as RecordNode).record.triage], { state: 'remediated', at: Date.now(), note: 'password rotated' });
    const marked = await record(api, 'vpn.example.com', ALICE.username);
    assert.match(marked.description, /^remediated · Mar 14, 2026 · DE · /);
    assert.match(marked.tooltip, /Triage: remediated on .* — password rotated/);
    assert.match((await record(api, 'gitlab.example.com', BOB.username)).description, /^false positive · /);

    await api.reloadFromDisk();
    await vscode.commands.executeCommand('leakSearch.refresh');
    const after = await waitFor('the marks after a restart and a re-check', async () => {
      const a = await record(api, 'vpn.example.com', ALICE.username).catch(() => undefined);
      return a && /^remediated/.test(a.description) ? a : undefined;
    });
    assert.match(after.description, /^remediated/);
    assert.match((await record(api, 'gitlab.example.com', BOB.username)).description, /^false positive/);
  });

  it('exports a team file without identifiers and imports it back after the marks are cleared', async () => {
    const api = await leakSearchApi();
    const file = vscode.Uri.file(path.join(dir, 'triage.json'));
    assert.ok(await vscode.commands.executeCommand('leakSearch.exportTriage', file));
    const text = fs.readFileSync(file.fsPath, 'utf8');
    for (const secret of [ALICE.username, ALICE.password, BOB.username, 'vpn.example.com']) assert.ok(!text.includes(secret), `the file names ${secret}`);
    assert.match(text, /"state": "remediated"/);

    const bob = await record(api, 'gitlab.example.com', BOB.username);
    const alice = await record(api, 'vpn.example.com', ALICE.username);
    assert.equal(await vscode.commands.executeCommand('leakSearch.tree.clearTriage', alice.node, [alice.node, bob.node]), 2);
    assert.doesNotMatch((await record(api, 'vpn.example.com', ALICE.username)).description, /remediated/);

    assert.equal(await vscode.commands.executeCommand('leakSearch.importTriage', file), 2);
    assert.match((await record(api, 'vpn.example.com', ALICE.username)).description, /^remediated/);
    assert.equal(await vscode.commands.executeCommand('leakSearch.importTriage', file), 0, 'the same file again changes nothing');
  });
});
