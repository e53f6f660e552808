// Record fields in plain words for the tree and hovers: the service's `status` (`show` or
// `hide`, whose meaning the service interface does not document, so none is invented; the
// record shape is in src/core/service/types.ts) said as "marked visible"/"marked hidden" with the raw
// value kept for the tooltip, and dates in the user's locale instead of raw ISO timestamps. Pure; unit-tested in test/unit/core/results/recordText.test.ts.
import * as l10n from '@vscode/l10n';

export interface StatusWords {
  /** Short words for a description; '' for the ordinary `show`, which needs no mention. */
  readonly short: string;
  /** For a tooltip: the words and the raw value. */
  readonly long: string;
}

export function statusWords(raw: string): StatusWords {
  const value = raw.trim();
  if (value === '') return { short: '', long: '' };
  if (value.toLowerCase() === 'show') return { short: '', long: l10n.t('marked visible by the service (status “{0}”; the service does not document what it means)', value) };
  if (value.toLowerCase() === 'hide') return { short: l10n.t('marked hidden'), long: l10n.t('marked hidden by the service (status “{0}”; the service does not document what it means)', value) };
  return { short: l10n.t('status “{0}”', value), long: l10n.t('status “{0}” (the service does not document what it means)', value) };
}

/** Whether an ISO-like date string can be read as a date. */
function parse(iso: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The day of a record in the user's locale ("20 Sep 2024", "Sep 20, 2024"), in UTC as the service gives it; the raw text when unreadable. */
export function formatRecordDay(iso: string, locale: string | undefined): string {
  const d = parse(iso);
  if (!d) return iso;
  try {
    return d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  } catch {
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  }
}

/** Day and time of a record in the user's locale, with "UTC" (no milliseconds); the raw text when unreadable. */
export function formatRecordDateTime(iso: string, locale: string | undefined): string {
  const d = parse(iso);
  if (!d) return iso;
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' };
  try {
    return `${d.toLocaleString(locale, options)} UTC`;
  } catch {
    return `${d.toLocaleString('en-US', options)} UTC`;
  }
}
