// What "Scan Workspace" tells the user when it ends: how many leaked identifiers in how
// many files, and what it skipped, with the actions that fit. Pure; the editor shows it
// (src/editor/diagnostics/diagnosticCommands.ts). Unit-tested in test/unit/core/scanReport.test.ts.
import { plural } from './plural';

export interface ScanCounts {
  readonly scanned: number;
  readonly matches: number;
  readonly filesWithMatches: number;
  /** Files skipped because git ignores them (not counting the secret-bearing ones, which are scanned). */
  readonly gitIgnored: number;
  /** Files this extension exported, never scanned (they hold the leaked records themselves). */
  readonly exports: number;
}

export type ScanReportAction = 'showProblems' | 'includeGitIgnored';

export interface ScanReport {
  readonly severity: 'info' | 'warning';
  readonly message: string;
  readonly actions: readonly ScanReportAction[];
}

export function scanReport(c: ScanCounts): ScanReport {
  const found = c.matches > 0
    ? `${plural(c.matches, 'leaked identifier')} in ${plural(c.filesWithMatches, 'file')} (${c.scanned.toLocaleString('en-US')} scanned).`
    : `no leaked identifiers in ${plural(c.scanned, 'scanned file')}.`;
  const skipped: string[] = [];
  if (c.gitIgnored > 0) skipped.push(`${plural(c.gitIgnored, 'git-ignored file')} skipped`);
  if (c.exports > 0) skipped.push(`${plural(c.exports, 'Leak Search export')} not scanned`);
  const actions: ScanReportAction[] = [];
  if (c.matches > 0) actions.push('showProblems');
  if (c.gitIgnored > 0) actions.push('includeGitIgnored');
  return {
    severity: c.matches > 0 ? 'warning' : 'info',
    message: `Leak Search: ${found}${skipped.length > 0 ? ` ${capitalize(skipped.join('; '))}.` : ''}`,
    actions,
  };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
