// Check a domain against the reference service: the tree shows domain → findings type →
// site → records with counts and "as of" times, never a password; ids are stable.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LeakSearchApi } from '../../src/editor/api';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import { formatRecordDay } from '../../src/core/results/recordText';
import type { RunningService } from '../../service/types';
import { checkDomain, children, find, leakSearchApi, mark, messagesSince, setSetting, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

describe('Check Domain for Leaks', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
    await useService(service.baseUrl);
    await setSetting('findingsTypes', ['accounts', 'customers']);
  });
  after(async () => {
    await setSetting('findingsTypes', undefined);
    await setSetting('domains', undefined, vscode.ConfigurationTarget.Workspace);
    await service.close();
  });

  it('checks a typed domain and shows domain → type → site → records in the tree', async () => {
    const api = await leakSearchApi();
    const from = mark(api);
    const outcomes = await checkDomain('Example.COM');
    assert.deepEqual(outcomes.map((o) => [o.domain, o.query?.type, o.status]), [['example.com', 'accounts', 'fetched'], ['example.com', 'customers', 'fetched']]);
    const accounts = outcomes[0]?.entry;
    assert.ok(accounts && accounts.query.type === 'accounts');
    const m = await waitForMessage(api, from, /example\.com accounts: [\d,]+ leaked records/);
    assert.deepEqual(m.actions, ['Open Results']);

    const roots = await children(api);
    const domain = find(roots, 'example.com');
    assert.match(domain.description, /^[\d,]+ records · just now$/);
    const types = (await children(api, domain.node));
    assert.deepEqual(types.map((t) => t.label), ['accounts', 'customers']);
    const acc = find(types, 'accounts');
    assert.match(acc.description, new RegExp(`^${accounts.count.toLocaleString('en-US')} records · as of \\d\\d:\\d\\d \\(just now\\)$`));
    assert.equal(acc.contextValue, 'leakSearch.findings.results');

    const sites = (await children(api, acc.node));
    const vpn = find(sites, 'vpn.example.com');
    const records = (await children(api, vpn.node));
    const alice = find(records, 'alice@example.com');
    // The day in the user's locale; status "show" needs no words.
    assert.equal(alice.description, `${formatRecordDay('2026-03-14', vscode.env.language)} · DE · Google Chrome`);
    assert.equal(alice.contextValue, 'leakSearch.record');
    // The password is never shown in the tree, anywhere.
    const everything = JSON.stringify([roots, types, sites, records].flat().map((i) => [i.label, i.description, i.tooltip]));
    for (const r of DEMO_KNOWN_RECORDS.accounts) assert.ok(!everything.includes(r.password), 'no password in the tree');
    assert.match(alice.tooltip, /Password: hidden/);
    const total = sites.reduce((sum, s) => sum + Number(s.description.replace(/[^\d]/g, '')), 0);
    assert.equal(total, accounts.records, 'site counts add up to the records');
  });

  it('keeps ids stable across a refresh, so expansion survives', async () => {
    const api = await leakSearchApi();
    const before = await treeIds(api);
    const outcomes = await vscode.commands.executeCommand<{ status: string }[]>('leakSearch.refresh');
    assert.ok(outcomes && outcomes.every((o) => o.status === 'fetched'), 'refresh fetches again');
    const after = await treeIds(api);
    assert.deepEqual(after, before);
  });

  it('serves a fresh result from the cache without a request; Refresh asks again', async () => {
    const api = await leakSearchApi();
    const count = service.requests.length;
    const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts' });
    assert.deepEqual(outcomes.map((o) => o.status), ['cached']);
    assert.equal(service.requests.length, count, 'no request for a fresh cached result');
    await vscode.commands.executeCommand('leakSearch.tree.recheck', (await children(api)).find((i) => i.label === 'example.com')?.node);
    assert.equal(service.requests.length, count + 2, 're-check asks the service for both types');
  });

  it('lists configured workspace domains, "not checked yet" until checked, and Check All checks them', async () => {
    const api = await leakSearchApi();
    await setSetting('domains', ['example.org', 'not a domain!'], vscode.ConfigurationTarget.Workspace);
    const org = await waitFor('example.org in the tree', async () => (await children(api)).find((i) => i.label === 'example.org'));
    assert.equal(org.description, 'not checked yet');
    const bad = find((await children(api)), 'not a domain!');
    assert.equal(bad.description, 'not a valid domain');
    assert.equal(bad.contextValue, 'leakSearch.domain.invalid');
    const from = mark(api);
    const outcomes = await vscode.commands.executeCommand<{ domain: string; status: string }[]>('leakSearch.checkAllDomains');
    assert.deepEqual(outcomes?.filter((o) => o.status === 'fetched').map((o) => o.domain), ['example.org', 'example.org']);
    const err = await waitForMessage(api, from, /not a domain!|domain/i);
    assert.equal(err.level, 'error', messagesSince(api, from).map((m) => `${m.level}: ${m.message}`).join('\n'));
    await waitFor('example.org checked', async () => /records/.test((await children(api)).find((i) => i.label === 'example.org')?.description ?? ''));
  });

  it('copies a username and a URL from the tree', async () => {
    const api = await leakSearchApi();
    const acc = find((await children(api, find(await children(api), 'example.com').node)), 'accounts');
    const vpn = find((await children(api, acc.node)), 'vpn.example.com');
    const alice = find((await children(api, vpn.node)), 'alice@example.com');
    await vscode.commands.executeCommand('leakSearch.tree.copyUsername', alice.node);
    assert.equal(await vscode.env.clipboard.readText(), 'alice@example.com');
    await vscode.commands.executeCommand('leakSearch.tree.copyUrl', alice.node);
    assert.equal(await vscode.env.clipboard.readText(), 'https://vpn.example.com/login');
  });

  it('shows a record in the results panel', async () => {
    const api = await leakSearchApi();
    const acc = find((await children(api, find(await children(api), 'example.com').node)), 'accounts');
    const key = await vscode.commands.executeCommand<string>('leakSearch.tree.showInResults', acc.node);
    assert.ok(key);
    await waitFor('the panel', () => api.resultsPanel.openKeys().includes(key));
  });
});

/** The ids of the tree's domains and their findings types, top to bottom. */
async function treeIds(api: LeakSearchApi): Promise<string[]> {
  const out: string[] = [];
  for (const d of await children(api)) {
    out.push(d.id);
    for (const t of await children(api, d.node)) out.push(t.id);
  }
  return out;
}
