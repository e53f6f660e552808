// Runs checks: planning (src/core/service/checkPlan.ts: settings → validated queries), fetching
// (resultFetcher.ts: cache or client → data engine → results model) and reporting
// (checkReporter.ts: a message a user understands with the next step as a button, a redacted
// line in the log). This file puts them together: the endpoint and its key, clear-text
// consent, cancellable progress, and the retry buttons.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { toLeakSearchError } from '../../core/service/errors';
import type { ErrorAction } from './formatError';
import { formatClock } from '../../core/text/format';
import { planChecks } from '../../core/service/checkPlan';
import type { CheckTarget } from '../../core/service/checkPlan';
import { longTimeout } from '../../core/timers';
import type { LongTimer } from '../../core/timers';
import { normalizeBaseUrl } from '../../core/service/validate';
import type { SearchQuery } from '../../core/service/types';
import type { Settings } from '../settings';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { ResultsModel } from '../model/resultsModel';
import type { QuotaStore } from '../model/quotaStore';
import type { CacheKey } from '../secrets/cacheKey';
import type { EngineHost } from '../engine/engineHost';
import type { ClientHolder } from '../client/clientHolder';
import type { ClearTextConsent } from '../client/clearTextConsent';
import type { Notifier, NotifierAction } from '../notifier';
import type { Logger } from '../logger';
import { errorActionRunner } from './errorActions';
import { CheckReporter } from './checkReporter';
import type { ActionFor } from './checkReporter';
import { ResultFetcher } from './resultFetcher';
import type { CheckOptions, CheckOutcome, Endpoint } from './checkTypes';

export interface CheckRunnerDeps {
  readonly settings: Settings;
  readonly keys: ApiKeyStore;
  readonly model: ResultsModel;
  readonly quota: QuotaStore;
  readonly engine: EngineHost;
  readonly cacheKey: CacheKey;
  readonly clients: ClientHolder;
  readonly consent: ClearTextConsent;
  readonly notifier: Notifier;
  readonly log: Logger;
}

export class CheckRunner extends Disposable {
  /** The "check when the quota resets" timers still to fire (#action). */
  readonly #timers = new Set<LongTimer>();
  /** Origins whose key changed since their last answer: their next check asks the service (no cached result served). */
  readonly #keyChanged = new Set<string>();
  /** SHA-256 of the key each origin's last check used (never the key): a key changed elsewhere (another window) is noticed. */
  readonly #keyHashes = new Map<string, string>();
  readonly #fetcher: ResultFetcher;
  readonly #reporter: CheckReporter;

  constructor(private readonly deps: CheckRunnerDeps) {
    super();
    this._register({
      dispose: () => {
        for (const t of this.#timers) t.cancel();
        this.#timers.clear();
      },
    });
    this.#fetcher = new ResultFetcher(deps);
    this.#reporter = new CheckReporter(deps);
  }

  /**
   * Forgets every state derived from an origin's previous key: failures ("API key rejected"),
   * the quota it was answered with, and the freshness of cached results (the next check asks).
   */
  async keyChanged(origin: string): Promise<void> {
    this.#keyChanged.add(origin);
    this.deps.model.clearFailures(origin);
    await this.deps.quota.clear(origin);
  }

  /** The endpoint from user settings (never a workspace's), or a typed error. */
  endpoint(): Endpoint {
    const written = this.deps.settings.baseUrl();
    const baseUrl = normalizeBaseUrl(written);
    return { baseUrl, origin: new URL(baseUrl).origin, written };
  }

  /** The endpoint, or undefined after telling the user what is wrong with the setting. */
  endpointOrReport(): Endpoint | undefined {
    try {
      return this.endpoint();
    } catch (e) {
      this.#reporter.error(toLeakSearchError(e), { origin: vscode.l10n.t('the configured service') }, this.#actions([], {}));
      return undefined;
    }
  }

  /** Forgets the quota state of `origin`: the next check asks the service. */
  async resetQuota(origin: string): Promise<void> {
    await this.deps.quota.clear(origin);
    for (const domain of this.deps.model.domains(origin)) {
      for (const type of ['accounts', 'customers'] as const) {
        if (this.deps.model.failure(origin, domain, type)?.kind === 'rate-limited') this.deps.model.clearFailure(origin, domain, type);
      }
    }
  }

  async check(targets: readonly CheckTarget[], options: CheckOptions = {}): Promise<CheckOutcome[]> {
    const { settings, keys, log } = this.deps;
    const endpoint = this.endpointOrReport();
    if (!endpoint) return targets.map((t) => ({ domain: t.domain, status: 'skipped' }));
    const ignored = settings.ignoredWorkspaceBaseUrl();
    if (ignored !== undefined) log.warn('A workspace sets leakSearch.baseUrl; it is ignored (only user settings may choose where the API key is sent).');
    const apiKey = await keys.get(endpoint.origin);
    if (apiKey) {
      const hash = createHash('sha256').update(apiKey).digest('hex');
      const before = this.#keyHashes.get(endpoint.origin);
      this.#keyHashes.set(endpoint.origin, hash);
      if (before !== undefined && before !== hash && !this.#keyChanged.has(endpoint.origin)) await this.keyChanged(endpoint.origin);
    }
    if (!apiKey) {
      this.deps.notifier.show('warning', vscode.l10n.t('Leak Search: no API key is set for {0}. Set one to check domains.', endpoint.origin), [this.#action('setApiKey', targets, options, undefined)]);
      return targets.map((t) => ({ domain: t.domain, status: 'skipped' }));
    }
    if (!(await this.deps.consent.confirm(endpoint.written))) {
      log.warn(`Nothing was sent: sending the API key in clear text to ${endpoint.origin} was declined.`);
      return targets.map((t) => ({ domain: t.domain, status: 'skipped' }));
    }

    // Validate everything before any request: a bad input is reported and nothing is lost.
    const plan = planChecks(targets, { findingsTypes: settings.findingsTypes(), dateRange: settings.dateRange(), now: Date.now() });
    const outcomes: CheckOutcome[] = [];
    for (const { target, error } of plan.invalid) {
      outcomes.push({ domain: target.domain, status: 'failed', error });
      this.#reporter.error(error, { origin: endpoint.origin, domain: target.domain }, this.#actions(targets, options));
    }
    const { queries } = plan;
    if (queries.length === 0) return outcomes;

    const title = queries.length === 1 && queries[0]
      ? vscode.l10n.t('Leak Search: checking {0} ({1})', queries[0].domain, queries[0].type)
      : vscode.l10n.t('Leak Search: checking {0} domain(s)', new Set(queries.map((q) => q.domain)).size);
    const results = await vscode.window.withProgress(
      options.background
        ? { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('{0} (scheduled)', title) }
        : { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (progress, token) => this.#run(endpoint, apiKey, queries, options, progress, token),
    );
    outcomes.push(...results);
    this.#reporter.done(endpoint.origin, results, options, this.#actions(targets, { ...options, force: true }));
    return outcomes;
  }

  async #run(
    endpoint: Endpoint,
    apiKey: string,
    queries: readonly SearchQuery[],
    options: CheckOptions,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    token: vscode.CancellationToken,
  ): Promise<CheckOutcome[]> {
    const abort = new AbortController();
    const onCancel = token.onCancellationRequested(() => abort.abort());
    try {
      return await this.#fetcher.run({
        endpoint,
        apiKey,
        queries,
        options,
        // The key changed since the last answer: a cached result says nothing about the new key.
        mustAsk: this.#keyChanged.has(endpoint.origin),
        onAnswered: () => this.#keyChanged.delete(endpoint.origin),
        progress: (message, increment) => progress.report({ message, increment }),
        signal: abort.signal,
      });
    } finally {
      onCancel.dispose();
    }
  }

  /** The buttons of a message about `targets`: retry them, show the log, check when the quota resets. */
  #actions(targets: readonly CheckTarget[], options: CheckOptions): ActionFor {
    return (action, retryAt, setting) => this.#action(action, targets, options, retryAt, setting);
  }

  #action(action: ErrorAction, targets: readonly CheckTarget[], options: CheckOptions, retryAt: number | undefined, setting?: string): NotifierAction {
    return errorActionRunner(action, {
      retry: () => this.check(targets, { ...options, force: true }),
      showLog: () => this.deps.log.show(),
      checkAt: () => {
        const delay = Math.max(0, (retryAt ?? Date.now()) - Date.now()) + 1000;
        const timer = longTimeout(() => {
          this.#timers.delete(timer);
          void this.check(targets, { ...options, force: true });
        }, delay);
        this.#timers.add(timer);
        this.deps.notifier.show('info', vscode.l10n.t('Leak Search: will check again at {0}.', formatClock(Date.now() + delay, Date.now())));
      },
    }, setting);
  }
}
