// Fetching a check's searches: each query is served from a fresh cached result or sent through
// the client, its records streamed into the data engine, the new result put into the results
// model; a failure is kept per query (the tree shows it) and returned, never thrown. Cancelling
// aborts the request in flight and skips the rest.
import * as vscode from 'vscode';
import { LeakSearchError, toLeakSearchError } from '../../core/service/errors';
import { isExpired } from '../../core/cache/legacy/cacheFile';
import { formatAge, formatClock, formatCount, formatRange, quotaResumesAt } from '../../core/text/format';
import type { ResultsEntry, SearchQuery } from '../../core/service/types';
import { resultsKey } from '../../core/service/types';
import type { Settings } from '../settings';
import type { ResultsModel } from '../model/resultsModel';
import type { QuotaStore } from '../model/quotaStore';
import type { CacheKey } from '../secrets/cacheKey';
import type { EngineHost } from '../engine/engineHost';
import { engineIngest } from '../engine/engineSink';
import type { ClientHolder } from '../client/clientHolder';
import type { Logger } from '../logger';
import type { CheckOptions, CheckOutcome, Endpoint } from './checkTypes';

export interface ResultFetcherDeps {
  readonly settings: Settings;
  readonly model: ResultsModel;
  readonly quota: QuotaStore;
  readonly engine: EngineHost;
  readonly cacheKey: CacheKey;
  readonly clients: ClientHolder;
  readonly log: Logger;
}

/** One run of searches against one endpoint with one key. */
export interface FetchRun {
  readonly endpoint: Endpoint;
  readonly apiKey: string;
  readonly queries: readonly SearchQuery[];
  readonly options: CheckOptions;
  /** The key changed since the endpoint's last answer: no cached result is served. */
  readonly mustAsk: boolean;
  /** The service answered (anything but a network failure): the current key has been asked about. */
  readonly onAnswered: () => void;
  readonly progress: (message: string, increment: number) => void;
  readonly signal: AbortSignal;
}

export class ResultFetcher {
  #cacheKeySent: Promise<void> | undefined;

  constructor(private readonly deps: ResultFetcherDeps) {}

  async run(run: FetchRun): Promise<CheckOutcome[]> {
    const { model, quota, settings, log } = this.deps;
    const { endpoint, queries, options, signal } = run;
    const out: CheckOutcome[] = [];
    const ttl = settings.cacheTtlMs();
    // A forced check (Refresh, Check Again) sends one request even when the stored quota says
    // spent: the answer tells the truth, so a wrong stored state can never lock checks out.
    let probe = options.force === true;
    for (const [i, query] of queries.entries()) {
      if (signal.aborted) {
        out.push({ query, domain: query.domain, status: 'cancelled' });
        continue;
      }
      run.progress(`${query.domain} · ${query.type} (${i + 1}/${queries.length})`, 100 / queries.length);
      const cached = model.get(resultsKey(endpoint.origin, query));
      if (!options.force && !run.mustAsk && cached && !isExpired(cached, ttl, Date.now())) {
        log.info(`Served ${query.domain} (${query.type}, ${formatRange(query.range)}) from the cache, ${formatAge(cached.fetchedAt, Date.now())}.`);
        out.push({ query, domain: query.domain, status: 'cached', entry: cached });
        continue;
      }
      // A quota known to be spent (also from before a restart) sends nothing until it resets:
      // the client refuses (its limiter is the QuotaStore's), unless this request probes.
      const probing = probe && quotaResumesAt(quota.get(endpoint.origin), Date.now()) !== undefined;
      if (probing) {
        probe = false;
        log.info(`The stored quota of ${endpoint.origin} says spent; sending one request to ask the service.`);
      }
      out.push(await this.#fetch(run, query, probing));
    }
    return out;
  }

  async #fetch(run: FetchRun, query: SearchQuery, probing: boolean): Promise<CheckOutcome> {
    const { model, clients, log } = this.deps;
    const { endpoint, signal } = run;
    try {
      const client = clients.client;
      log.info(`Checking ${query.domain} (${query.type}, ${formatRange(query.range)}) at ${endpoint.origin}, ${client.describeWay(endpoint.baseUrl)}.`);
      // The records go straight into the data engine as they arrive (src/engine/).
      const ingest = engineIngest(this.deps.engine, endpoint.origin);
      const response = await client.search({
        // As written, so that the client's own clear-text guard judges it as the user wrote it.
        baseUrl: endpoint.written,
        apiKey: run.apiKey,
        domain: query.domain,
        type: query.type,
        ...(query.range ? { range: query.range } : {}),
        signal,
        waitForQuota: false,
        probe: probing,
        sink: ingest.sink,
      });
      for (const note of response.notes ?? []) log.warn(`${endpoint.origin}: ${note}`);
      await this.#cacheReady();
      const id = ingest.ended();
      if (id === undefined) throw new LeakSearchError('internal', 'The answer ended without reaching the data engine.');
      const entry: ResultsEntry = await this.deps.engine.call('ingestCommit', { id, fetchedAt: response.fetchedAt, rateLimit: response.rateLimit });
      model.put(entry);
      run.onAnswered();
      log.info(`${query.domain} (${query.type}): ${formatCount(entry.count)} counted${entry.records !== entry.count ? `, ${formatCount(entry.records)} sent` : ''}.`);
      return { query, domain: query.domain, status: 'fetched', entry };
    } catch (e) {
      const error = toLeakSearchError(e);
      for (const note of error.details.notes ?? []) log.warn(`${endpoint.origin}: ${note}`);
      if (error.kind === 'internal') log.error(`Check of ${query.domain} (${query.type}) failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (error.kind === 'cancelled' || signal.aborted) {
        log.info(`Check of ${query.domain} (${query.type}) cancelled.`);
        return { query, domain: query.domain, status: 'cancelled', error };
      }
      // The service answered (a rejected key included): the new key has been asked about.
      if (error.details.status !== undefined) run.onAnswered();
      this.#fail(endpoint.origin, query, error);
      return { query, domain: query.domain, status: 'failed', error };
    }
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

  /** Keeps a query's failure in the results model (the tree shows it under its domain). */
  #fail(origin: string, query: SearchQuery, error: LeakSearchError): void {
    const now = Date.now();
    const summary = error.kind === 'rate-limited'
      ? error.details.retryAt !== undefined ? vscode.l10n.t('quota spent, resumes {0}', formatClock(error.details.retryAt, now)) : vscode.l10n.t('quota spent')
      : shortKind(error);
    this.deps.model.setFailure(origin, query.domain, query.type, {
      kind: error.kind,
      summary,
      at: now,
      ...(error.details.retryAt !== undefined ? { retryAt: error.details.retryAt } : {}),
    });
  }
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
