// Which result is current: of the results of one service origin, the latest fetched of each
// (domain, findings type), whatever its date range. The editor's status bar and leak index
// and the command line's scan all mean this by "the results".

interface Fetched {
  readonly origin: string;
  readonly query: { readonly domain: string; readonly type: string };
  readonly fetchedAt: number;
}

/** The latest of each (domain, type) of `origin`, in the order first seen. */
export function latestOfOrigin<T extends Fetched>(results: Iterable<T>, origin: string): T[] {
  const best = new Map<string, T>();
  for (const r of results) {
    if (r.origin !== origin) continue;
    const k = `${r.query.domain}|${r.query.type}`;
    const held = best.get(k);
    if (!held || r.fetchedAt > held.fetchedAt) best.set(k, r);
  }
  return [...best.values()];
}
