// The first hour's smaller journeys in real VS Code: a domain checked by hand is removed from
// the tree with its results; a key changed to another one makes the next check ask the
// service instead of serving the cached result.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { checkDomain, children, leakSearchApi, startOwnService, useService, waitFor, DEMO_API_KEY } from './leakSearch.helpers';

describe('first hour: removing a domain, changing the key', () => {
  let service: RunningService;
  before(async () => {
    // example.net: in no domain setting of any test, so it is always "checked by hand" here.
    service = await startOwnService([{ domains: ['example.com', 'example.org', 'example.net'] }, { name: 'second', apiKey: 'lj_second_key_for_tests_0000000000', domains: ['example.com'] }]);
    await useService(service.baseUrl);
  });
  after(() => service.close());

  it('removes a domain checked by hand, with its results', async () => {
    const api = await leakSearchApi();
    const [outcome] = await checkDomain({ domain: 'example.net', type: 'accounts' });
    assert.ok(outcome && ['fetched', 'cached'].includes(outcome.status), outcome?.status);
    const org = await waitFor('example.net in the tree', async () => (await children(api)).find((i) => i.label === 'example.net'));
    assert.equal(org.contextValue, 'leakSearch.domain.byHand');
    assert.equal(await vscode.commands.executeCommand('leakSearch.tree.removeDomain', org.node), true);
    await waitFor('example.net gone from the tree', async () => !(await children(api)).some((i) => i.label === 'example.net'));
    assert.equal(api.results.list().filter((e) => e.query.domain === 'example.net').length, 0, 'its results are gone');
  });

  it('after a key change, the next check asks the service (no cached answer)', async () => {
    await checkDomain({ domain: 'example.com', type: 'accounts' });
    assert.deepEqual((await checkDomain({ domain: 'example.com', type: 'accounts' })).map((o) => o.status), ['cached']);
    await vscode.commands.executeCommand('leakSearch.setApiKey', 'lj_second_key_for_tests_0000000000');
    const before = service.requests.length;
    assert.deepEqual((await checkDomain({ domain: 'example.com', type: 'accounts' })).map((o) => o.status), ['fetched']);
    assert.equal(service.requests.length, before + 1, 'the new key was asked about');
    assert.deepEqual((await checkDomain({ domain: 'example.com', type: 'accounts' })).map((o) => o.status), ['cached'], 'then the cache serves again');
    await vscode.commands.executeCommand('leakSearch.setApiKey', DEMO_API_KEY);
  });
});
