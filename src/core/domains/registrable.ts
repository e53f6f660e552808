// Is a domain one that someone can own? A search is spent per domain, and a typo in the
// top-level part ("example.cmo") or a public suffix itself ("co.uk") can never be in a
// subscription, so such a domain is refused before any request. The Public Suffix List (its
// ICANN section, through the maintained `tldts` package) decides; names under the top-level
// domains reserved for tests, documentation and private networks (RFC 2606, RFC 6761, RFC 6762,
// ICANN's `.internal`) and those companies use inside their networks without registering them
// (`.corp`, `.lan`, `.home`, `.intranet`, `.localdomain`, `.private`) are accepted too: stealer
// logs hold intranet sign-ins, and teams and test services use them. Pure.
import { parse } from 'tldts';

/** Top-level domains that are not in the list but are reserved for use without registration. */
const RESERVED_TLDS: ReadonlySet<string> = new Set(['test', 'example', 'invalid', 'localhost', 'local', 'internal', 'corp', 'lan', 'home', 'intranet', 'localdomain', 'private']);

export type RegistrableProblem =
  /** The last label is no top-level domain at all. */
  | { readonly kind: 'unknown-tld'; readonly tld: string }
  /** The whole domain is a public suffix (e.g. `co.uk`): names are registered under it. */
  | { readonly kind: 'public-suffix' };

/**
 * Why an ASCII (punycode), lower-case domain of at least two labels is not registrable, or
 * undefined when it is one or lies under one (`vpn.example.co.uk` is fine).
 */
export function registrableProblem(ascii: string): RegistrableProblem | undefined {
  const tld = ascii.slice(ascii.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld)) return undefined;
  const info = parse(ascii, { allowPrivateDomains: false, detectIp: false, extractHostname: false, validateHostname: false });
  if (info.isIcann !== true) return { kind: 'unknown-tld', tld };
  if (info.domain === null) return { kind: 'public-suffix' };
  return undefined;
}
