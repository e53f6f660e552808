// Character-class tables of the scanner: one Uint8Array indexed by UTF-16 code unit, bit
// flags per class. Non-ASCII code units count as "word" characters when they are BMP
// letters, marks or decimal digits (IDN hosts, Unicode usernames); lone surrogates, Unicode
// punctuation and spaces never do, so text in any script around an identifier is a boundary.

/** E-mail local part: `[A-Za-z0-9._%+-]`. */
export const LOCAL = 1;
/** Host label character: `[A-Za-z0-9-]` and non-ASCII BMP letters/marks/digits. */
export const DOMAIN = 2;
/** URL character (after `://`): printable ASCII but quotes, `<>[]{}|\^` and backtick; non-ASCII word characters. */
export const URL_CHAR = 4;
/** URL scheme character: `[A-Za-z0-9+.-]`. */
export const SCHEME = 8;
/** Username token character: `[A-Za-z0-9_.-]` and non-ASCII word characters. */
export const TOKEN = 16;
/** ASCII letter. */
export const ALPHA = 32;
/** Space or tab. */
export const BLANK = 64;
/** A non-ASCII word character (letter, mark, decimal digit in the BMP). */
export const WIDE = 128;

function build(): Uint8Array {
  const t = new Uint8Array(65536);
  const set = (chars: string, flag: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] |= flag;
  };
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  const upper = lower.toUpperCase();
  const digits = '0123456789';
  const alnum = lower + upper + digits;
  set(lower + upper, ALPHA);
  set(alnum + '._%+-', LOCAL);
  set(alnum + '-', DOMAIN);
  set(alnum + '+.-', SCHEME);
  set(alnum + '_.-', TOKEN);
  set(' \t', BLANK);
  for (let c = 0x21; c < 0x7f; c++) {
    if (!'"\'<>[]{}|\\^`'.includes(String.fromCharCode(c))) t[c] |= URL_CHAR;
  }
  const word = /[\p{L}\p{M}\p{Nd}]/u;
  for (let c = 0x80; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (word.test(String.fromCharCode(c))) t[c] |= DOMAIN | URL_CHAR | TOKEN | WIDE;
  }
  return t;
}

/** The class table: `CLASS[code] & FLAG`. */
export const CLASS: Uint8Array = build();

/** A set of string lengths as a lookup table (`filter[len] === 1`); lengths past the end are absent. */
export type LengthFilter = Uint8Array;

export function lengthFilter(lengths: Iterable<number>): LengthFilter {
  let max = 0;
  for (const n of lengths) if (n > max) max = n;
  const f = new Uint8Array(max + 1);
  for (const n of lengths) f[n] = 1;
  return f;
}
