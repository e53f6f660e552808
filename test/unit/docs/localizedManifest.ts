// package.json as VS Code shows it: every "%key%" placeholder replaced by its text from
// package.nls.json (or package.nls.<locale>.json). The README tables, the Marketplace checks
// and the command-palette UI test read the manifest through this, never the raw file.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The placeholder form VS Code resolves in package.json: the whole string is `%key%`. */
const PLACEHOLDER = /^%([^%\s]+)%$/;

/** The key of a `%key%` placeholder, or undefined for ordinary text. */
export function placeholderKey(value: string): string | undefined {
  return PLACEHOLDER.exec(value)?.[1];
}

/** Every `%key%` placeholder used anywhere in a JSON value. */
export function placeholderKeys(value: unknown): string[] {
  if (typeof value === 'string') {
    const key = placeholderKey(value);
    return key === undefined ? [] : [key];
  }
  if (Array.isArray(value)) return value.flatMap(placeholderKeys);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(placeholderKeys);
  return [];
}

/** `value` with every placeholder replaced from `messages`; throws on a key it lacks. */
export function localize<T>(value: T, messages: Readonly<Record<string, string>>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const key = placeholderKey(v);
      if (key === undefined) return v;
      const text = messages[key];
      if (text === undefined) throw new Error(`package.json uses %${key}% but the messages have no "${key}"`);
      return text;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** package.json of `root` with its placeholders resolved for `locale` (English: package.nls.json). */
export function readLocalizedManifest<T>(root: string, locale?: string): T {
  const nls = locale ? `package.nls.${locale}.json` : 'package.nls.json';
  return localize(readJson<T>(path.join(root, 'package.json')), readJson<Record<string, string>>(path.join(root, nls)));
}
