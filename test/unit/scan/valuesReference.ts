// The value scanner as first written (commit c636a71), kept as the oracle of a property
// test: the faster scanValues in src/core/scan/scanner.ts must report exactly the same values.
import type { LengthFilter } from '../../../src/core/scan/charClass';
import { BLANK, CLASS } from '../../../src/core/scan/charClass';
import type { RangeSink } from '../../../src/core/scan/scanner';

const NL = 10;
const CR = 13;
const BACKSLASH = 92;

/** Finds the next line feed at or after a position, remembering the last answer (linear overall). */
function newlineFinder(text: string): (from: number) => number {
  const n = text.length;
  let cached = -1;
  return (from: number): number => {
    if (cached < from) {
      cached = text.indexOf('\n', from);
      if (cached === -1) cached = n;
    }
    return cached;
  };
}

function scanQuoted(text: string, quote: string, sink: RangeSink, filter: LengthFilter, nextNl: (from: number) => number): void {
  const max = filter.length - 1;
  let i = text.indexOf(quote);
  while (i !== -1) {
    const nl = nextNl(i + 1);
    let k = i + 1;
    let close = -1;
    for (;;) {
      k = text.indexOf(quote, k);
      if (k === -1 || k > nl) break;
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
function unquotedValue(text: string, v: number, sink: RangeSink, filter: LengthFilter, nextNl: (from: number) => number): void {
  const C = CLASS;
  const n = text.length;
  while (v < n && (C[text.charCodeAt(v)] & BLANK) !== 0) v++;
  if (v >= n) return;
  const c0 = text.charCodeAt(v);
  if (c0 === 34 || c0 === 39 || c0 === 96 || c0 === NL || c0 === CR) return; // quoted: the quote pass has it
  const max = filter.length - 1;
  let e = nextNl(v);
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
export function referenceScanValues(text: string, sink: RangeSink, filter: LengthFilter): void {
  const nextNlQuotes = [newlineFinder(text), newlineFinder(text), newlineFinder(text)];
  scanQuoted(text, '"', sink, filter, nextNlQuotes[0]);
  scanQuoted(text, "'", sink, filter, nextNlQuotes[1]);
  scanQuoted(text, '`', sink, filter, nextNlQuotes[2]);
  const nextNl = newlineFinder(text);
  let i = text.indexOf('=');
  while (i !== -1) {
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    const next = text.charCodeAt(i + 1);
    if (next !== 61 && next !== 62 && prev !== 61 && prev !== 33 && prev !== 60 && prev !== 62) {
      unquotedValue(text, i + 1, sink, filter, nextNl);
    }
    i = text.indexOf('=', i + 1);
  }
  const nextNl2 = newlineFinder(text);
  i = text.indexOf(': ');
  while (i !== -1) {
    unquotedValue(text, i + 2, sink, filter, nextNl2);
    i = text.indexOf(': ', i + 2);
  }
}
