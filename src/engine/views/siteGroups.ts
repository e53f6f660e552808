// A result's records grouped by site (the URL's host), for the tree: sites by record count
// (records without a site last), each site's rows newest first (rows without a date last).
import { NO_SITE, siteOf } from '../../core/results/sites';
import type { RecordTable } from '../store/recordTable';
import type { SiteSummary } from '../workerProtocol';

export interface SiteGroups {
  readonly list: SiteSummary[];
  readonly rows: Map<string, Uint32Array>;
}

export function groupBySite(table: RecordTable): SiteGroups {
  const { roles } = table;
  const bySite = new Map<string, number[]>();
  const siteOfRow = (row: number): string => (roles.url === undefined ? NO_SITE : siteOf(table.text(roles.url, row)));
  const url = roles.url === undefined ? undefined : table.stored[roles.url]?.text;
  const memo = url?.isDictionary ? url.values.map((u) => siteOf(u)) : undefined;
  for (let row = 0; row < table.length; row++) {
    const site = memo && url ? (memo[url.codes[row] as number] as string) : siteOfRow(row);
    const list = bySite.get(site);
    if (list) list.push(row);
    else bySite.set(site, [row]);
  }
  const dates = roles.date === undefined ? undefined : table.stored[roles.date]?.date?.ms;
  const rows = new Map<string, Uint32Array>();
  for (const [site, list] of bySite) {
    const ordered = Uint32Array.from(list);
    // Newest first; rows without a date last.
    if (dates) ordered.sort((a, b) => (Number.isNaN(dates[b] as number) ? -1 : Number.isNaN(dates[a] as number) ? 1 : (dates[b] as number) - (dates[a] as number)));
    rows.set(site, ordered);
  }
  const list = [...bySite.entries()]
    .map(([site, r]) => ({ site, count: r.length }))
    .sort((a, b) => (a.site === NO_SITE) !== (b.site === NO_SITE) ? (a.site === NO_SITE ? 1 : -1) : b.count - a.count || (a.site < b.site ? -1 : a.site > b.site ? 1 : 0));
  return { list, rows };
}
