// The leak index: every identifier of the cached leak results of the workspace's domains,
// ready to be matched against a text. It keeps e-mails, plain usernames, URL keys and hosts
// in Maps, passwords only as salted hashes (SHA-256 over a per-index random salt and the
// password), and per record only the facts a diagnostic shows (date, browser, country, status, site) — never
// a record object, so the index holds no password and no raw record.
import { domainToUnicode } from 'node:url';
import type { AccountRecord, FindingsType, OpenRecord } from '../types';
import type { LengthFilter } from './charClass';
import { WIDE, CLASS, lengthFilter } from './charClass';
import { foldHash, foldHashAscii, seededHash } from './foldHash';
import { createSalt, saltPrefix, saltedHash } from './hash';
import { Sketch } from './sketch';
import type { ParsedUrl } from './normalize';
import { normalizeEmail, normalizeHost, normalizeUsername, parseUrl } from './normalize';
import { recordFacts } from './recordFields';
import type { RangeSink } from './scanner';
import { scanEmails, scanHosts, scanTokens, scanTokensAndHosts, scanUrls, scanUrlsWithHost, scanValues } from './scanner';

/** One cached result the index is built from; `source` in a `RecordRef` is its position. */
export interface LeakSource {
  readonly domain: string;
  readonly type: FindingsType;
  readonly records: readonly (AccountRecord | OpenRecord)[];
}

export type MatchKind = 'email' | 'username' | 'url' | 'host' | 'password';

/** How serious a match is by default: a leaked password is an error, a bare host only a hint. */
export type SeverityHint = 'error' | 'warning' | 'information';

/** A record behind a match: `sources[source].records[record]`. */
export interface RecordRef {
  readonly source: number;
  readonly record: number;
}

/** What the records behind a match have in common, for a message or a hover. */
export interface LeakSummary {
  readonly count: number;
  /** How many of them have status `hide`. */
  readonly hiddenCount: number;
  /** The newest record's date as `YYYY-MM-DD` (or as the record wrote it), when any has one. */
  readonly latestDate?: string;
  /** Distinct values, most frequent first. */
  readonly browsers: readonly string[];
  readonly countries: readonly string[];
  /** Hosts of the records' URLs. */
  readonly sites: readonly string[];
  readonly statuses: readonly string[];
  /** The searched domains the records came from. */
  readonly domains: readonly string[];
}

export interface LeakMatch {
  /** UTF-16 offsets into the matched text. */
  readonly start: number;
  readonly end: number;
  readonly kind: MatchKind;
  /**
   * The normalised identifier: e-mail, username, URL key (`scheme://host[:port]path`), host;
   * for a password, the account it leaked for (never the password).
   */
  readonly identifier: string;
  readonly severity: SeverityHint;
  readonly refs: readonly RecordRef[];
  readonly summary: LeakSummary;
  /** Every record behind the match has status `hide`. */
  readonly hidden: boolean;
  /** For a password: the accounts (normalised usernames/e-mails) it leaked for; otherwise empty. */
  readonly owners: readonly string[];
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
}

interface Entry {
  readonly ids: number[];
  summary?: LeakSummary;
  owners?: readonly string[];
}

const SEVERITY: Readonly<Record<MatchKind, SeverityHint>> = {
  email: 'warning',
  username: 'warning',
  url: 'warning',
  host: 'information',
  password: 'error',
};

function add(map: Map<string, Entry>, key: string, id: number): void {
  const e = map.get(key);
  if (e === undefined) map.set(key, { ids: [id] });
  else if (e.ids[e.ids.length - 1] !== id) e.ids.push(id);
}

/** Text in scripts without spaces (`連絡先alice@example.comまで`) sticks to an identifier: the end without that tail. */
function withoutWideTail(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && (CLASS[text.charCodeAt(e - 1)] & WIDE) !== 0) e--;
  return e < end && e > start && text.charCodeAt(e - 1) < 0x80 && text.charCodeAt(e - 1) !== 46 ? e : end;
}

function ranked(values: Map<string, number>): string[] {
  return [...values.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v);
}

function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : date;
}

function interned(pool: Map<string, string>, s: string): string {
  const hit = pool.get(s);
  if (hit !== undefined) return hit;
  pool.set(s, s);
  return s;
}

export class LeakIndex {
  /** The salt as `saltedHash` takes it. */
  readonly #salt: string;
  readonly #emails = new Map<string, Entry>();
  readonly #usernames = new Map<string, Entry>();
  readonly #urls = new Map<string, Entry>();
  readonly #hosts = new Map<string, Entry>();
  readonly #passwords = new Map<string, Entry>();
  /** `foldHash` of every key of the maps above (`seededHash` for passwords): the allocation-free first test. */
  readonly #emailHashes = new Set<number>();
  readonly #usernameHashes = new Set<number>();
  readonly #hostHashes = new Set<number>();
  readonly #passwordHashes = new Set<number>();
  readonly #seed: number;
  /** A cheaper test still, before the hashes: see sketch.ts. */
  readonly #usernameSketch = new Sketch(true);
  readonly #hostSketch = new Sketch(true);
  readonly #passwordSketch = new Sketch(false);
  #usernameLengths: LengthFilter = new Uint8Array(0);
  #hostLengths: LengthFilter = new Uint8Array(0);
  #passwordLengths: LengthFilter = new Uint8Array(0);
  /** Per record (global id): its source, its position there, and its facts. */
  readonly #sourceOf: number[] = [];
  readonly #recordOf: number[] = [];
  readonly #date: string[] = [];
  readonly #browser: string[] = [];
  readonly #country: string[] = [];
  readonly #status: string[] = [];
  readonly #site: string[] = [];
  readonly #owner: string[] = [];
  readonly #domains: string[] = [];

  /** Use `buildLeakIndex`. */
  constructor(sources: readonly LeakSource[], salt: Uint8Array) {
    this.#salt = saltPrefix(salt);
    this.#seed = salt.length >= 4 ? (salt[0] | (salt[1] << 8) | (salt[2] << 16) | (salt[3] << 24)) : 0;
    const pool = new Map<string, string>();
    const usernameLengths = new Set<number>();
    const hostLengths = new Set<number>();
    const passwordLengths = new Set<number>();
    /** Records share URL strings: parse each once. */
    const parsedUrls = new Map<string, ParsedUrl | null>();
    let id = 0;
    sources.forEach((source, s) => {
      this.#domains.push(source.domain);
      source.records.forEach((record, r) => {
        const f = recordFacts(record);
        let site = '';
        for (const email of f.emails) add(this.#emails, email, id);
        for (const u of f.usernames) {
          add(this.#usernames, u, id);
          usernameLengths.add(u.length);
        }
        for (const url of f.urls) {
          let parsed = parsedUrls.get(url);
          if (parsed === undefined) {
            parsed = parseUrl(url) ?? parseUrl(`https://${url}`) ?? null;
            parsedUrls.set(url, parsed);
          }
          if (parsed === null) continue;
          if (url.includes('://')) add(this.#urls, parsed.key, id);
          if (parsed.host.includes('.')) {
            add(this.#hosts, parsed.host, id);
            hostLengths.add(parsed.host.length);
            if (parsed.host.includes('xn--')) hostLengths.add(domainToUnicode(parsed.host).length);
          }
          if (site === '') site = parsed.host;
        }
        for (const p of f.passwords) {
          add(this.#passwords, saltedHash(this.#salt, p), id);
          this.#passwordHashes.add(seededHash(this.#seed, p, 0, p.length));
          this.#passwordSketch.add(p);
          passwordLengths.add(p.length);
        }
        this.#sourceOf.push(s);
        this.#recordOf.push(r);
        this.#date.push(interned(pool, shortDate(f.date)));
        this.#browser.push(interned(pool, f.browser));
        this.#country.push(interned(pool, f.country));
        this.#status.push(interned(pool, f.status));
        this.#site.push(interned(pool, site));
        this.#owner.push(f.owner);
        id++;
      });
    });
    for (const k of this.#emails.keys()) this.#emailHashes.add(foldHash(k, 0, k.length));
    for (const k of this.#usernames.keys()) {
      this.#usernameHashes.add(foldHash(k, 0, k.length));
      this.#usernameSketch.add(k);
    }
    for (const k of this.#hosts.keys()) {
      this.#hostHashes.add(foldHash(k, 0, k.length));
      this.#hostSketch.add(k);
      if (k.includes('xn--')) this.#hostSketch.add(domainToUnicode(k)); // the host as a file may write it
    }
    this.#usernameLengths = lengthFilter(usernameLengths);
    this.#hostLengths = lengthFilter(hostLengths);
    this.#passwordLengths = lengthFilter(passwordLengths);
  }

  get stats(): LeakIndexStats {
    return {
      records: this.#sourceOf.length,
      emails: this.#emails.size,
      usernames: this.#usernames.size,
      urls: this.#urls.size,
      hosts: this.#hosts.size,
      passwords: this.#passwords.size,
    };
  }

  /** Whether the index has anything to find. */
  get isEmpty(): boolean {
    return this.#emails.size + this.#usernames.size + this.#hosts.size + this.#passwords.size === 0;
  }

  /** Every leaked identifier in `text`, sorted by start then end. Matches may overlap (an e-mail inside a URL). */
  match(text: string, options: MatchOptions = {}): LeakMatch[] {
    const out: LeakMatch[] = [];
    if (options.emails !== false && this.#emails.size > 0) {
      scanEmails(text, (s, e) => this.matchEmailCandidate(text, s, e, out));
    }
    const wantUrls = options.urls !== false && this.#hosts.size > 0;
    const wantHosts = options.hosts !== false && this.#hosts.size > 0;
    const urlRanges: number[] = [];
    if (wantUrls) {
      scanUrlsWithHost(text, (s, e, hs, he) => {
        if (wantHosts) urlRanges.push(s, e);
        if (hs === -1 || (this.#hostSketch.mayHave(text, hs, he) && this.#hostHashes.has(foldHash(text, hs, he)))) {
          this.matchUrlCandidate(text, s, e, out);
        }
      });
    } else if (wantHosts) {
      scanUrls(text, (s, e) => urlRanges.push(s, e));
    }
    const wantUsernames = options.usernames !== false && this.#usernames.size > 0;
    const usernameSink: RangeSink = (s, e) => this.#matchUsername(text, s, e, out);
    if (wantHosts) {
      let u = 0;
      const hostSink: RangeSink = (s, e) => {
        while (u < urlRanges.length && urlRanges[u + 1] <= s) u += 2;
        if (u < urlRanges.length && urlRanges[u] <= s) return; // part of a URL: the URL rule has it
        this.#matchHost(text, s, e, out);
      };
      // Host names lie inside username-like tokens: one walk finds both kinds of candidates.
      if (wantUsernames) scanTokensAndHosts(text, usernameSink, this.#usernameLengths, hostSink, this.#hostLengths);
      else scanHosts(text, hostSink, this.#hostLengths);
    } else if (wantUsernames) {
      scanTokens(text, usernameSink, this.#usernameLengths);
    }
    if (options.passwords !== false && this.#passwords.size > 0) {
      scanValues(
        text,
        (s, e) => {
          if (!this.#passwordSketch.mayHave(text, s, e) || !this.#passwordHashes.has(seededHash(this.#seed, text, s, e))) return;
          const entry = this.#passwords.get(saltedHash(this.#salt, text.slice(s, e)));
          if (entry !== undefined) out.push(this.#make(entry, 'password', s, e, ''));
        },
        this.#passwordLengths,
      );
    }
    out.sort((a, b) => a.start - b.start || a.end - b.end || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
    return out.filter((m, i) => i === 0 || m.start !== out[i - 1].start || m.end !== out[i - 1].end || m.kind !== out[i - 1].kind);
  }

  /** Looks up one e-mail candidate `text.slice(start, end)` (from any scanner); pushes a match on a hit. */
  matchEmailCandidate(text: string, start: number, end: number, out: LeakMatch[]): void {
    const h = foldHashAscii(text, start, end);
    const wide = h === -1;
    if (!wide && !this.#emailHashes.has(h)) return;
    const key = wide ? normalizeEmail(text.slice(start, end)) : text.slice(start, end).toLowerCase();
    const entry = this.#emails.get(key);
    if (entry !== undefined) {
      out.push(this.#make(entry, 'email', start, end, key));
      return;
    }
    const e = withoutWideTail(text, start, end);
    if (e !== end) {
      const k = normalizeEmail(text.slice(start, e));
      const hit = this.#emails.get(k);
      if (hit !== undefined) out.push(this.#make(hit, 'email', start, e, k));
    }
  }

  /**
   * Looks up one URL candidate: a leaked URL with the same origin and path is a `url` match
   * over the whole URL; otherwise a leaked host is a `host` match over the host part.
   */
  matchUrlCandidate(text: string, start: number, end: number, out: LeakMatch[]): void {
    if (!this.#mayHaveLeakedHost(text, start, end)) return;
    let e = end;
    let parsed = parseUrl(text.slice(start, e));
    if (parsed !== undefined && !this.#hosts.has(parsed.host)) {
      const t = withoutWideTail(text, start, end);
      if (t === end) return;
      e = t;
      parsed = parseUrl(text.slice(start, e));
    }
    if (parsed === undefined) return;
    const host = this.#hosts.get(parsed.host);
    if (host === undefined) return;
    const url = this.#urls.get(parsed.key);
    if (url !== undefined) out.push(this.#make(url, 'url', start, e, parsed.key));
    else out.push(this.#make(host, 'host', start + parsed.hostStart, start + parsed.hostEnd, parsed.host));
  }

  /**
   * Allocation-free test of a URL candidate's host: false when it surely is no leaked host.
   * One walk over the authority computes `foldHash` of the host as it goes: restarted after
   * each `@`, remembered at each `:` (a port), never counting trailing dots.
   */
  #mayHaveLeakedHost(text: string, start: number, end: number): boolean {
    let p = start;
    while (p < end && text.charCodeAt(p) !== 58) p++;
    if (p + 3 > end || text.charCodeAt(p + 1) !== 47 || text.charCodeAt(p + 2) !== 47) return false;
    const H0 = 0x811c9dc5 | 0;
    let hs = p + 3;
    let h = H0;
    /** `h` up to the last character that is no dot. */
    let clean = H0;
    /** `clean` at the last `:` after `hs`, when `port`. */
    let atColon = H0;
    let port = false;
    for (let i = hs; i < end; i++) {
      let c = text.charCodeAt(i);
      if (c === 47 || c === 63 || c === 35) break;
      if (c === 64) {
        hs = i + 1;
        h = clean = H0;
        port = false;
        continue;
      }
      if (c > 0x7f || c === 91) return true; // IDN or IPv6: let the full parse decide
      if (c === 58 && i > hs) {
        atColon = clean;
        port = true;
      }
      if (c >= 65 && c <= 90) c |= 0x20;
      h = Math.imul(h ^ c, 0x01000193);
      if (c !== 46) clean = h;
    }
    const f = port ? atColon : clean;
    return this.#hostHashes.has((f ^ (f >>> 17)) & 0x3fffffff);
  }

  #matchHost(text: string, start: number, end: number, out: LeakMatch[]): void {
    if (!this.#hostSketch.mayHave(text, start, end)) return;
    const h = foldHashAscii(text, start, end);
    const wide = h === -1;
    if (!wide && !this.#hostHashes.has(h)) return;
    const raw = text.slice(start, end);
    const key = wide ? normalizeHost(raw) : raw.toLowerCase();
    const entry = this.#hosts.get(key);
    if (entry !== undefined) out.push(this.#make(entry, 'host', start, end, key));
  }

  #matchUsername(text: string, start: number, end: number, out: LeakMatch[]): void {
    if (!this.#usernameSketch.mayHave(text, start, end)) return;
    const h = foldHashAscii(text, start, end);
    if (h !== -1 && !this.#usernameHashes.has(h)) return;
    const key = normalizeUsername(text.slice(start, end));
    const entry = this.#usernames.get(key);
    if (entry !== undefined) out.push(this.#make(entry, 'username', start, end, key));
  }

  #make(entry: Entry, kind: MatchKind, start: number, end: number, identifier: string): LeakMatch {
    const summary = (entry.summary ??= this.#summarize(entry.ids));
    let owners: readonly string[] = [];
    if (kind === 'password') {
      owners = entry.owners ??= [...new Set(entry.ids.map((id) => this.#owner[id]).filter((o) => o !== ''))];
      identifier = owners[0] ?? '';
    }
    return {
      start,
      end,
      kind,
      identifier,
      severity: SEVERITY[kind],
      refs: entry.ids.map((id) => ({ source: this.#sourceOf[id], record: this.#recordOf[id] })),
      summary,
      hidden: summary.hiddenCount === summary.count,
      owners,
    };
  }

  #summarize(ids: readonly number[]): LeakSummary {
    const browsers = new Map<string, number>();
    const countries = new Map<string, number>();
    const sites = new Map<string, number>();
    const statuses = new Map<string, number>();
    const domains = new Map<string, number>();
    const bump = (m: Map<string, number>, v: string): void => {
      if (v !== '') m.set(v, (m.get(v) ?? 0) + 1);
    };
    let latest = '';
    let hidden = 0;
    for (const id of ids) {
      bump(browsers, this.#browser[id]);
      bump(countries, this.#country[id]);
      bump(sites, this.#site[id]);
      bump(statuses, this.#status[id]);
      bump(domains, this.#domains[this.#sourceOf[id]]);
      if (this.#date[id] > latest) latest = this.#date[id];
      if (this.#status[id].toLowerCase() === 'hide') hidden++;
    }
    return {
      count: ids.length,
      hiddenCount: hidden,
      ...(latest === '' ? {} : { latestDate: latest }),
      browsers: ranked(browsers),
      countries: ranked(countries),
      sites: ranked(sites),
      statuses: ranked(statuses),
      domains: ranked(domains),
    };
  }
}

/**
 * Builds the index of the given results. `salt` (default: 32 random bytes) keys the password
 * hashes; it never leaves the index. Cost: linear in the records; one HMAC per password.
 */
export function buildLeakIndex(sources: readonly LeakSource[], options: { readonly salt?: Uint8Array } = {}): LeakIndex {
  return new LeakIndex(sources, options.salt ?? createSalt());
}
