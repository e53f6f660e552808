// Pure: turns a typed client error into what the user reads and the next step offered as a
// button. The editor maps `actions` to commands. Messages never hold the API key: the
// error's own text is already redacted by the client, and nothing here adds a URL path.
import type { LeakSearchError } from './errors';
import { formatClock, formatIn } from './format';
import { plainText } from './plainText';

/** Next steps the editor knows how to run. */
export type ErrorAction =
  | 'setApiKey'
  | 'openSettings' // the extension's settings
  | 'openProxySettings' // VS Code's http.proxy settings
  | 'retry'
  | 'enterDomain'
  | 'checkWhenQuotaResets'
  | 'showLog';

export interface UserFacingError {
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly actions: readonly ErrorAction[];
}

export interface ErrorContext {
  /** The service origin, e.g. https://leakjar.com (never a path: the key lives there). */
  readonly origin: string;
  /** The domain being checked, when one was. */
  readonly domain?: string;
  /** The request timeout in seconds, for the timeout message. */
  readonly timeoutSeconds?: number;
  readonly now: number;
}

export const ACTION_LABELS: Readonly<Record<ErrorAction, string>> = {
  setApiKey: 'Set API Key',
  openSettings: 'Open Settings',
  openProxySettings: 'Open Proxy Settings',
  retry: 'Retry',
  enterDomain: 'Enter a Domain',
  checkWhenQuotaResets: 'Check When Quota Resets',
  showLog: 'Show Log',
};

/**
 * What the user reads. Every piece of outside text in it (the service's words, the domain as
 * typed or configured, the origin) is plain text: bounded, one line, no link or icon syntax
 * (see plainText.ts). The editor's notifier makes the whole message plain again.
 */
export function describeError(error: LeakSearchError, original: ErrorContext): UserFacingError {
  const ctx: ErrorContext = {
    ...original,
    origin: plainText(original.origin, 200),
    ...(original.domain !== undefined ? { domain: plainText(original.domain, 100) } : {}),
  };
  const d = error.details;
  const what = ctx.domain ? ` for ${ctx.domain}` : '';
  const server = d.serverMessage ? ` The service said: “${trimDot(plainText(d.serverMessage, 300))}.”` : '';
  switch (error.kind) {
    case 'unauthorized':
      return {
        severity: 'error',
        message: `Leak Search: the API key for ${ctx.origin} was rejected (Invalid API key). Set a valid key from your account dashboard.`,
        actions: ['setApiKey'],
      };
    case 'forbidden': {
      const reason = d.forbiddenReason ?? 'unknown';
      const check = reason === 'subscription'
        ? `Check that ${ctx.domain ?? 'this domain'} is included in your subscription plan, or check a domain your plan covers.`
        : reason === 'ip'
          ? 'Check that the IP address you connect from is on your account’s allow-list; a VPN or proxy (http.proxy) changes that address.'
          : `Check that ${ctx.domain ?? 'the domain'} is in your subscription and that your IP address is on your account’s allow-list.`;
      return {
        severity: 'error',
        message: `Leak Search: access denied${what} (403).${server || ' No permission for this resource.'} ${check}`,
        actions: reason === 'ip' ? ['openProxySettings', 'showLog'] : ['openSettings', 'showLog'],
      };
    }
    case 'rate-limited': {
      const at = d.retryAt;
      const when = at !== undefined && at > ctx.now
        ? `Checks resume at ${formatClock(at, ctx.now)} (${formatIn(at, ctx.now)}).`
        : 'Checks resume when the service’s rate-limit window resets.';
      return {
        severity: 'warning',
        message: `Leak Search: the request quota for ${ctx.origin} is spent, so ${ctx.domain ?? 'nothing'} was not checked. ${when}`,
        actions: at !== undefined ? ['checkWhenQuotaResets'] : ['showLog'],
      };
    }
    case 'not-found':
      return {
        severity: 'error',
        message: `Leak Search: the service at ${ctx.origin} has no search at this address (404).${server} Check the leakSearch.baseUrl setting.`,
        actions: ['openSettings'],
      };
    case 'bad-request':
      return {
        severity: 'error',
        message: `Leak Search: the service refused the request${what} as invalid (400).${server} Check the domain and the date range.`,
        actions: ['openSettings', 'showLog'],
      };
    case 'server':
      return {
        severity: 'error',
        message: `Leak Search: the service at ${ctx.origin} failed${d.status ? ` (${d.status})` : ''}${what}. This is on the service’s side; try again in a few minutes.`,
        actions: ['retry', 'showLog'],
      };
    case 'timeout':
      return {
        severity: 'error',
        message: `Leak Search: ${ctx.origin} did not answer${ctx.timeoutSeconds ? ` within ${ctx.timeoutSeconds} s` : ' in time'}${what}. Try again, or raise leakSearch.requestTimeout.`,
        actions: ['retry', 'openSettings'],
      };
    case 'network': {
      const hint = /http\.proxy|trust store|reload the window|leakSearch\.baseUrl|clock/.test(error.message) ? '' : ' Check your network connection, proxy (http.proxy) and TLS settings.';
      return {
        severity: 'error',
        // Room for a certificate's subject, issuer and names (src/core/net/tlsMessage.ts).
        message: `Leak Search: could not reach ${ctx.origin}${what}: ${trimDot(plainText(error.message, 800))}.${hint}`,
        actions: ['retry', 'openProxySettings'],
      };
    }
    case 'bad-response':
      return {
        severity: 'error',
        message: `Leak Search: the answer from ${ctx.origin}${what} could not be used: ${trimDot(plainText(error.message, 400))}. Nothing was shown as a result.`,
        actions: ['retry', 'showLog'],
      };
    case 'too-large':
      return {
        severity: 'error',
        message: `Leak Search: the answer from ${ctx.origin}${what} is too large: ${trimDot(plainText(error.message, 400))}. Nothing of it was kept.`,
        actions: ['openSettings', 'showLog'],
      };
    case 'internal':
      return {
        severity: 'error',
        message: `Leak Search: the check${what} failed inside Leak Search: ${trimDot(plainText(error.message, 300))}. This is a fault of the extension, not of your network; the log has the details.`,
        actions: ['showLog', 'retry'],
      };
    case 'invalid-input':
      if (d.field === 'domain' && ctx.domain) {
        return {
          severity: 'error',
          message: `Leak Search: “${ctx.domain}” is not a valid domain: ${trimDot(plainText(error.message, 300))}. Nothing was sent.`,
          actions: ['enterDomain', 'openSettings'],
        };
      }
      return {
        severity: 'error',
        message: `Leak Search: ${trimDot(plainText(error.message, 400))}.`,
        actions: d.field === 'apiKey' ? ['setApiKey'] : ['openSettings'],
      };
    case 'cancelled':
      return { severity: 'info', message: `Leak Search: the check${what} was cancelled.`, actions: [] };
  }
}

function trimDot(s: string): string {
  return s.trim().replace(/[.\s]+$/, '');
}
