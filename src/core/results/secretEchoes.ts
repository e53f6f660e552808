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

/** A character that encodeURI or encodeURIComponent would percent-encode. */
const NEEDS_ESCAPE = /[^A-Za-z0-9\-_.!~*'()]/;

/** A record's secrets in every spelling `maskEchoes` looks for, lower-cased: made once per record. */
export type Echoes = readonly string[] & { readonly __echoes: true };

/**
 * The spellings of `secrets` inside another field: as is, and percent-encoded as a URL or a
 * form writes it; lower-cased (the match ignores case, percent escapes' hex included), longest
 * first so a longer spelling is not half-masked by a shorter one it contains.
 */
export function echoesOf(secrets: readonly string[]): Echoes {
  // A record mostly has one or two secrets, each with at most four spellings, and every row of
  // an export makes its own: they are told apart in the array itself until there are many.
  const out: string[] = [];
  let seen: Set<string> | undefined;
  const add = (spelling: string): void => {
    if (seen !== undefined) {
      if (!seen.has(spelling)) out.push(spelling);
      seen.add(spelling);
    } else if (!out.includes(spelling)) {
      out.push(spelling);
      if (out.length > 8) seen = new Set(out);
    }
  };
  for (const secret of secrets) {
    if (secret.length < MIN_ECHO) continue;
    add(secret.toLowerCase());
    // Most passwords have a character a URL escapes; one without has no other spelling.
    if (!NEEDS_ESCAPE.test(secret)) continue;
    try {
      const component = encodeURIComponent(secret);
      add(component.toLowerCase());
      add(component.replace(/%20/g, '+').toLowerCase());
      add(encodeURI(secret).toLowerCase());
    } catch {
      // A lone surrogate cannot be percent-encoded: the value as is is enough.
    }
  }
  if (out.length > 1) out.sort((a, b) => b.length - a.length);
  return out as unknown as Echoes;
}

/** No secrets: a text passes unchanged. */
export const NO_ECHOES = echoesOf([]);

/**
 * `text` with every spelling in `echoes` replaced by the mask, in any letter case. Cheap when
 * nothing matches: one lower-casing of `text` (`lowered`, when the caller has it) and a
 * substring search per spelling.
 */
export function maskEchoes(text: string, echoes: Echoes, lowered?: string): string {
  if (text === '' || echoes.length === 0) return text;
  let lower = lowered;
  let hits: string[] | undefined;
  for (const form of echoes) {
    if (form.length > text.length) continue;
    lower ??= text.toLowerCase();
    if (lower.includes(form)) (hits ??= []).push(form);
  }
  if (hits === undefined) return text;
  return text.replace(new RegExp(hits.map(escapeRegExp).join('|'), 'giu'), ECHO_MASK);
}
