// The header of a result: domain and findings type, count, "as of", range searched, quota.
import { el, numberFormat } from './dom';
import type { PanelEntry } from '../shared/protocol';

function formatDay(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

function formatTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'unknown' : date.toLocaleString();
}

export function summaryHeader(entry: PanelEntry): HTMLElement {
  const { query, rateLimit } = entry;
  const range = query.range ? `${formatDay(query.range.start)} to ${formatDay(query.range.end)}` : 'all dates';
  let quota = 'unknown';
  if (rateLimit?.remaining !== undefined) {
    quota = `${numberFormat.format(rateLimit.remaining)}${rateLimit.limit !== undefined ? ` of ${numberFormat.format(rateLimit.limit)}` : ''} requests left`;
    if (rateLimit.resetAt !== undefined) quota += `, resets ${formatTime(rateLimit.resetAt)}`;
  }
  // Each term with its value in one wrapper (allowed in a <dl>), so a narrow panel wraps whole facts.
  const fact = (term: string, value: string, id: string): HTMLElement => el('div', { className: 'fact' }, [el('dt', { text: term }), el('dd', { text: value, attrs: { id } })]);
  return el('header', { className: 'summary' }, [
    el('h1', {}, [el('span', { className: 'domain', text: query.domain }), el('span', { className: 'type badge', text: entry.type })]),
    el('dl', { className: 'facts' }, [
      fact('Records', numberFormat.format(entry.count), 'fact-count'),
      fact('As of', formatTime(entry.fetchedAt), 'fact-asof'),
      fact('Range', range, 'fact-range'),
      fact('Quota', quota, 'fact-quota'),
    ]),
  ]);
}
