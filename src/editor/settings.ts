// Reads the `leakSearch.*` settings. Two rules of trust live here:
// - `baseUrl` is read from user (global) settings or the default only: a repository's
//   `.vscode/settings.json` can never redirect the key to another host.
// - In Restricted Mode every other setting is read from user settings or defaults only;
//   workspace-provided values (domains above all) wait for trust.
import type { ScheduleSettings } from '../core/schedule/schedule';
import * as vscode from 'vscode';
import type { NetworkOptions } from '../core/client/net/route';
import type { FindingsType } from '../core/service/types';
import type { DateRangeSetting } from '../core/service/dateRange';
import { parseDateRangeMode } from '../core/service/dateRange';
import { PROXY_VARIABLES } from '../core/client/net/proxyFor';
import { proxyCredentials } from '../core/text/redact';

export const SECTION = 'leakSearch';
export const DEFAULT_BASE_URL = 'https://leakjar.com/api';

/** A folder's `leakSearch.domains` as written; src/editor/model/configuredDomains.ts is their one reader. */
export interface FolderDomainSettings {
  /** Undefined for domains from user settings when no folder is open. */
  readonly folder: vscode.WorkspaceFolder | undefined;
  readonly domains: readonly string[];
}

/** VS Code's `http.*` settings as the client takes them (no fetch: the holder adds it). */
export type NetworkSettings = Omit<NetworkOptions, 'fetch'>;

export class Settings {
  /** The service base URL from user settings or the default; never from a workspace. */
  baseUrl(): string {
    const i = vscode.workspace.getConfiguration(SECTION).inspect<string>('baseUrl');
    const v = i?.globalValue ?? i?.defaultValue ?? DEFAULT_BASE_URL;
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : DEFAULT_BASE_URL;
  }

  /** A `baseUrl` some workspace tried to set (ignored), for a log line. */
  ignoredWorkspaceBaseUrl(): string | undefined {
    const i = vscode.workspace.getConfiguration(SECTION).inspect<string>('baseUrl');
    return i?.workspaceFolderValue ?? i?.workspaceValue;
  }

  /**
   * Domains per workspace folder (each folder its own), or the user's when no folder is open.
   * In Restricted Mode every folder reads the user's (see #value). Read them through
   * ConfiguredDomains, which normalises them.
   */
  domainsByFolder(): FolderDomainSettings[] {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0) return [{ folder: undefined, domains: this.#strings('domains', undefined) }];
    return folders.map((folder) => ({ folder, domains: this.#strings('domains', folder.uri) }));
  }

  /** Scheduled checks (off unless the user turns them on). */
  schedule(): ScheduleSettings {
    const hours = this.#value<unknown>('schedule.intervalHours', undefined);
    const percent = this.#value<unknown>('schedule.quotaPercent', undefined);
    const intervalHours = typeof hours === 'number' && Number.isFinite(hours) ? Math.min(24 * 30, Math.max(1, hours)) : 24;
    const share = typeof percent === 'number' && Number.isFinite(percent) ? Math.min(100, Math.max(1, percent)) : 20;
    return { enabled: this.#value<unknown>('schedule.enabled', undefined) === true, intervalMs: intervalHours * 3_600_000, quotaShare: share / 100 };
  }

  findingsTypes(): FindingsType[] {
    const raw = this.#value<unknown>('findingsTypes', undefined);
    const list = Array.isArray(raw) ? raw : [];
    const types = new Set<FindingsType>();
    for (const t of list) {
      if (t === 'accounts' || t === 'a') types.add('accounts');
      else if (t === 'customers' || t === 'c') types.add('customers');
    }
    return types.size > 0 ? [...types] : ['accounts'];
  }

  dateRange(): DateRangeSetting {
    const mode = parseDateRangeMode(this.#value<unknown>('dateRange.mode', undefined));
    const lastDays = this.#value<unknown>('dateRange.lastDays', undefined);
    const start = this.#value<unknown>('dateRange.start', undefined);
    const end = this.#value<unknown>('dateRange.end', undefined);
    return {
      mode,
      ...(typeof lastDays === 'number' ? { lastDays } : {}),
      ...(typeof start === 'string' ? { start } : {}),
      ...(typeof end === 'string' ? { end } : {}),
    };
  }

  /** Presentation mode: every password stays masked, with no way to reveal, copy or export it. */
  presentationMode(): boolean {
    return this.#value<unknown>('presentationMode', undefined) === true;
  }

  /** Fires with presentation mode's new state when the setting changes (in this window or another). */
  readonly onDidChangePresentation: vscode.Event<boolean> = (listener, thisArgs, disposables) =>
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SECTION}.presentationMode`)) listener.call(thisArgs, this.presentationMode());
    }, undefined, disposables);

  /** Turns presentation mode on or off for every window (a user setting). */
  setPresentationMode(on: boolean): Thenable<void> {
    return vscode.workspace.getConfiguration(SECTION).update('presentationMode', on ? true : undefined, vscode.ConfigurationTarget.Global);
  }

  /** Cache time-to-live in milliseconds (`leakSearch.cacheTtl` is in minutes). */
  cacheTtlMs(): number {
    const v = this.#value<unknown>('cacheTtl', undefined);
    const minutes = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 360;
    return minutes * 60_000;
  }

  /** Request timeout in milliseconds (`leakSearch.requestTimeout` is in seconds). */
  requestTimeoutMs(): number {
    const v = this.#value<unknown>('requestTimeout', undefined);
    const seconds = typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(v, 600) : 30;
    return seconds * 1000;
  }

  /** Most records one check may bring (`leakSearch.maxRecords`). */
  maxRecords(): number {
    const v = this.#value<unknown>('maxRecords', undefined);
    return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(Math.min(v, 20_000_000)) : 5_000_000;
  }

  /**
   * VS Code's own network settings (`http.*`, application scope: user settings or defaults,
   * read as VS Code's extension host reads them; see src/core/client/net/route.ts) and the proxy
   * variables of this extension host's environment.
   */
  network(): NetworkSettings {
    const http = vscode.workspace.getConfiguration('http');
    const user = <T>(key: string): T | undefined => userValue<T>(http, key);
    const noProxy = user<unknown>('noProxy');
    const support = user<unknown>('proxySupport');
    const env: Record<string, string | undefined> = {};
    for (const name of [...PROXY_VARIABLES, 'no_proxy', 'NO_PROXY']) env[name] = process.env[name];
    return {
      proxy: {
        setting: proxySetting(http),
        noProxy: Array.isArray(noProxy) ? noProxy.filter((s): s is string => typeof s === 'string') : [],
        support: support === 'off' || support === 'on' || support === 'fallback' ? support : 'override',
        env,
      },
      strictSSL: user<unknown>('proxyStrictSSL') !== false,
      systemCertificates: user<unknown>('systemCertificates') !== false,
      fetchAdditionalSupport: user<unknown>('fetchAdditionalSupport') !== false,
    };
  }

  /**
   * The user names and passwords in the proxy URLs in use, masked like the API key wherever
   * text is shown. Asked for every log line and message: it reads `http.proxy` alone, not all
   * of `network`.
   */
  proxySecrets(): string[] {
    return proxyCredentials([proxySetting(vscode.workspace.getConfiguration('http')), ...PROXY_VARIABLES.map((name) => process.env[name])]);
  }

  /** A setting as the user may rely on it: workspace values only in a trusted workspace. */
  #value<T>(key: string, scope: vscode.Uri | undefined): T | undefined {
    const config = vscode.workspace.getConfiguration(SECTION, scope);
    if (vscode.workspace.isTrusted) return config.get<T>(key);
    const i = config.inspect<T>(key);
    return i?.globalValue ?? i?.defaultValue;
  }

  #strings(key: string, scope: vscode.Uri | undefined): string[] {
    const v = this.#value<unknown>(key, scope);
    if (!Array.isArray(v)) return [];
    const out: string[] = [];
    for (const s of v) if (typeof s === 'string' && s.trim() !== '' && !out.includes(s.trim())) out.push(s.trim());
    return out;
  }
}

/** An `http.*` setting from user settings or its default (application scope, as VS Code's extension host reads it). */
function userValue<T>(http: vscode.WorkspaceConfiguration, key: string): T | undefined {
  const i = http.inspect<T>(key);
  return i?.globalValue ?? i?.defaultValue;
}

/** `http.proxy` as the user wrote it (trimmed), or '' when it is not text. */
function proxySetting(http: vscode.WorkspaceConfiguration): string {
  const proxy = userValue<unknown>(http, 'proxy');
  return typeof proxy === 'string' ? proxy.trim() : '';
}
