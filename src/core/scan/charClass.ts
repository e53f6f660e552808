// Character-class tables of the scanner: one Uint8Array indexed by UTF-16 code unit, bit
// flags per class (the grammar that uses them is at the top of scanner.ts). Non-ASCII code
// units count as "word" characters when they are BMP letters, marks, decimal digits or
// symbols (IDN hosts such as `✪df.ws`, Unicode usernames); lone surrogates, Unicode
// punctuation and spaces never do, so text in any script around an identifier is a boundary.

/** Word character: `[A-Za-z0-9_]` and non-ASCII word characters. Skipped in bulk by the scanner. */
export const WORD = 1;
/** E-mail local part: word characters and `.%+-'` (RFC 6531 allows any UTF-8; see scanner.ts). */
export const LOCAL = 2;
/** URL character after `://`: printable ASCII but blank, `"<>\^|` and backtick; non-ASCII word characters; ZWJ/ZWNJ. */
export const URL_CHAR = 4;
/** URL scheme character: `[A-Za-z0-9+.-]`. */
export const SCHEME = 8;
/** Token character (usernames, hosts, e-mail domains): word characters and `.-`. */
export const TOKEN = 16;
/** ASCII letter. */
export const ALPHA = 32;
/** Space or tab. */
export const BLANK = 64;
/** Unquoted value character: printable ASCII but blank, quotes, `;,&<>()[]{}=`; non-ASCII word characters. */
export const VALUE = 128;

/** The set of non-ASCII code units that are word characters (letters, marks, decimal digits, other symbols). */
const WIDE_WORD = /[\p{L}\p{M}\p{Nd}\p{So}]/u;

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
  set(alnum + '_', WORD | LOCAL | TOKEN);
  set(".%+-'", LOCAL);
  set('.-', TOKEN);
  set(alnum + '+.-', SCHEME);
  set(' \t', BLANK);
  for (let c = 0x21; c < 0x7f; c++) {
    const ch = String.fromCharCode(c);
    if (!'"<>\\^|`'.includes(ch)) t[c] |= URL_CHAR;
    if (!'"\'`;,&<>()[]{}='.includes(ch)) t[c] |= VALUE;
  }
  t[0x200c] |= URL_CHAR;
  t[0x200d] |= URL_CHAR;
  for (let c = 0x80; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (WIDE_WORD.test(String.fromCharCode(c))) t[c] |= WORD | LOCAL | TOKEN | URL_CHAR | VALUE;
  }
  return t;
}

/** The class table: `CLASS[code] & FLAG`. */
export const CLASS: Uint8Array = build();

/** Whether a code unit is a non-ASCII word character. */
export function isWide(code: number): boolean {
  return code > 0x7f && (CLASS[code] & WORD) !== 0;
}

/** A set of string lengths as a lookup table (`filter[len] === 1`); lengths past the end are absent. */
export type LengthFilter = Uint8Array;

export function lengthFilter(lengths: Iterable<number>): LengthFilter {
  let max = 0;
  for (const n of lengths) if (n > max) max = n;
  const f = new Uint8Array(max + 1);
  for (const n of lengths) f[n] = 1;
  return f;
}
