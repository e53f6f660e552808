// "Did you mean example.com?": the known domain (configured or checked before) that a typed
// domain most likely misspells. A near miss is a small edit away (a letter swapped, missed,
// doubled or wrong; two such edits in a longer name), so a typo is caught before it spends a
// search and finds nothing. A subdomain of a known domain is no typo. Pure.

/**
 * The known domain closest to `domain` when it is a near miss of one; undefined otherwise.
 * Not a near miss: the domain itself, a name under or above a known domain, and the same name
 * under another top-level domain (`siemens.de` and `siemens.fr` are both the company's), unless
 * that top-level domain is the known one with a letter missed, doubled or swapped (`example.co`).
 */
export function nearMiss(domain: string, known: readonly string[]): string | undefined {
  const limit = domain.length < 10 ? 1 : 2;
  if (known.some((k) => k === domain || domain.endsWith(`.${k}`) || k.endsWith(`.${domain}`))) return undefined;
  const name = domain.slice(0, domain.lastIndexOf('.'));
  let best: string | undefined;
  let bestDistance = limit + 1;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  for (const k of known) {
    if (k.slice(0, k.lastIndexOf('.')) === name) {
      const other = k.slice(k.lastIndexOf('.') + 1);
      const swapped = other.length === tld.length && [...other].sort().join() === [...tld].sort().join();
      if ((Math.abs(other.length - tld.length) !== 1 && !swapped) || editDistance(tld, other, 1) !== 1) continue;
    }
    if (Math.abs(k.length - domain.length) > limit) continue;
    const d = editDistance(domain, k, limit);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
 * two neighbours), or `limit + 1` once it must exceed `limit`. Two rows of the table at a time,
 * so a domain's 253 characters cost a few thousand steps and no more memory than three rows.
 */
export function editDistance(a: string, b: string, limit: number): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit + 1);
}
