// Runs checks: settings → validated queries → cache or client → results model, quota,
// cache on disk; errors → a message a user understands with the next step as a button
// (through the notifier) and a redacted line in the log. Long work shows cancellable
// progress; cancelling aborts the requests in flight.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { isLeakSearchError, LeakSearchError } from '../../core/errors';
import { isExpired } from '../../core/cacheFile';
import { describeError } from '../../core/formatError';
import type { ErrorAction } from '../../core/formatError';
import { formatAge, formatClock, formatCount, formatNewSince, formatRange, quotaResumesAt } from '../../core/format';
import { plural } from '../../core/plural';
import { resolveDateRange } from '../../core/settingsRange';
import { longTimeout } from '../../core/timers';
import type { LongTimer } from '../../core/timers';
import { normalizeBaseUrl, normalizeDateRange, normalizeDomain } from '../../core/validate';
import type { DateRange, FindingsType, ResultsEntry, SearchQuery } from '../../core/types';
import { resultsKey } from '../../core/types';
import type { Settings } from '../config/settings';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { ResultsModel } from '../model/resultsModel';
import type { QuotaStore } from '../model/quotaStore';
import type { CacheKey } from '../cache/cacheKey';
import type { EngineHost } from '../engine/engineHost';
import { engineIngest } from '../engine/engineSink';
import type { ClientHolder } from '../client/clientHolder';
import type { ClearTextConsent } from '../client/clearTextConsent';
import type { Notifier, NotifierAction } from '../notify/notifier';
import type { Logger } from '../log/logger';
import { errorActionRunner } from './errorActions';
import { CommandId } from '../commands/commandIds';

/** What to check. Omitted type/range come from the settings; `range: null` means all dates. */
export interface CheckTarget {
  readonly domain: string;
  readonly type?: FindingsType;
  readonly range?: DateRange | null;
}

export interface CheckOptions {
  /** Ignore a fresh cached result (Refresh, Re-check). */
  readonly force?: boolean;
  /** Say what was found when done, new or not (single interactive checks). */
  readonly announce?: boolean;
  /** A scheduled check: progress in the status bar instead of a notification. */
  readonly background?: boolean;
  /** Say nothing when done but the errors (a key's trial check, which says its own). */
  readonly quiet?: boolean;
}

export type CheckStatus = 'fetched' | 'cached' | 'failed' | 'cancelled' | 'skipped';

export interface CheckOutcome {
  readonly query?: SearchQuery;
  readonly domain: string;
  readonly status: CheckStatus;
  readonly entry?: ResultsEntry;
  readonly error?: LeakSearchError;
}

/** The service endpoint in use: base URL and its origin (the key's storage slot). */
export interface Endpoint {
  readonly baseUrl: string;
  readonly origin: string;
}

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

export class CheckRunner implements vscode.Disposable {
  readonly #timers = new Set<LongTimer>();
  #cacheKeySent: Promise<void> | undefined;
  /** Origins whose key changed since their last answer: their next check asks the service (no cached result served). */
  readonly #keyChanged = new Set<string>();
  /** SHA-256 of the key each origin's last check used (never the key): a key changed elsewhere (another window) is noticed. */
  readonly #keyHashes = new Map<string, string>();

  constructor(private readonly deps: CheckRunnerDeps) {}

  /**
   * Forgets every state derived from an origin's previous key: failures ("API key rejected"),
   * the quota it was answered with, and the freshness of cached results (the next check asks).
   */
  async keyChanged(origin: string): Promise<void> {
    this.#keyChanged.add(origin);
    this.deps.model.clearFailures(origin);
    this.deps.clients.forgetQuota();
    await this.deps.quota.clear(origin);
  }

  /** The endpoint from user settings (never a workspace's), or a typed error. */
  endpoint(): Endpoint {
    const baseUrl = normalizeBaseUrl(this.deps.settings.baseUrl());
    return { baseUrl, origin: new URL(baseUrl).origin };
  }

  /** The endpoint, or undefined after telling the user what is wrong with the setting. */
  endpointOrReport(): Endpoint | undefined {
    try {
      return this.endpoint();
    } catch (e) {
      this.#report(toLeakSearchError(e), { origin: vscode.l10n.t('the configured service') }, []);
      return undefined;
    }
  }

  /** Forgets the stored and in-memory quota state of `origin`: the next check asks the service. */
  async resetQuota(origin: string): Promise<void> {
    this.deps.clients.forgetQuota();
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
      this.deps.notifier.show('warning', vscode.l10n.t('Leak Search: no API key is set for {0}. Set one to check domains.', endpoint.origin), [this.#action('setApiKey', targets, options)]);
      return targets.map((t) => ({ domain: t.domain, status: 'skipped' }));
    }
    if (!(await this.deps.consent.confirm(endpoint.baseUrl))) {
      log.warn(`Nothing was sent: sending the API key in clear text to ${endpoint.origin} was declined.`);
      return targets.map((t) => ({ domain: t.domain, status: 'skipped' }));
    }

    // Validate everything before any request: a bad input is reported and nothing is lost.
    const queries: SearchQuery[] = [];
    const outcomes: CheckOutcome[] = [];
    const now = Date.now();
    for (const t of targets) {
      try {
        const domain = normalizeDomain(t.domain);
        const raw = t.range === null ? undefined : (t.range ?? resolveDateRange(settings.dateRange(), now));
        const range = raw ? normalizeDateRange(raw.start, raw.end) : undefined;
        for (const type of t.type ? [t.type] : settings.findingsTypes()) {
          const q: SearchQuery = { domain, type, ...(range ? { range } : {}) };
          if (!queries.some((x) => resultsKey('', x) === resultsKey('', q))) queries.push(q);
        }
      } catch (e) {
        const error = toLeakSearchError(e);
        outcomes.push({ domain: t.domain, status: 'failed', error });
        this.#report(error, { origin: endpoint.origin, domain: t.domain }, targets, options);
      }
    }
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
    this.#afterRun(endpoint, results, targets, options);
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
    const { model, quota, clients, settings, log } = this.deps;
    const abort = new AbortController();
    const onCancel = token.onCancellationRequested(() => abort.abort());
    const out: CheckOutcome[] = [];
    const ttl = settings.cacheTtlMs();
    // A forced check (Refresh, Check Again) sends one request even when the stored quota says
    // spent: the answer tells the truth, so a wrong stored state can never lock checks out.
    let probe = options.force === true;
    // The key changed since the last answer: a cached result says nothing about the new key.
    const mustAsk = this.#keyChanged.has(endpoint.origin);
    try {
      for (const [i, query] of queries.entries()) {
        if (abort.signal.aborted) {
          out.push({ query, domain: query.domain, status: 'cancelled' });
          continue;
        }
        progress.report({ message: `${query.domain} · ${query.type} (${i + 1}/${queries.length})`, increment: 100 / queries.length });
        const key = resultsKey(endpoint.origin, query);
        const cached = model.get(key);
        if (!options.force && !mustAsk && cached && !isExpired(cached, ttl, Date.now())) {
          log.info(`Served ${query.domain} (${query.type}, ${formatRange(query.range)}) from the cache, ${formatAge(cached.fetchedAt, Date.now())}.`);
          out.push({ query, domain: query.domain, status: 'cached', entry: cached });
          continue;
        }
        // A quota known to be spent (also from before a restart) sends nothing until it resets.
        const resumes = quotaResumesAt(quota.get(endpoint.origin), Date.now());
        const probing = resumes !== undefined && probe;
        if (probing) {
          probe = false;
          log.info(`The stored quota of ${endpoint.origin} says spent; sending one request to ask the service.`);
        } else if (resumes !== undefined) {
          const error = new LeakSearchError('rate-limited', 'The request quota is spent.', { retryAt: resumes });
          this.#fail(endpoint, query, error);
          out.push({ query, domain: query.domain, status: 'failed', error });
          continue;
        }
        try {
          const client = clients.client;
          log.info(`Checking ${query.domain} (${query.type}, ${formatRange(query.range)}) at ${endpoint.origin}, ${client.describeWay(endpoint.baseUrl)}.`);
          // The records go straight into the data engine as they arrive (src/engine/).
          const ingest = engineIngest(this.deps.engine, endpoint.origin);
          const response = await client.search({
            baseUrl: endpoint.baseUrl,
            apiKey,
            domain: query.domain,
            type: query.type,
            ...(query.range ? { range: query.range } : {}),
            signal: abort.signal,
            waitForQuota: false,
            probe: probing,
            sink: ingest.sink,
          });
          for (const note of response.notes ?? []) log.warn(`${endpoint.origin}: ${note}`);
          await this.#cacheReady();
          const id = ingest.ended();
          if (id === undefined) throw new LeakSearchError('internal', 'The answer ended without reaching the data engine.');
          const entry: ResultsEntry = await this.deps.engine.call('ingestCommit', { id, fetchedAt: response.fetchedAt, rateLimit: response.rateLimit });
          await quota.update(endpoint.origin, response.rateLimit);
          model.put(entry);
          this.#keyChanged.delete(endpoint.origin);
          log.info(`${query.domain} (${query.type}): ${formatCount(entry.count)}${entry.records < entry.count ? ` (${formatCount(entry.records)} sent)` : ''}.`);
          out.push({ query, domain: query.domain, status: 'fetched', entry });
        } catch (e) {
          const error = toLeakSearchError(e);
          for (const note of error.details.notes ?? []) log.warn(`${endpoint.origin}: ${note}`);
          if (error.kind === 'internal') log.error(`Check of ${query.domain} (${query.type}) failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          await this.#noteQuota(endpoint, apiKey, error);
          if (error.kind === 'cancelled' || abort.signal.aborted) {
            log.info(`Check of ${query.domain} (${query.type}) cancelled.`);
            out.push({ query, domain: query.domain, status: 'cancelled', error });
            continue;
          }
          // The service answered (a rejected key included): the new key has been asked about.
          if (error.details.status !== undefined) this.#keyChanged.delete(endpoint.origin);
          this.#fail(endpoint, query, error);
          out.push({ query, domain: query.domain, status: 'failed', error });
        }
      }
    } finally {
      onCancel.dispose();
    }
    return out;
  }

  /** The engine saves results only once the cache key exists: made with the first result. */
  async #cacheReady(): Promise<void> {
    this.#cacheKeySent ??= this.deps.cacheKey.ensure().then((key) => this.deps.engine.call('setCacheKey', { key }));
    try {
      await this.#cacheKeySent;
    } catch (e) {
      this.#cacheKeySent = undefined;
      this.deps.log.warn(`Results are not cached on disk: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  #afterRun(endpoint: Endpoint, results: readonly CheckOutcome[], targets: readonly CheckTarget[], options: CheckOptions): void {
    const { notifier } = this.deps;
    // One message per distinct problem, each with its next step.
    const seen = new Set<string>();
    for (const r of results) {
      if (r.status !== 'failed' || !r.error) continue;
      const id = r.error.kind === 'rate-limited' ? 'rate-limited' : `${r.error.kind}|${r.error.details.forbiddenReason ?? ''}|${r.error.details.status ?? ''}`;
      if (seen.has(id)) continue;
      seen.add(id);
      this.#report(r.error, { origin: endpoint.origin, domain: r.domain }, targets, { ...options, force: true });
    }
    if (results.length > 0 && results.every((r) => r.status === 'cancelled')) {
      notifier.show('info', vscode.l10n.t('Leak Search: check cancelled.'));
      return;
    }
    if (options.quiet) return;
    if (!options.announce) {
      this.#announceNew(results);
      return;
    }
    const done = results.filter((r) => r.entry);
    if (done.length === 0) return;
    const parts = done.map((r) => {
      const e = r.entry as ResultsEntry;
      const from = r.status === 'cached' ? ` (${vscode.l10n.t('cached {0}', formatAge(e.fetchedAt, Date.now()))})` : '';
      return `${e.query.domain} ${e.query.type}: ${plural(e.count, vscode.l10n.t('leaked record'), vscode.l10n.t('leaked records'))}${from}`;
    });
    const first = done[0]?.entry;
    const fresh = done.map((r) => (r.status === 'fetched' ? formatNewSince(r.entry as ResultsEntry, Date.now()) : '')).find((t) => t !== '');
    notifier.show('info', vscode.l10n.t('Leak Search: {0} ({1}){2}.', parts.join('; '), formatRange(first?.query.range), fresh ? `, ${fresh}` : ''), first
      ? [{ label: vscode.l10n.t('Open Results'), run: () => vscode.commands.executeCommand(CommandId.openResults, first.key) }]
      : []);
  }

  /**
   * After a check nobody asked to hear from (Check All, Refresh, a re-check): one line when an
   * answer holds records the one before it had not, and silence when nothing changed.
   */
  #announceNew(results: readonly CheckOutcome[]): void {
    const fresh = results.flatMap((r) => (r.status === 'fetched' && r.entry?.newRecords ? [r.entry] : []));
    const first = fresh[0];
    if (!first) return;
    const total = fresh.reduce((sum, e) => sum + (e.newRecords ?? 0), 0);
    const where = fresh.length === 1
      ? vscode.l10n.t('{0} ({1}) since {2}', first.query.domain, first.query.type, formatAge(first.newSince ?? first.fetchedAt, Date.now()))
      : fresh.map((e) => `${e.query.domain} ${e.query.type} ${(e.newRecords ?? 0).toLocaleString('en-US')}`).join(', ');
    this.deps.notifier.show('info', vscode.l10n.t('Leak Search: {0} for {1}.', plural(total, vscode.l10n.t('new leaked record'), vscode.l10n.t('new leaked records')), where), [
      { label: vscode.l10n.t('Open Results'), run: () => vscode.commands.executeCommand(CommandId.openResults, first.key) },
    ]);
  }

  #fail(endpoint: Endpoint, query: SearchQuery, error: LeakSearchError): void {
    const now = Date.now();
    const summary = error.kind === 'rate-limited'
      ? error.details.retryAt !== undefined ? vscode.l10n.t('quota spent, resumes {0}', formatClock(error.details.retryAt, now)) : vscode.l10n.t('quota spent')
      : shortKind(error);
    this.deps.model.setFailure(endpoint.origin, query.domain, query.type, {
      kind: error.kind,
      summary,
      at: now,
      ...(error.details.retryAt !== undefined ? { retryAt: error.details.retryAt } : {}),
    });
  }

  /** Keeps the quota the client learnt from an error response (errors carry the headers too). */
  async #noteQuota(endpoint: Endpoint, apiKey: string, error: LeakSearchError): Promise<void> {
    const { quota, clients } = this.deps;
    // A rejected key's answer says nothing about the account's quota: not shown as if it did.
    if (error.kind === 'unauthorized') return;
    const known = clients.client.rateLimit(endpoint.baseUrl, apiKey);
    if (known) await quota.update(endpoint.origin, known);
    if (error.kind === 'rate-limited' && error.details.retryAt !== undefined) {
      const held = quota.get(endpoint.origin);
      await quota.update(endpoint.origin, {
        ...(held?.limit !== undefined ? { limit: held.limit } : {}),
        remaining: 0,
        resetAt: error.details.retryAt,
        observedAt: Date.now(),
      });
    }
  }

  #report(error: LeakSearchError, where: { origin: string; domain?: string }, targets: readonly CheckTarget[], options: CheckOptions = {}): void {
    const view = describeError(error, {
      origin: where.origin,
      now: Date.now(),
      timeoutSeconds: Math.round(this.deps.settings.requestTimeoutMs() / 1000),
      ...(where.domain ? { domain: where.domain } : {}),
    });
    const log = `${view.message} [${error.kind}${error.details.status ? ` ${error.details.status}` : ''}] ${error.message}`;
    if (view.severity === 'info') this.deps.log.info(log);
    else if (view.severity === 'warning') this.deps.log.warn(log);
    else this.deps.log.error(log);
    if (error.kind === 'cancelled') return;
    this.deps.notifier.show(view.severity, view.message, view.actions.map((a) => this.#action(a, targets, options, error.details.retryAt)));
  }

  #action(action: ErrorAction, targets: readonly CheckTarget[], options: CheckOptions, retryAt?: number): NotifierAction {
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
    });
  }

  dispose(): void {
    for (const t of this.#timers) t.cancel();
    this.#timers.clear();
  }
}

/** A typed error for anything a check throws; what is not typed is a fault of ours, never "the network". */
export function toLeakSearchError(e: unknown): LeakSearchError {
  if (isLeakSearchError(e)) return e;
  return new LeakSearchError('internal', e instanceof Error ? e.message : String(e), {}, { cause: e });
}

function shortKind(error: LeakSearchError): string {
  switch (error.kind) {
    case 'unauthorized': return vscode.l10n.t('API key rejected');
    case 'forbidden': return error.details.forbiddenReason === 'ip' ? vscode.l10n.t('IP address not allowed') : error.details.forbiddenReason === 'subscription' ? vscode.l10n.t('not in your subscription') : vscode.l10n.t('access denied');
    case 'not-found': return vscode.l10n.t('service not found (404)');
    case 'bad-request': return vscode.l10n.t('request refused (400)');
    case 'server': return error.details.status ? vscode.l10n.t('service error ({0})', error.details.status) : vscode.l10n.t('service error');
    case 'timeout': return vscode.l10n.t('timed out');
    case 'network': return vscode.l10n.t('service unreachable');
    case 'bad-response': return vscode.l10n.t('unreadable answer');
    case 'too-large': return vscode.l10n.t('answer too large');
    case 'invalid-input': return vscode.l10n.t('invalid input');
    case 'rate-limited': return vscode.l10n.t('quota spent');
    case 'cancelled': return vscode.l10n.t('cancelled');
    case 'internal': return vscode.l10n.t('failed (see the log)');
  }
}
