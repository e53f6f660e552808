// `leak-search merge REPORT…`: the reports of many scan jobs (a CI fan-out: one job per
// repository or shard) as one, each finding once, in a stable order, as text, JSON or SARIF,
// with a Markdown summary for the job page. With --only-new and a state file kept between runs
// (the CI cache), only findings no earlier run reported are listed and can fail the job, so a
// nightly run alerts on what is new. Sends nothing anywhere: no key is needed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { Option } from 'commander';
import { sarifLog } from '../../core/export/sarif';
import type { SarifFinding, SarifLevel } from '../../core/export/sarif';
import { EXIT, UsageError } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { readFindingsState, writeFindingsState } from '../files/findingsState';
import { fileSink, streamSink } from '../output';
import type { Sink } from '../output';
import type { RunContext } from '../runContext';
import { baselineText, jsonText, textLines } from '../scan/findingsOutput';
import { compareFindings, findingKey, readReport } from '../scan/report';
import type { ReportFinding } from '../scan/report';
import { appendSummary, failingCount, INFORMATION_URI } from '../scan/scanReport';
import type { FailOn } from '../scan/scanReport';

interface MergeFlags {
  readonly format?: 'text' | 'json' | 'sarif' | 'baseline';
  readonly output?: string;
  readonly summary?: string;
  readonly failOn?: FailOn;
  readonly onlyNew?: boolean;
  readonly state?: string;
}

/** Far more reports than a fan-out has jobs; a folder holding more is probably not one of reports. */
const MAX_REPORTS = 10_000;

export function registerMerge(program: Command, run: (action: (ctx: RunContext) => Promise<ExitCode>) => Promise<void>): void {
  program
    .command('merge')
    .description('Combine the json or sarif reports of many scan jobs into one, each finding once.')
    .argument('<report...>', 'report files, or folders holding them (their .json and .sarif files, at any depth)')
    .addOption(new Option('--format <format>', 'output format (baseline: fingerprints, files and rules for a later --baseline, no account)').choices(['text', 'json', 'sarif', 'baseline']).default('text'))
    .option('-o, --output <file>', 'write the merged report to this file (written whole or not at all)')
    .option('--summary <file>', 'append a Markdown summary to this file (in GitHub Actions: $GITHUB_STEP_SUMMARY)')
    .addOption(new Option('--fail-on <level>', 'exit 1 when an unsuppressed finding is at or above this level').choices(['error', 'warning', 'note', 'none']).default('error'))
    .option('--only-new', 'list only findings the --state file has not seen (exit 1 only for those)')
    .option('--state <file>', 'the fingerprints earlier runs reported; updated after the run')
    .addHelpText('after', `
Findings are the same when their fingerprints are (the rule, the account and the file, not the
line), so give each job's scan the same folder layout: run it from the folder that holds the
repositories (for example repos/NAME), and a finding's file names its repository.

Examples:
  $ leak-search merge reports/ --format sarif -o leaks.sarif --summary "$GITHUB_STEP_SUMMARY"
  $ leak-search merge a.json b.json --only-new --state .leak-search/findings.json --fail-on warning
  $ leak-search merge history.sarif --format baseline -o .leak-search/baseline.json --fail-on none`)
    .action((reports: string[], _flags: MergeFlags, command: Command) => run((ctx) => merge(ctx, reports, command.optsWithGlobals<MergeFlags>(), program.version() ?? 'unknown')));
}

/** The report files named: files as given, folders searched for .json and .sarif files, in name order. */
function reportFiles(cwd: string, args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      throw new UsageError(`The report ${arg} does not exist.`);
    }
    if (!stat.isDirectory()) {
      out.push(full);
      continue;
    }
    const found = (fs.readdirSync(full, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile() && /\.(json|sarif)$/i.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    if (found.length === 0) throw new UsageError(`The folder ${arg} holds no .json or .sarif report.`);
    out.push(...found);
  }
  if (out.length > MAX_REPORTS) throw new UsageError(`${out.length.toLocaleString('en-US')} reports are more than ${MAX_REPORTS.toLocaleString('en-US')}: name the report files, not a folder of other files.`);
  return out;
}

/** Every finding once; one a job suppressed and another did not stays unsuppressed. */
export function mergeFindings(reports: readonly (readonly ReportFinding[])[]): ReportFinding[] {
  const byKey = new Map<string, ReportFinding>();
  for (const findings of reports) {
    for (const f of findings) {
      const key = findingKey(f);
      const had = byKey.get(key);
      if (had === undefined || (had.suppressed !== undefined && f.suppressed === undefined)) byKey.set(key, f);
    }
  }
  return [...byKey.values()].sort(compareFindings);
}

/** A report's finding for the merged SARIF log: a path outside the scanned folder (absolute on `flavour`) as its file URI. */
export function sarifFinding(f: ReportFinding, flavour: PlatformPath = path): SarifFinding {
  const absolute = flavour.isAbsolute(f.path);
  return {
    path: absolute ? pathToFileURL(f.path, { windows: flavour.sep === '\\' }).href : f.path,
    ...(absolute ? { absolute } : {}),
    rule: f.code,
    level: f.level,
    severity: f.severity,
    message: f.message,
    startLine: f.line,
    startColumn: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    ...(f.fingerprint !== undefined ? { fingerprint: f.fingerprint } : {}),
    ...(f.suppressed !== undefined ? { suppression: f.suppressed } : {}),
    ...(f.commit !== undefined ? { commit: f.commit } : {}),
  };
}

async function merge(ctx: RunContext, args: readonly string[], flags: MergeFlags, version: string): Promise<ExitCode> {
  if (flags.onlyNew && flags.state === undefined) throw new UsageError('--only-new needs --state FILE: the findings earlier runs saw.');
  const files = reportFiles(ctx.cwd, args);
  const statePath = flags.state !== undefined ? path.resolve(ctx.cwd, flags.state) : undefined;
  const seen = statePath !== undefined ? readFindingsState(statePath) : undefined;
  const all = mergeFindings(files.map((f) => readReport(f)));
  const listed = flags.onlyNew && seen !== undefined ? all.filter((f) => f.fingerprint === undefined || !seen.has(f.fingerprint)) : all;
  const failOn = flags.failOn ?? 'error';
  const format = flags.format ?? 'text';
  const sink: Sink = flags.output !== undefined ? fileSink(path.resolve(ctx.cwd, flags.output)) : streamSink(ctx.stdout);
  try {
    await sink.write(
      format === 'json'
        ? jsonText(listed)
        : format === 'baseline'
          ? baselineText(listed)
          : format === 'sarif'
          ? `${JSON.stringify(sarifLog(listed.map((f) => sarifFinding(f)), { version, informationUri: INFORMATION_URI }), null, 1)}\n`
          : textLines(listed, ctx.stdoutStyle, { workflowSafe: ctx.env.GITHUB_ACTIONS === 'true' }),
    );
    await sink.end();
  } catch (e) {
    sink.abort();
    throw e;
  }
  if (flags.summary !== undefined) appendSummary(path.resolve(ctx.cwd, flags.summary), listed, { failOn: failOn as SarifLevel | 'none', onlyNew: flags.onlyNew === true, details: 'The merged report lists each finding with its file and line.' });
  // Written last: a run that failed before this point is run again with the same state.
  if (statePath !== undefined) await writeFindingsState(statePath, all.flatMap((f) => (f.fingerprint !== undefined ? [f.fingerprint] : [])));
  const n = listed.length;
  ctx.reporter.info(
    `${files.length.toLocaleString('en-US')} report${files.length === 1 ? '' : 's'} merged: ${all.length.toLocaleString('en-US')} finding${all.length === 1 ? '' : 's'}${flags.onlyNew ? `, ${n.toLocaleString('en-US')} new` : ''}.`,
  );
  return failingCount(listed, failOn) > 0 ? EXIT.findings : EXIT.ok;
}
