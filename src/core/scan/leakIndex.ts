// The leak index: every identifier of the leak results that matter to the workspace, ready
// to be matched against a text, compact enough for results of a million records (npm run
// bench reports index.bytes_per_record). One segment per result
// (sourceSegment.ts) holds fingerprint tables, no strings; `add`/`remove` change one result
// and recompute only the small prefilters. Matching runs the one-pass scanner (scanner.ts)
// into a sink that tests candidates (matchSink.ts), then reads the details of the hits back
// from the sources (matchDetails.ts).
import { randomBytes } from 'node:crypto';
import type { AccountRecord, FindingsType, OpenRecord } from '../service/types';
import { lengthFilter } from './charClass';
import { credentialForms } from './credentialForms';
import type { LengthFilter } from './charClass';
import { Fingerprinter } from './fingerprint';
import { summarize } from './matchDetails';
import { isGenericName } from './genericNames';
import type { Hit, Tables, Wanted } from './matchSink';
import { MatchSink } from './matchSink';
import type { LeakSummary, MatchKind, RecordRef } from './matchTypes';
import { PASSWORD, USER, scan } from './scanner';
import type { ScanPrefilter } from './scanner';
import { SKETCH_SLOTS, Sketch, TWO_PROBES_BELOW_FILL } from './sketch';
import type { LeakSource, SourceSegment } from './sourceSegment';
import { COMMON_PASSWORDS, EMAILS, HOSTS, PASSWORDS, SHORT_PASSWORDS, TABLES, URLS, USERNAMES, USER_ONLY, SegmentBuilder, buildSegment } from './sourceSegment';
import type { ScanText } from './scanText';

export type { LeakSource } from './sourceSegment';

/** The length of a fingerprint key (fingerprint.ts reads 16 bytes of SipHash key and two 4-byte seeds). */
export const FINGERPRINT_KEY_BYTES = 24;

/** How serious a match is by default: a leaked password is an error, a common one only a hint, a bare host information. */
export type SeverityHint = 'error' | 'warning' | 'information' | 'hint';

export interface LeakMatch {
  /** UTF-16 offsets into the matched text. */
  readonly start: number;
  readonly end: number;
  readonly kind: MatchKind;
  /**
   * The normalised identifier: e-mail, username, URL key (`scheme://host[:port]path`), host;
   * for a password, the account it is named for ('' when none is: see `owners`).
   */
  readonly identifier: string;
  readonly severity: SeverityHint;
  readonly refs: readonly RecordRef[];
  readonly summary: LeakSummary;
  /** Every record behind the match has status `hide`. */
  readonly hidden: boolean;
  /**
   * For a password: the account the message names — the one account whose records hold
   * it, or the one of its accounts the text around it names; otherwise empty.
   */
  readonly owners: readonly string[];
  /** A password on the common-password list (commonPasswords.ts): a hint that names nobody. */
  readonly common: boolean;
  /**
   * A user name too generic to be anyone's on its own (`admin`, `root`, `test`, a fixture
   * account, a short name) with nothing nearby that ties it to the leaked records' sites: at
   * most a hint (see genericNames.ts).
   */
  readonly weak: boolean;
}

/** Which rules `LeakIndex.match` runs; all by default. */
export interface MatchOptions {
  readonly emails?: boolean;
  readonly urls?: boolean;
  /** Bare hosts (`vpn.example.com`) equal to a leaked URL's host: weak matches. */
  readonly hosts?: boolean;
  readonly usernames?: boolean;
  readonly passwords?: boolean;
}

export interface LeakIndexStats {
  readonly records: number;
  readonly emails: number;
  readonly usernames: number;
  readonly urls: number;
  readonly hosts: number;
  readonly passwords: number;
  /** URLs of records that could not be parsed (not indexed). */
  readonly unparsedUrls: number;
  /** Bytes held by the segments. */
  readonly bytes: number;
}

const SEVERITY: Readonly<Record<MatchKind, SeverityHint>> = {
  email: 'warning',
  username: 'warning',
  url: 'warning',
  host: 'information',
  password: 'error',
};

/** Records of a fingerprint the index keeps between matches (leakIndex.ts #make). */
const CACHED_REFS = 64;
/** Records kept in longer lists, all together, until the next add or remove. */
const CACHED_LONG_REFS = 250_000;

/** How far (UTF-16 units) around a password the text may name one of its accounts. */
const NAMING_DISTANCE = 400;

/** What #make keeps per fingerprint between matches. */
interface Details {
  readonly summary: LeakSummary;
  /** The records' distinct owners (none looked for unless the fingerprint's hits are uncommon passwords'). */
  readonly owners: string[];
  /** The records, when there are at most CACHED_REFS of them or the budget for longer lists allowed. */
  readonly refs: readonly RecordRef[] | undefined;
  /** For a generic user name, the hosts whose mention nearby ties it to its records (`tiedNearby`); else undefined. */
  readonly tieHosts: readonly string[] | undefined;
}

interface Held {
  readonly source: LeakSource;
  readonly segment: SourceSegment;
}

export class LeakIndex implements Tables {
  readonly #fp: Fingerprinter;
  readonly #held = new Map<number, Held>();
  /** The segments of `#held`, as an array for the hot lookup. */
  #segments: SourceSegment[] = [];
  emailSketch = new Sketch(true);
  usernameSketch = new Sketch(true);
  hostSketch = new Sketch(true);
  passwordSketch = new Sketch(false);
  emailLengths: LengthFilter = new Uint8Array(0);
  usernameLengths: LengthFilter = new Uint8Array(0);
  plainUsernameLengths: LengthFilter = new Uint8Array(0);
  hostLengths: LengthFilter = new Uint8Array(0);
  passwordLengths: LengthFilter = new Uint8Array(0);
  /** Entries per table over all segments. */
  #sizes = new Array<number>(TABLES).fill(0);
  readonly #summaries = new Map<string, Details>();
  /** Records held by the longer lists in #summaries (at most CACHED_LONG_REFS). */
  #longRefs = 0;
  /** The scanner's prefilter per combination of wanted kinds, until the next add or remove. */
  readonly #settings = new Map<string, ScanSettings>();

  readonly #key: Uint8Array;

  /**
   * `key`: the fingerprints' key, 24 random bytes by default (tests pass their own, and an
   * index reading segments kept beside their records the key they were made with).
   */
  constructor(key?: Uint8Array) {
    this.#key = key ?? new Uint8Array(randomBytes(FINGERPRINT_KEY_BYTES));
    if (this.#key.length !== FINGERPRINT_KEY_BYTES) throw new RangeError(`A fingerprint key has ${FINGERPRINT_KEY_BYTES} bytes.`);
    this.#fp = new Fingerprinter(this.#key);
  }

  /**
   * The fingerprints' key, to keep with segments stored beside their records (sealed with
   * them: it tells whoever holds it which identifiers a segment holds, as the records do).
   */
  get fingerprintKey(): Uint8Array {
    return this.#key.slice();
  }

  /** The segment built for a result, when it is indexed here. */
  segmentOf(id: number): SourceSegment | undefined {
    return this.#held.get(id)?.segment;
  }

  /** A segment built for `source` with this index's key, to keep or to `add` later. */
  build(source: LeakSource): SourceSegment {
    const segment = buildSegment(source, this.#fp);
    this.#built.add(segment);
    return segment;
  }

  /**
   * A segment read back from where it was kept with its records (segmentBytes.ts), made with
   * this index's key (the caller made the index with the key kept beside it): `add` takes it as built.
   */
  adopt(segment: SourceSegment): SourceSegment {
    this.#built.add(segment);
    return segment;
  }

  /** Segments built by this index's builders (with its key), which `add` may take as they are. */
  readonly #built = new WeakSet<SourceSegment>();

  /** Builds a segment record by record, ahead of `add` (while a result's records arrive). */
  segmentBuilder(): Pick<SegmentBuilder, 'add' | 'addPlain' | 'finish'> {
    const builder = new SegmentBuilder(this.#fp);
    return {
      add: (i, facts) => builder.add(i, facts),
      addPlain: (i, username, password, url, codes) => builder.addPlain(i, username, password, url, codes),
      finish: (records) => {
        const segment = builder.finish(records);
        this.#built.add(segment);
        return segment;
      },
    };
  }

  /**
   * Indexes (or re-indexes) one result under `id`, with its segment when one was built from
   * exactly these records (`segmentBuilder`). Returns how many of its URLs could not be parsed.
   */
  add(id: number, source: LeakSource, built?: SourceSegment): number {
    const segment = built !== undefined && this.#built.has(built) && built.records === source.length ? built : buildSegment(source, this.#fp);
    this.#held.set(id, { source, segment });
    this.#recompute();
    return segment.unparsedUrls;
  }

  /** Forgets one result; false when it was not indexed. */
  remove(id: number): boolean {
    if (!this.#held.delete(id)) return false;
    this.#recompute();
    return true;
  }

  /** The ids indexed now. */
  get ids(): number[] {
    return [...this.#held.keys()];
  }

  #recompute(): void {
    this.#summaries.clear();
    this.#longRefs = 0;
    this.#settings.clear();
    this.emailSketch = new Sketch(true);
    this.usernameSketch = new Sketch(true);
    this.hostSketch = new Sketch(true);
    const emails = new Set<number>();
    const usernames = new Set<number>();
    const plainUsernames = new Set<number>();
    const hosts = new Set<number>();
    const passwords = new Set<number>();
    this.#sizes = new Array<number>(TABLES).fill(0);
    this.#segments = [...this.#held.values()].map((h) => h.segment);
    // Passwords: two probes while few enough (sketch.ts TWO_PROBES_BELOW_FILL; the segments'
    // first slots summed, at least the bits they set together).
    const firstSlots = this.#segments.reduce((sum, segment) => sum + segment.passwordSlots.length, 0);
    this.passwordSketch = new Sketch(false, firstSlots < TWO_PROBES_BELOW_FILL * SKETCH_SLOTS ? 'both' : 'first');
    for (const segment of this.#segments) {
      for (const slot of segment.emailSlots) this.emailSketch.addSlot(slot);
      for (const slot of segment.usernameSlots) this.usernameSketch.addSlot(slot);
      for (const slot of segment.hostSlots) this.hostSketch.addSlot(slot);
      for (const slot of segment.passwordSlots) this.passwordSketch.addSlot(slot);
      if (this.passwordSketch.probes === 'both') for (const slot of segment.passwordSlots2) this.passwordSketch.addSlot(slot);
      for (const n of segment.lengths[EMAILS]) emails.add(n);
      for (const t of [USERNAMES, USER_ONLY]) for (const n of segment.lengths[t]) usernames.add(n);
      for (const n of segment.lengths[USERNAMES]) plainUsernames.add(n);
      for (const n of segment.lengths[HOSTS]) hosts.add(n);
      for (const t of [PASSWORDS, SHORT_PASSWORDS, COMMON_PASSWORDS]) for (const n of segment.lengths[t]) passwords.add(n);
      segment.tables.forEach((table, t) => (this.#sizes[t] += table.size));
    }
    // Usernames of fewer than 2 characters: the sketch cannot tell them apart, lengths can.
    this.emailLengths = lengthFilter(emails);
    this.usernameLengths = lengthFilter(usernames);
    this.plainUsernameLengths = lengthFilter(plainUsernames);
    this.hostLengths = lengthFilter(hosts);
    this.passwordLengths = lengthFilter(passwords);
  }

  has(table: number, hi: number, lo: number): boolean {
    if (this.#sizes[table] === 0) return false;
    const segments = this.#segments;
    for (let i = 0; i < segments.length; i++) if (segments[i].tables[table].find(hi, lo) >= 0) return true;
    return false;
  }

  get stats(): LeakIndexStats {
    let records = 0;
    let unparsedUrls = 0;
    let bytes = 0;
    for (const { segment } of this.#held.values()) {
      records += segment.records;
      unparsedUrls += segment.unparsedUrls;
      bytes += segment.bytes;
    }
    const s = this.#sizes;
    return {
      records,
      emails: s[EMAILS],
      usernames: s[USERNAMES] + s[USER_ONLY],
      urls: s[URLS],
      hosts: s[HOSTS],
      passwords: s[PASSWORDS] + s[SHORT_PASSWORDS] + s[COMMON_PASSWORDS],
      unparsedUrls,
      bytes,
    };
  }

  /** Whether the index has anything to find. */
  get isEmpty(): boolean {
    return this.#sizes.every((n) => n === 0);
  }

  /** Every leaked identifier in `text`, sorted by start then end. Matches may overlap (an e-mail inside a URL). */
  match(text: ScanText, options: MatchOptions = {}): LeakMatch[] {
    return this.matchWith(scan, text, options);
  }

  /** `match` with another scanner of the same grammar (the tests' oracle). */
  matchWith(scanner: typeof scan, text: ScanText, options: MatchOptions = {}): LeakMatch[] {
    if (this.isEmpty) return [];
    const s = this.#sizes;
    const want = {
      emails: options.emails !== false && s[EMAILS] > 0,
      urls: options.urls !== false && s[HOSTS] > 0,
      hosts: options.hosts !== false && s[HOSTS] > 0,
      usernames: options.usernames !== false && s[USERNAMES] + s[USER_ONLY] > 0,
      passwords: options.passwords !== false && s[PASSWORDS] + s[SHORT_PASSWORDS] + s[COMMON_PASSWORDS] > 0,
    };
    const sink = new MatchSink(text, this, this.#fp, want);
    const { prefilter, tokens, values } = this.#scanSettings(want);
    const forms = want.passwords || want.usernames || want.emails;
    scanner(text, sink, { emails: want.emails, urls: want.urls || want.hosts, tokens, values, prefilter, forms });
    if (forms) credentialForms(text, (position, s, e, value) => sink.decoded(s, e, value, position === 'user' ? USER : PASSWORD), sink.formMarks());
    const hits = sink.hits.sort((a, b) => a.start - b.start || a.end - b.end || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
    const unique = hits.filter((h, i) => i === 0 || h.start !== hits[i - 1].start || h.end !== hits[i - 1].end || h.kind !== hits[i - 1].kind);
    const mentions = new SiteMentions(text);
    return unique.map((h, i) => this.#make(h, unique, i, mentions));
  }

  /**
   * The scanner's settings for `want`: the lengths of tokens and values worth looking up, and
   * matchSink.ts's first tests to run inside its loop. Made once per `want` while the index
   * stays the same: a workspace scan asks for each of thousands of files.
   */
  #scanSettings(want: Wanted): ScanSettings {
    const key = `${+want.emails}${+want.usernames}${+want.hosts}${+want.passwords}${+want.urls}`;
    let settings = this.#settings.get(key);
    if (settings === undefined) {
      const prefilter: ScanPrefilter = {
        emails: want.emails ? { lengths: this.emailLengths, bits: this.emailSketch.bits } : undefined,
        usernames: want.usernames ? { lengths: this.usernameLengths, bits: this.usernameSketch.bits } : undefined,
        hosts: want.hosts || want.urls ? { lengths: this.hostLengths, bits: this.hostSketch.bits } : undefined,
        passwords: want.passwords ? { lengths: this.passwordLengths, bits: this.passwordSketch.bits, twoProbes: this.passwordSketch.probes === 'both' } : undefined,
        hostTokens: want.hosts,
        urls: want.urls,
      };
      settings = {
        prefilter,
        // A token is looked up among the usernames matched anywhere alone (matchSink.ts): the
        // others, short or generic, only where a user is named, as values.
        tokens: want.usernames || want.hosts ? union(want.usernames ? this.plainUsernameLengths : undefined, want.hosts ? this.hostLengths : undefined) : false,
        values: want.passwords || want.usernames ? union(want.passwords ? this.passwordLengths : undefined, want.usernames ? this.usernameLengths : undefined) : false,
      };
      this.#settings.set(key, settings);
    }
    return settings;
  }

  #refs(hit: Hit): RecordRef[] {
    const refs: RecordRef[] = [];
    const { hi, lo } = hit;
    for (const [id, held] of this.#held) {
      for (let t = 0, tables = hit.tables; tables !== 0; t++, tables >>>= 1) {
        if ((tables & 1) === 0) continue;
        const records = held.segment.tables[t].recordsOf(hi, lo);
        let last = -1;
        for (let k = 0; k < records.length; k++) {
          const record = records[k];
          if (record !== last) refs.push({ source: id, record });
          last = record;
        }
      }
    }
    return refs;
  }

  #make(hit: Hit, all: readonly Hit[], at: number, mentions: SiteMentions): LeakMatch {
    // A fingerprint's records, summary and owners change only with add and remove, which clear
    // this cache: a file matched again and an identifier met again reuse them. Short lists of
    // records are always kept; longer ones within a budget for them all (a host named in every
    // file of a tree may stand for thousands of records, which would be read again for each
    // mention), so the cache holds a bounded number of records.
    const cacheKey = `${hit.tables}:${hit.hi}:${hit.lo}`;
    let details = this.#summaries.get(cacheKey);
    let refs = details?.refs;
    if (refs === undefined) refs = this.#refs(hit);
    // Only an uncommon password's message names the accounts (owners): another match's summary
    // spares reading and normalising each record's username, the dearest part of it. A
    // password's hit is of the password tables alone (matchSink.ts), so the cache key tells a
    // summary with owners from one without.
    const common = hit.kind === 'password' && hit.tables === 1 << COMMON_PASSWORDS;
    const withOwners = hit.kind === 'password' && !common;
    if (details === undefined) {
      const summarized = summarize(refs, (id) => this.#held.get(id)?.source, withOwners);
      const weakName = hit.kind === 'username' && ((hit.tables & (1 << USERNAMES)) === 0 || isGenericName(hit.identifier));
      let keep = refs.length <= CACHED_REFS;
      if (!keep && this.#longRefs + refs.length <= CACHED_LONG_REFS) {
        this.#longRefs += refs.length;
        keep = true;
      }
      details = { ...summarized, refs: keep ? Object.freeze(refs) : undefined, tieHosts: weakName ? tieHosts(summarized.summary) : undefined };
      this.#summaries.set(cacheKey, details);
    }
    const { summary } = details;
    const owners = withOwners ? named(hit, details.owners, all, at) : [];
    // A generic user name is a finding only when the text near it names a site of its records
    // or holds a leaked password: `admin` leaked on some other site is no leak of this file's.
    const weak = details.tieHosts !== undefined && !tiedNearby(mentions, hit, details.tieHosts, all, at);
    return {
      start: hit.start,
      end: hit.end,
      kind: hit.kind,
      identifier: hit.kind === 'password' ? (owners[0] ?? '') : hit.identifier,
      severity: common || weak ? 'hint' : SEVERITY[hit.kind],
      refs,
      summary,
      hidden: summary.hiddenCount === summary.count,
      owners,
      common,
      weak,
    };
  }
}

/** How far around a generic user name the text is read for what ties it to its records. */
const TIE_DISTANCE = 1000;
/** Sites of a match's records read for a tie, at most. */
const TIE_SITES = 32;

/**
 * Where site hosts occur in a text, for the generic names found in it. A host is first looked
 * for only around the names asked about (TIE_DISTANCE each side): most texts name few of the
 * sites, and a large text with one generic name must not be read once per site. Once the
 * searches around names have read as many units as the text holds, the host's occurrences
 * in the whole text are listed (a sorted list of positions, searched by halving): any number
 * of generic names in one text are tied in linear time, at most two readings per host. The
 * text is searched as it is, with a case-blind pattern: lower-casing a whole text that holds
 * any non-ASCII character goes character by character, dearer than every search together, and
 * could shift positions (`İ` lowers to two units).
 */
class SiteMentions {
  readonly #at = new Map<string, number[]>();
  /** A host not listed yet: its pattern, and how many units the searches around names have read. */
  readonly #around = new Map<string, { readonly pattern: RegExp; read: number }>();
  #whole: string | undefined;

  constructor(private readonly text: ScanText) {}

  /** Whether `host` (lower case) occurs as a whole host name (not inside a longer label) starting in [from, to). */
  within(host: string, from: number, to: number): boolean {
    let listed = this.#at.get(host);
    if (listed === undefined) {
      // Searched with a pattern: a units view makes its string, once (only for a generic name's tie).
      const text = (this.#whole ??= this.text.toString());
      let around = this.#around.get(host);
      if (around === undefined) {
        around = { pattern: new RegExp(host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), read: 0 };
        this.#around.set(host, around);
      }
      const end = Math.min(text.length, to - 1 + host.length);
      if (around.read + (end - from) <= text.length) {
        around.read += end - from;
        return occurrences(text, around.pattern, host.length, from, end, true).length > 0;
      }
      listed = occurrences(text, around.pattern, host.length, 0, text.length, false);
      this.#at.set(host, listed);
      this.#around.delete(host);
    }
    return firstFrom(listed, from) < to;
  }
}

/** The first of the ascending `list` at or after `from` (by halving), or Infinity. */
function firstFrom(list: readonly number[], from: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo]! : Infinity;
}

/**
 * Where `pattern` (a host's case-blind search, of `length` units) occurs within `text[start, end)`
 * as a whole host name: no letter, digit or `-` just before or after it. Only the first when `first`.
 */
function occurrences(text: string, pattern: RegExp, length: number, start: number, end: number, first: boolean): number[] {
  // A part of a long string is a view of it, not a copy; searching it stops at its end.
  const part = start === 0 && end === text.length ? text : text.slice(start, end);
  const found: number[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(part); m !== null; m = pattern.exec(part)) {
    const i = start + m.index;
    if (!isHostChar(lowerAscii(text.charCodeAt(i - 1))) && !isHostChar(lowerAscii(text.charCodeAt(i + length)))) {
      found.push(i);
      if (first) break;
    }
    pattern.lastIndex = m.index + 1;
  }
  return found;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** A letter, digit or `-`: a character inside a host label (a `.` may sit before a subdomain's host). */
function isHostChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;
}

/** The sites of a generic name's records whose mention near it ties it to them (lower case). */
function tieHosts(summary: LeakSummary): string[] {
  return summary.sites.slice(0, TIE_SITES).map((site) => site.toLowerCase()).filter((host) => tellingSite(host, summary.domains));
}

/** Whether a site host says where a name was stolen: a dotted name, not an address or `localhost`. */
function tellingSite(host: string, searched: readonly string[]): boolean {
  return host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':') && !host.startsWith('[') && !searched.includes(host);
}

/**
 * Whether the text around a hit names a site of its records (the host the name was stolen
 * from, as a whole host name), or holds a leaked password (not a common one) nearby: then a
 * generic user name there is likely the leaked one. The searched domain ties nothing (every
 * record of a result shares it), nor do addresses and `localhost` (every router has one).
 */
function tiedNearby(mentions: SiteMentions, hit: Hit, hosts: readonly string[], all: readonly Hit[], at: number): boolean {
  const from = Math.max(0, hit.start - TIE_DISTANCE);
  const to = hit.end + TIE_DISTANCE;
  for (const host of hosts) if (mentions.within(host, from, to)) return true;
  let k = at;
  while (k > 0 && all[k - 1].start >= hit.start - TIE_DISTANCE) k--;
  for (; k < all.length && all[k].start <= hit.end + TIE_DISTANCE; k++) {
    const h = all[k];
    if (h.kind === 'password' && h.tables !== 1 << COMMON_PASSWORDS) return true;
  }
  return false;
}

/** The account a password's message names: its only owner, or the nearest of its owners the text names. */
function named(hit: Hit, owners: readonly string[], all: readonly Hit[], at: number): string[] {
  if (owners.length === 1) return [owners[0]];
  if (owners.length === 0) return [];
  const set = new Set(owners);
  let best: Hit | undefined;
  let bestDistance = Infinity;
  // `all` is sorted by start: look only at hits that start near this one (identifiers under 512 units).
  let from = at;
  while (from > 0 && all[from - 1].start >= hit.start - NAMING_DISTANCE - 512) from--;
  for (let k = from; k < all.length && all[k].start <= hit.end + NAMING_DISTANCE; k++) {
    const h = all[k];
    if ((h.kind !== 'email' && h.kind !== 'username') || !set.has(h.identifier)) continue;
    const distance = h.end <= hit.start ? hit.start - h.end : h.start >= hit.end ? h.start - hit.end : 0;
    if (distance <= NAMING_DISTANCE && distance < bestDistance) {
      best = h;
      bestDistance = distance;
    }
  }
  return best === undefined ? [] : [best.identifier];
}

/** What the scanner is told for one set of wanted kinds (LeakIndex's #scanSettings). */
interface ScanSettings {
  readonly prefilter: ScanPrefilter;
  readonly tokens: LengthFilter | false;
  readonly values: LengthFilter | false;
}

function union(a: LengthFilter | undefined, b: LengthFilter | undefined): LengthFilter {
  if (a === undefined) return b ?? new Uint8Array(0);
  if (b === undefined) return a;
  const out = new Uint8Array(Math.max(a.length, b.length));
  out.set(a);
  for (let i = 0; i < b.length; i++) out[i] |= b[i];
  return out;
}

/** A source over an array of records (tests, tools). */
export function arraySource(domain: string, type: FindingsType, records: readonly (AccountRecord | OpenRecord)[]): LeakSource {
  return { domain, type, length: records.length, record: (i) => records[i] };
}

/** An index of these sources, added as ids 0, 1, …; sources may be given as record arrays. */
export function buildLeakIndex(
  sources: readonly (LeakSource | { readonly domain: string; readonly type: FindingsType; readonly records: readonly (AccountRecord | OpenRecord)[] })[],
  options: { readonly key?: Uint8Array } = {},
): LeakIndex {
  const index = new LeakIndex(options.key);
  sources.forEach((s, i) => index.add(i, 'records' in s ? arraySource(s.domain, s.type, s.records) : s));
  return index;
}
