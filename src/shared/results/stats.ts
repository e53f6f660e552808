// Figures for the charts and the summary: leaks per month, top values, hosts of URLs.
// Pure and browser-safe.

export interface MonthCount {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly count: number;
}

export interface ValueCount {
  readonly value: string;
  readonly count: number;
}

const HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;

/** The host of a URL (lower case, no port, no user info); for text without a scheme, its first segment. */
export function hostOf(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return '';
  const match = HOST.exec(trimmed);
  if (match) return (match[1] ?? '').toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:]+:\d/.test(trimmed)) return '';
  return (trimmed.split(/[/?#]/)[0] ?? '').replace(/:\d+$/, '').toLowerCase();
}

/** `YYYY-MM` of an ISO date, or '' when it is not one. */
export function monthOf(date: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])/.test(date) ? date.slice(0, 7) : '';
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Leaks per month from the first to the last month seen, empty months included (a gap is
 * information: when did it stop?). Values that are not dates are not counted.
 */
export function monthHistogram(dates: Iterable<string>): MonthCount[] {
  const counts = new Map<string, number>();
  for (const date of dates) {
    const month = monthOf(date);
    if (month) counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const months = [...counts.keys()].sort();
  const last = months[months.length - 1] as string;
  const histogram: MonthCount[] = [];
  for (let month = months[0] as string; month <= last; month = nextMonth(month)) {
    histogram.push({ month, count: counts.get(month) ?? 0 });
    if (histogram.length > 1200) break; // a hundred years: anything longer is bad data
  }
  return histogram;
}

/** The `n` most frequent non-empty values, most frequent first, ties alphabetical. */
export function topValues(values: Iterable<string>, n: number): ValueCount[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, Math.max(0, n))
    .map(([value, count]) => ({ value, count }));
}
