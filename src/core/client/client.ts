// The service client: validates a search, sends it through its own undici dispatcher, honours
// the shared rate limiter, retries what is worth retrying, and returns a typed, validated
// result or a typed, redacted error. No `vscode` import.
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay, cancelledError, sleep } from './backoff';
import { LeakSearchError } from '../service/errors';
import { errorForStatus, rateLimitedError } from '../service/httpStatus';
import { HttpTransport, TransportError } from './httpTransport';
import { sharedRateLimiter } from './rateLimit/limiter';
import type { RateLimiter } from './rateLimit/limiter';
import { headerValue, parseRateLimit, parseRetryAfter } from './rateLimit/rateLimitHeaders';
import { plainText } from '../text/plainText';
import { proxyCredentials, redact } from '../text/redact';
import { parseErrorBody } from './response';
import { SearchBodyParser } from '../results/searchBodyParser';
import { Utf8Stream, withoutControls } from '../results/utf8Stream';
import type { AccountRecord, FindingsTypeInput, OpenRecord, RateLimitState, SearchQuery, SearchResponse, SearchResult } from '../service/types';
import { clearTextOrigin, clearTextRefused } from './net/clearText';
import { normalizeProxyUrl, PROXY_VARIABLES } from './net/proxyFor';
import type { NetworkOptions, RouteChoice } from './net/route';
import { normalizeApiKey, normalizeBaseUrl, normalizeDateRange, normalizeDomain, normalizeFindingsType } from '../service/validate';

export interface ClientOptions {
  /** Longest wait for an answer to start, and longest pause inside a body (default 30000). */
  timeoutMs?: number;
  /** Largest accepted body of a successful answer (default 2 GiB); more is `too-large`. */
  maxBodyBytes?: number;
  /** Most records accepted in one answer (default DEFAULT_MAX_RECORDS); more is `too-large`, naming the limit. */
  maxRecords?: number;
  /**
   * One proxy for every request, loopback included (`http://[user:pass@]host:port`); without
   * it, `network` decides per request.
   */
  proxyUrl?: string;
  /** Verify TLS certificates when going through `proxyUrl` (default true). */
  proxyStrictSSL?: boolean;
  /** VS Code's network settings and fetch (see net/route.ts); the editor always gives them. */
  network?: NetworkOptions;
  /**
   * Whether the user agreed to send the key to this plain http:// origin (see
   * net/clearText.ts). Without it every non-loopback http:// origin is refused, nothing sent.
   */
  clearTextAllowed?: (origin: string) => boolean;
  /** Retries for 429 with a short Retry-After, 502/503/504 and connection resets (default 2). */
  maxRetries?: number;
  now?: () => number;
  /** Longest time one attempt may take in all (default 5 minutes). */
  totalTimeoutMs?: number;
  /** The rate limiter; by default the one shared by every client in the process. */
  limiter?: RateLimiter;
  /** First backoff step before a retry (default 250 ms; doubles each retry, capped at 8 s). */
  backoffBaseMs?: number;
}

export interface SearchParams {
  baseUrl: string;
  apiKey: string;
  domain: string;
  type: FindingsTypeInput;
  range?: { start: string; end: string };
  signal?: AbortSignal;
  /**
   * When the quota is known to be spent: false (default) throws `rate-limited` with `retryAt`
   * at once, without sending; true waits until the reset (cancellable) and then sends.
   */
  waitForQuota?: boolean;
  /**
   * Send this one request even when the quota is known to be spent (the user asked for it:
   * Refresh). Its answer tells the real state; a wrong stored state can never lock checks out.
   */
  probe?: boolean;
  /**
   * Where the records go as the body arrives (a new sink per attempt); by default they are
   * parsed here and returned in `result.records`. With a sink, `result.records` is empty.
   */
  sink?: (query: SearchQuery, maxRecords: number) => BodySink;
}

/**
 * Takes a 2xx body as it arrives (e.g. the data engine in its worker). `write` may return a
 * promise: the next bytes are read once it settles. A typed error it throws ends the check.
 */
export interface BodySink {
  write(chunk: Uint8Array): void | Promise<void>;
  /** The body is complete: what it held. */
  end(): Promise<{ readonly count: number; readonly records: number }>;
  /** The attempt failed or was cancelled: forget what arrived. */
  abort(): void;
}

/** The sink used when none is given: parses here and keeps the records. */
function memorySink(query: SearchQuery, maxRecords: number, keep: (AccountRecord | OpenRecord)[]): BodySink {
  const decoder = new Utf8Stream();
  const parser = new SearchBodyParser(query.type, { maxRecords }, (record) => keep.push(record));
  return {
    write: (chunk) => parser.write(decoder.write(chunk), withoutControls(chunk)),
    end: async () => {
      parser.write(decoder.end());
      const { count } = parser.end();
      return { count, records: keep.length };
    },
    abort: () => undefined,
  };
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * A safety net only: answers are parsed as they arrive and limited in records
 * (`maxRecords`), so memory follows the records kept, not the bytes.
 */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024 * 1024;
/** Records accepted in one answer unless the user raises `leakSearch.maxRecords`. */
export const DEFAULT_MAX_RECORDS = 5_000_000;
export const DEFAULT_MAX_RETRIES = 2;
/** A 429 is retried automatically only when it asks to wait at most this long. */
export const MAX_AUTO_RETRY_WAIT_MS = 5_000;
const MAX_ERROR_BODY_BYTES = 64 * 1024;
const RETRY_STATUSES = new Set([502, 503, 504]);

function segment(value: string): string {
  // encodeURIComponent leaves "." alone, and URL parsers (undici's too) treat "..", ".%2E" and
  // "%2E%2E" alike as "go up": such a segment cannot be encoded safely, so it is refused.
  if (value === '' || value === '.' || value === '..') {
    throw new LeakSearchError('invalid-input', 'A search input is empty or a dot path segment ("." or "..").');
  }
  return encodeURIComponent(value);
}

/**
 * The search URL: `{base}/search/{key}/{domain}/{type}[/{start}/{end}]`, every segment
 * encoded so that no input can add a segment, a query or `..` (decision 10). Secret: it holds
 * the key; print only `redactUrl(url)`.
 */
export function buildSearchUrl(baseUrl: string, apiKey: string, query: SearchQuery): string {
  const parts = [normalizeApiKey(apiKey), query.domain, query.type];
  if (query.range) parts.push(query.range.start, query.range.end);
  return `${normalizeBaseUrl(baseUrl)}/search/${parts.map(segment).join('/')}`;
}

export class LeakSearchClient {
  private readonly transport: HttpTransport;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;
  private readonly maxBodyBytes: number;
  private readonly maxRecords: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly clearTextAllowed: (origin: string) => boolean;
  /** User names and passwords of the proxies in use: masked like the key in every message. */
  private readonly proxySecrets: readonly string[];

  constructor(options: ClientOptions = {}) {
    const timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS);
    const proxyUrl = options.proxyUrl !== undefined && options.proxyUrl.trim() !== '' ? normalizeProxyUrl(options.proxyUrl, 'http.proxy') : undefined;
    this.transport = new HttpTransport({
      timeoutMs,
      totalTimeoutMs: Math.max(timeoutMs, positive(options.totalTimeoutMs, 300_000)),
      ...(proxyUrl !== undefined ? { proxyUrl } : {}),
      ...(options.proxyStrictSSL !== undefined ? { proxyStrictSSL: options.proxyStrictSSL } : {}),
      ...(options.network ? { network: options.network } : {}),
    });
    this.clearTextAllowed = options.clearTextAllowed ?? (() => false);
    const proxy = options.network?.proxy;
    this.proxySecrets = proxyCredentials([options.proxyUrl, proxy?.setting, ...PROXY_VARIABLES.map((name) => proxy?.env[name])]);
    this.limiter = options.limiter ?? sharedRateLimiter;
    this.now = options.now ?? Date.now;
    this.maxBodyBytes = positive(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
    this.maxRecords = Math.floor(positive(options.maxRecords, DEFAULT_MAX_RECORDS));
    this.maxRetries = Math.max(0, Math.floor(options.maxRetries ?? DEFAULT_MAX_RETRIES));
    this.backoffBaseMs = positive(options.backoffBaseMs, BACKOFF_BASE_MS);
  }

  /** The route requests take and why (net/route.ts), for the Output channel. */
  get route(): RouteChoice {
    return this.transport.route;
  }

  /**
   * How a request to `baseUrl` would leave, for the log: the proxy (origin only, never its
   * credentials) and which rule chose it. With VS Code's fetch, VS Code may also apply the
   * operating system's proxy settings, which only it can see.
   */
  describeWay(baseUrl: string): string {
    let decision;
    try {
      decision = this.transport.proxyFor(baseUrl);
    } catch (e) {
      return e instanceof LeakSearchError ? e.message : 'the proxy setting is not valid';
    }
    const way = decision.kind === 'proxy' ? `through the proxy ${new URL(decision.url).origin} (${decision.source})` : `directly (${decision.reason})`;
    return this.transport.route.route === 'vscode-fetch' ? `${way}, unless VS Code's system proxy settings say otherwise` : way;
  }

  /** Last known rate-limit state for this base URL + key (undefined before any answer). */
  rateLimit(baseUrl: string, apiKey: string): RateLimitState | undefined {
    let base: string;
    try {
      base = normalizeBaseUrl(baseUrl);
    } catch {
      return undefined;
    }
    return this.limiter.state(this.limiter.id(base, apiKey));
  }

  async search(params: SearchParams): Promise<SearchResponse> {
    const { signal } = params;
    if (signal?.aborted) throw cancelledError();
    const secrets = [params.apiKey, ...this.proxySecrets];
    const { baseUrl, apiKey, query, url } = withoutSecrets(secrets, () => {
      const baseUrl = normalizeBaseUrl(params.baseUrl);
      const apiKey = normalizeApiKey(params.apiKey);
      const domain = normalizeDomain(params.domain);
      const type = normalizeFindingsType(params.type);
      const range = params.range ? normalizeDateRange(params.range.start, params.range.end) : undefined;
      const query: SearchQuery = { domain, type, ...(range ? { range } : {}) };
      return { baseUrl, apiKey, query, url: buildSearchUrl(baseUrl, apiKey, query) };
    });
    const { domain, type } = query;
    // Second guard (the editor asks first): the key never goes to a plain http:// origin elsewhere
    // without consent. Judged on the URL as given: only a plainly written loopback host is exempt.
    const clearText = clearTextOrigin(params.baseUrl);
    if (clearText !== undefined && !this.clearTextAllowed(clearText)) throw clearTextRefused(clearText);
    const id = this.limiter.id(baseUrl, apiKey);
    const notes: string[] = [];
    const withNotes = (e: LeakSearchError): LeakSearchError =>
      notes.length === 0 ? e : new LeakSearchError(e.kind, e.message, { ...e.details, notes: [...notes] }, { cause: e.cause });

    // A probe asks the service itself although the quota is known to be spent: it is sent
    // without asking the limiter, and what was known is forgotten only once an answer came
    // (a probe that times out or is cancelled leaves the spent quota as it was).
    let probing = params.probe === true;
    for (let retry = 0; ; retry++) {
      if (!probing) await this.acquire(id, params.waitForQuota === true, signal);
      // A 2xx body is parsed as it arrives: records are validated one by one and the record
      // limit stops an oversized answer early (see searchBodyParser.ts).
      const records: (AccountRecord | OpenRecord)[] = [];
      const sink = params.sink ? params.sink(query, this.maxRecords) : memorySink(query, this.maxRecords, records);
      let answer;
      try {
        answer = await this.transport.get({
          url,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          ...(signal ? { signal } : {}),
          maxBodyBytes: this.maxBodyBytes,
          maxErrorBodyBytes: MAX_ERROR_BODY_BYTES,
          secrets,
          consume: (chunk) => readAnswer(() => sink.write(chunk), secrets),
        });
      } catch (e) {
        sink.abort();
        if (!(e instanceof TransportError)) throw e;
        if (e.retryable && retry < this.maxRetries) {
          await sleep(this.backoff(retry), signal);
          continue;
        }
        throw e.error;
      }
      if (probing) {
        probing = false;
        this.limiter.forget(id);
      }
      const receivedAt = this.now();
      const rateLimit = parseRateLimit(answer.headers, receivedAt, notes);
      const { status } = answer;

      if (status >= 200 && status < 300) {
        this.limiter.record(id, rateLimit);
        const { count, records: kept } = await readAnswer(() => sink.end(), secrets);
        const result: SearchResult = type === 'accounts' ? { type, count, records: records as AccountRecord[] } : { type, count, records: records as OpenRecord[] };
        return { query, result, kept, rateLimit, fetchedAt: receivedAt, ...(notes.length > 0 ? { notes } : {}) };
      }
      sink.abort();

      const serverText = parseErrorBody(answer.body);
      // Masked first, then made one short line: a cut before the mask could leave part of the key.
      const said = serverText !== undefined ? plainText(redact(serverText, secrets), 300) : '';
      const serverMessage = said !== '' ? said : undefined;
      const retryAfter = parseRetryAfter(headerValue(answer.headers, 'retry-after'), receivedAt, notes);

      if (status === 429) {
        // Resume when both the Retry-After and a spent window say so.
        const windowEnd = rateLimit.remaining === 0 ? rateLimit.resetAt : undefined;
        const candidates = [retryAfter, windowEnd].filter((t): t is number => t !== undefined && t > receivedAt);
        const resumeAt = candidates.length > 0 ? Math.max(...candidates) : retryAfter;
        this.limiter.record(id, rateLimit, resumeAt);
        const wait = resumeAt === undefined ? this.backoff(retry) : resumeAt - receivedAt;
        if (retry < this.maxRetries && wait <= MAX_AUTO_RETRY_WAIT_MS) {
          await sleep(wait, signal);
          continue;
        }
        throw withNotes(rateLimitedError(resumeAt, { status, ...(serverMessage !== undefined ? { serverMessage } : {}) }));
      }

      // A rejected key's answer says nothing about the quota of the key in use: not recorded.
      if (status !== 401) this.limiter.record(id, rateLimit);
      if (RETRY_STATUSES.has(status) && retry < this.maxRetries) {
        const asked = retryAfter !== undefined ? retryAfter - receivedAt : 0;
        if (asked <= MAX_AUTO_RETRY_WAIT_MS) {
          await sleep(Math.max(asked, this.backoff(retry)), signal);
          continue;
        }
      }
      throw withNotes(errorForStatus(status, { domain, ...(serverMessage !== undefined ? { serverMessage } : {}) }));
    }
  }

  private backoff(retry: number): number {
    return backoffDelay(retry, this.backoffBaseMs, Math.max(BACKOFF_CAP_MS, this.backoffBaseMs));
  }

  /** Waits (when asked) or throws while the limiter knows the quota is spent. */
  private async acquire(id: string, waitForQuota: boolean, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw cancelledError();
      const now = this.now();
      const until = this.limiter.acquire(id, now);
      if (until === undefined) return;
      if (!waitForQuota) throw rateLimitedError(until, {});
      await sleep(until - now, signal);
    }
  }

  /** Closes the connections; searches still running end as `cancelled`. */
  async close(): Promise<void> {
    await this.transport.close();
  }
}

/**
 * Reads an answer with `f`. Whatever goes wrong there is the answer's fault or ours, never the
 * network's: anything that is not already a typed error becomes `bad-response`, with what
 * happened (redacted) in its message.
 */
function readAnswer<T>(f: () => T, secrets: readonly string[]): T {
  const typed = (e: unknown): LeakSearchError => {
    if (e instanceof LeakSearchError) return e;
    const what = e instanceof RangeError && /call stack/i.test(e.message) ? 'it is nested too deeply' : e instanceof Error ? e.message : String(e);
    return new LeakSearchError('bad-response', `The service's answer could not be read: ${redact(what, secrets)}.`, { status: 200 });
  };
  try {
    const out = f();
    return (out instanceof Promise ? out.catch((e: unknown) => Promise.reject(typed(e))) : out) as T;
  } catch (e) {
    throw typed(e);
  }
}

/** Runs `f`; an input error it throws is rethrown with the secrets removed (a domain field may hold a pasted URL with the key). */
function withoutSecrets<T>(secrets: readonly string[], f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof LeakSearchError) throw new LeakSearchError(e.kind, redact(e.message, secrets), e.details);
    throw e;
  }
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
