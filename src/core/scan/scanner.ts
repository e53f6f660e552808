// The candidate scanner: finds e-mail addresses, URLs, dotted host names, username-like
// tokens and assignment/quoted-string values in a text, as (start, end) offsets into it.
// Each pass is keyed on `indexOf` of a rare character (`@`, `://`, `.`, a quote, `=`, `: `)
// and expands left/right with the character-class tables of charClass.ts; no regular
// expression ever runs over the text. Passes call a sink instead of building arrays, so a
// scan allocates nothing but what the caller keeps.
//
// Grammar (the naive regex matcher in test/bench/naiveMatcher.ts implements the same one):
// - e-mail: `[A-Za-z0-9_%+-][A-Za-z0-9._%+-]*@label(.label)+`, label = host characters
//   (ASCII alphanumerics, `-`, non-ASCII BMP letters/marks/digits). Leftmost, longest,
//   non-overlapping. A trailing dot is never part of the domain.
// - URL: `[A-Za-z][A-Za-z0-9+.-]*://` then a run of URL characters (no spaces, quotes,
//   `<>[]{}|\^` or backtick), then `trimUrlEnd`: trailing `.,;:!?*` and unbalanced `)` go.
// - E-mails inside URLs (`https://alice@example.com/`, `?to=bob@example.com`) are reported
//   too: the e-mail pass and the URL pass are independent, so candidates may overlap.
import type { LengthFilter } from './charClass';
import { ALPHA, BLANK, CLASS, DOMAIN, LOCAL, SCHEME, TOKEN, URL_CHAR } from './charClass';

/** Receives one candidate: `text.slice(start, end)`. */
export type RangeSink = (start: number, end: number) => void;

const DOT = 46;
const AT = 64;
const NL = 10;
const CR = 13;
const BACKSLASH = 92;

/** Every e-mail address candidate, left to right. */
export function scanEmails(text: string, sink: RangeSink): void {
  const C = CLASS;
  const n = text.length;
  let minStart = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    let s = at;
    while (s > minStart && (C[text.charCodeAt(s - 1)] & LOCAL) !== 0) s--;
    while (s < at && text.charCodeAt(s) === DOT) s++;
    if (s < at) {
      let e = at + 1;
      while (e < n && (C[text.charCodeAt(e)] & DOMAIN) !== 0) e++;
      if (e > at + 1) {
        let labels = 1;
        while (e + 1 < n && text.charCodeAt(e) === DOT && (C[text.charCodeAt(e + 1)] & DOMAIN) !== 0) {
          e += 2;
          while (e < n && (C[text.charCodeAt(e)] & DOMAIN) !== 0) e++;
          labels++;
        }
        if (labels > 1) {
          sink(s, e);
          minStart = e;
          at = text.indexOf('@', e);
          continue;
        }
      }
    }
    at = text.indexOf('@', at + 1);
  }
}

/**
 * Where a URL candidate really ends: drops trailing punctuation that closes a sentence or a
 * markdown construct (`.,;:!?*`) and `)` that has no `(` inside the URL; balanced
 * parentheses (`https://en.wikipedia.org/wiki/Foo_(bar)`) stay. `restStart` is just after `://`.
 */
export function trimUrlEnd(text: string, restStart: number, end: number): number {
  while (end > restStart) {
    const c = text.charCodeAt(end - 1);
    if (c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63 || c === 42) {
      end--;
    } else if (c === 41) {
      let open = 0;
      let close = 0;
      for (let i = restStart; i < end; i++) {
        const d = text.charCodeAt(i);
        if (d === 40) open++;
        else if (d === 41) close++;
      }
      if (close > open) end--;
      else break;
    } else {
      break;
    }
  }
  return end;
}

/** Every URL candidate (`scheme://…`), left to right, trimmed by `trimUrlEnd`. */
export function scanUrls(text: string, sink: RangeSink): void {
  const C = CLASS;
  const n = text.length;
  let from = 0;
  let p = text.indexOf('://');
  while (p !== -1) {
    let s = p;
    while (s > from && (C[text.charCodeAt(s - 1)] & SCHEME) !== 0) s--;
    while (s < p && (C[text.charCodeAt(s)] & ALPHA) === 0) s++;
    if (s < p) {
      let e = p + 3;
      while (e < n && (C[text.charCodeAt(e)] & URL_CHAR) !== 0) e++;
      if (e > p + 3) {
        const t = trimUrlEnd(text, p + 3, e);
        if (t > p + 3) sink(s, t);
        from = e;
        p = text.indexOf('://', e);
        continue;
      }
    }
    p = text.indexOf('://', p + 1);
  }
}

/**
 * Receives one URL candidate and where its host is (`[hostStart, hostEnd)`, as `parseUrl` finds
 * it: after the last `@`, before a port, without trailing dots); `hostStart` is -1 when the host
 * has non-ASCII characters or the trimmed end cuts into the authority: then only a full parse can tell.
 */
export type UrlSink = (start: number, end: number, hostStart: number, hostEnd: number) => void;

/**
 * `scanUrls`, and while walking the authority, where the host is, so a lookup can reject a URL
 * without walking it again.
 */
export function scanUrlsWithHost(text: string, sink: UrlSink): void {
  const C = CLASS;
  const n = text.length;
  let from = 0;
  let p = text.indexOf('://');
  while (p !== -1) {
    let s = p;
    while (s > from && (C[text.charCodeAt(s - 1)] & SCHEME) !== 0) s--;
    while (s < p && (C[text.charCodeAt(s)] & ALPHA) === 0) s++;
    if (s < p) {
      let e = p + 3;
      let hs = e;
      let colon = -1;
      let wide = false;
      for (; e < n; e++) {
        const c = text.charCodeAt(e);
        if ((C[c] & URL_CHAR) === 0 || c === 47 || c === 63 || c === 35) break;
        if (c === AT) {
          hs = e + 1;
          colon = -1;
        } else if (c === 58) {
          if (e > hs) colon = e;
        } else if (c > 0x7f) {
          wide = true;
        }
      }
      const authEnd = e;
      while (e < n && (C[text.charCodeAt(e)] & URL_CHAR) !== 0) e++;
      if (e > p + 3) {
        const t = trimUrlEnd(text, p + 3, e);
        if (t > p + 3) {
          if (wide || t < authEnd) {
            sink(s, t, -1, -1);
          } else {
            let he = colon === -1 ? authEnd : colon;
            while (he > hs && text.charCodeAt(he - 1) === DOT) he--;
            sink(s, t, hs, he);
          }
        }
        from = e;
        p = text.indexOf('://', e);
        continue;
      }
    }
    p = text.indexOf('://', p + 1);
  }
}

/**
 * Every dotted host-name token (`vpn.example.com`): a maximal run of host characters and
 * dots, trimmed of leading/trailing dots, with at least one dot and no empty label. Runs next
 * to `@` (e-mail parts) are skipped. With `filter`, only tokens of a listed length are reported.
 */
export function scanHosts(text: string, sink: RangeSink, filter?: LengthFilter): void {
  const C = CLASS;
  const n = text.length;
  let p = text.indexOf('.');
  while (p !== -1) {
    let s = p;
    while (s > 0 && ((C[text.charCodeAt(s - 1)] & DOMAIN) !== 0 || text.charCodeAt(s - 1) === DOT)) s--;
    let e = p + 1;
    while (e < n && ((C[text.charCodeAt(e)] & DOMAIN) !== 0 || text.charCodeAt(e) === DOT)) e++;
    const runEnd = e;
    if ((s === 0 || text.charCodeAt(s - 1) !== AT) && (e === n || text.charCodeAt(e) !== AT)) {
      while (s < e && text.charCodeAt(s) === DOT) s++;
      while (e > s && text.charCodeAt(e - 1) === DOT) e--;
      if (e - s >= 3 && (filter === undefined || filter[e - s] === 1)) {
        let ok = false;
        let prevDot = true;
        for (let i = s; i < e; i++) {
          const isDot = text.charCodeAt(i) === DOT;
          if (isDot) {
            if (prevDot) {
              ok = false;
              break;
            }
            ok = true;
          }
          prevDot = isDot;
        }
        if (ok) sink(s, e);
      }
    }
    p = text.indexOf('.', runEnd);
  }
}

/**
 * Every username-like token: a maximal run of `[A-Za-z0-9_.-]` and non-ASCII word
 * characters, trimmed of leading/trailing `.` and `-`. Runs next to `@` are skipped (they are
 * e-mail parts). With `filter`, only tokens of a listed length are reported, and the walk
 * skips ahead: when the character where the shortest wanted token would end is no token
 * character, no wanted token starts before it (Boyer-Moore style), so most short words and
 * punctuation are never visited.
 */
export function scanTokens(text: string, sink: RangeSink, filter?: LengthFilter): void {
  const C = CLASS;
  const n = text.length;
  const max = filter === undefined ? Infinity : filter.length - 1;
  let min = 1;
  if (filter !== undefined) {
    while (min < filter.length && filter[min] !== 1) min++;
    if (min >= filter.length) return;
  }
  // Invariant: every token starting before `i` has been handled, and `text[i - 1]` is no token character.
  let i = 0;
  while (i < n) {
    const probe = i + min - 1;
    if (probe >= n) return;
    if ((C[text.charCodeAt(probe)] & TOKEN) === 0) {
      i = probe + 1;
      continue;
    }
    let runStart = probe;
    while (runStart > i && (C[text.charCodeAt(runStart - 1)] & TOKEN) !== 0) runStart--;
    let runEnd = probe + 1;
    while (runEnd < n && (C[text.charCodeAt(runEnd)] & TOKEN) !== 0) runEnd++;
    i = runEnd + 1;
    if (runEnd - runStart < min) continue;
    let s = runStart;
    let e = runEnd;
    while (s < e && (text.charCodeAt(s) === DOT || text.charCodeAt(s) === 45)) s++;
    while (e > s && (text.charCodeAt(e - 1) === DOT || text.charCodeAt(e - 1) === 45)) e--;
    if (e > s && (filter === undefined || (e - s <= max && filter[e - s] === 1))) {
      if ((runStart === 0 || text.charCodeAt(runStart - 1) !== AT) && (runEnd === n || text.charCodeAt(runEnd) !== AT)) {
        sink(s, e);
      }
    }
  }
}

/** The shortest length a filter lists (from `from` on), or `filter.length` when it lists none. */
function shortest(filter: LengthFilter, from: number): number {
  let min = from;
  while (min < filter.length && filter[min] !== 1) min++;
  return min;
}

/**
 * `scanTokens(text, tokenSink, tokenFilter)` and `scanHosts(text, hostSink, hostFilter)` in one
 * walk: a host run (host characters and dots) never contains a character that is no token
 * character, so every host candidate lies inside a token run, split at `_`. Each sink gets the
 * same candidates in the same order as from the separate scans; the text is walked once
 * instead of twice, and no `indexOf('.')` per dot.
 */
export function scanTokensAndHosts(text: string, tokenSink: RangeSink, tokenFilter: LengthFilter, hostSink: RangeSink, hostFilter: LengthFilter): void {
  const C = CLASS;
  const n = text.length;
  const tMax = tokenFilter.length - 1;
  const tMin = shortest(tokenFilter, 1);
  const hMin = shortest(hostFilter, 3);
  const wantTokens = tMin < tokenFilter.length;
  const wantHosts = hMin < hostFilter.length;
  if (!wantTokens && !wantHosts) return;
  const min = wantTokens && wantHosts ? Math.min(tMin, hMin) : wantTokens ? tMin : hMin;
  // Invariant as in scanTokens: every run starting before `i` has been handled, `text[i - 1]` is no token character.
  let i = 0;
  while (i < n) {
    const probe = i + min - 1;
    if (probe >= n) return;
    if ((C[text.charCodeAt(probe)] & TOKEN) === 0) {
      i = probe + 1;
      continue;
    }
    let runStart = probe;
    while (runStart > i && (C[text.charCodeAt(runStart - 1)] & TOKEN) !== 0) runStart--;
    let runEnd = probe + 1;
    while (runEnd < n && (C[text.charCodeAt(runEnd)] & TOKEN) !== 0) runEnd++;
    i = runEnd + 1;
    const len = runEnd - runStart;
    if (len < min) continue;
    if (wantTokens && len >= tMin) {
      let s = runStart;
      let e = runEnd;
      while (s < e && (text.charCodeAt(s) === DOT || text.charCodeAt(s) === 45)) s++;
      while (e > s && (text.charCodeAt(e - 1) === DOT || text.charCodeAt(e - 1) === 45)) e--;
      if (e > s && e - s <= tMax && tokenFilter[e - s] === 1) {
        if ((runStart === 0 || text.charCodeAt(runStart - 1) !== AT) && (runEnd === n || text.charCodeAt(runEnd) !== AT)) {
          tokenSink(s, e);
        }
      }
    }
    if (wantHosts && len >= hMin) hostRuns(text, runStart, runEnd, hostSink, hostFilter);
  }
}

/** The host candidates of one token run `[runStart, runEnd)`: its parts between `_` that have a dot. */
function hostRuns(text: string, runStart: number, runEnd: number, sink: RangeSink, filter: LengthFilter): void {
  let a = runStart;
  while (a < runEnd) {
    let b = a;
    let dot = false;
    for (; b < runEnd; b++) {
      const c = text.charCodeAt(b);
      if (c === 95) break;
      if (c === DOT) dot = true;
    }
    if (dot) hostRun(text, a, b, sink, filter);
    a = b + 1;
  }
}

/** One run `[a, b)` of host characters and dots with a dot in it, as `scanHosts` takes it. */
function hostRun(text: string, a: number, b: number, sink: RangeSink, filter: LengthFilter): void {
  if ((a > 0 && text.charCodeAt(a - 1) === AT) || (b < text.length && text.charCodeAt(b) === AT)) return;
  let s = a;
  let e = b;
  while (s < e && text.charCodeAt(s) === DOT) s++;
  while (e > s && text.charCodeAt(e - 1) === DOT) e--;
  if (e - s < 3 || filter[e - s] !== 1) return;
  let prevDot = true;
  let dots = 0;
  for (let k = s; k < e; k++) {
    const isDot = text.charCodeAt(k) === DOT;
    if (isDot) {
      if (prevDot) return; // an empty label
      dots++;
    }
    prevDot = isDot;
  }
  if (dots > 0) sink(s, e);
}

/**
 * The contents of every `quote`-delimited string on one line (backslash escapes respected)
 * whose length is in `filter`.
 */
function scanQuoted(text: string, quote: string, sink: RangeSink, filter: LengthFilter): void {
  const n = text.length;
  const max = filter.length - 1;
  /** The first line feed after the last opening quote looked at (or the text's length). */
  let nl = -1;
  let i = text.indexOf(quote);
  while (i !== -1) {
    if (nl <= i) {
      nl = text.indexOf('\n', i + 1);
      if (nl === -1) nl = n;
    }
    let k = i + 1;
    let close = -1;
    for (;;) {
      k = text.indexOf(quote, k);
      if (k === -1 || k > nl) break;
      if (text.charCodeAt(k - 1) !== BACKSLASH) {
        close = k;
        break;
      }
      let b = k - 1;
      while (b > i && text.charCodeAt(b) === BACKSLASH) b--;
      if ((k - 1 - b) % 2 === 0) {
        close = k;
        break;
      }
      k++;
    }
    if (close === -1) {
      i = k;
      continue;
    }
    const len = close - i - 1;
    if (len <= max && filter[len] === 1) sink(i + 1, close);
    i = text.indexOf(quote, close + 1);
  }
}

function isTrailingPunct(c: number): boolean {
  return c === 44 || c === 59; // , ;
}

/** The unquoted value that starts at `v` (after `=` or `: `): the rest of the line, and its first word. */
/** `nl`: the first line feed at or after `v` (or the text's length). */
function unquotedValue(text: string, v: number, sink: RangeSink, filter: LengthFilter, nl: number): void {
  const C = CLASS;
  const n = text.length;
  while (v < n && (C[text.charCodeAt(v)] & BLANK) !== 0) v++;
  if (v >= n) return;
  const c0 = text.charCodeAt(v);
  if (c0 === 34 || c0 === 39 || c0 === 96 || c0 === NL || c0 === CR) return; // quoted: the quote pass has it
  const max = filter.length - 1;
  let e = nl;
  if (e > v && text.charCodeAt(e - 1) === CR) e--;
  while (e > v && (C[text.charCodeAt(e - 1)] & BLANK) !== 0) e--;
  if (e > v && isTrailingPunct(text.charCodeAt(e - 1))) e--;
  if (e - v <= max && filter[e - v] === 1) sink(v, e);
  const limit = Math.min(e, v + max + 2);
  let r = v;
  while (r < limit && (C[text.charCodeAt(r)] & BLANK) === 0) r++;
  if (r === e || (r === limit && r < e)) return; // the whole value, or a first word too long
  let w = r;
  if (w > v && isTrailingPunct(text.charCodeAt(w - 1))) w--;
  if (w > v && w - v <= max && filter[w - v] === 1) sink(v, w);
}

/**
 * Every value candidate for the leaked-password rule: the contents of `"…"`, `'…'` and
 * `` `…` `` strings on one line (backslash escapes respected), and unquoted values after `=`
 * (not `==`, `=>`, `!=`, `<=`, `>=`) or `: ` — the whole rest of the line (trimmed, minus a
 * trailing `,` or `;`) and, when it has several words, its first word. Only values whose
 * length is in `filter` are reported; values are whole, never substrings of a longer value.
 */
export function scanValues(text: string, sink: RangeSink, filter: LengthFilter): void {
  scanQuoted(text, '"', sink, filter);
  scanQuoted(text, "'", sink, filter);
  scanQuoted(text, '`', sink, filter);
  const n = text.length;
  let nl = -1;
  let i = text.indexOf('=');
  while (i !== -1) {
    const next = text.charCodeAt(i + 1);
    if (next === 61) {
      // `==`, `===`: no `=` of the run starts a value.
      let j = i + 2;
      while (text.charCodeAt(j) === 61) j++;
      i = text.indexOf('=', j);
      continue;
    }
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (next !== 62 && prev !== 61 && prev !== 33 && prev !== 60 && prev !== 62) {
      if (nl <= i) {
        nl = text.indexOf('\n', i + 1);
        if (nl === -1) nl = n;
      }
      unquotedValue(text, i + 1, sink, filter, nl);
    }
    i = text.indexOf('=', i + 1);
  }
  nl = -1;
  i = text.indexOf(': ');
  while (i !== -1) {
    if (nl <= i) {
      nl = text.indexOf('\n', i + 2);
      if (nl === -1) nl = n;
    }
    unquotedValue(text, i + 2, sink, filter, nl);
    i = text.indexOf(': ', i + 2);
  }
}

export type CandidateKind = 'email' | 'url' | 'host' | 'token' | 'value';

export interface Candidate {
  readonly kind: CandidateKind;
  readonly start: number;
  readonly end: number;
}

/** All candidates of the given kinds, sorted by start then kind: a convenience for tests and tools. */
export function scanCandidates(
  text: string,
  kinds: readonly CandidateKind[] = ['email', 'url'],
  filters: { readonly token?: LengthFilter; readonly host?: LengthFilter; readonly value?: LengthFilter } = {},
): Candidate[] {
  const out: Candidate[] = [];
  for (const kind of kinds) {
    const sink: RangeSink = (start, end) => out.push({ kind, start, end });
    if (kind === 'email') scanEmails(text, sink);
    else if (kind === 'url') scanUrls(text, sink);
    else if (kind === 'host') scanHosts(text, sink, filters.host);
    else if (kind === 'token') scanTokens(text, sink, filters.token);
    else scanValues(text, sink, filters.value ?? new Uint8Array(4097).fill(1));
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
