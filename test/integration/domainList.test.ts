// One domain, however it is written: "Example.COM", "example.com." and "example.com" in the
// settings are one domain in the tree, the domain pick, Check All, the schedule and the leak
// index (src/editor/model/configuredDomains.ts is their one source), and an internationalised
// name is checked by its ASCII form.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { children, leakSearchApi, requestsWithKey, setSetting, startOwnService, useService, waitFor } from './leakSearch.helpers';

const HOUR = 3_600_000;

describe('The domain list', () => {
  let service: RunningService;
  before(async () => {
    service = await startOwnService();
    await useService(service.baseUrl);
    await setSetting('findingsTypes', ['accounts']);
  });
  after(async () => {
    await setSetting('schedule.enabled', undefined);
    await setSetting('findingsTypes', undefined);
    await setSetting('domains', undefined, vscode.ConfigurationTarget.Workspace);
    await setSetting('domains', undefined);
    (await leakSearchApi()).scheduler.start();
    await service.close();
  });

  it('is one domain in the tree, the pick, Check All, the schedule and the leak index, however it is written', async () => {
    const api = await leakSearchApi();
    // The window's own timer runs on the real clock; only this test's clock here.
    api.scheduler.dispose();
    await setSetting('domains', ['Example.COM', 'example.com.'], vscode.ConfigurationTarget.Workspace);
    await setSetting('domains', ['example.com', ' EXAMPLE.com ']);

    const labels = await waitFor('the tree shows the configured domain', async () => {
      const roots = (await children(api)).filter((r) => r.contextValue.startsWith('leakSearch.domain'));
      return roots.length > 0 && roots.every((r) => r.label.toLowerCase().startsWith('example.com')) ? roots.map((r) => r.label) : undefined;
    });
    assert.deepEqual(labels, ['example.com'], 'the tree');
    assert.deepEqual(api.pickerDomains().filter((d) => /example\.com/i.test(d)), ['example.com'], 'the domain pick');

    const before = requestsWithKey(service);
    const outcomes = await vscode.commands.executeCommand<{ domain: string; status: string }[]>('leakSearch.checkAllDomains');
    assert.deepEqual(outcomes?.map((o) => [o.domain, o.status]), [['example.com', 'fetched']], 'Check All');
    assert.equal(requestsWithKey(service), before + 1, 'one request reached the service');

    const indexed = await waitFor('the leak index holds the result', () => {
      const keys = api.diagnostics.indexedResults();
      return keys.length > 0 ? keys : undefined;
    });
    assert.equal(indexed.length, 1, `the leak index: ${indexed.length} results`);

    await setSetting('schedule.enabled', true);
    const run = await api.scheduler.tick(Date.now() + 1000 * HOUR);
    assert.equal(run.ran, true, 'the schedule ran');
    assert.equal((run as { targets: number }).targets, 1, 'the schedule covers one (domain, type)');
    assert.deepEqual((await children(api)).filter((r) => r.contextValue.startsWith('leakSearch.domain')).map((r) => r.label), ['example.com'], 'still one domain in the tree');
  });

  it('checks an internationalised name by its ASCII form', async () => {
    const api = await leakSearchApi();
    await setSetting('domains', undefined);
    await setSetting('domains', ['Bücher.Example.', 'xn--bcher-kva.example'], vscode.ConfigurationTarget.Workspace);
    await waitFor('the pick offers the ASCII form once', () => {
      const picks = api.pickerDomains().filter((d) => d.includes('bcher'));
      return picks.length === 1 && picks[0] === 'xn--bcher-kva.example';
    });
    const outcomes = await vscode.commands.executeCommand<{ domain: string }[]>('leakSearch.checkAllDomains');
    assert.deepEqual(outcomes?.map((o) => o.domain), ['xn--bcher-kva.example']);
  });
});
