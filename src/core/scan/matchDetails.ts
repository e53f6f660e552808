// The details of a match, read back from the sources when a match is made: what its records
// have in common (for the message and the hover) and whose accounts they are (for a
// password). Nothing of this is kept in the index; a match with very many records reads
// only the first DETAIL_LIMIT of them for these figures (its count stays exact).
import { plainText } from '../text/plainText';
import { echoesOf, maskEchoes } from '../results/secretEchoes';
import { parseUrl } from './normalize';
import type { LeakSummary, RecordRef } from './matchTypes';
import type { LeakSource } from './sourceSegment';
import { emptyFacts, factsOf, plainFactsWithoutUser } from './sourceSegment';

export const DETAIL_LIMIT = 5000;

export interface RecordDetails {
  readonly owner: string;
  readonly date: string;
  readonly browser: string;
  readonly country: string;
  readonly status: string;
  readonly site: string;
}

const scratch = emptyFacts();

/** The longest fact of a record (a browser's name, a country) a message or hover shows. */
const FACT_MAX = 200;

/**
 * Text plainText leaves as it is: printable ASCII without a blank, a bracket or `$`, and short
 * (a date as the results keep it, most hosts).
 */
const PLAIN_AS_IS = new RegExp(`^[\\w:.+@-]{0,${FACT_MAX}}$`);

/**
 * What the records of one summary share, worked out once per distinct value: most of a
 * match's records name the same few browsers, countries, statuses and sites.
 */
class DetailMemo {
  readonly #sites = new Map<string, string>();
  readonly #plain = new Map<string, string>();
  readonly #lower = new Map<string, string>();

  /** `text` lower-cased (maskEchoes reads it so), for the few distinct values of a field. */
  lower(text: string): string {
    let lower = this.#lower.get(text);
    if (lower === undefined) {
      lower = text.toLowerCase();
      this.#lower.set(text, lower);
    }
    return lower;
  }

  /** The host of a record's URL ('' when none can be read). */
  site(url: string): string {
    let host = this.#sites.get(url);
    if (host === undefined) {
      host = (parseUrl(url) ?? parseUrl(`https://${url}`))?.host ?? '';
      this.#sites.set(url, host);
    }
    return host;
  }

  /** `plain` of a text that differs from record to record (a date): kept only when plainText changes it. */
  plainOnce(text: string): string {
    return PLAIN_AS_IS.test(text) ? text : this.plain(text);
  }

  /** `plainText(text, FACT_MAX)`. */
  plain(text: string): string {
    let plain = this.#plain.get(text);
    if (plain === undefined) {
      plain = plainText(text, FACT_MAX);
      this.#plain.set(text, plain);
    }
    return plain;
  }
}

/** One record's facts, and its owner unless `withOwner` is false (then ''). */
function recordDetails(source: LeakSource, i: number, withOwner: boolean, memo: DetailMemo): RecordDetails {
  const field = source.field;
  // Without its owner, a record of the three account fields needs neither its username read
  // nor its identifiers worked out: its password (to mask) and URL are read as they are.
  const f = field !== undefined && !withOwner ? plainFactsWithoutUser(field('password', i), field('url', i), scratch) : factsOf(source, i, scratch);
  const url = f.urls[0];
  const site = url === undefined ? '' : memo.site(url);
  // Server text, shown in messages and hovers: plain and bounded, and the record's password
  // masked wherever else it stands (see secretEchoes.ts).
  const echoes = echoesOf(f.passwords);
  const shown = (text: string): string => memo.plain(maskEchoes(text, echoes));
  // A browser, country, status or site is one of a few values, lower-cased once for them all.
  const shownValue = (text: string): string => (echoes.length === 0 ? memo.plain(text) : memo.plain(maskEchoes(text, echoes, memo.lower(text))));
  const owner = withOwner ? shown(f.owner) : '';
  if (field !== undefined) {
    return { owner, date: memo.plainOnce(maskEchoes(field('date', i), echoes)), browser: shownValue(field('browser', i)), country: shownValue(field('country', i)), status: shownValue(field('status', i)), site: shownValue(site) };
  }
  return { owner, date: shown(f.date), browser: shown(f.browser), country: shown(f.country), status: shown(f.status), site: shown(site) };
}

function ranked(values: Map<string, number>): string[] {
  return [...values.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v);
}

function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : date;
}

/** The summary and the distinct owners of a match's records (none looked for when `withOwners` is false: only a password's match names them). */
export function summarize(refs: readonly RecordRef[], sourceOf: (id: number) => LeakSource | undefined, withOwners = true): { summary: LeakSummary; owners: string[] } {
  const browsers = new Map<string, number>();
  const countries = new Map<string, number>();
  const sites = new Map<string, number>();
  const statuses = new Map<string, number>();
  const domains = new Map<string, number>();
  const owners = new Set<string>();
  const bump = (m: Map<string, number>, v: string): void => {
    if (v !== '') m.set(v, (m.get(v) ?? 0) + 1);
  };
  let latest = '';
  let hidden = 0;
  let read = 0;
  const memo = new DetailMemo();
  for (const ref of refs) {
    if (read++ >= DETAIL_LIMIT) break;
    const source = sourceOf(ref.source);
    if (source === undefined) continue;
    const d = recordDetails(source, ref.record, withOwners, memo);
    bump(browsers, d.browser);
    bump(countries, d.country);
    bump(sites, d.site);
    bump(statuses, d.status);
    bump(domains, source.domain);
    if (d.owner !== '') owners.add(d.owner);
    const date = shortDate(d.date);
    if (date > latest) latest = date;
    if (d.status.toLowerCase() === 'hide') hidden++;
  }
  const count = refs.length;
  return {
    summary: {
      count,
      hiddenCount: read > DETAIL_LIMIT ? Math.round((hidden * count) / DETAIL_LIMIT) : hidden,
      ...(latest === '' ? {} : { latestDate: latest }),
      browsers: ranked(browsers),
      countries: ranked(countries),
      sites: ranked(sites),
      statuses: ranked(statuses),
      domains: ranked(domains),
    },
    owners: [...owners],
  };
}
