// The one-line message of a match, as a diagnostic shows it. Never holds a password: a
// password match names only the account(s) it leaked for.
import * as l10n from '@vscode/l10n';
import { plainText } from '../text/plainText';
import type { LeakMatch } from './leakIndex';
import type { LeakSummary } from './matchTypes';

function list(values: readonly string[], max: number): string {
  if (values.length <= max) return values.join(', ');
  return l10n.t('{0} +{1} more', values.slice(0, max).join(', '), values.length - max);
}

/** Each summary's words, made once: the index keeps one summary per identifier, met again in many files. */
const described = new WeakMap<LeakSummary, string>();

/** "latest 2024-09-20, Google Chrome, US" (only the parts the records have). */
export function describeSummary(summary: LeakSummary): string {
  let words = described.get(summary);
  if (words === undefined) {
    words = summaryWords(summary);
    described.set(summary, words);
  }
  return words;
}

function summaryWords(summary: LeakSummary): string {
  const parts: string[] = [];
  if (summary.latestDate !== undefined) parts.push(l10n.t('latest {0}', summary.latestDate));
  if (summary.browsers.length > 0) parts.push(list(summary.browsers, 2));
  if (summary.countries.length > 0) parts.push(list(summary.countries, 3));
  if (summary.hiddenCount > 0) {
    parts.push(summary.hiddenCount === summary.count ? l10n.t('all marked hidden by the service') : l10n.t('{0} marked hidden by the service', summary.hiddenCount));
  }
  return parts.join(', ');
}

function records(n: number): string {
  return n === 1 ? l10n.t('1 leaked record') : l10n.t('{0} leaked records', n);
}

/** Each summary's messages by what else they say (kind, common, the account named, the identifier). */
const messages = new WeakMap<LeakSummary, Map<string, string>>();
/** Messages kept per summary at most: a password's owner named nearby varies from file to file. */
const MESSAGES_PER_SUMMARY = 64;

/**
 * The diagnostic message of a match, e.g.
 * "alice@example.com appears in 3 leaked records (latest 2024-09-20, Google Chrome, US)" or
 * "A password leaked for alice@example.com appears here — rotate it". A password names an
 * account only when the match does (see `LeakMatch.owners`); a common one names nobody.
 */
export function describeMatch(match: LeakMatch): string {
  // Made once per summary and what else the message says: a scan finds one identifier (a host
  // named in every file of a tree) in thousands of places.
  let bySummary = messages.get(match.summary);
  if (bySummary === undefined) {
    bySummary = new Map();
    messages.set(match.summary, bySummary);
  }
  // The account's length first: an account or identifier from the service may hold a newline.
  const owner = match.owners[0] ?? '';
  const key = `${match.kind}\n${match.common ? 1 : 0}\n${owner.length}\n${owner}${match.identifier}`;
  let text = bySummary.get(key);
  if (text === undefined) {
    // The identifier comes from a file and the facts from the service: one plain line, bounded.
    text = plainText(message(match), MESSAGE_MAX);
    if (bySummary.size < MESSAGES_PER_SUMMARY) bySummary.set(key, text);
  }
  return text;
}

/** The longest diagnostic message (the Problems panel shows one line). */
const MESSAGE_MAX = 500;

function message(match: LeakMatch): string {
  const details = describeSummary(match.summary);
  const tail = details === '' ? '' : ` (${details})`;
  switch (match.kind) {
    case 'password': {
      if (match.common) return l10n.t('A common password, found in {0}, appears here', records(match.summary.count));
      const owner = match.owners[0];
      if (owner === undefined) return l10n.t('A password from {0} appears here — rotate it', records(match.summary.count));
      return l10n.t('A password leaked for {0} appears here — rotate it', owner);
    }
    case 'host':
      return l10n.t('{0} is the host of leaked URLs in {1}{2}', match.identifier, records(match.summary.count), tail);
    default:
      return l10n.t('{0} appears in {1}{2}', match.identifier, records(match.summary.count), tail);
  }
}
