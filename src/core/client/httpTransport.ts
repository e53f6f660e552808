// One HTTP GET, by one of two routes (see net/route.ts): VS Code's own fetch in the extension
// host (its proxy resolution, proxy login and system certificates), or the client's own undici
// dispatchers — an `Agent`, or a `ProxyAgent` per proxy, chosen per request by net/proxyFor.ts
// and trusting net/trustedCertificates.ts. Never undici's global dispatcher: setting it would
// take over VS Code's own fetch and proxy handling too. Reads the body with a size cap and
// turns every transport failure into a typed, redacted error; a TLS failure names the
// certificate presented (net/peerCertificate.ts). Only this file, net/peerCertificate.ts and
// net/proxyTunnel.ts touch the network.
import type { Dispatcher } from 'undici';
import { LeakSearchError } from '../service/errors';
import type { SettingRef } from '../service/errors';
import { redact } from '../text/redact';
import type { HeaderBag } from './rateLimit/rateLimitHeaders';
import { chunksOf } from './bodyChunks';
import { certificateFacts } from './net/certificate';
import { localhostLookup } from './net/localhostLookup';
import { readPeerCertificate } from './net/peerCertificate';
import { normalizeProxyUrl, proxyFor } from './net/proxyFor';
import type { ProxyDecision } from './net/proxyFor';
import { TunnelFailure, tunnelClientFactory } from './net/proxyTunnel';
import { undici } from './net/undici';
import { routeOf, takesOwnConnection } from './net/route';
import type { NetworkOptions, RouteChoice } from './net/route';
import { tlsFailureMessage } from './net/tlsMessage';
import { loadTrustedCertificates } from './net/trustedCertificates';

export interface TransportOptions {
  /** Longest wait for the answer to start, and longest pause between body chunks. */
  readonly timeoutMs: number;
  /** Longest time one attempt may take in all. */
  readonly totalTimeoutMs: number;
  /** One proxy for every request, loopback included (no rules applied); else see `network`. */
  readonly proxyUrl?: string;
  readonly proxyStrictSSL?: boolean;
  /** VS Code's network settings: the route, the proxy per request, the trusted certificates. */
  readonly network?: NetworkOptions;
}

export interface GetOptions {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The caller's cancellation. */
  readonly signal?: AbortSignal;
  /** Over this many body bytes a 2xx answer is `too-large`; other answers are cut there. */
  readonly maxBodyBytes: number;
  /** Error bodies are read up to this many bytes. */
  readonly maxErrorBodyBytes: number;
  /** Strings to remove from every message (the API key). */
  readonly secrets: readonly string[];
  /**
   * Takes the body of a 2xx answer as it arrives (its bytes, any split); the answer's `body`
   * is then ''. The next chunk is read once a returned promise settles (backpressure). What
   * it throws ends the request and is thrown as it is.
   */
  readonly consume?: (chunk: Uint8Array) => void | Promise<void>;
}

/** An error thrown by `GetOptions.consume`: passed through, never taken for a transport failure. */
class ConsumerFailure {
  constructor(readonly error: unknown) {}
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: HeaderBag;
  readonly body: string;
}

/** A transport failure; `retryable` when the connection was reset before any answer. */
export class TransportError extends Error {
  constructor(readonly error: LeakSearchError, readonly retryable: boolean) {
    super(error.message);
  }
}

const KEEP_ALIVE_MS = 10_000;

const TLS_REASONS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  CERT_NOT_YET_VALID: 'its TLS certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain has a self-signed certificate (a TLS-inspecting proxy?)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer of its TLS certificate is not trusted here (a TLS-inspecting proxy?)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for a different host name',
  UND_ERR_PRX_TLS: 'the TLS certificate of the proxy is for a different host name',
  CERT_REVOKED: 'its TLS certificate is revoked',
};

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

function errorCode(e: unknown): string | undefined {
  const seen = new Set<unknown>();
  let cur: unknown = e;
  while (typeof cur === 'object' && cur !== null && !seen.has(cur)) {
    seen.add(cur);
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const errors = (cur as { errors?: unknown }).errors;
    cur = Array.isArray(errors) && errors.length > 0 ? errors[0] : (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The messages of an error and its causes (fetch wraps undici's error in "fetch failed"). */
function allMessages(e: unknown): string {
  const out: string[] = [];
  const seen = new Set<unknown>();
  let cur: unknown = e;
  while (cur !== undefined && cur !== null && !seen.has(cur) && out.length < 5) {
    seen.add(cur);
    out.push(errorMessage(cur));
    cur = typeof cur === 'object' ? (cur as { cause?: unknown }).cause : undefined;
  }
  return out.join(' | ');
}

/** One answer, whichever route brought it. */
interface RawAnswer {
  readonly status: number;
  readonly headers: HeaderBag;
  readonly body: AsyncIterable<Uint8Array>;
  destroy(): void;
}

/**
 * Undici keeps a request that still waits for its connection until that connection is made
 * (its abort only takes effect then): a stalled proxy or handshake would hold the caller past
 * its timeout or cancel. The caller stops waiting the moment `signal` aborts; an answer that
 * comes later is thrown away.
 */
function unlessGivenUp(answer: Promise<RawAnswer>, signal: AbortSignal): Promise<RawAnswer> {
  const late = (): void => void answer.then((res) => res.destroy(), () => undefined);
  if (signal.aborted) {
    late();
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      late();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function dispatcherKey(decision: ProxyDecision): string {
  return decision.kind === 'proxy' ? decision.url : 'direct';
}

/** A cause fit to keep: name, code and redacted message only; no URL, no original stack. */
function safeCause(e: unknown, secrets: readonly string[]): Error {
  const code = errorCode(e);
  const cause = new Error(redact(`${code !== undefined ? `${code}: ` : ''}${errorMessage(e)}`, secrets));
  cause.stack = `${cause.name}: ${cause.message}`;
  if (code !== undefined) (cause as Error & { code?: string }).code = code;
  return cause;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the service';
  }
}

export class HttpTransport {
  /** The route requests take, and why (for the Output channel). */
  readonly route: RouteChoice;
  private readonly dispatchers = new Map<string, Dispatcher>();
  /** Requests under way per dispatcher, and whether one was given up (see `finish`). */
  private readonly inUse = new Map<string, { requests: number; gaveUp: boolean }>();
  private readonly tls: { readonly ca?: Promise<readonly string[]>; readonly rejectUnauthorized: boolean };
  /** The certificates, once `tls.ca` has settled (the dispatchers are made after that). */
  private ca: readonly string[] | undefined;
  private closed = false;

  constructor(private readonly options: TransportOptions) {
    const network = options.network;
    this.route = network
      ? routeOf(network)
      : { route: 'own', reason: 'no VS Code settings given' };
    this.tls = network
      ? { ca: loadTrustedCertificates(network.systemCertificates).then((t) => t.certificates), rejectUnauthorized: network.strictSSL }
      : { rejectUnauthorized: options.proxyStrictSSL ?? true };
  }

  /** Which proxy a request to `url` goes through (our reading of VS Code's rules). */
  proxyFor(url: string): ProxyDecision {
    if (this.options.proxyUrl !== undefined) return { kind: 'proxy', url: normalizeProxyUrl(this.options.proxyUrl, 'http.proxy'), source: 'http.proxy' };
    if (!this.options.network) return { kind: 'direct', reason: 'no proxy is configured' };
    const decision = proxyFor(new URL(url), this.options.network.proxy);
    return decision.kind === 'proxy' ? { ...decision, url: normalizeProxyUrl(decision.url, decision.source) } : decision;
  }

  private dispatcher(decision: ProxyDecision): Dispatcher {
    const key = dispatcherKey(decision);
    const known = this.dispatchers.get(key);
    if (known) return known;
    const timeouts = {
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: 60_000,
      // Backstops: the precise timeouts are the attempt's own timers below.
      headersTimeout: this.options.timeoutMs + 1_000,
      bodyTimeout: this.options.timeoutMs + 1_000,
    };
    // `localhost` is connected to on the loopback addresses, never looked up in DNS (loopback.ts).
    const tls = { rejectUnauthorized: this.tls.rejectUnauthorized, ...(this.ca ? { ca: [...this.ca] } : {}), timeout: this.options.timeoutMs, lookup: localhostLookup };
    const made = decision.kind === 'proxy'
      ? new (undici().ProxyAgent)({ uri: decision.url, requestTls: tls, proxyTls: tls, clientFactory: tunnelClientFactory(this.options.timeoutMs), ...timeouts })
      : new (undici().Agent)({ ...timeouts, connect: tls });
    this.dispatchers.set(key, made);
    return made;
  }

  /**
   * VS Code's fetch for this request, when that is the route; else our own dispatchers. This
   * machine (`localhost`, a 127.x.y.z or ::1 address) always takes our own: it is never
   * proxied, so VS Code's fetch would add nothing but its first-use load of the system's
   * certificates on the extension host's thread, and only our connections are sure to reach
   * `localhost` without asking DNS (net/localhostLookup.ts).
   */
  private hostFetch(url: string): typeof fetch | undefined {
    return takesOwnConnection(this.route.route, url) ? undefined : this.options.network?.fetch;
  }

  private start(key: string): void {
    const use = this.inUse.get(key) ?? { requests: 0, gaveUp: false };
    use.requests++;
    this.inUse.set(key, use);
  }

  /**
   * A request through this dispatcher ended. Once none is left and one of them was given up
   * before its answer, the dispatcher is thrown away: a connection or tunnel still being made
   * for it (a stalled proxy holds one open) would otherwise live on until its own timeout.
   */
  private finish(key: string, gaveUp: boolean): void {
    const use = this.inUse.get(key);
    if (!use) return;
    use.requests--;
    use.gaveUp ||= gaveUp;
    if (use.requests > 0) return;
    this.inUse.delete(key);
    if (!use.gaveUp) return;
    const d = this.dispatchers.get(key);
    this.dispatchers.delete(key);
    void d?.destroy().catch(() => undefined);
  }

  private async send(url: string, decision: ProxyDecision, headers: Readonly<Record<string, string>>, signal: AbortSignal): Promise<RawAnswer> {
    const hostFetch = this.hostFetch(url);
    if (hostFetch) {
      // No dispatcher: VS Code's fetch then resolves the proxy and adds the system certificates.
      // `redirect: 'manual'` never follows a redirect with the key in the path, and keeps the
      // request in the extension host even when http.electronFetch is on (VS Code sends manual
      // redirects through its Node fetch).
      const res = await hostFetch(url, { method: 'GET', headers, signal, redirect: 'manual' });
      const bag: Record<string, string> = {};
      res.headers.forEach((value, name) => (bag[name.toLowerCase()] = value));
      const body = res.body;
      return {
        status: res.status,
        headers: bag,
        body: body ? (body as unknown as AsyncIterable<Uint8Array>) : (async function* () {})(),
        destroy: () => void body?.cancel().catch(() => undefined),
      };
    }
    if (this.tls.ca !== undefined && this.ca === undefined) this.ca = await this.tls.ca;
    const res = await undici().request(url, { dispatcher: this.dispatcher(decision), method: 'GET', headers, signal });
    return { status: res.statusCode, headers: res.headers, body: chunksOf(res.body), destroy: () => res.body.destroy() };
  }

  async get(opts: GetOptions): Promise<HttpAnswer> {
    if (this.closed) throw new TransportError(new LeakSearchError('cancelled', 'The search was cancelled: the client was closed.'), false);
    let decision: ProxyDecision;
    try {
      decision = this.proxyFor(opts.url);
    } catch (e) {
      throw new TransportError(e instanceof LeakSearchError ? e : new LeakSearchError('invalid-input', 'The proxy setting is not valid.', { field: 'proxy' }), false);
    }
    const proxyOrigin = decision.kind === 'proxy' ? originOf(decision.url) : undefined;
    const controller = new AbortController();
    let timedOut = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const expire = (): void => {
      timedOut = true;
      controller.abort();
    };
    const arm = (): void => {
      clearTimeout(idle);
      idle = setTimeout(expire, this.options.timeoutMs);
    };
    const total = setTimeout(expire, this.options.totalTimeoutMs);
    const onCancel = (): void => controller.abort();
    opts.signal?.addEventListener('abort', onCancel, { once: true });
    let answered = false;
    // Counted until it ends, so that giving up can end what it left behind (see `finish`).
    const key = this.hostFetch(opts.url) ? undefined : dispatcherKey(decision);
    if (key !== undefined) this.start(key);
    try {
      if (opts.signal?.aborted) controller.abort();
      arm();
      const res = await unlessGivenUp(this.send(opts.url, decision, opts.headers, controller.signal), controller.signal);
      answered = true;
      arm();
      const ok = res.status >= 200 && res.status < 300;
      const cap = ok ? opts.maxBodyBytes : opts.maxErrorBodyBytes;
      const declared = Number(res.headers['content-length']);
      if (ok && Number.isFinite(declared) && declared > cap) {
        res.destroy();
        throw new TransportError(tooLarge(cap), false);
      }
      const chunks: Uint8Array[] = [];
      const consume = ok ? opts.consume : undefined;
      const feed = async (chunk: Uint8Array): Promise<void> => {
        try {
          await consume?.(chunk);
        } catch (error) {
          res.destroy();
          throw new ConsumerFailure(error);
        }
      };
      let size = 0;
      for await (const chunk of res.body) {
        arm();
        size += chunk.length;
        if (size > cap) {
          if (ok) {
            res.destroy();
            throw new TransportError(tooLarge(cap), false);
          }
          chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
          res.destroy();
          break;
        }
        if (consume) await feed(chunk);
        else chunks.push(chunk);
      }
      return { status: res.status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
    } catch (e) {
      if (e instanceof ConsumerFailure) throw e.error;
      if (e instanceof TransportError) throw e;
      const failure = this.classify(e, { url: opts.url, proxyOrigin, secrets: opts.secrets, cancelled: opts.signal?.aborted === true, timedOut, answered });
      throw await this.withCertificate(failure, e, opts, decision, proxyOrigin);
    } finally {
      if (key !== undefined) this.finish(key, !answered && controller.signal.aborted);
      clearTimeout(idle);
      clearTimeout(total);
      opts.signal?.removeEventListener('abort', onCancel);
    }
  }

  /** A TLS failure names the certificate presented and the next step (net/tlsMessage.ts). */
  private async withCertificate(failure: TransportError, e: unknown, opts: GetOptions, decision: ProxyDecision, proxyOrigin: string | undefined): Promise<TransportError> {
    const code = errorCode(e);
    if (code === undefined || failure.error.kind !== 'network' || failure.retryable) return failure;
    let target: URL;
    try {
      target = new URL(opts.url);
    } catch {
      return failure;
    }
    const systemCertificates = this.options.network?.systemCertificates ?? true;
    if (target.protocol !== 'https:' || tlsFailureMessage({ via: '', code, systemCertificates }) === undefined) return failure;
    const raw = await readPeerCertificate({
      host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(target.port || 443),
      ...(decision.kind === 'proxy' ? { proxyUrl: decision.url } : {}),
      timeoutMs: Math.min(this.options.timeoutMs, 10_000),
    });
    const described = tlsFailureMessage({
      via: proxyOrigin !== undefined && code === 'UND_ERR_PRX_TLS' ? `the proxy ${proxyOrigin}` : target.origin,
      code,
      ...(raw ? { certificate: certificateFacts(raw, Date.now()) } : {}),
      systemCertificates,
    });
    if (described === undefined) return failure;
    const details = described.setting ? { setting: described.setting } : {};
    return new TransportError(new LeakSearchError('network', redact(described.message, opts.secrets), details, { cause: failure.error.cause }), false);
  }

  private classify(failure: unknown, ctx: { url: string; proxyOrigin: string | undefined; secrets: readonly string[]; cancelled: boolean; timedOut: boolean; answered: boolean }): TransportError {
    // A failed CONNECT is judged by undici's own error (net/proxyTunnel.ts).
    const tunnel = failure instanceof TunnelFailure;
    const e = tunnel ? failure.cause : failure;
    const cause = safeCause(e, ctx.secrets);
    const origin = originOf(ctx.url);
    const code = errorCode(e);
    // Undici's parser error may come without a code.
    const notHttp = code?.startsWith('HPE_') === true || (e instanceof Error && e.name === 'HTTPParserError');
    const make = (kind: LeakSearchError['kind'], message: string, retryable = false, setting?: SettingRef): TransportError =>
      new TransportError(new LeakSearchError(kind, redact(message, ctx.secrets), setting ? { setting } : {}, { cause }), retryable);

    if (ctx.cancelled) return make('cancelled', 'The search was cancelled.');
    if (this.closed || code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') return make('cancelled', 'The search was cancelled: the client was closed.');
    const seconds = `${Math.round(this.options.timeoutMs / 100) / 10} s`;
    if (ctx.timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      const through = ctx.proxyOrigin !== undefined ? ` through the proxy ${ctx.proxyOrigin}` : '';
      return make('timeout', ctx.answered
        ? `${origin} stopped sending its answer (no data for ${seconds}, or the answer took too long).`
        : `${origin} did not answer${through} within ${seconds}.${through !== '' ? ' Check the proxy settings and your network, then try again.' : ''}`, false, through !== '' ? 'proxy' : undefined);
    }
    if (ctx.answered) {
      // The status line came, the body did not arrive whole.
      return make('bad-response', `The answer from ${origin} was cut off before its end${code !== undefined ? ` (${code})` : ''}.`);
    }
    const proxy = ctx.proxyOrigin !== undefined ? `The proxy ${ctx.proxyOrigin}` : 'The proxy';
    const proxyStatus = /Proxy response \((\d{3})\)/.exec(allMessages(e))?.[1];
    if (proxyStatus !== undefined) {
      const auth = proxyStatus === '407'
        ? ': it asks for credentials. Put them in the proxy’s address (user:password@ before its host name).'
        : '. Check the proxy settings.';
      return make('network', `${proxy} refused to connect to ${origin} (HTTP ${proxyStatus})${auth}`, false, 'proxy');
    }
    const via = ctx.proxyOrigin !== undefined ? `the proxy ${ctx.proxyOrigin}` : origin;
    if (tunnel && notHttp) {
      return make('network', `${proxy} answered with something that is not HTTP when asked for a tunnel to ${origin}${code !== undefined ? ` (${code})` : ''}. Check that the proxy setting names an HTTP proxy.`, false, 'proxy');
    }
    if (tunnel && (code === undefined || RESET_CODES.has(code))) {
      return make('network', `${proxy} closed the connection instead of opening a tunnel to ${origin}. Check the proxy settings, or ask your network administrator whether the proxy lets this address through.`, true, 'proxy');
    }
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return make('timeout', `Could not connect to ${via} within ${seconds}.`);
    if (code === 'ECONNREFUSED') return make('network', `Could not connect to ${via}: the connection was refused (is it running, and is the port right?).`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return make('network', `Could not find ${via}: the host name did not resolve (DNS). Check the URL and your network.`);
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return make('network', `Could not reach ${via}: the network is unreachable.`);
    if (code !== undefined && RESET_CODES.has(code)) return make('network', `The connection to ${via} was reset before an answer came.`, true);
    if (code !== undefined && (code in TLS_REASONS)) return make('network', `A secure connection to ${code === 'UND_ERR_PRX_TLS' ? via : origin} failed: ${TLS_REASONS[code]} (${code}).`);
    if (code !== undefined && (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code === 'EPROTO')) {
      return make('network', `A secure connection to ${via} failed (TLS error ${code}). Check that the URL's scheme (https/http) is right.`);
    }
    if (notHttp) return make('bad-response', `${origin} sent an answer that is not valid HTTP${code !== undefined ? ` (${code})` : ''}.`);
    return make('network', `Could not reach ${via}${code !== undefined ? ` (${code})` : ''}.`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((d) => d.destroy()));
  }
}

function tooLarge(cap: number): LeakSearchError {
  const mib = Math.round((cap / 1_048_576) * 10) / 10;
  return new LeakSearchError('too-large', `The answer is larger than the limit of ${mib >= 1 ? `${mib} MiB` : `${cap} bytes`}; nothing of it was used. Narrow the search with a date range.`);
}
