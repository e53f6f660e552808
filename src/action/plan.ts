// What the GitHub Action (action.yml) runs, decided from what a runner gives it: the inputs
// (`INPUT_<NAME>` variables), the event (GITHUB_EVENT_NAME and the payload at
// GITHUB_EVENT_PATH) and the workspace. The result is the `leak-search scan` command line, so
// the Action does exactly what the documented command does. Inputs come from a workflow file,
// but each is still checked: a value that could read as an option is refused, never passed.
// No `vscode`, no process state: unit-tested with plain values.
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';

export type Mode = 'diff' | 'full' | 'history';
export type FailOn = 'error' | 'warning' | 'note' | 'none';

/** A mistake in the workflow's inputs or event: its message is shown as the step's error. */
export class ActionInputError extends Error {
  override readonly name = 'ActionInputError';
}

export interface ScanPlan {
  readonly kind: 'scan';
  /** The folder the scan runs in. */
  readonly cwd: string;
  /** `leak-search` arguments. */
  readonly argv: readonly string[];
  /** The SARIF report, absolute. */
  readonly sarif: string;
  readonly mode: Mode;
  /** The commit a diff starts from (it must be in the clone). */
  readonly base?: string;
  readonly failOn: FailOn;
}

/** `fetch` or `merge` with the workflow's own arguments (a CI fan-out's first and last stage). */
export interface CommandPlan {
  readonly kind: 'command';
  readonly command: 'fetch' | 'merge';
  readonly cwd: string;
  readonly argv: readonly string[];
}

export type ActionPlan = ScanPlan | CommandPlan;

/** An input as the runner passes it (`INPUT_` and the name in capitals, spaces as `_`), trimmed. */
export function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

const ZERO_COMMIT = /^0+$/;
const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

function field(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const k of keys) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** The commit a diff of this event starts from: a pull request's base, a push's previous head. */
function eventBase(eventName: string, event: unknown): string | undefined {
  const base = eventName.startsWith('pull_request') ? field(event, 'pull_request', 'base', 'sha') : eventName === 'push' ? field(event, 'before') : undefined;
  return typeof base === 'string' && COMMIT.test(base) && !ZERO_COMMIT.test(base) ? base : undefined;
}

function safeArg(value: string, what: string): string {
  if (value.startsWith('-') || /\p{Cc}/u.test(value)) throw new ActionInputError(`The ${what} input holds "${value.replace(/\p{Cc}/gu, '?')}", which is not a valid value.`);
  return value;
}

const NO_API_KEY =
  'No API key: give the step `env: LEAK_SEARCH_API_KEY: ${{ secrets.LEAK_SEARCH_API_KEY }}` (a repository secret). Pull requests from forks and Dependabot get no secrets, so this step cannot check them: skip it for those (docs/ci/pull-request.yml shows how).';
const NO_RESULTS_KEY = 'No results key: give the step `env: LEAK_SEARCH_RESULTS_KEY: ${{ secrets.LEAK_SEARCH_RESULTS_KEY }}`, the key the results file is written with.';

/** Whether the job summary is wanted (the summary input: true unless false). */
function wantsSummary(env: NodeJS.ProcessEnv): boolean {
  const v = input(env, 'summary') || 'true';
  if (v !== 'true' && v !== 'false') throw new ActionInputError(`The summary input is "${v.replace(/\p{Cc}/gu, '?')}": give true or false.`);
  return v === 'true' && Boolean(env.GITHUB_STEP_SUMMARY);
}

/**
 * Flags that are never taken from `args`: where the key goes and how it is read are inputs of
 * their own, a new results key would be printed in the log, and passwords are never shown.
 */
const REFUSED_IN_ARGS = ['--base-url', '--allow-http', '--api-key-stdin', '--new-key', '--show-passwords'];

function has(args: readonly string[], ...flags: string[]): boolean {
  return args.some((a) => flags.some((f) => a === f || a.startsWith(`${f}=`)));
}

function commandPlan(env: NodeJS.ProcessEnv, command: 'fetch' | 'merge', cwd: string, baseUrl: string[]): CommandPlan {
  const args = input(env, 'args').split(/\s+/).filter((a) => a !== '');
  if (args.length === 0) throw new ActionInputError(`command ${command} needs its arguments in the args input (for example ${command === 'fetch' ? 'example.com --out leak-search-results.bin' : 'reports --format json --output merged.json'}).`);
  const refused = args.find((a) => REFUSED_IN_ARGS.some((f) => a === f || a.startsWith(`${f}=`)));
  if (refused !== undefined) throw new ActionInputError(`The args input holds ${refused.split('=')[0] as string}, which the Action does not pass on: the service's address is the base-url input, and keys come only from secrets in env.`);
  if (command === 'fetch' && !env.LEAK_SEARCH_API_KEY) throw new ActionInputError(NO_API_KEY);
  if (command === 'fetch' && !env.LEAK_SEARCH_RESULTS_KEY) throw new ActionInputError(NO_RESULTS_KEY);
  // The merged report names accounts; the step's log is public, so it goes to a file.
  if (command === 'merge' && !has(args, '-o', '--output')) throw new ActionInputError('command merge needs --output FILE in args: the merged report names the accounts, and the step\'s log is read by everyone who can see the run.');
  const summary = command === 'merge' && wantsSummary(env) && !has(args, '--summary') ? ['--summary', env.GITHUB_STEP_SUMMARY as string] : [];
  const failOn = command === 'merge' && !has(args, '--fail-on') ? ['--fail-on', input(env, 'fail-on') || 'error'] : [];
  return { kind: 'command', command, cwd, argv: [...baseUrl, command, ...summary, ...failOn, ...args] };
}

/** The plan of a run; `flavour` is the runner's path flavour (its own by default: `D:\a\repo\repo` on Windows). */
export function planOf(env: NodeJS.ProcessEnv, event: unknown, flavour: PlatformPath = path): ActionPlan {
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const cwd = flavour.resolve(workspace, input(env, 'working-directory') || '.');
  const baseUrlInput = input(env, 'base-url');
  const baseUrl = baseUrlInput !== '' ? ['--base-url', safeArg(baseUrlInput, 'base-url')] : [];
  const command = input(env, 'command') || 'scan';
  if (command === 'fetch' || command === 'merge') return commandPlan(env, command, cwd, baseUrl);
  if (command !== 'scan') throw new ActionInputError(`The command input is "${command.replace(/\p{Cc}/gu, '?')}": give scan, fetch or merge.`);
  if (input(env, 'args') !== '') throw new ActionInputError('The args input is for command fetch or merge; a scan takes its own inputs (domains, paths, mode, …).');
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const modeText = input(env, 'mode') || (eventName.startsWith('pull_request') ? 'diff' : 'full');
  if (modeText !== 'diff' && modeText !== 'full' && modeText !== 'history') throw new ActionInputError(`The mode input is "${modeText.replace(/\p{Cc}/gu, '?')}": give diff, full or history.`);
  const mode: Mode = modeText;
  const failOnText = input(env, 'fail-on') || 'error';
  if (!['error', 'warning', 'note', 'none'].includes(failOnText)) throw new ActionInputError(`The fail-on input is "${failOnText.replace(/\p{Cc}/gu, '?')}": give error, warning, note or none.`);
  const failOn = failOnText as FailOn;
  const sarif = flavour.resolve(cwd, safeArg(input(env, 'output') || 'leak-search.sarif', 'output'));
  const argv: string[] = ['scan', '--format', 'sarif', '--output', sarif, '--fail-on', failOn];
  const results = input(env, 'results');
  const domains = input(env, 'domains').split(/[\s,]+/).filter((d) => d !== '');
  if (results !== '' && domains.length > 0) throw new ActionInputError('Give the results input or the domains input, not both: results scans against a file written by leak-search fetch, domains checks them now.');
  // Said in a workflow's words: where the secret goes, and why a fork's pull request has none.
  if (results === '' && !env.LEAK_SEARCH_API_KEY) throw new ActionInputError(NO_API_KEY);
  if (results !== '' && !env.LEAK_SEARCH_RESULTS_KEY) throw new ActionInputError(NO_RESULTS_KEY);
  if (results !== '') argv.push('--results', safeArg(results, 'results'));
  if (domains.length > 0) argv.push('--domain', ...domains.map((d) => safeArg(d, 'domains')));
  const baseline = input(env, 'baseline');
  if (baseline !== '') argv.push('--baseline', safeArg(baseline, 'baseline'));
  argv.unshift(...baseUrl);
  if (wantsSummary(env)) argv.push('--summary', env.GITHUB_STEP_SUMMARY as string);
  let base: string | undefined;
  if (mode === 'diff') {
    const given = input(env, 'base');
    base = given !== '' ? safeArg(given, 'base') : eventBase(eventName, event);
    if (base === undefined) throw new ActionInputError(`mode diff needs the commit to compare with: this ${eventName || 'run'} event names none. Run on pull_request or push, give the base input, or use mode full.`);
    argv.push('--diff', base);
  } else if (mode === 'history') {
    const range = input(env, 'history-range');
    argv.push(range !== '' ? `--history=${safeArg(range, 'history-range')}` : '--history');
  }
  const paths = input(env, 'paths').split('\n').map((p) => p.trim()).filter((p) => p !== '');
  argv.push('--', ...(paths.length > 0 ? paths : ['.']));
  return { kind: 'scan', cwd, argv, sarif, mode, ...(base !== undefined ? { base } : {}), failOn };
}
