// The domains of a service origin as every place lists them (tree, Check All, Refresh, the
// leak index): the configured ones in order, a valid one normalised so "Example.COM" and a
// checked "example.com" are one domain, an invalid one kept as written (its check says why),
// then the domains checked by hand that no setting names. One home, so the tree never shows a
// domain that Refresh skips or the leak index forgets. No `vscode`.
import { normalizeDomain } from '../service/validate';

export function knownDomains(configured: readonly string[], checked: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of configured) {
    let domain = raw;
    try {
      domain = normalizeDomain(raw);
    } catch {
      // kept as written
    }
    out.add(domain);
  }
  for (const d of checked) out.add(d);
  return [...out];
}
