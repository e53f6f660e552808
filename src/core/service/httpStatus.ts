// Maps an HTTP error status and the server's `error` text to a typed error with a message a
// user understands (docs/service-interface.md §5,
// docs/decisions.md, decisions 7 and 8). Pure.
import { LeakSearchError } from './errors';
import type { ForbiddenReason } from './errors';

/** Which of the two 403 causes the server's text points at (decision 7). */
export function forbiddenReason(serverMessage: string | undefined): ForbiddenReason {
  const text = (serverMessage ?? '').toLowerCase();
  const ip = /\bip\b|address|allow/.test(text);
  const subscription = /subscri|\bdomain\b|\bplan\b|permission/.test(text);
  if (ip && !subscription) return 'ip';
  if (subscription && !ip) return 'subscription';
  return 'unknown';
}

function said(serverMessage: string | undefined, status: number): string {
  return serverMessage ?? `HTTP ${status}`;
}

export interface StatusContext {
  readonly domain: string;
  /** The server's own `error` text, already redacted. */
  readonly serverMessage?: string;
}

/** The typed error for a non-2xx answer other than 429 (see `rateLimitedError`). */
export function errorForStatus(status: number, ctx: StatusContext): LeakSearchError {
  const { serverMessage } = ctx;
  const base = { status, ...(serverMessage !== undefined ? { serverMessage } : {}) };
  if (status === 401) {
    return new LeakSearchError('unauthorized', `The API key was refused (${said(serverMessage, status)}). Set a valid key.`, base);
  }
  if (status === 403) {
    const reason = forbiddenReason(serverMessage);
    const next = reason === 'subscription'
      ? ` Check that your subscription covers ${ctx.domain}.`
      : reason === 'ip'
        ? ' Check that the IP address you connect from is on your account’s allow-list (a VPN or proxy changes it).'
        : ` Check that your subscription covers ${ctx.domain} and that your IP address is allowed.`;
    return new LeakSearchError('forbidden', `Access was refused (${said(serverMessage, status)}).${next}`, { ...base, forbiddenReason: reason });
  }
  if (status === 404) {
    return new LeakSearchError('not-found', `The service has no such resource (${said(serverMessage, status)}). Check the service URL.`, base);
  }
  if (status >= 500) {
    return new LeakSearchError('server', `The service failed (${said(serverMessage, status)}). Try again later.`, base);
  }
  if (status >= 300 && status < 400) {
    return new LeakSearchError('bad-response', `The service answered with a redirect (HTTP ${status}), which is not followed. Check the service URL.`, { status });
  }
  // 400 and any other 4xx: the request was refused as it was.
  return new LeakSearchError('bad-request', `The service refused the request (${said(serverMessage, status)}).`, base);
}

/** `rate-limited`: from a 429 answer (`status` set) or because the limiter knows the quota is spent. */
export function rateLimitedError(retryAt: number | undefined, opts: { status?: number; serverMessage?: string }): LeakSearchError {
  const when = retryAt === undefined || !Number.isFinite(retryAt) || Math.abs(retryAt) > 8.64e15 ? 'later' : `at ${new Date(retryAt).toISOString().replace(/\.\d{3}Z$/, 'Z')}`;
  const sent = opts.status === undefined ? ' No request was sent.' : '';
  const said = opts.serverMessage !== undefined ? ` (${opts.serverMessage})` : '';
  return new LeakSearchError('rate-limited', `The rate limit for this API key is used up${said}; checks resume ${when}.${sent}`, {
    ...(opts.status !== undefined ? { status: opts.status } : {}),
    ...(opts.serverMessage !== undefined ? { serverMessage: opts.serverMessage } : {}),
    ...(retryAt !== undefined ? { retryAt } : {}),
  });
}
