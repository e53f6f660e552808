// The most common passwords, from @zxcvbn-ts/language-common's `passwords-common` list
// (about 49,000 entries ranked by frequency in real password dumps, maintained with the
// zxcvbn-ts strength estimator and bundled with the extension). A leaked password on it is
// no evidence of a real secret in a file — `password`, `admin123` and `changeme` appear as
// keys, placeholders and prose everywhere — so the index reports it only as a hint, only
// where a password belongs. Loaded on first use (the list costs ~70 ms to decompress).

let common: ReadonlySet<string> | undefined;

function load(): ReadonlySet<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('@zxcvbn-ts/language-common/dist/passwords.json.cjs') as { default?: string[] } | string[];
  const list = Array.isArray(mod) ? mod : (mod.default ?? []);
  return new Set(list);
}

/** Whether a password is on the common list (compared in lower case, as the list is written). */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}
