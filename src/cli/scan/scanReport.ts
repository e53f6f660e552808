// What scan and merge decide the same way about a report: which findings fail the run at
// `--fail-on`, and the Markdown summary appended for the CI job's page (summary.ts).
import * as fs from 'node:fs';
import type { SarifLevel } from '../../core/export/sarif';
import { UsageError } from '../exitCodes';
import type { ReportFinding } from './report';
import { markdownSummary } from './summary';
import type { SummaryOptions } from './summary';

export type FailOn = SarifLevel | 'none';

/** Where a SARIF log's tool points people. */
export const INFORMATION_URI = 'https://github.com/leak-search/vscode-leak-search';

const RANK: Readonly<Record<SarifLevel, number>> = { error: 0, warning: 1, note: 2 };

/** Whether a finding of `level` fails the run at `failOn` (when not suppressed). */
export function failsAt(level: SarifLevel, failOn: FailOn): boolean {
  return failOn !== 'none' && RANK[level] <= RANK[failOn];
}

/** The unsuppressed findings at or above `failOn`. */
export function failingCount(findings: readonly ReportFinding[], failOn: FailOn): number {
  return findings.filter((f) => f.suppressed === undefined && failsAt(f.level, failOn)).length;
}

/** Appends the Markdown summary to `file` (GitHub's job summary is a file steps append to). */
export function appendSummary(file: string, findings: readonly ReportFinding[], options: SummaryOptions): void {
  try {
    fs.appendFileSync(file, `${markdownSummary(findings, options)}\n`);
  } catch (e) {
    throw new UsageError(`The summary cannot be written to ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
}
