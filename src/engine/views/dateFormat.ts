// Dates as the tree and the results panel show them: in the user's locale, in UTC like the
// service's dates, with each day's text kept once for the many records of one day.
import type { DateFormat } from './resultView';

/** Dates and days in the user's locale (UTC, like the service's dates). */
export function dateFormat(locale: string): DateFormat {
  let dateTime: Intl.DateTimeFormat;
  let day: Intl.DateTimeFormat;
  try {
    dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  } catch {
    dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  }
  const days = new Map<number, string>();
  return {
    dateTime: (ms) => dateTime.format(ms),
    day: (d) => {
      let text = days.get(d);
      if (text === undefined) {
        text = day.format(d * 86_400_000);
        if (days.size < 100_000) days.set(d, text);
      }
      return text;
    },
  };
}
