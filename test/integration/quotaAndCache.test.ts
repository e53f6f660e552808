// The quota in the status bar; a spent quota sends nothing and is never shown as "no
// leaks"; the encrypted cache is served after a reload without a request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { DEMO_KNOWN_RECORDS } from '../../service/demo';
import { checkDomain, children, DEMO_API_KEY, find, leakSearchApi, mark, setSetting, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

describe('quota and cache', () => {
  const services: RunningService[] = [];
  before(() => setSetting('findingsTypes', ['accounts']));
  after(async () => {
    await setSetting('findingsTypes', undefined);
    await Promise.all(services.map((s) => s.close()));
  });

  it('shows remaining/limit after a response and the reset time in the tooltip', async () => {
    const api = await leakSearchApi();
    const s = await startOwnService([{ rateLimit: { limit: 50, windowMs: 3_600_000 } }]);
    services.push(s);
    await useService(s.baseUrl);
    await checkDomain('example.org');
    const view = await waitFor('the status bar', () => (/quota 49\/50/.test(api.statusBar().text) ? api.statusBar() : undefined));
    assert.equal(view.visible, true);
    assert.match(view.text, /^\$\(shield\) [\d,]+ leaked records \(just now\) · quota 49\/50$/);
    // A clock time, with the date when the reset falls on another day (a run near midnight).
    assert.match(view.tooltip, /Requests left: 49\/50\. Resets at (\d{4}-\d\d-\d\d )?\d\d:\d\d \(in (59 min|1 h)\)/);
  });

  it('a spent quota shows in the status bar and sends no request', async () => {
    const api = await leakSearchApi();
    const s = await startOwnService([{ rateLimit: { limit: 2, windowMs: 3_600_000 } }]);
    services.push(s);
    await useService(s.baseUrl);
    await checkDomain('example.com');
    await checkDomain('example.org');
    assert.equal(s.requests.length, 2);
    const view = await waitFor('spent quota', () => (api.statusBar().spent ? api.statusBar() : undefined));
    assert.match(view.text, /^\$\(warning\) Leak Search: quota spent, resumes (\d{4}-\d\d-\d\d )?\d\d:\d\d$/);
    assert.match(view.tooltip, /Request quota spent \(0 left of 2\)\. No checks are sent until (\d{4}-\d\d-\d\d )?\d\d:\d\d \(in (59 min|1 h)\)/);
    assert.ok(!/\bno leak|\b0 leak/i.test(view.text + view.tooltip));

    const from = mark(api);
    const outcomes = await checkDomain({ domain: 'example.com', type: 'customers' });
    assert.deepEqual(outcomes.map((o) => o.status), ['failed']);
    assert.equal(s.requests.length, 2, 'no request while the quota is spent');
    const m = await waitForMessage(api, from, /quota .* is spent, so example\.com was not checked\. Checks resume at/);
    assert.deepEqual(m.actions, ['Check When Quota Resets']);
    // The tree says so too, and never "no leaks".
    const customers = find((await children(api, find(await children(api), 'example.com').node)), 'customers');
    assert.match(customers.description, /^quota spent, resumes (\d{4}-\d\d-\d\d )?\d\d:\d\d$/);
  });

  it('serves the encrypted cache after a reload, without a request', async () => {
    const api = await leakSearchApi();
    const s = await startOwnService();
    services.push(s);
    await useService(s.baseUrl);
    const [outcome] = await checkDomain('example.com');
    assert.equal(outcome?.status, 'fetched');
    const count = outcome?.entry?.count ?? -1;
    await api.flushCache();

    // On disk: nothing readable, neither the data nor the key, not even in the file names.
    const files = await vscode.workspace.fs.readDirectory(api.cacheDir);
    assert.ok(files.length >= 2, 'a result file and its meta file');
    for (const [name] of files) {
      const bytes = Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(api.cacheDir, name)));
      for (const secret of ['alice@example.com', DEMO_KNOWN_RECORDS.accounts[0]?.password ?? 'x', DEMO_API_KEY, 'example.com']) {
        assert.ok(!bytes.includes(Buffer.from(secret)) && !name.includes(secret), `${name} does not hold "${secret === DEMO_API_KEY ? 'the key' : secret}" in clear`);
      }
    }

    const requests = s.requests.length;
    await api.reloadFromDisk();
    assert.equal(api.results.list().length > 0, true);
    const domain = await waitFor('example.com from the cache', async () => (await children(api)).find((i) => i.label === 'example.com'));
    assert.match(domain.description, /records · just now/);
    const accounts = find((await children(api, domain.node)), 'accounts');
    assert.match(accounts.description, new RegExp(`^${count.toLocaleString('en-US')} records · as of \\d\\d:\\d\\d \\(just now\\)$`));
    assert.equal(s.requests.length, requests, 'loading the cache sent nothing');
    assert.match(api.statusBar().text, /leaked records \(just now\)/);

    const again = await checkDomain('example.com');
    assert.deepEqual(again.map((o) => o.status), ['cached']);
    assert.equal(s.requests.length, requests, 'a check within the TTL is served from the cache');
  });

  it('asks the service again once the TTL has passed', async () => {
    const api = await leakSearchApi();
    const s = services[services.length - 1] as RunningService;
    await setSetting('cacheTtl', 0);
    const before = s.requests.length;
    const again = await checkDomain('example.com');
    assert.deepEqual(again.map((o) => o.status), ['fetched']);
    assert.equal(s.requests.length, before + 1);
    await setSetting('cacheTtl', undefined);
    assert.ok(api.results.list().length > 0);
  });
});
