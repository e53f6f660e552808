// The header of a result: domain and findings type, count, "as of", range searched, quota.
import * as l10n from '@vscode/l10n';
import { el, numberFormat } from './dom';
import type { PanelEntry, RateLimitView } from '../shared/webviewProtocol';
import { recordCount } from '../shared/recordCount';

function formatDay(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

function formatTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? l10n.t('unknown') : date.toLocaleString();
}

/** The quota as the header says it: the live figure the host sends (the status bar's). */
export function quotaText(rateLimit: RateLimitView | undefined): string {
  if (rateLimit?.remaining === undefined) return l10n.t('unknown');
  let quota = rateLimit.limit !== undefined ? l10n.t('{0} of {1} requests left', numberFormat.format(rateLimit.remaining), numberFormat.format(rateLimit.limit)) : l10n.t('{0} requests left', numberFormat.format(rateLimit.remaining));
  if (rateLimit.resetAt !== undefined) quota += `, ${l10n.t('resets {0}', formatTime(rateLimit.resetAt))}`;
  return quota;
}

export function summaryHeader(entry: PanelEntry): HTMLElement {
  const { query, rateLimit } = entry;
  const range = query.range ? l10n.t('{0} to {1}', formatDay(query.range.start), formatDay(query.range.end)) : l10n.t('all dates');
  const quota = quotaText(rateLimit);
  // Each term with its value in one wrapper (allowed in a <dl>), so a narrow panel wraps whole facts.
  const fact = (term: string, value: string, id: string): HTMLElement => el('div', { className: 'fact' }, [el('dt', { text: term }), el('dd', { text: value, attrs: { id } })]);
  return el('header', { className: 'summary' }, [
    el('h1', {}, [el('span', { className: 'domain', text: query.domain }), el('span', { className: 'type badge', text: entry.type })]),
    el('dl', { className: 'facts' }, [
      fact(l10n.t('Records'), recordCount(entry.count, entry.records, (n) => numberFormat.format(n), (n) => numberFormat.format(n)), 'fact-count'),
      fact(l10n.t('As of'), formatTime(entry.fetchedAt), 'fact-asof'),
      fact(l10n.t('Range'), range, 'fact-range'),
      fact(l10n.t('Quota'), quota, 'fact-quota'),
    ]),
  ]);
}
