// Helpers of the network run (test/harness/networkRun.ts): reference services over TLS with
// the certificates the harness made (LEAK_SEARCH_TEST_PKI), reached by a test host name that
// the run's /etc/hosts maps to 127.0.0.1; VS Code's http.* settings; the Output channel.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_API_KEY, demoDataset } from '../../service/demo';
import { startService } from '../../service/server';
import type { RunningService } from '../../service/types';
import type { LeakSearchApi } from '../../src/editor/api';
import type { ShownMessage } from '../../src/editor/notifier';
import { checkDomain, mark, waitFor, waitForMessage } from './leakSearch.helpers';
import { atFreshOrigin } from './freshOrigin';

export type CertName = 'server' | 'untrusted' | 'wrong-host';

/** A TLS reference service with one of the harness's certificates, at https://leaks.example.test:PORT. */
export function startTlsService(cert: CertName): Promise<RunningService> {
  const dir = process.env.LEAK_SEARCH_TEST_PKI;
  assert.ok(dir, 'LEAK_SEARCH_TEST_PKI is set by the network run');
  return atFreshOrigin(() => startService({
    dataset: demoDataset(),
    tenants: [{ name: 't', apiKey: DEMO_API_KEY, domains: ['example.com', 'example.org'], rateLimit: { limit: 1000, windowMs: 3_600_000 } }],
    tls: { cert: fs.readFileSync(path.join(dir, `${cert}.pem`), 'utf8'), key: fs.readFileSync(path.join(dir, `${cert}.key`), 'utf8'), hostName: 'leaks.example.test' },
  }));
}

const HTTP_KEYS = ['proxy', 'noProxy', 'proxySupport', 'proxyStrictSSL', 'systemCertificates', 'fetchAdditionalSupport'] as const;

/** Sets one of VS Code's http.* settings (user settings) and waits until it reads back. */
export async function setHttp(key: (typeof HTTP_KEYS)[number], value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('http').update(key, value, vscode.ConfigurationTarget.Global);
  await waitFor(`http.${key}`, () => JSON.stringify(vscode.workspace.getConfiguration('http').inspect(key)?.globalValue) === JSON.stringify(value));
}

export async function resetHttp(): Promise<void> {
  for (const key of HTTP_KEYS) await setHttp(key, undefined);
}

/** One check of example.com that must fail; the message shown for it. */
export async function failingCheck(api: LeakSearchApi, pattern: RegExp): Promise<ShownMessage> {
  const from = mark(api);
  const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts', range: null });
  assert.deepEqual(outcomes.map((o) => o.status), ['failed']);
  const m = await waitForMessage(api, from, pattern);
  assert.ok(!m.message.includes(DEMO_API_KEY), 'the key is not in the message');
  console.log(`      message: ${m.message}  [${m.actions.join(' | ')}]`);
  return m;
}

export async function fetchedCheck(): Promise<void> {
  const outcomes = await checkDomain({ domain: 'example.com', type: 'accounts', range: null });
  assert.deepEqual(outcomes.map((o) => o.status), ['fetched'], JSON.stringify(outcomes.map((o) => o.error?.message ?? '')));
}

/** The Output channel's file, once it holds a line matching `pattern`. */
export async function logLine(api: LeakSearchApi, pattern: RegExp): Promise<string> {
  return waitFor(`a log line matching ${pattern}`, () => {
    const text = fs.existsSync(api.logFile.fsPath) ? fs.readFileSync(api.logFile.fsPath, 'utf8') : '';
    return text.split('\n').reverse().find((l) => pattern.test(l));
  });
}
