// A report of `leak-search scan` as other jobs read it back: the JSON array of findings
// (`--format json`) or our SARIF log (`--format sarif`), both turned into one shape,
// `ReportFinding`, which is also what the JSON report holds. `leak-search merge` and the GitHub
// Action read reports through here. A report is input like any other: bounded in size, every
// finding checked, and one that is not ours refused with the file and the finding named,
// never half-read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FINGERPRINT_KEY, sarifLevel } from '../../core/export/sarif';
import type { SarifLevel } from '../../core/export/sarif';
import { FINDING_CODES } from '../../core/scan/findingSeverity';
import type { SeverityHint } from '../../core/scan/leakIndex';
import { UsageError } from '../exitCodes';

/** A finding as a report holds it: where, what, its fingerprint; never the matched text. */
export interface ReportFinding {
  /** The file relative to the folder the scan ran in, `/` separated (absolute when outside it). */
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** `leaked-password`, `leaked-email`, … (core/scan/findingSeverity.ts). */
  readonly code: string;
  readonly severity: SeverityHint;
  readonly level: SarifLevel;
  /** Plain text that never holds a password. */
  readonly message: string;
  readonly fingerprint?: string;
  /** The commit the finding was read from (a scan of history). */
  readonly commit?: string;
  /** Why it is suppressed (a baseline, the team's triage); absent: it is not. */
  readonly suppressed?: string;
}

/** Far above the report of any repository; what JSON.parse of it costs stays affordable. */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

const CODES = new Set(Object.values(FINDING_CODES));
const FINGERPRINT = /^[0-9a-f]{32}$/;
const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'information', 'hint']);

/** One line of text: control characters (a newline in a file name) as `?`. */
function plain(s: string): string {
  return s.replace(/\p{Cc}/gu, '?');
}

class Bad extends Error {}

function str(v: unknown, what: string): string {
  if (typeof v !== 'string' || v === '') throw new Bad(`has no ${what}`);
  return v;
}

function pos(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw new Bad(`has no valid ${what}`);
  return v;
}

function optional(v: unknown, pattern: RegExp, what: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !pattern.test(v)) throw new Bad(`has an invalid ${what}`);
  return v;
}

function checked(f: {
  path: unknown;
  line: unknown;
  column: unknown;
  endLine: unknown;
  endColumn: unknown;
  code: unknown;
  severity: SeverityHint;
  message: unknown;
  fingerprint: unknown;
  commit: unknown;
  suppressed: unknown;
}): ReportFinding {
  const code = str(f.code, 'rule');
  if (!CODES.has(code)) throw new Bad(`has a rule that is not Leak Search's (${plain(code).slice(0, 40)})`);
  const suppressed = f.suppressed === undefined ? undefined : str(f.suppressed, 'suppression reason');
  const fingerprint = optional(f.fingerprint, FINGERPRINT, 'fingerprint');
  const commit = optional(f.commit, COMMIT, 'commit');
  return {
    path: str(f.path, 'path'),
    line: pos(f.line, 'line'),
    column: pos(f.column, 'column'),
    endLine: pos(f.endLine, 'end line'),
    endColumn: pos(f.endColumn, 'end column'),
    code,
    severity: f.severity,
    level: sarifLevel(f.severity),
    message: plain(str(f.message, 'message')),
    ...(fingerprint !== undefined ? { fingerprint } : {}),
    ...(commit !== undefined ? { commit } : {}),
    ...(suppressed !== undefined ? { suppressed: plain(suppressed) } : {}),
  };
}

function fromJson(v: Record<string, unknown>): ReportFinding {
  const severity = v.severity;
  if (typeof severity !== 'string' || !SEVERITIES.has(severity)) throw new Bad('has no valid severity');
  return checked({ ...v, path: v.path, severity: severity as SeverityHint } as Parameters<typeof checked>[0]);
}

const LEVEL_SEVERITY: Readonly<Record<string, SeverityHint>> = { error: 'error', warning: 'warning', note: 'information' };

/**
 * A SARIF artifact location as our path: a relative reference decoded (`/` separated), an
 * absolute file URI as a path of `flavour` (`file:///C:/x` is `C:\x` on Windows, and a UNC
 * share's `file://server/share/x` is `\\server\share\x` there and refused elsewhere).
 */
function sarifPath(location: { uri?: unknown; uriBaseId?: unknown } | undefined, flavour: PlatformPath): string {
  const uri = str(location?.uri, 'file');
  if (location?.uriBaseId !== undefined) {
    // Relative to the base, and staying under it: no scheme, no leading slash, no `..`, and no
    // segment that decodes to a slash (`%2F`), which would make it point elsewhere.
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) throw new Bad('has a file that is not relative to its base');
    let segments: string[];
    try {
      segments = uri.replace(/^\.\//, '').split('/').map(decodeURIComponent);
    } catch {
      throw new Bad('has a file that is not a valid URI');
    }
    if (segments.some((s) => s === '..' || s.includes('/') || s.includes('\0'))) throw new Bad('has a file that is not relative to its base');
    return segments.join('/');
  }
  try {
    return fileURLToPath(uri, { windows: flavour.sep === '\\' });
  } catch {
    throw new Bad('has a file that is neither relative nor a file URI');
  }
}

function fromSarif(r: Record<string, unknown>, flavour: PlatformPath): ReportFinding {
  const level = r.level ?? 'warning';
  const byLevel = typeof level === 'string' && Object.hasOwn(LEVEL_SEVERITY, level) ? LEVEL_SEVERITY[level] : undefined;
  if (byLevel === undefined) throw new Bad('has no valid level');
  // A note's own severity, when the log kept it (core/export/sarif.ts).
  const kept = (r.properties as Record<string, unknown> | undefined)?.severity;
  const severity = byLevel === 'information' && (kept === 'information' || kept === 'hint') ? kept : byLevel;
  const physical = (r.locations as { physicalLocation?: { artifactLocation?: { uri?: unknown; uriBaseId?: unknown }; region?: Record<string, unknown> } }[] | undefined)?.[0]?.physicalLocation;
  const region = physical?.region ?? {};
  // Suppressed when a suppression is accepted (SARIF: a missing status means accepted); one
  // under review or rejected does not hide the finding.
  const accepted = (Array.isArray(r.suppressions) ? (r.suppressions as unknown[]) : []).find((x) => {
    const status = (x as { status?: unknown } | null)?.status;
    return typeof x === 'object' && x !== null && (status === undefined || status === 'accepted');
  }) as { justification?: unknown } | undefined;
  const suppression = accepted !== undefined ? (accepted.justification ?? 'suppressed') : undefined;
  return checked({
    path: sarifPath(physical?.artifactLocation, flavour),
    line: region.startLine,
    column: region.startColumn ?? 1,
    endLine: region.endLine ?? region.startLine,
    endColumn: region.endColumn ?? region.startColumn ?? 1,
    code: r.ruleId,
    severity,
    message: (r.message as { text?: unknown } | undefined)?.text,
    fingerprint: (r.partialFingerprints as Record<string, unknown> | undefined)?.[FINGERPRINT_KEY],
    commit: (r.properties as Record<string, unknown> | undefined)?.commit,
    suppressed: suppression,
  });
}

function each<T>(items: readonly unknown[], what: string, name: string, read: (v: Record<string, unknown>) => T, out: T[]): void {
  for (const [i, item] of items.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new UsageError(`${name}: ${what} ${i + 1} is not an object.`);
    try {
      out.push(read(item as Record<string, unknown>));
    } catch (e) {
      if (e instanceof Bad) throw new UsageError(`${name}: ${what} ${i + 1} ${e.message}.`);
      throw e;
    }
  }
}

/** The findings of a report's text; `name` names it in errors, `flavour` is the system's path flavour (for file URIs). */
export function parseReport(text: string, name: string, flavour: PlatformPath = path): ReportFinding[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${name} is not JSON: give a json or sarif report of leak-search scan.`);
  }
  const out: ReportFinding[] = [];
  if (Array.isArray(value)) {
    each(value, 'finding', name, fromJson, out);
    return out;
  }
  const runs = (value as { runs?: unknown } | null)?.runs;
  if (typeof value === 'object' && value !== null && Array.isArray(runs)) {
    for (const run of runs as unknown[]) {
      const driver = (run as { tool?: { driver?: { name?: unknown } } } | null)?.tool?.driver?.name;
      if (driver !== 'Leak Search') throw new UsageError(`${name} is a SARIF log of another tool (${typeof driver === 'string' ? plain(driver).slice(0, 40) : 'no name'}), not of leak-search scan.`);
      const results = (run as { results?: unknown }).results;
      if (results === undefined) continue;
      if (!Array.isArray(results)) throw new UsageError(`${name}: its results are not a list.`);
      each(results, 'result', name, (r) => fromSarif(r, flavour), out);
    }
    return out;
  }
  throw new UsageError(`${name} is neither a json nor a sarif report of leak-search scan.`);
}

/** A file's text, read whole when it is at most `maxBytes`; `what` names it in errors ("The report …"). */
export function readBoundedText(file: string, maxBytes: number, what: string): string {
  try {
    if (fs.statSync(file).size > maxBytes) throw new UsageError(`${what} ${file} is larger than ${maxBytes / 1024 / 1024} MB.`);
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${what} ${file} cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
}

/** The findings of a report file (read whole, bounded). */
export function readReport(file: string): ReportFinding[] {
  return parseReport(readBoundedText(file, MAX_REPORT_BYTES, 'The report'), `The report ${file}`);
}

/** The same finding: its fingerprint and commit, or where it is when it has no fingerprint. */
export function findingKey(f: ReportFinding): string {
  return f.fingerprint !== undefined ? `${f.fingerprint}\u001f${f.commit ?? ''}` : `${f.path}\u001f${f.commit ?? ''}\u001f${f.line}\u001f${f.column}\u001f${f.code}`;
}

/** Report order: by file, commit, place and rule, so a merge is the same whatever order jobs end in. */
export function compareFindings(a: ReportFinding, b: ReportFinding): number {
  const by = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return by(a.path, b.path) || by(a.commit ?? '', b.commit ?? '') || a.line - b.line || a.column - b.column || by(a.code, b.code) || by(a.fingerprint ?? '', b.fingerprint ?? '');
}
