// One HTTP GET through the client's own undici dispatcher (never the global one: STYLE 18):
// an `Agent`, or a `ProxyAgent` when a proxy URL is set. Reads the body with a size cap and
// turns every transport failure into a typed, redacted error. Only this file touches undici.
import { Agent, ProxyAgent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { LeakSearchError } from './errors';
import { redact } from './redact';
import type { HeaderBag } from './ratelimit';

export interface TransportOptions {
  /** Longest wait for the answer to start, and longest pause between body chunks. */
  readonly timeoutMs: number;
  /** Longest time one attempt may take in all. */
  readonly totalTimeoutMs: number;
  readonly proxyUrl?: string;
  readonly proxyStrictSSL?: boolean;
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
  private readonly dispatcher: Dispatcher;
  private readonly proxyOrigin: string | undefined;
  private closed = false;

  constructor(private readonly options: TransportOptions) {
    const timeouts = {
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: 60_000,
      // Backstops: the precise timeouts are the attempt's own timers below.
      headersTimeout: options.timeoutMs + 1_000,
      bodyTimeout: options.timeoutMs + 1_000,
    };
    if (options.proxyUrl !== undefined) {
      const tls = { rejectUnauthorized: options.proxyStrictSSL ?? true, timeout: options.timeoutMs };
      this.dispatcher = new ProxyAgent({ uri: options.proxyUrl, requestTls: tls, proxyTls: tls, ...timeouts });
      this.proxyOrigin = originOf(options.proxyUrl);
    } else {
      this.dispatcher = new Agent({ ...timeouts, connect: { timeout: options.timeoutMs } });
      this.proxyOrigin = undefined;
    }
  }

  async get(opts: GetOptions): Promise<HttpAnswer> {
    if (this.closed) throw new TransportError(new LeakSearchError('cancelled', 'The search was cancelled: the client was closed.'), false);
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
    try {
      if (opts.signal?.aborted) controller.abort();
      arm();
      const res = await request(opts.url, { dispatcher: this.dispatcher, method: 'GET', headers: opts.headers, signal: controller.signal });
      answered = true;
      arm();
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const cap = ok ? opts.maxBodyBytes : opts.maxErrorBodyBytes;
      const declared = Number(res.headers['content-length']);
      if (ok && Number.isFinite(declared) && declared > cap) {
        res.body.destroy();
        throw new TransportError(tooLarge(cap), false);
      }
      const chunks: Buffer[] = [];
      const consume = ok ? opts.consume : undefined;
      const feed = async (chunk: Uint8Array): Promise<void> => {
        try {
          await consume?.(chunk);
        } catch (error) {
          res.body.destroy();
          throw new ConsumerFailure(error);
        }
      };
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        arm();
        size += chunk.length;
        if (size > cap) {
          if (ok) {
            res.body.destroy();
            throw new TransportError(tooLarge(cap), false);
          }
          chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
          res.body.destroy();
          break;
        }
        if (consume) await feed(chunk);
        else chunks.push(chunk);
      }
      return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
    } catch (e) {
      if (e instanceof ConsumerFailure) throw e.error;
      if (e instanceof TransportError) throw e;
      throw this.classify(e, { url: opts.url, secrets: opts.secrets, cancelled: opts.signal?.aborted === true, timedOut, answered });
    } finally {
      clearTimeout(idle);
      clearTimeout(total);
      opts.signal?.removeEventListener('abort', onCancel);
    }
  }

  private classify(e: unknown, ctx: { url: string; secrets: readonly string[]; cancelled: boolean; timedOut: boolean; answered: boolean }): TransportError {
    const cause = safeCause(e, ctx.secrets);
    const origin = originOf(ctx.url);
    const code = errorCode(e);
    const make = (kind: LeakSearchError['kind'], message: string, retryable = false): TransportError =>
      new TransportError(new LeakSearchError(kind, redact(message, ctx.secrets), {}, { cause }), retryable);

    if (ctx.cancelled) return make('cancelled', 'The search was cancelled.');
    if (this.closed || code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') return make('cancelled', 'The search was cancelled: the client was closed.');
    const seconds = `${Math.round(this.options.timeoutMs / 100) / 10} s`;
    if (ctx.timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return make('timeout', ctx.answered
        ? `${origin} stopped sending its answer (no data for ${seconds}, or the answer took too long).`
        : `${origin} did not answer within ${seconds}.`);
    }
    if (ctx.answered) {
      // The status line came, the body did not arrive whole.
      return make('bad-response', `The answer from ${origin} was cut off before its end${code !== undefined ? ` (${code})` : ''}.`);
    }
    const proxyStatus = /Proxy response \((\d{3})\)/.exec(errorMessage(e))?.[1];
    if (proxyStatus !== undefined) {
      const auth = proxyStatus === '407' ? ' The proxy asks for credentials; check the proxy settings (http.proxy).' : ' Check the proxy settings (http.proxy).';
      return make('network', `The proxy ${this.proxyOrigin ?? ''} refused to connect to ${origin} (HTTP ${proxyStatus}).${auth}`);
    }
    const via = this.proxyOrigin !== undefined ? `the proxy ${this.proxyOrigin}` : origin;
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return make('timeout', `Could not connect to ${via} within ${seconds}.`);
    if (code === 'ECONNREFUSED') return make('network', `Could not connect to ${via}: the connection was refused (is it running, and is the port right?).`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return make('network', `Could not find ${via}: the host name did not resolve (DNS). Check the URL and your network.`);
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return make('network', `Could not reach ${via}: the network is unreachable.`);
    if (code !== undefined && RESET_CODES.has(code)) return make('network', `The connection to ${via} was reset before an answer came.`, true);
    if (code !== undefined && (code in TLS_REASONS)) return make('network', `A secure connection to ${via} failed: ${TLS_REASONS[code]} (${code}).`);
    if (code !== undefined && (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code === 'EPROTO')) {
      return make('network', `A secure connection to ${via} failed (TLS error ${code}). Check that the URL's scheme (https/http) is right.`);
    }
    if (code !== undefined && code.startsWith('HPE_')) return make('bad-response', `${origin} sent an answer that is not valid HTTP (${code}).`);
    return make('network', `Could not reach ${via}${code !== undefined ? ` (${code})` : ''}.`);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.dispatcher.destroy();
  }
}

function tooLarge(cap: number): LeakSearchError {
  const mib = Math.round((cap / 1_048_576) * 10) / 10;
  return new LeakSearchError('too-large', `The answer is larger than the limit of ${mib >= 1 ? `${mib} MiB` : `${cap} bytes`}; nothing of it was used. Narrow the search with a date range.`);
}
