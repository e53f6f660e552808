// Pure: turns a typed client error into what the user reads and the next step offered as a
// button. The editor maps `actions` to commands. Messages never hold the API key: the
// error's own text is already redacted by the client, and nothing here adds a URL path.
import * as l10n from '@vscode/l10n';
import type { LeakSearchError, SettingRef } from '../../core/service/errors';
import { formatClock, formatIn } from '../../core/text/format';
import { plainText } from '../../core/text/plainText';

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
  /** The one setting 'openSettings' opens (e.g. `leakSearch.baseUrl`), so the user lands on it. */
  readonly setting?: string;
}

export interface ErrorContext {
  /** The service origin, e.g. https://leakjar.com (never a path: the key lives there). */
  readonly origin: string;
  /** The domain being checked, when one was. */
  readonly domain?: string;
  /** The request timeout in seconds, for the timeout message. */
  readonly timeoutSeconds?: number;
  /** Domains this key got results for: a 403 for another domain names them. */
  readonly coveredDomains?: readonly string[];
  readonly now: number;
}

/** A next step's button label, in the user's language (a function: read after the editor configures the bundle). */
export function actionLabel(action: ErrorAction): string {
  switch (action) {
    case 'setApiKey': return l10n.t('Set API Key');
    case 'openSettings': return l10n.t('Open Settings');
    case 'openProxySettings': return l10n.t('Open Proxy Settings');
    case 'retry': return l10n.t('Retry');
    case 'enterDomain': return l10n.t('Enter a Domain');
    case 'checkWhenQuotaResets': return l10n.t('Check When Quota Resets');
    case 'showLog': return l10n.t('Show Log');
  }
}

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
  const what = ctx.domain ? ` ${l10n.t('for {0}', ctx.domain)}` : '';
  const server = d.serverMessage ? ` ${l10n.t('The service said: “{0}.”', trimDot(plainText(d.serverMessage, 300)))}` : '';
  switch (error.kind) {
    case 'unauthorized':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the API key for {0} was rejected (Invalid API key). Set a valid key from your account dashboard.', ctx.origin),
        actions: ['setApiKey'],
      };
    case 'forbidden': {
      const reason = d.forbiddenReason ?? 'unknown';
      const covered = (original.coveredDomains ?? []).filter((c) => c !== original.domain).map((c) => plainText(c, 100));
      const coverage = covered.length === 0
        ? ''
        : ` ${l10n.t('This key is known to cover {0}.', covered.length > 5 ? l10n.t('{0} and {1} more', covered.slice(0, 5).join(', '), covered.length - 5) : covered.join(', '))}`;
      const check = reason === 'subscription'
        ? `${l10n.t('Check that {0} is included in your subscription plan, or check a domain your plan covers.', ctx.domain ?? l10n.t('this domain'))}${coverage}`
        : reason === 'ip'
          ? l10n.t('Check that the IP address you connect from is on your account’s allow-list; a VPN or proxy (http.proxy) changes that address.')
          : `${l10n.t('Check that {0} is in your subscription and that your IP address is on your account’s allow-list.', ctx.domain ?? l10n.t('the domain'))}${coverage}`;
      return {
        severity: 'error',
        message: l10n.t('Leak Search: access denied{0} (403).{1} {2}', what, server || ` ${l10n.t('No permission for this resource.')}`, check),
        actions: reason === 'ip' ? ['openProxySettings', 'showLog'] : ['openSettings', 'showLog'],
        ...(reason === 'ip' ? {} : { setting: 'leakSearch.domains' }),
      };
    }
    case 'rate-limited': {
      const at = d.retryAt;
      const when = at !== undefined && at > ctx.now
        ? l10n.t('Checks resume at {0} ({1}).', formatClock(at, ctx.now), formatIn(at, ctx.now))
        : l10n.t('Checks resume when the service’s rate-limit window resets.');
      return {
        severity: 'warning',
        message: `${ctx.domain ? l10n.t('Leak Search: the request quota for {0} is spent, so {1} was not checked.', ctx.origin, ctx.domain) : l10n.t('Leak Search: the request quota for {0} is spent, so nothing was checked.', ctx.origin)} ${when}`,
        actions: at !== undefined ? ['checkWhenQuotaResets'] : ['showLog'],
      };
    }
    case 'not-found':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the service at {0} has no search at this address (404).{1} Check the leakSearch.baseUrl setting.', ctx.origin, server),
        actions: ['openSettings'],
        setting: 'leakSearch.baseUrl',
      };
    case 'bad-request':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the service refused the request{0} as invalid (400).{1} Check the domain and the date range.', what, server),
        actions: ['openSettings', 'showLog'],
        setting: 'leakSearch.dateRange',
      };
    case 'server':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the service at {0} failed{1}{2}. This is on the service’s side; try again in a few minutes.', ctx.origin, d.status ? ` (${d.status})` : '', what),
        actions: ['retry', 'showLog'],
      };
    case 'timeout':
      return {
        severity: 'error',
        message: `${l10n.t('Leak Search: {0} did not answer {1}{2}. Try again, or raise leakSearch.requestTimeout.', ctx.origin, ctx.timeoutSeconds ? l10n.t('within {0} s', ctx.timeoutSeconds) : l10n.t('in time'), what)}${settingHint(d.setting)}`,
        actions: ['retry', 'openSettings'],
        setting: 'leakSearch.requestTimeout',
      };
    case 'network': {
      const hint = d.setting !== undefined ? settingHint(d.setting) : /clock/.test(error.message) ? '' : ` ${l10n.t('Check your network connection, proxy (http.proxy) and TLS settings.')}`;
      return {
        severity: 'error',
        // Room for a certificate's subject, issuer and names (src/core/client/net/tlsMessage.ts).
        message: l10n.t('Leak Search: could not reach {0}{1}: {2}.{3}', ctx.origin, what, trimDot(plainText(error.message, 800)), hint),
        actions: ['retry', 'openProxySettings'],
      };
    }
    case 'bad-response':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the answer from {0}{1} could not be used: {2}. Nothing was shown as a result.', ctx.origin, what, trimDot(plainText(error.message, 400))),
        actions: ['retry', 'showLog'],
      };
    case 'too-large':
      return {
        severity: 'error',
        message: `${l10n.t('Leak Search: the answer from {0}{1} is too large: {2}. Nothing of it was kept.', ctx.origin, what, trimDot(plainText(error.message, 400)))}${settingHint(d.setting)}`,
        actions: ['openSettings', 'showLog'],
        setting: 'leakSearch.maxRecords',
      };
    case 'internal':
      return {
        severity: 'error',
        message: l10n.t('Leak Search: the check{0} failed inside Leak Search: {1}. This is a fault of the extension, not of your network; the log has the details.', what, trimDot(plainText(error.message, 300))),
        actions: ['showLog', 'retry'],
      };
    case 'invalid-input':
      if (d.field === 'domain' && ctx.domain) {
        return {
          severity: 'error',
          message: l10n.t('Leak Search: “{0}” is not a valid domain: {1}. Nothing was sent.', ctx.domain, trimDot(plainText(error.message, 300))),
          actions: ['enterDomain', 'openSettings'],
          setting: 'leakSearch.domains',
        };
      }
      return {
        severity: 'error',
        message: l10n.t('Leak Search: {0}.', trimDot(plainText(error.message, 400))),
        actions: d.field === 'apiKey' ? ['setApiKey'] : ['openSettings'],
        ...(fieldSetting(d.field) ? { setting: fieldSetting(d.field) } : {}),
      };
    case 'cancelled':
      return { severity: 'info', message: l10n.t('Leak Search: the check{0} was cancelled.', what), actions: [] };
  }
}

/** The setting that holds an invalid input's field. */
function fieldSetting(field: string | undefined): string | undefined {
  switch (field) {
    case 'domain': return 'leakSearch.domains';
    case 'type': return 'leakSearch.findingsTypes';
    case 'start':
    case 'end':
    case 'range': return 'leakSearch.dateRange';
    case 'baseUrl': return 'leakSearch.baseUrl';
    default: return undefined;
  }
}

/** Where the editor keeps the knob an error points to (core's messages name none), with a leading space. */
function settingHint(setting: SettingRef | undefined): string {
  switch (setting) {
    case undefined:
      return '';
    case 'baseUrl':
      return ` ${l10n.t('The service address is the leakSearch.baseUrl setting.')}`;
    case 'proxy':
      return ` ${l10n.t('The proxy is set in http.proxy (or answer VS Code’s proxy login prompt).')}`;
    case 'maxRecords':
      return ` ${l10n.t('The record limit is the leakSearch.maxRecords setting.')}`;
    case 'systemCertificates':
      return ` ${l10n.t('Turn on http.systemCertificates, then reload the window.')}`;
    case 'trustStore':
      return ` ${l10n.t('Then reload the window.')}`;
  }
}

function trimDot(s: string): string {
  return s.trim().replace(/[.\s]+$/, '');
}
