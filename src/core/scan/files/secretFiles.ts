// Which files hold secrets by their name: `.env.local`, `server.pem`, `credentials.json`, …
// Such files are git-ignored precisely because they hold secrets, so a leaked password is
// most likely there: they are scanned even when git ignores them (the setting
// `leakSearch.diagnostics.secretFiles`, read in src/editor/diagnostics/diagnosticSettings.ts).
// Pure; unit-tested in test/unit/core/scan/files/secretFiles.test.ts.

/** Default of `leakSearch.diagnostics.secretFiles` (keep in step with package.json). */
export const DEFAULT_SECRET_FILES: readonly string[] = [
  '.env*',
  '*.env',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  'credentials*',
  'secrets.*',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.git-credentials',
  '.my.cnf',
  '.htpasswd',
  '*.tfvars',
];

/** A file-name pattern as the source of a regular expression: `*` any characters, `?` one, the rest literal. */
function patternSource(pattern: string): string {
  let source = '';
  for (const ch of pattern) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return source;
}

/** Matches file names (not paths) against a list of patterns, case-insensitively; malformed entries are ignored. */
export class SecretFileNames {
  /**
   * Every pattern in one expression, undefined for none: a scan asks about each of a tree's
   * thousands of files, and one expression of them all is tried faster than each in turn.
   */
  readonly #pattern: RegExp | undefined;

  constructor(patterns: readonly string[]) {
    // A pattern naming a folder ("a/b") can never match a file name: dropped rather than misread.
    const sources = patterns.filter((p) => p.trim() !== '' && !/[\\/]/.test(p)).map((p) => patternSource(p.trim()));
    this.#pattern = sources.length === 0 ? undefined : new RegExp(`^(?:${sources.join('|')})$`, 'i');
  }

  /** Whether the last segment of `path` (a path or URI path with `/` or `\`) matches. */
  matches(path: string): boolean {
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    return name !== '' && this.#pattern !== undefined && this.#pattern.test(name);
  }
}
