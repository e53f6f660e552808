// Text that comes from outside (the service's answers, leaked records, settings, files) is
// shown as the plain text it is: never as markup, a link or a command, never reordered by
// bidirectional controls, never longer than the place it is shown in. One home for each way
// of making it so. Pure and browser-safe (the webview uses it too).

/** Line breaks, tabs and other controls: shown as one space. */
const SPACES = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/**
 * Invisible characters, removed: every format character (Unicode category Cf: bidi overrides
 * and isolates, zero-width space and joiners, soft hyphen, byte-order mark, tag characters…),
 * every other default-ignorable one (variation selectors, Hangul fillers) and lone surrogates.
 * The joiners go too: outside text may use them to split a word so it reads the same and
 * matches nothing (an emoji sequence shows as its parts, which is harmless).
 */
const INVISIBLE = /[\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** A character other than printable ASCII (space to `~`). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** Removes controls and invisible format characters; folds whitespace runs. Keeps the length. */
export function visibleText(value: string): string {
  // Printable ASCII holds no control, format or other invisible character: most values, and
  // exports pass every field of a million records through here.
  if (!NOT_PRINTABLE_ASCII.test(value)) return value;
  return value.replace(INVISIBLE, '').replace(SPACES, ' ');
}

/** At most `max` characters (code points), with "…" when cut. */
export function bounded(value: string, max: number): string {
  if (value.length <= max) return value;
  const points = Array.from(value);
  return points.length <= max ? value : `${points.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/**
 * Outside text for a message (a notification, an error, a log line, a tree label): visible
 * characters only, one line, trimmed, at most `max` characters, and with the syntax VS Code
 * renders in messages defused — `[label](target)` links and `$(icon)` references — so a
 * service or a setting cannot put a clickable command in front of the user.
 */
export function plainText(value: unknown, max = 300): string {
  const text = visibleText(typeof value === 'string' ? value : String(value)).replace(/ {2,}/g, ' ').trim();
  return defuseMessageSyntax(bounded(text, max));
}

/** Breaks `](` (a link) and `$(` (an icon) with a space; nothing else changes. */
export function defuseMessageSyntax(text: string): string {
  return text.replace(/\]\s*\(/g, '] (').replace(/\$\(/g, '$ (');
}

/**
 * Text for inline Markdown (hovers, table cells and lines of the incident summary, never the
 * start of a line): plain text first, HTML entities encoded, and every character Markdown,
 * tables, math or autolinks (`scheme:`, `user@host`, `www.`) give a meaning escaped, so it
 * renders as itself.
 */
export function escapeMarkdown(value: string, max = 1000): string {
  return bounded(visibleText(value), max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~:@$]/g, (c) => `\\${c}`)
    .replace(/(www)\./gi, '$1\\.');
}
