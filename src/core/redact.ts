// Redaction: the API key is a URL path segment (docs/decisions.md, decision 9), so every URL is secret. Every
// error message and log line goes through `redact`. Pure.

const MASK = '***';

/** `/search/<anything>` → `/search/***`, also when the URL itself is percent-encoded. */
const SEARCH_SEGMENT = /(\/search\/)[^/?#\s"'<>]+/gi;
const SEARCH_SEGMENT_ENCODED = /(%2Fsearch%2F)(?:(?!%2F)[^/?#\s"'<>&])+/gi;
/** `scheme://user:pass@host` → `scheme://***@host` (proxy URLs may carry credentials). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@"'<>]+@/gi;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The spellings of a secret that may show up in text: raw, URL-encoded (any hex case), JSON-escaped. */
function secretPattern(secret: string): RegExp {
  const forms = new Set<string>([escapeRegExp(secret)]);
  for (const encoded of [encodeURIComponent(secret), encodeURI(secret)]) {
    // Percent escapes match in either hex case.
    forms.add(escapeRegExp(encoded).replace(/%([0-9A-F]{2})/g, (_m, hex: string) => `%[${hex[0]}${hex[0]?.toLowerCase()}][${hex[1]}${hex[1]?.toLowerCase()}]`));
  }
  forms.add(escapeRegExp(JSON.stringify(secret).slice(1, -1)));
  // Longest first so a longer spelling is not half-masked by a shorter one.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  // Case-insensitive: a service that echoes the key upper-cased still gets it masked.
  return new RegExp(sorted.join('|'), 'gi');
}

/**
 * Removes every known secret (and its URL-encoded and JSON-escaped forms) from `text`, masks
 * the key segment of any `/search/<key>/…` path and the user info of any URL.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = String(text);
  for (const secret of secrets) {
    if (secret === '') continue;
    out = out.replace(secretPattern(secret), MASK);
  }
  return out
    .replace(SEARCH_SEGMENT, `$1${MASK}`)
    .replace(SEARCH_SEGMENT_ENCODED, `$1${MASK}`)
    .replace(USERINFO, `$1${MASK}@`);
}

/** A URL fit to print: user info dropped, the key segment after `/search/` masked. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redact(url);
  }
  if (parsed.origin === 'null') return redact(url);
  parsed.username = '';
  parsed.password = '';
  const segments = parsed.pathname.split('/');
  const i = segments.findIndex((s) => s.toLowerCase() === 'search');
  if (i >= 0 && i + 1 < segments.length && segments[i + 1] !== '') segments[i + 1] = MASK;
  return redact(`${parsed.origin}${segments.join('/')}${parsed.search}${parsed.hash}`);
}
