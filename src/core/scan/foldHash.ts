// A 32-bit FNV-1a hash over a range of a string, computed without slicing it: the cheap
// first test of a candidate before any string is allocated. `foldHash` lower-cases ASCII
// letters on the fly (for e-mails, usernames, hosts); `seededHash` is case-sensitive and
// seeded (for the password prefilter; only a salted HMAC confirms a password).

export function foldHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c |= 0x20;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h;
}

export function seededHash(seed: number, text: string, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h ^ (h >>> 15);
}
