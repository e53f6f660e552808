// The spellings in which a server, a proxy or a careless writer can echo an API key, and the
// check that a text shows none of it: shared by the client's tests (keyEchoes.test.ts) and the
// command line's (test/unit/cli/), so both hold every output to the same list.

export const ZW = '\u200b';

export function base64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

function htmlDecimal(s: string): string {
  return [...s].map((c) => `&#${c.codePointAt(0)};`).join('');
}

function htmlHex(s: string): string {
  return [...s].map((c) => `&#x${(c.codePointAt(0) as number).toString(16).toUpperCase()};`).join('');
}

/** As JSON.stringify would with every character escaped: UTF-16 units (an emoji is two). */
function jsonUnicode(s: string): string {
  return Array.from({ length: s.length }, (_, i) => `\\u${s.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}

function percentAll(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** [what, how the key is written]: each one must leave no run of 8 of the key's characters. */
export const ECHOES: readonly (readonly [string, (key: string) => string])[] = [
  ['exact', (k) => k],
  ['upper case', (k) => k.toUpperCase()],
  ['mixed case', (k) => [...k].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')],
  ['percent-encoded, every byte, lower hex', (k) => percentAll(k)],
  ['percent-encoded, every byte, upper hex', (k) => percentAll(k).toUpperCase()],
  ['JSON \\u escapes', (k) => jsonUnicode(k)],
  ['JSON-escaped in a string', (k) => JSON.stringify(k).slice(1, -1)],
  ['HTML decimal entities', (k) => htmlDecimal(k)],
  ['HTML hex entities', (k) => htmlHex(k)],
  ['split by zero-width spaces', (k) => [...k].join(ZW)],
  ['split by bidi controls and soft hyphens', (k) => [...k].map((c, i) => c + (i % 2 ? '\u202e' : '\u00ad')).join('')],
  ['split by word joiners every 3', (k) => k.replace(/(.{3})/g, `$1\u2060`)],
  ['base64 of the key', (k) => base64(k)],
  ['base64 of a URL holding it', (k) => base64(`https://leakjar.com/api/search/${k}/example.com/accounts`)],
  ['base64 of a URL holding it, shifted by one', (k) => base64(`xhttps://h/search/${k}/e.com/accounts`)],
  ['base64 of a URL holding it, shifted by two', (k) => base64(`xxhttps://h/search/${k}/e.com/accounts`)],
  ['base64url of a URL holding it', (k) => base64(`https://h/api/search/${k}/e.com`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
  ['in a query string', (k) => `https://proxy.corp/deny?u=${encodeURIComponent(`https://h/api/x/${k}/y`)}`],
];

/** Whether `text` shows 8 or more consecutive characters of `key` (any case), or its base64. */
export function showsPartOf(text: string, key: string): string | undefined {
  const lower = text.toLowerCase();
  for (let i = 0; i + 8 <= key.length; i++) {
    const part = key.slice(i, i + 8).toLowerCase();
    if (lower.includes(part)) return part;
  }
  const b = base64(key);
  for (let i = 0; i + 12 <= b.length; i += 4) if (text.includes(b.slice(i, i + 12))) return b.slice(i, i + 12);
  return undefined;
}
