// A leaked password often stands in another field of the same record too: in the URL's query
// (`?pw=…`), as part of the user name, in a form field kept by the browser. Masking only the
// password field would show it there, so every text shown of a record passes through
// `maskEchoes` with that record's secret values. Pure and browser-safe.

/** What stands where a secret was, in its own field or another: never its length. */
export const ECHO_MASK = '••••••••';

/**
 * Secrets shorter than this are not looked for elsewhere: a one- or two-character value would
 * mask every date and number while telling an onlooker nothing a guess would not.
 */
export const MIN_ECHO = 3;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The spellings a secret takes inside another field: as is, and percent-encoded as a URL or a form writes it. */
function spellings(secret: string): string[] {
  const out = new Set<string>([secret]);
  try {
    const component = encodeURIComponent(secret);
    out.add(component);
    out.add(component.replace(/%20/g, '+'));
    out.add(encodeURI(secret));
  } catch {
    // A lone surrogate cannot be percent-encoded: the value as is is enough.
  }
  return [...out];
}

/**
 * `text` with every occurrence of each of `secrets` (any letter case; as is or percent-encoded
 * with either hex case) replaced by the mask. Cheap when nothing matches: one lower-casing of
 * `text` and a substring search per spelling.
 */
export function maskEchoes(text: string, secrets: readonly string[]): string {
  if (text === '' || secrets.length === 0) return text;
  let lower: string | undefined;
  const hits: string[] = [];
  for (const secret of secrets) {
    if (secret.length < MIN_ECHO || secret.length > text.length * 3) continue;
    for (const form of spellings(secret)) {
      if (form.length > text.length) continue;
      lower ??= text.toLowerCase();
      if (lower.includes(form.toLowerCase())) hits.push(form);
    }
  }
  if (hits.length === 0) return text;
  // Longest first, so a longer spelling is not half-masked by a shorter one it contains.
  hits.sort((a, b) => b.length - a.length);
  const pattern = hits
    .map((h) => escapeRegExp(h).replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%[${hex[0]}${hex[0]?.toLowerCase()}][${hex[1]}${hex[1]?.toLowerCase()}]`))
    .join('|');
  return text.replace(new RegExp(pattern, 'giu'), ECHO_MASK);
}
