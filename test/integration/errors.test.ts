// Every error path: the message a user understands and the next step as a button. The API
// key never appears in a message.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/types';
import type { LeakSearchApi } from '../../src/editor/api';
import { checkDomain, DEMO_API_KEY, leakSearchApi, mark, setSetting, startOwnService, useService, waitFor, waitForMessage } from './leakSearch.helpers';

async function expectError(api: LeakSearchApi, arg: unknown, pattern: RegExp, actions: readonly string[], level: 'error' | 'warning' = 'error'): Promise<string> {
  const from = mark(api);
  const outcomes = await checkDomain(arg);
  assert.ok(outcomes.some((o) => o.status === 'failed'), `the check failed: ${JSON.stringify(outcomes.map((o) => o.status))}`);
  const m = await waitForMessage(api, from, pattern);
  assert.equal(m.level, level);
  assert.deepEqual(m.actions, actions);
  assert.ok(!m.message.includes(DEMO_API_KEY), 'the key is not in the message');
  console.log(`      message: ${m.message}  [${m.actions.join(' | ')}]`);
  return m.message;
}

describe('errors: message and next step', () => {
  const services: RunningService[] = [];
  const own = async (...args: Parameters<typeof startOwnService>): Promise<RunningService> => {
    const s = await startOwnService(...args);
    services.push(s);
    return s;
  };
  before(() => setSetting('findingsTypes', ['accounts']));
  after(async () => {
    await setSetting('requestTimeout', undefined);
    await setSetting('findingsTypes', undefined);
    await Promise.all(services.map((s) => s.close()));
  });

  it('401 invalid key → "Set API Key"', async () => {
    const api = await leakSearchApi();
    const s = await own();
    await useService(s.baseUrl, 'lj_wrong_0000000000000000000000000000');
    await expectError(api, 'example.com', /API key for http:\/\/127\.0\.0\.1:\d+ was rejected \(Invalid API key\)/, ['Set API Key']);
  });

  it('403 domain not in the subscription → the server’s message and what to check', async () => {
    const api = await leakSearchApi();
    const s = await own();
    await useService(s.baseUrl);
    await expectError(api, 'other.test', /Your subscription does not cover this domain.*Check that other\.test is included in your subscription plan/, ['Open Settings', 'Show Log']);
  });

  it('403 IP not allowed → the server’s message and the allow-list', async () => {
    const api = await leakSearchApi();
    const s = await own([{ allowedIps: ['203.0.113.9'] }]);
    await useService(s.baseUrl);
    await expectError(api, 'example.com', /Requests from this IP address are not permitted.*allow-list/, ['Open Proxy Settings', 'Show Log']);
  });

  it('404 wrong base path → check leakSearch.baseUrl', async () => {
    const api = await leakSearchApi();
    const s = await own();
    await useService(`${s.baseUrl}/not/the/api`);
    await expectError(api, 'example.com', /has no search at this address \(404\).*leakSearch\.baseUrl/, ['Open Settings']);
  });

  it('429 rate limited by the server → when checks resume', async () => {
    const api = await leakSearchApi();
    const s = await own([{ rateLimit: { limit: 1, windowMs: 600_000 } }]);
    await useService(s.baseUrl);
    // Someone else (another machine with the same key) spends the window first.
    const spent = await fetch(`${s.baseUrl}/search/${DEMO_API_KEY}/example.org/accounts`);
    assert.equal(spent.status, 200);
    await spent.arrayBuffer();
    await expectError(api, 'example.com', /request quota for http:\/\/127\.0\.0\.1:\d+ is spent.*Checks resume at (\d{4}-\d\d-\d\d )?\d\d:\d\d \(in \d+ min\)/, ['Check When Quota Resets'], 'warning');
    assert.ok(s.requests.some((r) => r.status === 429), 'the server answered 429');
  });

  it('500 server error → retry later', async () => {
    const api = await leakSearchApi();
    const s = await own([{ faults: [{ fault: 'error-500' }] }]);
    await useService(s.baseUrl);
    await expectError(api, 'example.com', /service at http:\/\/127\.0\.0\.1:\d+ failed \(500\) for example\.com/, ['Retry', 'Show Log']);
  });

  it('network failure → what failed, redacted, and the proxy settings', async () => {
    const api = await leakSearchApi();
    const s = await startOwnService();
    const url = s.baseUrl;
    await useService(url);
    await s.close(); // nothing listens there any more
    const message = await expectError(api, 'example.com', /could not reach http:\/\/127\.0\.0\.1:\d+ for example\.com: .+Check your network connection, proxy/, ['Retry', 'Open Proxy Settings']);
    assert.ok(!message.includes('/search/'), 'no request path in the message');
  });

  it('timeout → raise leakSearch.requestTimeout', async () => {
    const api = await leakSearchApi();
    const s = await own([{ faults: [{ fault: 'delay', delayMs: 4000 }] }]);
    await useService(s.baseUrl);
    await setSetting('requestTimeout', 1);
    await expectError(api, 'example.com', /did not answer within 1 s for example\.com.*leakSearch\.requestTimeout/, ['Retry', 'Open Settings']);
    await setSetting('requestTimeout', undefined);
  });

  it('an invalid domain is refused before any request', async () => {
    const api = await leakSearchApi();
    const s = await own();
    await useService(s.baseUrl);
    await expectError(api, 'exa mple.com/path', /“exa mple\.com\/path” is not a valid domain: .+Nothing was sent\./, ['Enter a Domain', 'Open Settings']);
    assert.equal(s.requests.length, 0);
  });

  it('writes every error to the Output channel log, redacted', async () => {
    const api = await leakSearchApi();
    const log = await waitFor('the errors in the log file', async () => {
      const text = Buffer.from(await vscode.workspace.fs.readFile(api.logFile)).toString('utf8');
      return /\[error\].*did not answer within 1 s/.test(text) ? text : undefined;
    });
    for (const expected of [/\[error\].*was rejected \(Invalid API key\)/, /\[error\].*Your subscription does not cover this domain/, /\[error\].*Requests from this IP address are not permitted/, /\[warning\].*quota .* is spent/, /\[error\].*failed \(500\)/, /\[error\].*could not reach/]) {
      assert.match(log, expected);
    }
    assert.ok(!log.includes(DEMO_API_KEY), 'the key is not in the log');
  });

  it('no message so far held the key', async () => {
    const api = await leakSearchApi();
    assert.ok(api.notifier.shown.length > 0);
    for (const m of api.notifier.shown) assert.ok(!m.message.includes(DEMO_API_KEY), m.message);
    void vscode.commands.executeCommand('notifications.clearAll');
  });
});
