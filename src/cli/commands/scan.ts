// `leak-search scan [PATH…]`: marks in files what the editor's diagnostics mark (the same
// engine, rules, severities and messages), against results fetched now for the configured
// domains or read from a `leak-search fetch` file. The working tree by default; the git
// index (--staged), the lines added since a revision (--diff) or every blob of a range of
// history (--history). Exit 1 when an unsuppressed finding is at or above --fail-on.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { Option } from 'commander';
import { findingFingerprints } from '../../core/export/findingFingerprint';
import type { LeakSearchErrorKind } from '../../core/service/errors';
import { sarifLevel, triageSuppression } from '../../core/export/sarif';
import { parseTriageFile, refusalWords, refusedCount } from '../../core/triage/triage';
import type { FileFinding, LeakSearchSession, ScanOptions } from '../../engine/leakSearchSession';
import { domainsOf } from '../environment';
import { EXIT, Reported, UsageError, exitCodeOf } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { fileSink, streamSink } from '../output';
import type { Sink } from '../output';
import { openResultsFile, writeResultsFile } from '../files/resultsFile';
import { REUSE_KEY_PURPOSE, parseDuration, reusable, reuseFileOf } from '../files/reuseCache';
import type { RunContext } from '../runContext';
import { openSession } from '../session';
import type { ServiceFlags } from '../session';
import { readBaseline } from '../scan/baseline';
import type { Baseline } from '../scan/baseline';
import { jsonWriter, reportFinding, sarifWriter, textWriter } from '../scan/findingsOutput';
import type { FindingsWriter, ScanFinding } from '../scan/findingsOutput';
import { BlobReader, GitError, gitRoot, revisionArg } from '../scan/git';
import { diffUnits, historyUnits, pathspecs, stagedUnits, treeUnits } from '../scan/scanSources';
import { readAhead, singly, startedNow, unread } from '../scan/readAhead';
import { readScannableUnits, scannableUnits } from '../../core/scan/files/scannableFile';
import type { ScanUnit } from '../scan/scanSources';
import type { ReportFinding } from '../scan/report';
import { appendSummary, failsAt, INFORMATION_URI } from '../scan/scanReport';
import type { FailOn } from '../scan/scanReport';
import { scanSettingsOf } from '../scan/scanSettings';

interface ScanFlags extends ServiceFlags {
  readonly results?: string;
  readonly domain?: string[];
  readonly staged?: boolean;
  readonly diff?: string;
  readonly history?: string | true;
  readonly format?: 'text' | 'json' | 'sarif';
  readonly output?: string;
  readonly failOn?: FailOn;
  readonly baseline?: string;
  readonly includeGitIgnored?: boolean;
  readonly summary?: string;
  readonly unreachable?: 'fail' | 'warn';
  readonly reuse?: string;
}

export function registerScan(program: Command, run: (action: (ctx: RunContext) => Promise<ExitCode>) => Promise<void>): void {
  program
    .command('scan')
    .description('Find leaked e-mail addresses, usernames, URLs and passwords in files, as the editor marks them.')
    .argument('[path...]', 'files and folders to scan (default: the current folder)')
    .option('--results <file>', 'scan against the results in this file (written by leak-search fetch)')
    .option('--domain <domain...>', 'check these domains now and scan against them (default: leakSearch.domains of .vscode/settings.json)')
    .option('--staged', 'scan what is staged in the git index (for a pre-commit hook)')
    .option('--diff <ref>', 'report only findings on lines added since this revision (for pull requests)')
    .option('--history [range]', 'scan every file version committed in the range (default: all branches and tags), each once')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .option('-o, --output <file>', 'write the report to this file (written whole or not at all)')
    .addOption(new Option('--fail-on <level>', 'exit 1 when an unsuppressed finding is at or above this level').choices(['error', 'warning', 'note', 'none']).default('error'))
    .option('--baseline <file>', 'findings already known: a triage export of the editor, or a json or sarif report of leak-search scan')
    .option('--include-git-ignored', 'scan files git ignores too (secret-bearing files such as .env are scanned anyway)')
    .option('--summary <file>', 'append a Markdown summary to this file (in GitHub Actions: $GITHUB_STEP_SUMMARY)')
    .option('--reuse <duration>', 'reuse results checked less than this long ago (30m, 12h, 2d), kept encrypted in the git folder: a commit hook then spends no search on most commits')
    .addOption(
      new Option('--unreachable <action>', 'when the service cannot be reached, is failing or its quota is spent: fail (exit 3), or warn that nothing was checked and exit 0 (a pre-commit hook)')
        .choices(['fail', 'warn'])
        .default('fail'),
    )
    .addHelpText('after', `
Passwords are never printed: a finding names the account a password leaked for.
Editor settings in .vscode/settings.json apply: leakSearch.domains and leakSearch.diagnostics.*
(severity, maxFileSize, includeGitIgnored, secretFiles, hostsInDocumentation).

Examples:
  $ LEAK_SEARCH_API_KEY=… leak-search scan --domain example.com
  $ leak-search scan --results leaks.bin --staged                        # pre-commit
  $ leak-search scan --results leaks.bin --diff origin/main --format sarif -o leaks.sarif
  $ leak-search scan --results leaks.bin --history=v1.0..HEAD --format json
  $ leak-search scan --results leaks.bin --baseline leak-search-triage.json --fail-on warning`)
    .action((paths: string[], _flags: ScanFlags, command: Command) => run((ctx) => scan(ctx, paths, command.optsWithGlobals<ScanFlags>(), program.version() ?? 'unknown')));
}

type Mode = { readonly kind: 'tree' } | { readonly kind: 'staged' } | { readonly kind: 'diff'; readonly ref: string } | { readonly kind: 'history'; readonly range: string | undefined };

function modeOf(flags: ScanFlags): Mode {
  const chosen = [flags.staged === true, flags.diff !== undefined, flags.history !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new UsageError('Give one of --staged, --diff and --history.');
  if (flags.staged) return { kind: 'staged' };
  if (flags.diff !== undefined) return { kind: 'diff', ref: revisionArg(flags.diff, '--diff') };
  if (flags.history !== undefined) return { kind: 'history', range: flags.history === true ? undefined : revisionArg(flags.history, '--history') };
  return { kind: 'tree' };
}

/** Whether a finding fails the run at `failOn`. */
function fails(f: ScanFinding, failOn: FailOn): boolean {
  return f.suppression === undefined && failsAt(sarifLevel(f.severity), failOn);
}

async function scan(ctx: RunContext, args: readonly string[], flags: ScanFlags, version: string): Promise<ExitCode> {
  // git names files with symbolic links resolved: so is the folder paths are relative to.
  const cwd = await fs.realpath(ctx.cwd);
  const mode = modeOf(flags);
  if (flags.results !== undefined && flags.domain !== undefined) throw new UsageError('Give --results or --domain, not both.');
  const reuseMs = flags.reuse !== undefined ? parseDuration(flags.reuse) : undefined;
  if (flags.reuse !== undefined && reuseMs === undefined) throw new UsageError(`--reuse takes a duration such as 30m, 12h or 2d, not "${flags.reuse.replace(/\p{Cc}/gu, '?')}".`);
  if (reuseMs !== undefined && flags.results !== undefined) throw new UsageError('Give --results or --reuse, not both: a results file is already reused.');
  const paths = args.length > 0 ? args : ['.'];
  const root = await gitRoot(cwd);
  if (mode.kind !== 'tree' && root === undefined) throw new UsageError(`--${mode.kind} needs a git repository: ${ctx.cwd} is in none.`);
  const specs = root === undefined || mode.kind === 'tree' ? [] : pathspecs(paths, cwd, root);
  if (reuseMs !== undefined && root === undefined) ctx.reporter.warn('--reuse keeps results in the git folder, and this is no git repository: they are not reused.');
  const settings = scanSettingsOf(root ?? cwd);
  const baseline = flags.baseline !== undefined ? readBaseline(path.resolve(ctx.cwd, flags.baseline)) : undefined;
  // A tree is listed from now: git walks it while the results load (its first files soon come,
  // which a failure to load waits for). A history's first commit may come only after git walked
  // them all: it is listed once the results are in.
  const tree = mode.kind === 'tree' ? startedNow(treeUnits(paths, cwd, { secretFiles: settings.secretFiles, includeGitIgnored: flags.includeGitIgnored === true || settings.includeGitIgnored, known: { dir: cwd, root } })) : undefined;
  const units = mode.kind === 'tree' ? undefined : mode.kind === 'staged' ? stagedUnits(root as string, specs) : mode.kind === 'diff' ? diffUnits(root as string, mode.ref, specs) : historyUnits(root as string, mode.range, specs);
  const stopListing = async (): Promise<void> => {
    await tree?.return(undefined);
    await units?.return(undefined);
  };
  let session: LeakSearchSession;
  try {
    session = flags.results !== undefined ? await openResultsFile(path.resolve(ctx.cwd, flags.results), ctx.env) : await checkedSession(ctx, flags, root ?? cwd, reuseMs !== undefined && root !== undefined ? { root, maxAgeMs: reuseMs } : undefined);
  } catch (e) {
    await stopListing();
    if (!(e instanceof Unavailable)) throw e;
    ctx.reporter.warn('nothing was scanned: the service could not be used (see above), so these changes were not checked for leaked credentials. This run passes because of --unreachable warn; scan again once the service answers.');
    return EXIT.ok;
  }
  ctx.onInterrupt(() => void session.close());
  let blobs: BlobReader | undefined;
  try {
    if (baseline?.kind === 'triage') applyTriage(ctx, session, baseline);
    await session.index();
    const format = flags.format ?? 'text';
    const sink: Sink = flags.output !== undefined ? fileSink(path.resolve(ctx.cwd, flags.output)) : streamSink(ctx.stdout);
    const writer: FindingsWriter =
      format === 'json' ? jsonWriter(sink) : format === 'sarif' ? sarifWriter(sink, session, { version, informationUri: INFORMATION_URI }, { path: cwd, uri: pathToFileURL(`${cwd}/`).href }) : textWriter(sink, ctx.stdoutStyle, { workflowSafe: ctx.env.GITHUB_ACTIONS === 'true' });
    const options: ScanOptions = { severity: settings.severity, hostsInDocumentation: settings.hostsInDocumentation, maxFileBytes: settings.maxFileSize };
    const counts = { scanned: 0, skipped: 0, findings: 0, suppressed: 0, failing: 0 };
    const failOn = flags.failOn ?? 'error';
    // Only what the summary needs is kept: the findings, without the matches behind them.
    const summarised: ReportFinding[] | undefined = flags.summary !== undefined ? [] : undefined;
    try {
      // A blob is asked of git ahead of its turn; a file is read in its turn, into the buffer the
      // files share, and each is decoded right before its scan (scanText.ts says why).
      const read = async (unit: ScanUnit): Promise<Uint8Array | undefined> => {
        if (unit.blob === undefined) return undefined;
        blobs ??= new BlobReader(root as string);
        return blobs.read(unit.blob, settings.maxFileSize);
      };
      // A tree's files come in the batches they are listed in, each read in its turn; blobs one at a time.
      const contents = tree !== undefined ? unread(tree) : singly(readAhead(units as AsyncIterable<ScanUnit>, READ_AHEAD, read));
      let turn: number | undefined;
      scan: for await (const batch of contents) for (const { item: unit, content: bytes } of batch) {
        // Files are read synchronously: let timers, signals and output through now and then,
        // and say then which file the scan is at (a line per file would cost a terminal more
        // than a small file's scan).
        if (turn === undefined || Date.now() - turn > TURN_MS) {
          if (turn !== undefined) await new Promise((resolve) => setImmediate(resolve));
          turn = Date.now();
          ctx.reporter.progress(`Scanning ${path.relative(cwd, unit.path)}`);
        }
        if (ctx.signal.aborted) break scan;
        const text = unit.blob === undefined ? readScannableUnits(unit.path, settings.maxFileSize) : bytes === undefined ? undefined : scannableUnits(bytes, settings.maxFileSize);
        const found = text === undefined ? undefined : session.scanDecoded(unit.path, text, options);
        if (found === undefined) {
          counts.skipped++;
          continue;
        }
        counts.scanned++;
        // Most files have no finding: nothing to place, count or write.
        if (found.length === 0) continue;
        const findings = reported(found, unit, cwd, root, baseline);
        for (const f of findings) {
          counts.findings++;
          if (f.suppression !== undefined) counts.suppressed++;
          if (fails(f, failOn)) counts.failing++;
        }
        summarised?.push(...findings.map(reportFinding));
        await writer.add(findings);
      }
      await writer.end();
      await sink.end();
    } catch (e) {
      sink.abort();
      throw e instanceof GitError ? new UsageError(e.message) : e;
    }
    if (flags.summary !== undefined) {
      appendSummary(path.resolve(ctx.cwd, flags.summary), summarised ?? [], {
        failOn,
        scanned: { files: counts.scanned, skipped: counts.skipped },
        ...(flags.output !== undefined && format === 'sarif' ? { details: 'The SARIF report lists each finding with its file and line.' } : {}),
      });
    }
    ctx.reporter.done();
    ctx.reporter.info(
      `${counts.findings.toLocaleString('en-US')} finding${counts.findings === 1 ? '' : 's'}${counts.suppressed > 0 ? ` (${counts.suppressed.toLocaleString('en-US')} suppressed)` : ''}; ${counts.scanned.toLocaleString('en-US')} scanned, ${counts.skipped.toLocaleString('en-US')} skipped (binary, too large or unreadable).`,
    );
    return counts.failing > 0 ? EXIT.findings : EXIT.ok;
  } finally {
    await stopListing();
    blobs?.close();
    await session.close();
  }
}

/** Blobs read ahead of the scan (git answers while the scan goes on), each at most maxFileSize bytes. */
const READ_AHEAD = 16;
/** The longest the scan keeps the event loop before letting it turn. */
const TURN_MS = 50;

/** Errors that say the service cannot be used now, not that the setup is wrong (a bad key is not one). */
const UNAVAILABLE: ReadonlySet<LeakSearchErrorKind> = new Set(['network', 'timeout', 'server', 'rate-limited']);

/** The check could not reach the service, and --unreachable warn lets the scan pass. */
class Unavailable extends Error {}

/**
 * A session holding fresh results of the domains (flags, else the repository's settings); with
 * `reuse`, the results kept by an earlier run when young enough (files/reuseCache.ts), and this
 * run's kept for the next.
 */
async function checkedSession(ctx: RunContext, flags: ScanFlags, dir: string, reuse?: { readonly root: string; readonly maxAgeMs: number }): Promise<LeakSearchSession> {
  const { domains, from } = domainsOf(flags.domain ?? [], dir);
  if (domains.length === 0) throw new UsageError(`No results to scan against: give --results FILE or --domain example.com, or set leakSearch.domains in ${from}.`);
  const session = await openSession(flags, ctx, ctx.reporter, true);
  const kept = reuse !== undefined ? await reuseFileOf(reuse.root) : undefined;
  const secret = kept !== undefined ? session.derivedKey(REUSE_KEY_PURPOSE) : undefined;
  if (kept !== undefined && secret !== undefined && reuse !== undefined) {
    const cached = await reusable(kept, secret, session.origin, domains, reuse.maxAgeMs);
    if (cached !== undefined) {
      await session.close();
      ctx.reporter.info(`Reusing the results checked less than ${flags.reuse ?? ''} ago (--reuse): no search sent.`);
      return cached;
    }
  }
  try {
    ctx.reporter.progress(`Checking ${domains.join(', ')}…`);
    const outcomes = await session.check(domains.map((domain) => ({ domain })), { signal: ctx.signal });
    let code: ExitCode = EXIT.ok;
    for (const o of outcomes) {
      if (!o.error) continue;
      ctx.reporter.error(`${o.domain}: ${o.error.message}`);
      code = Math.max(code, exitCodeOf(o.error)) as ExitCode;
    }
    // A scan against part of the results would pass what it cannot see.
    if (code !== EXIT.ok) throw flags.unreachable === 'warn' && outcomes.every((o) => !o.error || UNAVAILABLE.has(o.error.kind)) ? new Unavailable() : new Reported(code);
    if (kept !== undefined && secret !== undefined) {
      // A cache that cannot be written costs the next run a search, not this run its scan.
      await writeResultsFile(session, outcomes.flatMap((o) => (o.result ? [o.result.key] : [])), kept, secret).catch((e: unknown) => ctx.reporter.warn(`the results could not be kept for --reuse: ${e instanceof Error ? e.message : String(e)}`));
    }
    return session;
  } catch (e) {
    await session.close();
    throw e;
  }
}

function applyTriage(ctx: RunContext, session: LeakSearchSession, baseline: Extract<Baseline, { kind: 'triage' }>): void {
  let file;
  try {
    file = parseTriageFile(baseline.text, session.origin);
  } catch (e) {
    throw new UsageError(`The baseline is a triage export that cannot be used: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (refusedCount(file.refused) > 0) ctx.reporter.warn(`The baseline's triage entries left out: ${refusalWords(file.refused)}.`);
  session.setTriage([...file.marks]);
}

/**
 * How a report names a file, segments joined by `/` whatever the system: `display` relative to
 * the folder the scan ran in, `stable` (what fingerprints hold) relative to the repository's top
 * folder, so a baseline written on one system matches on another. `p` is the path flavour
 * (the platform's by default); git names the top folder with `/` on Windows too.
 */
export function findingPaths(file: string, cwd: string, root: string | undefined, p: PlatformPath = path): { readonly display: string; readonly stable: string } {
  const display = p.relative(cwd, file).split(p.sep).join('/') || p.basename(file);
  const stable = p.relative(root ?? cwd, file).split(p.sep).join('/');
  return { display, stable };
}

/** The findings of one content as reported: fingerprinted, only on added lines for --diff, suppressed when baselined or triaged. */
function reported(found: readonly FileFinding[], unit: ScanUnit, cwd: string, root: string | undefined, baseline: Baseline | undefined): ScanFinding[] {
  const { display, stable } = findingPaths(unit.path, cwd, root);
  const prints = findingFingerprints(found.map((f) => ({ rule: f.code, identifier: f.match.identifier, path: stable })));
  const out: ScanFinding[] = [];
  for (const [i, f] of found.entries()) {
    if (unit.added && !unit.added.some(([a, b]) => f.startLine >= a && f.startLine <= b)) continue;
    const fingerprint = prints[i] as string;
    const triage = f.match.triage;
    const suppression = triage ? triageSuppression(triage) : baseline?.kind === 'fingerprints' && baseline.fingerprints.has(fingerprint) ? 'in the baseline' : undefined;
    out.push({ ...f, display, fingerprint, ...(unit.commit !== undefined ? { commit: unit.commit } : {}), ...(suppression !== undefined ? { suppression } : {}) });
  }
  return out;
}
