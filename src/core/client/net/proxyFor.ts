// Which proxy a request to a URL goes through, in the order VS Code's extension host applies
// (README "Behind a corporate proxy" lists it): http.proxySupport off means direct; loopback
// is always direct; http.noProxy (when it has any entry), or else no_proxy, or else NO_PROXY,
// exempts hosts (noProxy.ts); then http.proxy; then the https_proxy / HTTPS_PROXY / http_proxy
// / HTTP_PROXY variables. The operating system's own proxy and PAC files are known only to
// VS Code's fetch route (see route.ts). Pure.
import { LeakSearchError } from '../../service/errors';
import { isLoopbackHost } from './loopback';
import { parseNoProxy } from './noProxy';

export type ProxySupport = 'off' | 'on' | 'fallback' | 'override';

export interface ProxyInputs {
  /** The `http.proxy` setting ('' when unset). */
  readonly setting: string;
  /** The `http.noProxy` setting. */
  readonly noProxy: readonly string[];
  readonly support: ProxySupport;
  /** The extension host's environment (only the proxy variables are read). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type ProxySource = 'http.proxy' | 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY';

/** The environment variables that name a proxy. */
export const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

export type ProxyDecision =
  | { readonly kind: 'direct'; readonly reason: string }
  | { readonly kind: 'proxy'; readonly url: string; readonly source: ProxySource };

export function proxyFor(target: URL, inputs: ProxyInputs): ProxyDecision {
  if (inputs.support === 'off') return { kind: 'direct', reason: 'http.proxySupport is off' };
  // The host as parsed, where a direct connection goes: a proxy could never reach this
  // machine's loopback. The same strict set as the clear-text rule (loopback.ts), which
  // contains VS Code's own list (localhost, 127.0.0.1, ::1) but for the IPv4-mapped form.
  if (isLoopbackHost(target.hostname)) return { kind: 'direct', reason: 'loopback is never proxied' };
  // Lower case first, as curl and VS Code read them; an empty variable counts as unset.
  const [list, listName] = inputs.noProxy.some((s) => s.trim() !== '')
    ? [inputs.noProxy, 'http.noProxy']
    : inputs.env['no_proxy']?.trim()
      ? [[inputs.env['no_proxy']], 'no_proxy']
      : [[inputs.env['NO_PROXY'] ?? ''], 'NO_PROXY'];
  if (parseNoProxy(list).matches(target)) return { kind: 'direct', reason: `${listName} exempts this host` };
  if (inputs.setting.trim() !== '') return { kind: 'proxy', url: inputs.setting.trim(), source: 'http.proxy' };
  const names: readonly ProxySource[] = target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  for (const name of names) {
    const value = inputs.env[name]?.trim();
    if (value) return { kind: 'proxy', url: value, source: name };
  }
  return { kind: 'direct', reason: 'no proxy is configured' };
}

/** An http.proxy-style URL; `host:port` alone means http. Throws a message without the URL (it may hold a password). */
export function normalizeProxyUrl(raw: string, source: string): string {
  const s = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new LeakSearchError('invalid-input', `The proxy setting (${source}) is not a valid URL.`, { field: 'proxy' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LeakSearchError('invalid-input', `The proxy setting (${source}) must be an http:// or https:// URL.`, { field: 'proxy' });
  }
  return url.href;
}
