// A 32-bit FNV-1a hash over a range of a string, computed without slicing it: the cheap
// first test of a candidate before any string is allocated. `foldHash` lower-cases ASCII
// letters on the fly (for e-mails, usernames, hosts); `seededHash` is case-sensitive and
// seeded (for the password prefilter; only a salted HMAC confirms a password). Results fit
// in 30 bits, so V8 keeps them as small integers (no heap numbers in the hot loop or the Sets).

export function foldHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c |= 0x20;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return (h ^ (h >>> 17)) & 0x3fffffff;
}

/** `foldHash`, or -1 when the range holds a non-ASCII character (the caller then normalises the slow way). */
export function foldHashAscii(text: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c > 0x7f) return -1;
    if (c >= 65 && c <= 90) c |= 0x20;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return (h ^ (h >>> 17)) & 0x3fffffff;
}

export function seededHash(seed: number, text: string, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 17)) & 0x3fffffff;
}
