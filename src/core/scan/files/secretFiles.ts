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

/** A file-name pattern as a regular expression: `*` any characters, `?` one, the rest literal; case-insensitive. */
function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (const ch of pattern) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

/** Matches file names (not paths) against a list of patterns; malformed entries are ignored. */
export class SecretFileNames {
  readonly #patterns: readonly RegExp[];

  constructor(patterns: readonly string[]) {
    // A pattern naming a folder ("a/b") can never match a file name: dropped rather than misread.
    this.#patterns = patterns.filter((p) => p.trim() !== '' && !/[\\/]/.test(p)).map((p) => patternRegExp(p.trim()));
  }

  /** Whether the last segment of `path` (a path or URI path with `/` or `\`) matches. */
  matches(path: string): boolean {
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    return name !== '' && this.#patterns.some((re) => re.test(name));
  }
}
