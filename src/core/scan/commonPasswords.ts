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

/** FNV-1a of `s` in lower case, when every character is ASCII; -1 otherwise. */
function asciiHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 0x7f) return -1;
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 16777619);
  }
  return (h >>> 0) & (BITS - 1);
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
