// A service that answers maliciously or wrongly, seen from real VS Code: nothing locks checks
// out, nothing in a notification becomes a link or a command, nothing is blamed on the
// network that is not the network, and an oversized answer says which limit it hit.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import { checkDomain, DEMO_API_KEY, leakSearchApi, mark, setSetting, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

const DAY = 86_400_000;
/** Link and icon syntax VS Code renders in a notification, and invisible reordering characters. */
const LIVE = /\]\(|\$\(|[\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('hostile answers', () => {
  const services: RunningService[] = [];
  let service: RunningService;

  before(async () => {
    await setSetting('findingsTypes', ['accounts']);
    await setSetting('cacheTtl', 0);
    service = await startOwnService([{ rateLimit: { limit: 1000, windowMs: 3_600_000 } }]);
    services.push(service);
    await useService(service.baseUrl);
  });
  after(async () => {
    await setSetting('findingsTypes', undefined);
    await setSetting('cacheTtl', undefined);
    await vscode.commands.executeCommand('leakSearch.resetQuotaState');
    await Promise.all(services.map((s) => s.close()));
  });
  afterEach(async () => {
    service.setFaults(DEMO_API_KEY, []);
    await vscode.commands.executeCommand('leakSearch.resetQuotaState');
  });

  it('a reset in the year 3000 is believed only 24 h ahead, and Refresh still asks the service', async () => {
    const api = await leakSearchApi();
    // Two answers say "spent until the year 3000": the check's and Refresh's first probe.
    service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 2, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '32503680000' } }]);
    await checkDomain('example.com');
    const origin = new URL(service.baseUrl).origin;
    const state = await waitFor('the stored quota', () => api.quota.get(origin));
    assert.ok((state.resetAt ?? Infinity) <= Date.now() + DAY, `reset believed until ${new Date(state.resetAt ?? 0).toISOString()}`);
    assert.doesNotMatch(api.statusBar().text + api.statusBar().tooltip, /NaN|355\d{3} d/);

    const before = service.requests.length;
    const refused = await checkDomain('example.com');
    assert.deepEqual(refused.map((o) => o.status), ['failed'], 'a plain check trusts the stored quota');
    assert.equal(service.requests.length, before);

    await vscode.commands.executeCommand('leakSearch.refresh');
    assert.equal(service.requests.length, before + 1, 'Refresh sends one request, which says spent again: nothing more');
    const refreshed = await vscode.commands.executeCommand<{ domain: string; status: string }[]>('leakSearch.refresh');
    assert.ok(service.requests.length > before + 1, 'Refresh asks again');
    assert.ok(refreshed?.some((o) => o.domain === 'example.com' && o.status === 'fetched'), 'and the answer clears the stored state');
    assert.equal(api.statusBar().spent, false);
  });

  it('Reset Quota State forgets a spent quota: the next check asks the service', async () => {
    const api = await leakSearchApi();
    service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 1, status: 429, headers: { 'Retry-After': '3600' }, body: '{"error":"Rate limit exceeded."}' }]);
    await checkDomain('example.org');
    await waitFor('spent quota', () => api.statusBar().spent);
    const before = service.requests.length;
    await checkDomain('example.org');
    assert.equal(service.requests.length, before, 'nothing sent while spent');
    const from = mark(api);
    await vscode.commands.executeCommand('leakSearch.resetQuotaState');
    await waitForMessage(api, from, /quota state of .* was reset/);
    const outcomes = await checkDomain('example.org');
    assert.deepEqual(outcomes.map((o) => o.status), ['fetched']);
    assert.equal(service.requests.length, before + 1);
  });

  it('a Retry-After that is no date is ignored (and logged), never shown as a network problem', async () => {
    const api = await leakSearchApi();
    // Every attempt (the first and the client's automatic retries) gets the same answer.
    service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 3, status: 429, headers: { 'Retry-After': 'next tuesday-ish 99999-99' }, body: '{"error":"slow down"}' }]);
    const from = mark(api);
    await checkDomain('example.com');
    const m = await waitForMessage(api, from, /quota/);
    assert.doesNotMatch(m.message, /could not reach|proxy|Invalid time value/);
  });

  it('error text with links, icons, bidi controls or the key in upper case reaches the user as harmless plain text', async () => {
    const api = await leakSearchApi();
    const body = JSON.stringify({
      error: `Denied [Fix it](command:workbench.action.files.delete) $(alert) \u202Egnp.exe\u202C\u2028key ${DEMO_API_KEY.toUpperCase()} ${'x'.repeat(5000)}`,
    });
    for (const status of [400, 403, 404]) {
      service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 1, status, body }]);
      const from = mark(api);
      await checkDomain('example.com');
      const m = await waitForMessage(api, from, /Leak Search/);
      assert.doesNotMatch(m.message, LIVE, m.message);
      assert.ok(!m.message.toLowerCase().includes(DEMO_API_KEY.toLowerCase()), 'the key is redacted whatever its case');
      assert.ok(m.message.length <= 1000, `${m.message.length} characters`);
    }
  });

  it('a domain from the settings with link syntax is defused in the message about it', async () => {
    const api = await leakSearchApi();
    const from = mark(api);
    await checkDomain('[click](command:workbench.action.quit)');
    const m = await waitForMessage(api, from, /not a valid domain/);
    assert.doesNotMatch(m.message, LIVE);
  });

  it('a field nested 100,000 deep is read as text; nothing overflows or is blamed on the network', async () => {
    const depth = 100_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 1, body: `{"count":1,"results":[{"username":"deep@example.com","note":${nested}}]}` }]);
    const [outcome] = await checkDomain('example.com');
    assert.equal(outcome?.status, 'fetched');
    assert.equal(outcome?.entry?.records, 1);
  });

  it('millions of empty records stop at the record limit, with the limit and the next step in the message', async () => {
    const api = await leakSearchApi();
    await setSetting('maxRecords', 1000);
    try {
      service.setFaults(DEMO_API_KEY, [{ fault: 'custom', times: 1, body: `{"count":2000000,"results":[${new Array(2_000_000).fill('{}').join(',')}]}` }]);
      const from = mark(api);
      const [outcome] = await checkDomain('example.com');
      assert.equal(outcome?.status, 'failed');
      assert.equal(outcome?.error?.kind, 'too-large');
      const m = await waitForMessage(api, from, /too large/);
      assert.match(m.message, /more than 1,000 records.*date range.*leakSearch\.maxRecords setting/);
    } finally {
      await setSetting('maxRecords', undefined);
    }
  });
});
