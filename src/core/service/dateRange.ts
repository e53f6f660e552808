// Pure: the date range a check uses, computed from the `leakSearch.dateRange.*` settings.
// No `vscode`. The fixed bounds are passed on as typed; the client validates them
// (`normalizeDateRange`), so a bad setting becomes a clear error before any request.
import type { DateRange } from './types';

export type DateRangeMode = 'all' | 'lastDays' | 'fixed';

export interface DateRangeSetting {
  readonly mode: DateRangeMode;
  /** For `lastDays`: how many whole UTC days, today included. */
  readonly lastDays?: number;
  /** For `fixed`: `YYYYMMDD` or `YYYY-MM-DD`. */
  readonly start?: string;
  readonly end?: string;
}

export const DEFAULT_LAST_DAYS = 90;

/** Today as a UTC `YYYYMMDD`. */
export function utcDay(at: number): string {
  const d = new Date(at);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

/**
 * The range to search, or undefined for all dates. `lastDays: N` covers N whole UTC days
 * ending today (inclusive bounds, decision 1), so `1` is today only.
 */
export function resolveDateRange(setting: DateRangeSetting, now: number): DateRange | undefined {
  switch (setting.mode) {
    case 'all':
      return undefined;
    case 'lastDays': {
      const raw = setting.lastDays ?? DEFAULT_LAST_DAYS;
      const days = Number.isFinite(raw) ? Math.min(Math.max(Math.floor(raw), 1), 36_500) : DEFAULT_LAST_DAYS;
      return { start: utcDay(now - (days - 1) * 86_400_000), end: utcDay(now) };
    }
    case 'fixed':
      return { start: compact(setting.start ?? ''), end: compact(setting.end ?? '') };
  }
}

/** Reads the mode leniently: anything unknown is "all". */
export function parseDateRangeMode(raw: unknown): DateRangeMode {
  return raw === 'lastDays' || raw === 'fixed' ? raw : 'all';
}

/** `2024-01-31` → `20240131`; anything else unchanged (trimmed). */
function compact(s: string): string {
  const t = s.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t.replace(/-/g, '') : t;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
