// What "Scan Workspace" tells the user when it ends: how many leaked identifiers in how
// many files, and what it skipped, with the actions that fit. Pure; the editor shows it
// (src/editor/diagnostics/diagnosticCommands.ts). Unit-tested in test/unit/core/export/scanReport.test.ts.
import * as l10n from '@vscode/l10n';
import { plural } from '../text/plural';

export interface ScanCounts {
  readonly scanned: number;
  readonly matches: number;
  /** Of `matches`: hints, which the Problems panel does not list (said apart, so the counts agree). */
  readonly hints?: number;
  readonly filesWithMatches: number;
  /** Files skipped because git ignores them (not counting the secret-bearing ones, which are scanned). */
  readonly gitIgnored: number;
  /** Files this extension exported, never scanned (they hold the leaked records themselves). */
  readonly exports: number;
  /** Workspace folders that held more files than are listed (`max` a folder): the rest were not scanned. */
  readonly truncated?: { readonly folders: readonly string[]; readonly max: number };
}

export type ScanReportAction = 'showProblems' | 'includeGitIgnored';

export interface ScanReport {
  readonly severity: 'info' | 'warning';
  readonly message: string;
  readonly actions: readonly ScanReportAction[];
}

export function scanReport(c: ScanCounts): ScanReport {
  const hints = c.hints ?? 0;
  const listed = plural(c.matches - hints, l10n.t('leaked identifier'), l10n.t('leaked identifiers'));
  const found = c.matches > 0
    ? l10n.t('{0} in {1} ({2} scanned).', hints > 0 ? `${listed} ${hints === 1 ? l10n.t('(+1 hint)') : l10n.t('(+{0} hints)', hints)}` : listed, plural(c.filesWithMatches, l10n.t('file'), l10n.t('files')), c.scanned.toLocaleString('en-US'))
    : l10n.t('no leaked identifiers in {0}.', plural(c.scanned, l10n.t('scanned file'), l10n.t('scanned files')));
  const skipped: string[] = [];
  if (c.gitIgnored > 0) skipped.push(l10n.t('{0} skipped', plural(c.gitIgnored, l10n.t('git-ignored file'), l10n.t('git-ignored files'))));
  if (c.exports > 0) skipped.push(l10n.t('{0} not scanned', plural(c.exports, l10n.t('Leak Search export'), l10n.t('Leak Search exports'))));
  const actions: ScanReportAction[] = [];
  if (c.matches > 0) actions.push('showProblems');
  if (c.gitIgnored > 0) actions.push('includeGitIgnored');
  const cut = c.truncated !== undefined && c.truncated.folders.length > 0 ? ` ${l10n.t('Only the first {0} files of {1} were scanned.', c.truncated.max.toLocaleString('en-US'), c.truncated.folders.join(', '))}` : '';
  return {
    severity: c.matches > 0 || cut !== '' ? 'warning' : 'info',
    message: l10n.t('Leak Search: {0}', `${found}${skipped.length > 0 ? ` ${capitalize(skipped.join('; '))}.` : ''}${cut}`),
    actions,
  };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
