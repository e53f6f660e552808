// The one list of domains: what the settings configure, normalised once (case, a trailing
// dot, internationalised names to their ASCII form), then the domains checked by hand. The
// tree, the domain picker, Check All, Refresh, the schedule and the leak index all read it, so
// "Example.COM", "example.com." and "example.com" are one domain everywhere. No `vscode`.
import { normalizeDomain } from '../service/validate';

/**
 * The canonical spelling of a configured domain. An entry that is not a valid domain is kept
 * as written (trimmed): its check says why, and the user sees it instead of losing it.
 */
export function canonicalDomain(raw: string): string {
  try {
    return normalizeDomain(raw);
  } catch {
    return raw.trim();
  }
}

/** Each list's entries in canonical form, each domain once (the first list that names it keeps it). */
export function configuredDomains(lists: Iterable<readonly string[]>): string[] {
  const out = new Set<string>();
  for (const list of lists) for (const raw of list) out.add(canonicalDomain(raw));
  out.delete('');
  return [...out];
}

/** The configured domains in order, then the domains checked by hand that no setting names. */
export function knownDomains(configured: readonly string[], checked: readonly string[]): string[] {
  const out = new Set(configuredDomains([configured]));
  for (const d of checked) out.add(d);
  return [...out];
}
