// Which way requests leave the extension host. VS Code's own `fetch` in the extension host
// (undici, patched by VS Code: marked by `__vscodeOriginalFetch`) resolves proxies like the
// rest of VS Code (settings, environment, the OS proxy and PAC files through the main
// process), answers proxy authentication (login dialog, Kerberos) and adds the OS trust
// store. Our own undici route is the fallback when that fetch is absent or VS Code is told not
// to add its support, or when the user turned http.proxyStrictSSL off (VS Code's fetch
// ignores that setting; ours honours it). README "Behind a corporate proxy". Pure.

import { isLoopbackHost } from './loopback';
import type { ProxyInputs } from './proxyFor';

export type RouteName = 'vscode-fetch' | 'own';

export interface RouteFacts {
  /** globalThis.fetch is VS Code's patched one. */
  readonly hostFetch: boolean;
  /** `http.fetchAdditionalSupport`. */
  readonly fetchAdditionalSupport: boolean;
  /** `http.proxyStrictSSL`. */
  readonly strictSSL: boolean;
}

export interface RouteChoice {
  readonly route: RouteName;
  /** For the Output channel. */
  readonly reason: string;
}

export function chooseRoute(facts: RouteFacts): RouteChoice {
  if (!facts.hostFetch) return { route: 'own', reason: 'this host has no VS Code fetch' };
  if (!facts.fetchAdditionalSupport) return { route: 'own', reason: 'http.fetchAdditionalSupport is off' };
  if (!facts.strictSSL) return { route: 'own', reason: 'http.proxyStrictSSL is off (VS Code’s fetch would still verify certificates)' };
  return { route: 'vscode-fetch', reason: 'VS Code resolves the proxy and adds the system certificates' };
}

/** The route for VS Code's network settings and fetch (`network.fetch`, when the host has one). */
export function routeOf(network: Pick<NetworkOptions, 'fetch' | 'fetchAdditionalSupport' | 'strictSSL'>): RouteChoice {
  return chooseRoute({ hostFetch: network.fetch !== undefined, fetchAdditionalSupport: network.fetchAdditionalSupport, strictSSL: network.strictSSL });
}

/**
 * Whether a request to `url` goes through our own connection (undici) rather than VS Code's
 * fetch: always on our route, and on VS Code's for this machine (never proxied, and only our
 * connections are sure to reach `localhost` without asking DNS) or a URL that does not parse.
 */
export function takesOwnConnection(route: RouteName, url: string): boolean {
  if (route === 'own') return true;
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return true;
  }
}

/** VS Code's patched fetch, when this is an extension host that has one. */
export function hostFetch(global: typeof globalThis = globalThis): typeof fetch | undefined {
  const marked = (global as { __vscodeOriginalFetch?: unknown }).__vscodeOriginalFetch !== undefined;
  return marked && typeof global.fetch === 'function' ? global.fetch.bind(global) : undefined;
}

/** What the client needs to know of VS Code's network settings (README "Behind a corporate proxy"). */
export interface NetworkOptions {
  readonly proxy: ProxyInputs;
  /** `http.proxyStrictSSL`: verify certificates (every request, as VS Code does). */
  readonly strictSSL: boolean;
  /** `http.systemCertificates`: trust the operating system's store too. */
  readonly systemCertificates: boolean;
  /** `http.fetchAdditionalSupport`. */
  readonly fetchAdditionalSupport: boolean;
  /** VS Code's patched fetch (see `hostFetch`), when this host has one. */
  readonly fetch?: typeof fetch;
}
