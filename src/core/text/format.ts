// Pure formatting of ages, "as of" times and the request quota for the editor's tree and
// status bar. No `vscode`; unit-tested in test/unit/core/text/format.test.ts.
import * as l10n from '@vscode/l10n';
import type { DateRange, RateLimitState } from '../service/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A short relative age: "just now", "5 min ago", "3 h ago", "2 d ago". */
export function formatAge(fetchedAt: number, now: number): string {
  if (!Number.isFinite(fetchedAt) || !Number.isFinite(now)) return l10n.t('at an unknown time');
  const ms = Math.max(0, now - fetchedAt);
  if (ms < MINUTE) return l10n.t('just now');
  if (ms < HOUR) return l10n.t('{0} min ago', Math.floor(ms / MINUTE));
  if (ms < DAY) return l10n.t('{0} h ago', Math.floor(ms / HOUR));
  return l10n.t('{0} d ago', Math.floor(ms / DAY));
}

/** A short time until a moment: "in 12 min", "in 2 h 5 min", "in 3 d", "now". */
export function formatIn(at: number, now: number): string {
  if (!Number.isFinite(at) || !Number.isFinite(now)) return l10n.t('at an unknown time');
  const ms = at - now;
  if (ms <= 0) return l10n.t('now');
  // Rounded: reset headers are whole seconds, so "in 1 h" must not read "in 1 h 1 min".
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return l10n.t('in {0} min', minutes);
  if (ms < DAY) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? l10n.t('in {0} h', h) : l10n.t('in {0} h {1} min', h, m);
  }
  return l10n.t('in {0} d', Math.round(ms / DAY));
}

/** Local clock time of a moment, "14:05"; with the date when it is not today. */
export function formatClock(at: number, now: number): string {
  if (!Number.isFinite(at) || !Number.isFinite(now) || Math.abs(at) > 8.64e15) return l10n.t('an unknown time');
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const today = new Date(now);
  const sameDay = d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

/** "as of 14:05 (3 h ago)". */
export function formatAsOf(fetchedAt: number, now: number): string {
  return l10n.t('as of {0} ({1})', formatClock(fetchedAt, now), formatAge(fetchedAt, now));
}

/** "all dates" or "2024-01-01 – 2024-12-31". */
export function formatRange(range: DateRange | undefined): string {
  if (!range) return l10n.t('all dates');
  return `${isoDay(range.start)} – ${isoDay(range.end)}`;
}

function isoDay(yyyymmdd: string): string {
  return /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : yyyymmdd;
}

/** "1 record", "141 records", "12,345 records". */
export function formatCount(n: number, noun = 'record'): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * What a check found that the one before it had not: "3 new since 14:05 (2 h ago)", or ''
 * when nothing is new or there was no earlier check to compare with.
 */
export function formatNewSince(entry: { readonly newRecords?: number; readonly newSince?: number }, now: number): string {
  if (!entry.newRecords || entry.newSince === undefined) return '';
  return l10n.t('{0} new since {1} ({2})', entry.newRecords.toLocaleString('en-US'), formatClock(entry.newSince, now), formatAge(entry.newSince, now));
}

export interface QuotaView {
  /** True when the server said no request is left and the window has not reset yet. */
  readonly spent: boolean;
  /** Short text for the status bar (without icon). */
  readonly text: string;
  /** Longer text for the tooltip: remaining/limit, reset time, when it was observed. */
  readonly tooltip: string;
}

/** Whether a rate-limit state says the quota is spent at `now`. */
export function isQuotaSpent(state: RateLimitState | undefined, now: number): boolean {
  if (!state || state.remaining === undefined || state.remaining > 0) return false;
  // Without a reset time the window is unknown: treat it as spent for an hour after we saw it.
  const until = state.resetAt ?? state.observedAt + HOUR;
  return until > now;
}

/** When a spent quota resumes (epoch ms), or undefined when it is not spent. */
export function quotaResumesAt(state: RateLimitState | undefined, now: number): number | undefined {
  if (!isQuotaSpent(state, now) || !state) return undefined;
  return state.resetAt ?? state.observedAt + HOUR;
}

/** The quota as the status bar shows it. A spent quota says so and says when checks resume. */
/**
 * The quota as it stands now: once the window the service reported has reset, the old
 * "remaining" no longer holds and the whole limit is back. The status bar and the results
 * panel both show this figure.
 */
export function currentQuota(state: RateLimitState | undefined, now: number): RateLimitState | undefined {
  if (!state || state.resetAt === undefined || state.resetAt > now || state.limit === undefined) return state;
  return { ...state, remaining: state.limit };
}

export function formatQuota(state: RateLimitState | undefined, now: number): QuotaView {
  if (!state || (state.remaining === undefined && state.limit === undefined)) {
    return { spent: false, text: l10n.t('quota unknown'), tooltip: l10n.t('The service has not reported a request quota yet.') };
  }
  const resumes = quotaResumesAt(state, now);
  const reset = state.resetAt !== undefined
    ? (state.resetAt > now ? l10n.t('Resets at {0} ({1}).', formatClock(state.resetAt, now), formatIn(state.resetAt, now)) : l10n.t('The window has reset since.'))
    : l10n.t('The service did not say when the window resets.');
  const seen = l10n.t('Reported {0}.', formatAge(state.observedAt, now));
  if (resumes !== undefined) {
    const left = state.limit !== undefined ? l10n.t('0 left of {0}', state.limit) : l10n.t('0 left');
    return {
      spent: true,
      text: l10n.t('quota spent, resumes {0}', formatClock(resumes, now)),
      tooltip: `${l10n.t('Request quota spent ({0}). No checks are sent until {1} ({2}).', left, formatClock(resumes, now), formatIn(resumes, now))} ${seen}`,
    };
  }
  const remaining = currentQuota(state, now)?.remaining;
  const text = remaining !== undefined && state.limit !== undefined
    ? `${remaining}/${state.limit}`
    : remaining !== undefined ? l10n.t('{0} left', remaining) : l10n.t('limit {0}', String(state.limit));
  return { spent: false, text, tooltip: `${l10n.t('Requests left: {0}.', text)} ${reset} ${seen}` };
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
