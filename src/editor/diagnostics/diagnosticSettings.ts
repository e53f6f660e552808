// The settings of in-file scanning: `leakSearch.diagnostics.*` and `leakSearch.exclude`.
// Read fresh on every use (cheap), so a change applies to the next scan.
import * as vscode from 'vscode';
import { DEFAULT_MAX_FILE_SIZE } from '../../core/scan/files/maxFileSize';
import { DEFAULT_SECRET_FILES, SecretFileNames } from '../../core/scan/files/secretFiles';

export type SeveritySetting = 'Error' | 'Warning' | 'Information' | 'Hint';

/** Default of `leakSearch.exclude`. */
export const DEFAULT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/.git/**'];

export interface DiagnosticSettings {
  readonly enabled: boolean;
  /** Severity of e-mail, URL and username matches (a leaked password is always an Error). */
  readonly severity: vscode.DiagnosticSeverity;
  readonly maxFileSize: number;
  readonly includeGitIgnored: boolean;
  /** Secret-bearing file names, scanned even when git ignores them (`leakSearch.diagnostics.secretFiles`). */
  readonly secretFiles: SecretFileNames;
  /** Host-only matches in documentation files (`leakSearch.diagnostics.hostsInDocumentation`, off by default). */
  readonly hostsInDocumentation: boolean;
  readonly exclude: readonly string[];
}

const SEVERITIES: Readonly<Record<SeveritySetting, vscode.DiagnosticSeverity>> = {
  Error: vscode.DiagnosticSeverity.Error,
  Warning: vscode.DiagnosticSeverity.Warning,
  Information: vscode.DiagnosticSeverity.Information,
  Hint: vscode.DiagnosticSeverity.Hint,
};

/** The settings as they apply to `scope` (a file, for per-folder values). */
export function readDiagnosticSettings(scope?: vscode.Uri): DiagnosticSettings {
  const c = vscode.workspace.getConfiguration('leakSearch', scope);
  const severity = c.get<unknown>('diagnostics.severity');
  const max = c.get<unknown>('diagnostics.maxFileSize');
  const exclude = c.get<unknown>('exclude');
  const secretFiles = c.get<unknown>('diagnostics.secretFiles');
  return {
    enabled: c.get<unknown>('diagnostics.enabled') !== false,
    severity: typeof severity === 'string' && severity in SEVERITIES ? SEVERITIES[severity as SeveritySetting] : vscode.DiagnosticSeverity.Warning,
    maxFileSize: typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : DEFAULT_MAX_FILE_SIZE,
    includeGitIgnored: c.get<unknown>('diagnostics.includeGitIgnored') === true,
    hostsInDocumentation: c.get<unknown>('diagnostics.hostsInDocumentation') === true,
    secretFiles: new SecretFileNames(Array.isArray(secretFiles) ? secretFiles.filter((g): g is string => typeof g === 'string') : DEFAULT_SECRET_FILES),
    exclude: Array.isArray(exclude) ? exclude.filter((g): g is string => typeof g === 'string' && g.trim() !== '') : [...DEFAULT_EXCLUDE],
  };
}

/** Whether a configuration change concerns in-file scanning. */
export function affectsDiagnostics(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration('leakSearch.diagnostics') || e.affectsConfiguration('leakSearch.exclude');
}
