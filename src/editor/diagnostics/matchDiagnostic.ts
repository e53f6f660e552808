// One leak match as a VS Code diagnostic: source "Leak Search", a `code` whose target opens
// the matching records in the results panel, the message the engine wrote, and a severity
// from the settings (a leaked password is always an Error, a common one only a Hint; a bare
// host one step weaker). The team's decision about every record behind a match changes it
// (README "Monitoring"): acknowledged keeps the severity, remediated is at most Information,
// a false positive only a Hint (not in the Problems view, still hoverable); the message says
// which and since when.
import * as vscode from 'vscode';
import { FINDING_CODES, findingSeverity } from '../../core/scan/findingSeverity';
import type { SeverityHint } from '../../core/scan/leakIndex';
import type { WireMatch } from '../../engine/workerProtocol';
import { triageWords } from '../../core/triage/triage';
import { CommandId } from '../commands/commandIds';

export const DIAGNOSTIC_SOURCE = 'Leak Search';

/** The `code.value` of each kind of match. */
export const DIAGNOSTIC_CODES = FINDING_CODES;

/** Where the records of a match are: the result holding most of them, and what to focus on. */
export interface RecordsTarget {
  readonly key: string;
  readonly identifier: string;
}

/**
 * The last targets' URIs (cleared when full): a scan marks one identifier (a host named in
 * every file) in thousands of places, and parsing its URI again for each cost more than the
 * rest of its diagnostic.
 */
const recentTargets = new Map<string, vscode.Uri>();
const RECENT_TARGETS = 256;

/** The `command:` URI that shows a match's records in the results panel. */
export function recordsCommandUri(target: RecordsTarget): vscode.Uri {
  const json = JSON.stringify([target.key, target.identifier]);
  let uri = recentTargets.get(json);
  if (uri === undefined) {
    uri = vscode.Uri.parse(`command:${CommandId.showLeakedRecords}?${encodeURIComponent(json)}`);
    if (recentTargets.size >= RECENT_TARGETS) recentTargets.clear();
    recentTargets.set(json, uri);
  }
  return uri;
}

const HINTS: readonly SeverityHint[] = ['error', 'warning', 'information', 'hint'];

/** VS Code's severity of a hint (its enum counts Error 0 … Hint 3, as the hints are listed). */
export function diagnosticSeverity(hint: SeverityHint): vscode.DiagnosticSeverity {
  return HINTS.indexOf(hint) as vscode.DiagnosticSeverity;
}

/** The hint of VS Code's severity. */
export function severityHint(severity: vscode.DiagnosticSeverity): SeverityHint {
  return HINTS[severity] ?? 'warning';
}

function severityOf(match: WireMatch, configured: vscode.DiagnosticSeverity): vscode.DiagnosticSeverity {
  return diagnosticSeverity(findingSeverity(match, severityHint(configured)));
}

export function toDiagnostic(match: WireMatch, range: vscode.Range, severity: vscode.DiagnosticSeverity): vscode.Diagnostic {
  const message = match.triage ? `${match.message} (${triageWords(match.triage)})` : match.message;
  const d = new vscode.Diagnostic(range, message, severityOf(match, severity));
  d.source = DIAGNOSTIC_SOURCE;
  const target = match.target;
  d.code = target ? { value: DIAGNOSTIC_CODES[match.kind], target: recordsCommandUri(target) } : DIAGNOSTIC_CODES[match.kind];
  return d;
}

/** Whether a diagnostic is one of ours (by source and code). */
export function isLeakDiagnostic(d: vscode.Diagnostic): boolean {
  if (d.source !== DIAGNOSTIC_SOURCE) return false;
  const value = typeof d.code === 'object' && d.code !== null ? d.code.value : d.code;
  return typeof value === 'string' && Object.values(DIAGNOSTIC_CODES).includes(value);
}

/** The code value of a diagnostic (ours or not). */
export function codeValue(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' && d.code !== null ? d.code.value : d.code;
}
