// Helpers for the Leak Search editor suites (domain checks, errors, cache, trust): the
// extension's internal test API, waiting with a deadline (never fixed sleeps), services of
// our own so a test can count requests and switch faults.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LeakSearchApi } from '../../src/editor/api';
import type { LeakNode } from '../../src/editor/tree/treeNodes';
import type { ShownMessage } from '../../src/editor/notifier';
import type { CheckOutcome } from '../../src/editor/checks/checkTypes';
import { DEMO_API_KEY, demoDataset } from '../../service/demo';
import { startService } from '../../service/server';
import { atFreshOrigin } from './freshOrigin';
import type { RunningService, TenantConfig } from '../../service/types';
import type { RecordNode } from '../../src/editor/tree/treeNodes';

export const EXTENSION_ID = 'leaksearch.leak-search';
export { DEMO_API_KEY };

export async function leakSearchApi(): Promise<LeakSearchApi> {
  const extension = vscode.extensions.getExtension<LeakSearchApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  await api.ready;
  return api;
}

/** Polls `probe` until it returns a value other than undefined/false, or fails at the deadline. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A reference service of the test's own (demo data), with one tenant per config. */
export function startOwnService(tenants: readonly Partial<TenantConfig>[] = [{}]): Promise<RunningService> {
  return atFreshOrigin(() => startService({
    dataset: demoDataset(),
    tenants: tenants.map((t, i) => ({
      name: `t${i}`,
      apiKey: DEMO_API_KEY,
      domains: ['example.com', 'example.org'],
      rateLimit: { limit: 1000, windowMs: 3_600_000 },
      ...t,
    })),
  }));
}

/** Points the extension at a service (user settings) and stores its key for that origin. */
/** `apiKey: null` leaves the origin without a key. */
export async function useService(baseUrl: string, apiKey: string | null = DEMO_API_KEY): Promise<void> {
  const config = vscode.workspace.getConfiguration('leakSearch');
  await config.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
  await waitFor('baseUrl setting', () => vscode.workspace.getConfiguration('leakSearch').inspect('baseUrl')?.globalValue === baseUrl);
  if (apiKey !== null) assert.equal(await vscode.commands.executeCommand('leakSearch.setApiKey', apiKey), true);
}

export async function setSetting(key: string, value: unknown, target = vscode.ConfigurationTarget.Global, scope?: vscode.Uri): Promise<void> {
  await vscode.workspace.getConfiguration('leakSearch', scope).update(key, value, target);
}

export async function checkDomain(arg: unknown): Promise<CheckOutcome[]> {
  return (await vscode.commands.executeCommand<CheckOutcome[] | undefined>('leakSearch.checkDomain', arg)) ?? [];
}

/** Messages shown since `from` (a `mark` taken before the action; the notifier keeps the last 50). */
export function messagesSince(api: LeakSearchApi, from: number): readonly ShownMessage[] {
  const { shown, count } = api.notifier;
  return shown.slice(Math.max(0, shown.length - (count - from)));
}

export function mark(api: LeakSearchApi): number {
  return api.notifier.count;
}

/** Waits for a message matching `pattern` shown after `from`. */
export function waitForMessage(api: LeakSearchApi, from: number, pattern: RegExp): Promise<ShownMessage> {
  return waitFor(`a message matching ${pattern}`, () => messagesSince(api, from).find((m) => pattern.test(m.message)));
}

export interface ItemView {
  readonly node: LeakNode;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  readonly contextValue: string;
  readonly id: string;
}

/** The tree as the user sees it, level by level, through the provider. */
export async function children(api: LeakSearchApi, node?: LeakNode): Promise<ItemView[]> {
  return (await api.tree.getChildren(node)).map((n) => {
    const item = api.tree.getTreeItem(n);
    const label = typeof item.label === 'string' ? item.label : item.label?.label ?? '';
    return {
      node: n,
      label,
      description: typeof item.description === 'string' ? item.description : '',
      tooltip: typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value ?? '',
      contextValue: item.contextValue ?? '',
      id: item.id ?? '',
    };
  });
}

export function find(items: readonly ItemView[], label: string): ItemView {
  const item = items.find((i) => i.label === label);
  assert.ok(item, `no tree item "${label}" among: ${items.map((i) => i.label).join(', ')}`);
  return item;
}

/** Requests the service saw carrying `key` (the request log keeps the key for tests). */
export function requestsWithKey(service: RunningService, key = DEMO_API_KEY): number {
  return service.requests.filter((r) => r.apiKey === key || r.path.includes(key)).length;
}

/** The triage ids of every example.com accounts record of a username, as the Findings view lists them. */
export async function idsOf(api: LeakSearchApi, username: string): Promise<string[]> {
  const domain = find(await children(api), 'example.com');
  const accounts = find(await children(api, domain.node), 'accounts');
  const ids: string[] = [];
  for (const site of await children(api, accounts.node)) {
    for (const r of await children(api, site.node)) if (r.label === username) ids.push((r.node as RecordNode).record.triage);
  }
  assert.ok(ids.length > 0, `records of ${username}`);
  return ids;
}
