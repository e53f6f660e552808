// One leak match as a VS Code diagnostic: source "Leak Search", a `code` whose target opens
// the matching records in the results panel, the message the engine wrote, and a severity
// from the settings (a leaked password is always an Error, a common one only a Hint; a bare
// host one step weaker).
import * as vscode from 'vscode';
import type { MatchKind } from '../../core/scan/leakIndex';
import type { WireMatch } from '../../engine/protocol';
import { CommandId } from '../commands/commandIds';

export const DIAGNOSTIC_SOURCE = 'Leak Search';

/** The `code.value` of each kind of match. */
export const DIAGNOSTIC_CODES: Readonly<Record<MatchKind, string>> = {
  email: 'leaked-email',
  username: 'leaked-username',
  url: 'leaked-url',
  host: 'leaked-host',
  password: 'leaked-password',
};

/** Where the records of a match are: the result holding most of them, and what to focus on. */
export interface RecordsTarget {
  readonly key: string;
  readonly identifier: string;
}

/** The `command:` URI that shows a match's records in the results panel. */
export function recordsCommandUri(target: RecordsTarget): vscode.Uri {
  const args = encodeURIComponent(JSON.stringify([target.key, target.identifier]));
  return vscode.Uri.parse(`command:${CommandId.showLeakedRecords}?${args}`);
}

function severityOf(match: WireMatch, configured: vscode.DiagnosticSeverity): vscode.DiagnosticSeverity {
  if (match.kind === 'password') return match.common ? vscode.DiagnosticSeverity.Hint : vscode.DiagnosticSeverity.Error;
  if (match.kind === 'host') return Math.max(configured, vscode.DiagnosticSeverity.Information);
  return configured;
}

export function toDiagnostic(match: WireMatch, range: vscode.Range, severity: vscode.DiagnosticSeverity): vscode.Diagnostic {
  const d = new vscode.Diagnostic(range, match.message, severityOf(match, severity));
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
