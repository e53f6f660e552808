// The in-file scanning settings a team set for the editor, read from the repository's
// .vscode/settings.json so `leak-search scan` marks what the editor marks: the severity of a
// leaked identifier, the size limit, secret-bearing file names, git-ignored files and hosts in
// documentation (`leakSearch.diagnostics.*`, defaults as in package.json).
import { DEFAULT_MAX_FILE_SIZE } from '../../core/scan/files/maxFileSize';
import { DEFAULT_SECRET_FILES, SecretFileNames } from '../../core/scan/files/secretFiles';
import type { SeverityHint } from '../../core/scan/leakIndex';
import { workspaceSettings } from '../environment';

export interface ScanSettings {
  readonly severity: SeverityHint;
  readonly maxFileSize: number;
  readonly includeGitIgnored: boolean;
  readonly hostsInDocumentation: boolean;
  readonly secretFiles: SecretFileNames;
}

const SEVERITIES: Readonly<Record<string, SeverityHint>> = { Error: 'error', Warning: 'warning', Information: 'information', Hint: 'hint' };

export function scanSettingsOf(dir: string): ScanSettings {
  const { settings } = workspaceSettings(dir);
  const severity = settings['leakSearch.diagnostics.severity'];
  const max = settings['leakSearch.diagnostics.maxFileSize'];
  const secretFiles = settings['leakSearch.diagnostics.secretFiles'];
  return {
    severity: typeof severity === 'string' && Object.hasOwn(SEVERITIES, severity) ? (SEVERITIES[severity] as SeverityHint) : 'warning',
    maxFileSize: typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : DEFAULT_MAX_FILE_SIZE,
    includeGitIgnored: settings['leakSearch.diagnostics.includeGitIgnored'] === true,
    hostsInDocumentation: settings['leakSearch.diagnostics.hostsInDocumentation'] === true,
    secretFiles: new SecretFileNames(Array.isArray(secretFiles) ? secretFiles.filter((g): g is string => typeof g === 'string') : DEFAULT_SECRET_FILES),
  };
}
