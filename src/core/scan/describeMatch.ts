// The one-line message of a match, as a diagnostic shows it. Never holds a password: a
// password match names only the account(s) it leaked for.
import type { LeakMatch, LeakSummary } from './leakIndex';

function list(values: readonly string[], max: number): string {
  if (values.length <= max) return values.join(', ');
  return `${values.slice(0, max).join(', ')} +${values.length - max} more`;
}

/** "latest 2024-09-20, Google Chrome, US" (only the parts the records have). */
export function describeSummary(summary: LeakSummary): string {
  const parts: string[] = [];
  if (summary.latestDate !== undefined) parts.push(`latest ${summary.latestDate}`);
  if (summary.browsers.length > 0) parts.push(list(summary.browsers, 2));
  if (summary.countries.length > 0) parts.push(list(summary.countries, 3));
  if (summary.hiddenCount > 0) {
    parts.push(summary.hiddenCount === summary.count ? 'all marked hidden by the service' : `${summary.hiddenCount} marked hidden by the service`);
  }
  return parts.join(', ');
}

function records(n: number): string {
  return n === 1 ? '1 leaked record' : `${n} leaked records`;
}

/**
 * The diagnostic message of a match, e.g.
 * "alice@example.com appears in 3 leaked records (latest 2024-09-20, Google Chrome, US)" or
 * "A password leaked for alice@example.com appears here — rotate it". A password names an
 * account only when the match does (see `LeakMatch.owners`); a common one names nobody.
 */
export function describeMatch(match: LeakMatch): string {
  const details = describeSummary(match.summary);
  const tail = details === '' ? '' : ` (${details})`;
  switch (match.kind) {
    case 'password': {
      if (match.common) return `A common password, found in ${records(match.summary.count)}, appears here`;
      const owner = match.owners[0];
      if (owner === undefined) return `A password from ${records(match.summary.count)} appears here — rotate it`;
      return `A password leaked for ${owner} appears here — rotate it`;
    }
    case 'host':
      return `${match.identifier} is the host of leaked URLs in ${records(match.summary.count)}${tail}`;
    default:
      return `${match.identifier} appears in ${records(match.summary.count)}${tail}`;
  }
}
