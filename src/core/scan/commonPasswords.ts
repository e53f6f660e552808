// The most common passwords, from @zxcvbn-ts/language-common's `passwords-common` list
// (about 49,000 entries ranked by frequency in real password dumps, maintained with the
// zxcvbn-ts strength estimator and bundled with the extension). A leaked password on it is
// no evidence of a real secret in a file — `password`, `admin123` and `changeme` appear as
// keys, placeholders and prose everywhere — so the index reports it only as a hint, only
// where a password belongs. Loaded on first use, so that activation never pays to decompress it.

interface Common {
  readonly set: ReadonlySet<string>;
  /** The lengths of the entries, shortest and longest. */
  readonly min: number;
  readonly max: number;
  /** One bit per hash of an entry (`asciiHash`): most passwords are ruled out without a string. */
  readonly bits: Uint32Array;
}

const BITS = 1 << 20;

let common: Common | undefined;

/** One step of FNV-1a over a character, ASCII letters in lower case. */
function fold(h: number, c: number): number {
  return Math.imul(h ^ (c >= 65 && c <= 90 ? c + 32 : c), 16777619);
}

const FNV_OFFSET = 0x811c9dc5;

/** The bit of a hash (`fold`'s last value). */
function bitOf(h: number): number {
  return (h >>> 0) & (BITS - 1);
}

/** FNV-1a of `s` in lower case, when every character is ASCII; -1 otherwise. */
function asciiHash(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) return -1;
    h = fold(h, c);
  }
  return bitOf(h);
}

function load(): Common {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('@zxcvbn-ts/language-common/dist/passwords.json.cjs') as { default?: string[] } | string[];
  const list = Array.isArray(mod) ? mod : (mod.default ?? []);
  const set = new Set(list);
  const bits = new Uint32Array(BITS / 32);
  let min = Infinity;
  let max = 0;
  for (const entry of set) {
    min = Math.min(min, entry.length);
    max = Math.max(max, entry.length);
    const h = asciiHash(entry);
    // An entry that is not ASCII could not be ruled out by its hash: every non-ASCII password is looked up anyway.
    if (h >= 0) bits[h >>> 5] |= 1 << (h & 31);
  }
  return { set, min, max, bits };
}

/** Whether a password is on the common list (compared in lower case, as the list is written). */
export function isCommonPassword(password: string): boolean {
  const c = (common ??= load());
  const h = asciiHash(password);
  if (h >= 0) {
    // ASCII lower-cases to the same length, and only to ASCII.
    if (password.length < c.min || password.length > c.max) return false;
    if ((c.bits[h >>> 5] & (1 << (h & 31))) === 0) return false;
  }
  return c.set.has(password.toLowerCase());
}

/**
 * Whether ASCII text given as its bytes, `bytes[start, end)`, may be on the common list: false
 * when `isCommonPassword` surely says no (most passwords), true when only the text can tell.
 */
export function mayBeCommonAsciiPassword(bytes: Uint8Array, start: number, end: number): boolean {
  const c = (common ??= load());
  if (end - start < c.min || end - start > c.max) return false;
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = fold(h, bytes[i] as number);
  const bit = bitOf(h);
  return (c.bits[bit >>> 5] & (1 << (bit & 31))) !== 0;
}
