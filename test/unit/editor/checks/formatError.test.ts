// The message a user reads for each failure of a check, and the next step it offers.
import * as assert from 'node:assert/strict';
import { LeakSearchError } from '../../../../src/core/service/errors';
import type { SettingRef } from '../../../../src/core/service/errors';
import { describeError } from '../../../../src/editor/checks/formatError';
import { formatClock } from '../../../../src/core/text/format';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ctx = { origin: 'https://leakjar.com', domain: 'example.com', timeoutSeconds: 30, now: NOW };

describe('formatError: what the user reads and the next step', () => {
  it('invalid key → Set API Key', () => {
    const u = describeError(new LeakSearchError('unauthorized', 'Invalid API key.', { status: 401, serverMessage: 'Invalid API key.' }), ctx);
    assert.match(u.message, /API key for https:\/\/leakjar\.com was rejected/);
    assert.deepEqual(u.actions, ['setApiKey']);
  });

  it('403 subscription and 403 IP give the server message and what to check', () => {
    const sub = describeError(new LeakSearchError('forbidden', 'x', { status: 403, forbiddenReason: 'subscription', serverMessage: 'Your subscription does not cover this domain.' }), ctx);
    assert.match(sub.message, /Your subscription does not cover this domain/);
    assert.match(sub.message, /example\.com is included in your subscription plan/);
    const ip = describeError(new LeakSearchError('forbidden', 'x', { status: 403, forbiddenReason: 'ip', serverMessage: 'Requests from this IP address are not permitted.' }), ctx);
    assert.match(ip.message, /Requests from this IP address are not permitted/);
    assert.match(ip.message, /allow-list/);
    assert.deepEqual(ip.actions, ['openProxySettings', 'showLog']);
  });

  it('a 403 for a domain names the domains this key is known to cover, and opens the domains setting', () => {
    const forbidden = new LeakSearchError('forbidden', 'x', { status: 403, forbiddenReason: 'subscription', serverMessage: 'Your subscription does not cover this domain.' });
    const sub = describeError(forbidden, { ...ctx, domain: 'exmaple.com', coveredDomains: ['example.com', 'example.org', 'exmaple.com'] });
    assert.match(sub.message, /This key is known to cover example\.com, example\.org\.$/);
    assert.equal(sub.setting, 'leakSearch.domains');
    const many = describeError(forbidden, { ...ctx, coveredDomains: ['a1.com', 'a2.com', 'a3.com', 'a4.com', 'a5.com', 'a6.com', 'a7.com'] });
    assert.match(many.message, /known to cover a1\.com, a2\.com, a3\.com, a4\.com, a5\.com and 2 more\.$/);
    assert.doesNotMatch(describeError(forbidden, ctx).message, /known to cover/, 'nothing to name before any answer');
  });

  it('"Open Settings" names the one setting each error is about', () => {
    const settingOf = (e: LeakSearchError): string | undefined => describeError(e, ctx).setting;
    assert.equal(settingOf(new LeakSearchError('not-found', 'n', { status: 404 })), 'leakSearch.baseUrl');
    assert.equal(settingOf(new LeakSearchError('timeout', 't')), 'leakSearch.requestTimeout');
    assert.equal(settingOf(new LeakSearchError('too-large', 'm.', { setting: 'maxRecords' })), 'leakSearch.maxRecords');
    assert.equal(settingOf(new LeakSearchError('invalid-input', 'bad', { field: 'domain' })), 'leakSearch.domains');
    assert.equal(settingOf(new LeakSearchError('invalid-input', 'bad', { field: 'start' })), 'leakSearch.dateRange');
    assert.equal(settingOf(new LeakSearchError('invalid-input', 'bad', { field: 'baseUrl' })), 'leakSearch.baseUrl');
    for (const e of [new LeakSearchError('network', 'n'), new LeakSearchError('server', 's', { status: 500 })]) {
      assert.ok(!describeError(e, ctx).actions.includes('openSettings') || settingOf(e) !== undefined, e.kind);
    }
  });

  it('rate limited → when checks resume', () => {
    const u = describeError(new LeakSearchError('rate-limited', 'x', { status: 429, retryAt: NOW + 5 * 60_000 }), ctx);
    assert.equal(u.severity, 'warning');
    assert.ok(u.message.includes(`Checks resume at ${formatClock(NOW + 5 * 60_000, NOW)} (in 5 min)`), u.message);
    assert.deepEqual(u.actions, ['checkWhenQuotaResets']);
  });

  it('network, timeout, server, 404, bad response, invalid input, cancelled', () => {
    assert.match(describeError(new LeakSearchError('network', 'connect ECONNREFUSED 127.0.0.1:9'), ctx).message, /could not reach https:\/\/leakjar\.com for example\.com: connect ECONNREFUSED/);
    assert.match(describeError(new LeakSearchError('timeout', 't'), ctx).message, /did not answer within 30 s/);
    assert.deepEqual(describeError(new LeakSearchError('server', 's', { status: 500 }), ctx).actions, ['retry', 'showLog']);
    assert.match(describeError(new LeakSearchError('not-found', 'n', { status: 404 }), ctx).message, /leakSearch\.baseUrl/);
    assert.match(describeError(new LeakSearchError('bad-response', 'The response is not JSON.'), ctx).message, /could not be used: The response is not JSON\. Nothing/);
    assert.deepEqual(describeError(new LeakSearchError('invalid-input', 'Bad key', { field: 'apiKey' }), ctx).actions, ['setApiKey']);
    const bad = describeError(new LeakSearchError('invalid-input', 'A domain cannot contain spaces.', { field: 'domain' }), { ...ctx, domain: 'exa mple.com' });
    assert.equal(bad.message, 'Leak Search: “exa mple.com” is not a valid domain: A domain cannot contain spaces. Nothing was sent.');
    assert.deepEqual(bad.actions, ['enterDomain', 'openSettings']);
    const viaProxy = describeError(new LeakSearchError('network', 'The proxy refused (HTTP 407). Check the proxy settings.', { setting: 'proxy' }), ctx);
    assert.equal((viaProxy.message.match(/http\.proxy/g) ?? []).length, 1, 'the editor names its proxy setting once');
    // Core's messages name no setting of the editor's; the editor says where each knob is.
    const knobs: [SettingRef, RegExp][] = [
      ['baseUrl', /leakSearch\.baseUrl setting\.$/],
      ['maxRecords', /leakSearch\.maxRecords setting\.$/],
      ['systemCertificates', /http\.systemCertificates, then reload the window\.$/],
      ['trustStore', /Then reload the window\.$/],
    ];
    for (const [setting, says] of knobs) assert.match(describeError(new LeakSearchError(setting === 'maxRecords' ? 'too-large' : 'network', 'm.', { setting }), ctx).message, says, setting);
    assert.deepEqual(describeError(new LeakSearchError('cancelled', 'c'), ctx).actions, []);
  });
});
