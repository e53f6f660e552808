// The GitHub Action's entry (action.yml runs it on the runner's own Node): runs the command
// plan.ts builds (`leak-search scan`, or `fetch` and `merge` for a fan-out) in-process, then
// tells the workflow what it found through the runner's files (GITHUB_OUTPUT) and its log.
// Findings fail the step as the fail-on input says; the job summary is the command's own
// (--summary). The step's log names files, rules and levels but no account: a run's log is
// read by everyone who can see the run, and the account is in the SARIF report for code
// scanning. Text that comes from the scanned repository (file names) is printed between
// stop-commands markers, so a file name can never be read by the runner as a workflow command.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { Writable } from 'node:stream';
import { main } from '../cli/main';
import { EXIT } from '../cli/exitCodes';
import { styler } from '../cli/output';
import { textLines } from '../cli/scan/findingsOutput';
import { readReport } from '../cli/scan/report';
import { failingCount } from '../cli/scan/scanReport';
import { inertName } from '../cli/scan/summary';
import { ActionInputError, planOf } from './plan';
import type { ActionPlan, ScanPlan } from './plan';

/** Sets a step output the way the runner reads GITHUB_OUTPUT (the delimited form: any value is safe). */
function setOutput(env: NodeJS.ProcessEnv, name: string, value: string): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `leak_search_${randomUUID()}`;
  fs.appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** A workflow command's message, escaped as the runner expects. */
function commandText(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).trim();
  } catch {
    return undefined;
  }
}

const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** A shallow clone (actions/checkout's default) lacks the diff's base: fetch that one commit. */
function ensureBase(plan: ScanPlan): void {
  const { base, cwd } = plan;
  if (base === undefined || git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${base}^{commit}`]) !== undefined) return;
  // Only a commit id can be fetched on its own; a branch or tag name must be in the clone.
  if (COMMIT.test(base)) git(cwd, ['fetch', '--no-tags', '--quiet', '--depth=1', 'origin', base]);
  if (git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${base}^{commit}`]) === undefined) {
    throw new ActionInputError(`The commit to compare with (${base}) is not in the clone${COMMIT.test(base) ? ' and could not be fetched' : ''}: give actions/checkout \`fetch-depth: 0\`, or use mode full.`);
  }
}

/** Says on the job's page that nothing was done, and why (our words, shown as inert text). */
function cannotRun(env: NodeJS.ProcessEnv, why: string): void {
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, `### Leak Search: the step could not run\n\n${inertName(why, 1000)}\n\nNothing was scanned: the step's log has the details.\n\n`);
}

/** SGR colour codes, which FORCE_COLOR puts around the command line's `leak-search:` prefix. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Forwards to `err`, keeping the command line's error lines (`leak-search: …`) to say why a step failed. */
function errorLines(err: NodeJS.WritableStream, said: string[]): NodeJS.WriteStream {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        const plain = line.replace(SGR, '');
        if (plain.startsWith('leak-search: ')) said.push(plain.slice('leak-search: '.length));
      }
      err.write(chunk, done);
    },
  }) as unknown as NodeJS.WriteStream;
}

/** After a scan: the outputs, the findings in the log (no account) and the error annotation's text. */
function reportScan(env: NodeJS.ProcessEnv, plan: ScanPlan, out: NodeJS.WritableStream): string {
  const findings = readReport(plan.sarif);
  const open = findings.filter((f) => f.suppressed === undefined);
  const count = (level: string): string => String(open.filter((f) => f.level === level).length);
  setOutput(env, 'sarif', plan.sarif);
  setOutput(env, 'findings', String(open.length));
  setOutput(env, 'errors', count('error'));
  setOutput(env, 'warnings', count('warning'));
  setOutput(env, 'notes', count('note'));
  setOutput(env, 'suppressed', String(findings.length - open.length));
  if (open.length > 0) out.write(textLines(open, styler(false), { message: false }));
  const failing = failingCount(findings, plan.failOn);
  return `${failing} leaked credential finding${failing === 1 ? '' : 's'} at or above ${plan.failOn}: see the job summary, and code scanning or the SARIF report (${plan.sarif}) for each account, file and line.`;
}

export async function runAction(env: NodeJS.ProcessEnv, out: NodeJS.WriteStream, err: NodeJS.WriteStream): Promise<number> {
  let plan: ActionPlan;
  try {
    let event: unknown;
    if (env.GITHUB_EVENT_PATH) {
      try {
        event = JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
      } catch {
        event = undefined;
      }
    }
    plan = planOf(env, event);
    if (plan.kind === 'scan') ensureBase(plan);
  } catch (e) {
    if (!(e instanceof ActionInputError)) throw e;
    out.write(`::error title=Leak Search::${commandText(e.message)}\n`);
    cannotRun(env, e.message);
    return EXIT.usage;
  }
  if (plan.kind === 'scan' && plan.mode === 'history' && git(plan.cwd, ['rev-parse', '--is-shallow-repository']) === 'true') {
    out.write(`::warning title=Leak Search::${commandText('The clone is shallow, so mode history sees only the commits fetched: give actions/checkout `fetch-depth: 0` to scan all of history.')}\n`);
  }
  const token = randomUUID();
  out.write(`::stop-commands::${token}\n`);
  let code: number;
  let failed = '';
  const said: string[] = [];
  try {
    code = await main(plan.argv, { env, cwd: plan.cwd, stdin: process.stdin, stdout: out, stderr: errorLines(err, said) });
    if (plan.kind === 'scan' && (code === EXIT.ok || code === EXIT.findings)) failed = reportScan(env, plan, out);
  } finally {
    out.write(`::${token}::\n`);
  }
  if (code === EXIT.findings) {
    out.write(`::error title=Leak Search::${commandText(plan.kind === 'scan' ? failed : 'The merged reports hold findings at or above fail-on: see the job summary.')}\n`);
  } else if (code !== EXIT.ok) {
    const why = said.at(-1) ?? 'the log says why';
    out.write(`::error title=Leak Search::${commandText(`${plan.kind === 'scan' ? 'The scan' : `leak-search ${plan.command}`} could not run: ${why}`)}\n`);
    cannotRun(env, why);
  }
  return code;
}

if (require.main === module) {
  void runAction(process.env, process.stdout, process.stderr).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stdout.write(`::error title=Leak Search::${commandText(`an unexpected error: ${e instanceof Error ? e.message : String(e)}. Please report it.`)}\n`);
      process.exitCode = EXIT.service;
    },
  );
}
