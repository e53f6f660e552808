// Dates as the tree and the results panel show them: in the user's locale, in UTC like the
// service's dates, with each day's text kept once for the many records of one day.
import type { DateFormat } from './resultView';

/**
 * Dates and days in the user's locale (UTC, like the service's dates). The formats are made
 * at the first date shown: making one loads the locale's data, which a command line run that
 * shows no date (a scan) would pay for at every start.
 */
export function dateFormat(locale: string): DateFormat {
  let formats: { readonly dateTime: Intl.DateTimeFormat; readonly day: Intl.DateTimeFormat } | undefined;
  const made = (): { readonly dateTime: Intl.DateTimeFormat; readonly day: Intl.DateTimeFormat } => (formats ??= formatsOf(locale));
  const days = new Map<number, string>();
  return {
    dateTime: (ms) => made().dateTime.format(ms),
    day: (d) => {
      let text = days.get(d);
      if (text === undefined) {
        text = made().day.format(d * 86_400_000);
        if (days.size < 100_000) days.set(d, text);
      }
      return text;
    },
  };
}

function formatsOf(locale: string): { readonly dateTime: Intl.DateTimeFormat; readonly day: Intl.DateTimeFormat } {
  try {
    return {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    };
  } catch {
    return {
      dateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
    };
  }
}
