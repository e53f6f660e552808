// SARIF 2.1.0 (OASIS) for the leaked identifiers found in workspace files, so code-scanning
// tools can show them: one rule per kind of match, one result per match with its file and
// region, the level from the diagnostic's severity. The message is the diagnostic's, which
// never holds a password (core/scan/describeMatch.ts); no snippet of the file is included.
// No `vscode`.

import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRIAGE_LABELS } from '../triage/triage';
import type { TriageMark } from '../triage/triage';

/**
 * A triaged finding is a SARIF suppression (status accepted): the team decided about every
 * record behind it, so code scanning shows it as dismissed, not as a new alert.
 */
export function triageSuppression(triage: Pick<TriageMark, 'state'> | undefined): string | undefined {
  return triage ? `triaged as ${TRIAGE_LABELS[triage.state]}` : undefined;
}

export type SarifLevel = 'error' | 'warning' | 'note';

export interface SarifFinding {
  /**
   * The file relative to the workspace folder, its segments split by `/` (every other
   * character, `:` `\\` `%` `#` `?` included, belongs to a name), or with `absolute` an
   * absolute URI, used as it is.
   */
  readonly path: string;
  readonly absolute?: boolean;
  /** The diagnostic code: leaked-email, leaked-username, leaked-url, leaked-host, leaked-password. */
  readonly rule: string;
  readonly level: SarifLevel;
  readonly message: string;
  /** 1-based, as SARIF counts; the end column is exclusive. */
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** A fingerprint that stays while the finding's line moves (see findingFingerprint.ts). */
  readonly fingerprint?: string;
  /** Why the finding is suppressed (a baseline, the team's triage); absent: it is not. */
  readonly suppression?: string;
  /** The commit the finding was read from (a scan of git history). */
  readonly commit?: string;
  /**
   * The editor's severity, when known. SARIF's `note` stands for both information and hint,
   * so those two are kept apart in the result's properties, for tools that read them back.
   */
  readonly severity?: 'error' | 'warning' | 'information' | 'hint';
}

/** The `partialFingerprints` key of ours: a new scheme gets a new version. */
export const FINGERPRINT_KEY = 'leakSearch/v1';

interface Rule {
  readonly id: string;
  readonly name: string;
  readonly short: string;
  readonly help: string;
  readonly level: SarifLevel;
}

export const SARIF_RULES: readonly Rule[] = [
  { id: 'leaked-password', name: 'LeakedPassword', short: 'A password found in leaked credential data', help: 'Rotate the password everywhere it is used, revoke the account\'s sessions and remove it from the file; it is known to attackers.', level: 'error' },
  { id: 'leaked-email', name: 'LeakedEmailAddress', short: 'An e-mail address found in leaked credential data', help: 'The account\'s credentials were stolen (often by malware on a device). Reset its password, revoke sessions and check the device.', level: 'warning' },
  { id: 'leaked-username', name: 'LeakedUsername', short: 'A username found in leaked credential data', help: 'The account\'s credentials were stolen. Reset its password and revoke sessions.', level: 'warning' },
  { id: 'leaked-url', name: 'LeakedUrl', short: 'A login URL found in leaked credential data', help: 'Credentials for this site were stolen. Check which accounts are affected in Leak Search\'s results panel.', level: 'warning' },
  { id: 'leaked-host', name: 'LeakedHost', short: 'A host found in leaked credential data', help: 'Credentials for a site on this host were stolen. Check which accounts are affected.', level: 'note' },
];

/** What to do once a finding is handled, for every rule. */
const SETTLED_HELP = 'Once it is handled, record it in Leak Search\'s triage (or a baseline of the command line) so that later scans report it as suppressed.';

/** A finding's SARIF level from its severity (SARIF has no level below a note). */
export function sarifLevel(severity: 'error' | 'warning' | 'information' | 'hint'): SarifLevel {
  return severity === 'error' || severity === 'warning' ? severity : 'note';
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifTool {
  readonly version: string;
  readonly informationUri: string;
}

/** The SARIF log of one workspace folder's findings (its root is `%SRCROOT%`). */
export function sarifLog(findings: readonly SarifFinding[], tool: SarifTool, rootUri?: string): object {
  const index = new Map(SARIF_RULES.map((r, i) => [r.id, i]));
  const results = findings
    .filter((f) => index.has(f.rule))
    .map((f) => ({
      ruleId: f.rule,
      ruleIndex: index.get(f.rule) as number,
      level: f.level,
      message: { text: f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: f.absolute ? { uri: f.path } : { uri: relativeUri(f.path), uriBaseId: '%SRCROOT%' },
            region: { startLine: f.startLine, startColumn: f.startColumn, endLine: f.endLine, endColumn: f.endColumn },
          },
        },
      ],
      ...(f.fingerprint ? { partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint } } : {}),
      ...(f.suppression !== undefined ? { suppressions: [{ kind: 'external', status: 'accepted', justification: f.suppression }] } : {}),
      ...(f.commit || f.severity === 'information' || f.severity === 'hint'
        ? { properties: { ...(f.commit ? { commit: f.commit } : {}), ...(f.severity === 'information' || f.severity === 'hint' ? { severity: f.severity } : {}) } }
        : {}),
    }));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Leak Search',
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: tool.informationUri,
            rules: SARIF_RULES.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: `${r.short}.` },
              fullDescription: { text: `${r.short}. ${r.help}` },
              help: { text: `${r.help} ${SETTLED_HELP}` },
              defaultConfiguration: { level: r.level },
            })),
          },
        },
        ...(rootUri ? { originalUriBaseIds: { '%SRCROOT%': { uri: rootUri.endsWith('/') ? rootUri : `${rootUri}/` } } } : {}),
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}

/**
 * `file` relative to the folder `root`, segments joined by `/`, when it lies strictly inside
 * it; undefined otherwise. `p` is the path flavour of both, the platform's by default: with
 * `path.win32` a drive letter's case does not matter and `/` and `\` both separate; with
 * `path.posix` only `/` does, and a backslash belongs to a name.
 */
export function sarifRelativePath(file: string, root: string, p: PlatformPath = path): string | undefined {
  const rel = p.relative(root, file);
  if (rel === '' || rel === '..' || rel.startsWith(`..${p.sep}`) || p.isAbsolute(rel)) return undefined;
  return rel.split(p.sep).join('/');
}

/** A file's SARIF location: relative to `root` when inside it (sarifRelativePath), else its absolute file URI. */
export function sarifLocation(file: string, root: string | undefined, p: PlatformPath = path): Pick<SarifFinding, 'path' | 'absolute'> {
  const rel = root !== undefined ? sarifRelativePath(file, root, p) : undefined;
  return rel !== undefined ? { path: rel } : { path: pathToFileURL(file, { windows: p.sep === '\\' }).href, absolute: true };
}

/**
 * A relative path as a relative URI reference (RFC 3986, 4.2): each segment percent-encoded
 * but for the characters a segment may hold as they are (`:` and `@` among them), slashes
 * kept. A first segment with a colon would read as a scheme (`file:x.ts`, `C:`), and an
 * empty one would start an authority: either is preceded by `./`.
 */
export function relativeUri(path: string): string {
  const segments = path.split('/').map((s) =>
    encodeURIComponent((s as string & { toWellFormed(): string }).toWellFormed()).replace(/%3A/gi, ':').replace(/%40/gi, '@'),
  );
  const first = segments[0] ?? '';
  return `${first === '' || first.includes(':') ? './' : ''}${segments.join('/')}`;
}
