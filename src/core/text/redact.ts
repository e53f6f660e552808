// Redaction: the API key is a URL path segment (docs/decisions.md, decision 9), so every URL is secret. Every
// error message and log line goes through `redact` BEFORE it is cut to a display length (a cut
// first would leave most of a long key showing), so a caller says `plainText(redact(…), max)`.
// Pure.

const MASK = '***';

/** `/search/<anything>` → `/search/***`, also when the URL itself is percent-encoded. */
const SEARCH_SEGMENT = /(\/search\/)[^/?#\s"'<>]+/gi;
const SEARCH_SEGMENT_ENCODED = /(%2Fsearch%2F)(?:(?!%2F)[^/?#\s"'<>&])+/gi;
/** `scheme://user:pass@host` → `scheme://***@host` (proxy URLs may carry credentials). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@"'<>]+@/gi;
/** A run that may be base64 (standard or URL-safe alphabet), long enough to hold a URL path. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
/**
 * Invisible characters a server or proxy may slip between the characters of a key (zero-width
 * space and joiners, soft hyphen, bidi controls, tag characters: the Unicode Cf category).
 */
const INVISIBLE_GAP = '\\p{Cf}*';
/** A secret shorter than this is masked only where it is a URL's user info (a 1–2 character match is noise). */
const MIN_SECRET = 3;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `n` in hex, at least `width` digits, each letter digit matched in either case (`6[bB]`). */
function hexDigits(n: number, width: number): string {
  return [...n.toString(16).padStart(width, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
}

/** Named HTML entities of the punctuation a key or proxy password may hold. */
const NAMED_ENTITIES: Readonly<Record<string, readonly string[]>> = {
  '&': ['amp'], '<': ['lt'], '>': ['gt'], '"': ['quot'], "'": ['apos'], '/': ['sol'], '+': ['plus'],
  '=': ['equals'], ':': ['colon'], '.': ['period'], '_': ['lowbar', 'UnderBar'], '-': ['hyphen', 'dash'],
  '@': ['commat'], '#': ['num'], '%': ['percnt'], '!': ['excl'], '$': ['dollar'], '?': ['quest'],
  '~': ['tilde'], ',': ['comma'], ';': ['semi'], '*': ['ast', 'midast'], '(': ['lpar'], ')': ['rpar'],
  '[': ['lsqb', 'lbrack'], ']': ['rsqb', 'rbrack'], '{': ['lcub', 'lbrace'], '}': ['rcub', 'rbrace'],
  '|': ['verbar', 'vert'], '\\': ['bsol'], '^': ['Hat'], '`': ['grave'], ' ': ['nbsp'],
};

/**
 * Every spelling of one character of a secret: itself (any case, by the pattern's flag),
 * percent-encoded (each UTF-8 byte, hex in any case), a JSON or JavaScript escape (`\u0061`,
 * `\x61`, `\/`), an HTML character reference (decimal, hex, named; the `;` optional as
 * browsers allow).
 */
function charForms(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const forms = [escapeRegExp(ch)];
  const bytes = [...new TextEncoder().encode(ch)];
  forms.push(bytes.map((b) => `%${hexDigits(b, 2)}`).join(''));
  forms.push(cp <= 0xffff ? `\\\\[uU]${hexDigits(cp, 4)}` : `\\\\[uU]${hexDigits(ch.charCodeAt(0), 4)}\\\\[uU]${hexDigits(ch.charCodeAt(1), 4)}`);
  if (cp <= 0xff) forms.push(`\\\\[xX]${hexDigits(cp, 2)}`);
  if (/[^A-Za-z0-9]/.test(ch)) forms.push(`\\\\${escapeRegExp(ch)}`);
  forms.push(`&#0*${cp};?`, `&#[xX]0*${hexDigits(cp, 1)};?`);
  for (const name of NAMED_ENTITIES[ch] ?? []) forms.push(`&${name};?`);
  return `(?:${forms.join('|')})`;
}

/** What the key looks like base64-encoded inside any longer base64 text (three byte alignments). */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out = new Set<string>();
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Drop the characters that depend on the unknown bytes before and after the key.
    const start = shift === 0 ? 0 : shift === 1 ? 2 : 3;
    const fullGroups = Math.floor((shift + bytes.length) / 3) * 4;
    const core = encoded.slice(start, fullGroups);
    if (core.length >= 8) {
      out.add(core);
      out.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...out];
}

interface SecretPatterns {
  /** Every textual spelling, split or not by invisible characters; case-insensitive. */
  readonly text: RegExp;
  /** The base64 forms (case matters in base64). */
  readonly base64: RegExp | undefined;
  /** The secret in lower case, and its base64 forms, for the quick test of plain text. */
  readonly lower: string;
  readonly cores: readonly string[];
  /** Too short to look for (see MIN_SECRET). */
  readonly short: boolean;
}

/**
 * What every spelling but the secret itself and its base64 needs: an escape (`%`, `&`, `\`)
 * or an invisible character. Text without any can hold the secret only as is or in base64,
 * which a substring search finds far faster than the pattern of every spelling.
 */
const ESCAPED = /[%&\\\p{Cf}]/u;

const compiled = new Map<string, SecretPatterns>();
/** Patterns are kept for the few secrets of a session; a flood of distinct ones is not. */
const COMPILED_MAX = 64;

function patternsOf(secret: string): SecretPatterns {
  const held = compiled.get(secret);
  if (held) return held;
  const text = new RegExp([...secret].map(charForms).join(INVISIBLE_GAP), 'giu');
  const cores = base64Cores(secret);
  const patterns: SecretPatterns = { text, base64: cores.length > 0 ? new RegExp(cores.map(escapeRegExp).join('|'), 'g') : undefined, lower: secret.toLowerCase(), cores, short: [...secret].length < MIN_SECRET };
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(secret, patterns);
  return patterns;
}

/** A base64 run whose decoded bytes name a search path or a secret: masked whole. */
function maskEncodedUrls(text: string, secrets: readonly string[]): string {
  return text.replace(BASE64_RUN, (run) => {
    const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
    if (/\/search\//i.test(decoded)) return MASK;
    const lower = decoded.toLowerCase();
    return secrets.some((s) => s.length >= MIN_SECRET && lower.includes(s.toLowerCase())) ? MASK : run;
  });
}

/** `text` with each of `secrets` masked in every spelling `redact` knows, and nothing else changed. */
export function maskKnownSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  let plain: boolean | undefined;
  let lower: string | undefined;
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET) continue;
    const patterns = patternsOf(secret);
    if (patterns.short) continue;
    const { text: spelled, base64 } = patterns;
    plain ??= !ESCAPED.test(out);
    if (plain) {
      lower ??= out.toLowerCase();
      if (!lower.includes(patterns.lower) && !patterns.cores.some((c) => out.includes(c))) continue;
    }
    out = out.replace(spelled, MASK);
    if (base64) out = out.replace(base64, MASK);
  }
  return out;
}

/**
 * Removes every known secret from `text`, in each spelling a server, proxy or log may give it:
 * exact, any letter case, percent-encoded, JSON-, JavaScript- or HTML-escaped, split by
 * invisible characters, base64 alone or inside a longer base64 text (a URL holding it). Masks
 * the key segment of any `/search/<key>/…` path (also percent-encoded or inside base64) and the
 * user info of any URL. Linear in the text for each secret.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  const known = secrets.filter((s) => typeof s === 'string' && [...s].length >= MIN_SECRET);
  const out = maskEncodedUrls(maskKnownSecrets(String(text), known), known);
  return out
    .replace(SEARCH_SEGMENT, `$1${MASK}`)
    .replace(SEARCH_SEGMENT_ENCODED, `$1${MASK}`)
    .replace(USERINFO, `$1${MASK}@`);
}

/**
 * The credentials in proxy URLs (`http://user:password@proxy:3128`), as secrets for `redact`:
 * the user name and password decoded and as written, and the pair.
 */
export function proxyCredentials(urls: readonly (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const raw of urls) {
    const s = raw?.trim();
    if (!s) continue;
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`);
    } catch {
      // Unparseable: the user info, if any, is whatever stands before the last `@` of the authority.
      const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)@/i.exec(s);
      if (m?.[1]) for (const part of [m[1], ...m[1].split(':')]) if (part) out.add(part);
      continue;
    }
    for (const part of [url.username, url.password]) {
      if (!part) continue;
      out.add(part);
      try {
        out.add(decodeURIComponent(part));
      } catch {
        // A malformed escape: the written form is enough.
      }
    }
    if (url.username && url.password) out.add(`${url.username}:${url.password}`);
  }
  return [...out];
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
