// Pure: grouping leaked records by site (URL host), so a user sees which of their systems
// leaked. Works on accounts records and on open (customers) records alike. No `vscode`.
import type { AccountRecord, OpenRecord } from '../service/types';

export type AnyRecord = AccountRecord | OpenRecord;

export const NO_SITE = '(no URL)';

/** The site of a URL: its lower-case host (with a non-default port), or `(no URL)`. */
export function siteOf(url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') return NO_SITE;
  const text = url.trim();
  const candidates = /^[a-z][a-z0-9+.-]*:/i.test(text) ? [text] : [`http://${text}`];
  for (const candidate of candidates) {
    try {
      const u = new URL(candidate);
      if (u.host) return u.host.toLowerCase();
    } catch {
      // try the next form
    }
  }
  return NO_SITE;
}

/** A record's field as text ('' when absent or not a scalar). */
export function fieldText(record: AnyRecord, field: string): string {
  const v = (record as Readonly<Record<string, unknown>>)[field];
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

export interface SiteGroup<R extends AnyRecord = AnyRecord> {
  readonly site: string;
  /** Newest first (by `date`, as text: ISO dates sort). */
  readonly records: readonly R[];
}

/** Groups by site: most records first, then by name; `(no URL)` last. */
export function groupBySite<R extends AnyRecord>(records: readonly R[]): SiteGroup<R>[] {
  const groups = new Map<string, R[]>();
  for (const r of records) {
    const site = siteOf((r as Readonly<Record<string, unknown>>)['url']);
    let list = groups.get(site);
    if (!list) groups.set(site, (list = []));
    list.push(r);
  }
  const out: SiteGroup<R>[] = [];
  for (const [site, list] of groups) {
    list.sort((a, b) => (fieldText(a, 'date') < fieldText(b, 'date') ? 1 : fieldText(a, 'date') > fieldText(b, 'date') ? -1 : 0));
    out.push({ site, records: list });
  }
  out.sort((a, b) => {
    if ((a.site === NO_SITE) !== (b.site === NO_SITE)) return a.site === NO_SITE ? 1 : -1;
    return b.records.length - a.records.length || (a.site < b.site ? -1 : a.site > b.site ? 1 : 0);
  });
  return out;
}
