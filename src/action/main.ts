// The GitHub Action's entry (action.yml runs it on the runner's own Node): runs `leak-search
// scan` in-process with the command plan.ts builds, then tells the workflow what it found
// through the runner's files (GITHUB_OUTPUT) and its log. Findings fail the step as the
// fail-on input says; the job summary is the scan's own (--summary). Text that comes from the
// scanned repository (file names) is printed between stop-commands markers, so a file name
// can never be read by the runner as a workflow command.
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
import type { ActionPlan } from './plan';

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

function hasCommit(cwd: string, sha: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A shallow clone (actions/checkout's default) lacks the diff's base: fetch that one commit. */
function ensureBase(plan: ActionPlan): void {
  if (plan.base === undefined || hasCommit(plan.cwd, plan.base)) return;
  try {
    execFileSync('git', ['fetch', '--no-tags', '--quiet', '--depth=1', 'origin', plan.base], { cwd: plan.cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  } catch {
    // told below
  }
  if (!hasCommit(plan.cwd, plan.base)) {
    throw new ActionInputError(`The commit to compare with (${plan.base}) is not in the clone and could not be fetched: give actions/checkout \`fetch-depth: 0\`, or use mode full.`);
  }
}

/** Says on the job's page that nothing was scanned, and why (our words, shown as inert text). */
function cannotRun(env: NodeJS.ProcessEnv, why: string): void {
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, `### Leak Search: the scan could not run\n\n${inertName(why, 1000)}\n\nNothing was scanned: the step's log has the details.\n\n`);
}

/** Whether the clone is shallow (actions/checkout's default), which hides most of history. */
function isShallow(cwd: string): boolean {
  try {
    return execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'true';
  } catch {
    return false;
  }
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
    ensureBase(plan);
  } catch (e) {
    if (!(e instanceof ActionInputError)) throw e;
    out.write(`::error title=Leak Search::${commandText(e.message)}\n`);
    cannotRun(env, e.message);
    return EXIT.usage;
  }
  if (plan.mode === 'history' && isShallow(plan.cwd)) {
    out.write(`::warning title=Leak Search::${commandText('The clone is shallow, so mode history sees only the commits fetched: give actions/checkout `fetch-depth: 0` to scan all of history.')}\n`);
  }
  const token = randomUUID();
  out.write(`::stop-commands::${token}\n`);
  let code: number;
  let summary = '';
  // The command line's own error lines, kept to say on the job's page why the scan failed.
  const said: string[] = [];
  const stderr = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('leak-search: ')) said.push(line.slice('leak-search: '.length));
      err.write(chunk, done);
    },
  });
  try {
    code = await main(plan.argv, { env, cwd: plan.cwd, stdin: process.stdin, stdout: out, stderr: stderr as unknown as NodeJS.WriteStream });
    if (code === EXIT.ok || code === EXIT.findings) {
      const findings = readReport(plan.sarif);
      const open = findings.filter((f) => f.suppressed === undefined);
      const count = (level: string): string => String(open.filter((f) => f.level === level).length);
      setOutput(env, 'sarif', plan.sarif);
      setOutput(env, 'findings', String(open.length));
      setOutput(env, 'errors', count('error'));
      setOutput(env, 'warnings', count('warning'));
      setOutput(env, 'notes', count('note'));
      setOutput(env, 'suppressed', String(findings.length - open.length));
      if (open.length > 0) out.write(textLines(open, styler(false)));
      const failing = failingCount(findings, plan.failOn);
      if (failing > 0) summary = `${failing} leaked credential finding${failing === 1 ? '' : 's'} at or above ${plan.failOn}: see the job summary, and the SARIF report (${plan.sarif}) for each file and line.`;
    }
  } finally {
    out.write(`::${token}::\n`);
  }
  if (code === EXIT.findings) out.write(`::error title=Leak Search::${commandText(summary)}\n`);
  else if (code !== EXIT.ok) {
    const why = said.at(-1) ?? 'the log says why';
    out.write(`::error title=Leak Search::${commandText(`The scan could not run: ${why}`)}\n`);
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
