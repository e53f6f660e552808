// Runs a GitHub Actions workflow file here, as a runner would, for the tests of docs/ci/: jobs
// in `needs` order, matrices expanded, `if:` evaluated, `run:` steps in bash with the files and
// variables a runner gives (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the event
// payload at GITHUB_EVENT_PATH), and the workflow commands of a step's output read, honouring
// `::stop-commands::`. The actions our workflows use are stood in for by what they do on a
// runner: checkout clones a local repository, artifacts and caches are folders, upload-sarif
// keeps the file, and this repository's action runs its own dist/action.js with the inputs of
// action.yml. Any other action, or expression, fails the test.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../harness/paths';
import { condition, interpolate } from './expression';
import type { ExpressionContext, Value } from './expression';

export interface World {
  /** A folder for the runs (workspaces, artifacts, the cache). */
  readonly root: string;
  /** `owner/name` → a git repository to clone for it. */
  readonly repositories: Readonly<Record<string, string>>;
  /** The repository a checkout without `repository:` clones (the workflow's own). */
  readonly self?: string;
  /** `github.repository`: the workflow's own, `owner/name` (default example-org/app). */
  readonly repository?: string;
  readonly secrets: Readonly<Record<string, string>>;
  /** Added to every step's environment (the reference service's address). */
  readonly env?: Readonly<Record<string, string>>;
  readonly event: { readonly name: string; readonly payload: object };
  /** `github.actor` (default octocat). */
  readonly actor?: string;
  /** The folder of actions/cache (kept between runs, as GitHub keeps a cache). */
  readonly cache: string;
}

export interface StepResult {
  readonly id: string;
  readonly uses?: string;
  readonly outcome: 'success' | 'failure' | 'skipped';
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Readonly<Record<string, string>>;
  /** `::error`/`::warning`/`::notice` commands the runner would show. */
  readonly annotations: readonly string[];
}

export interface JobResult {
  readonly job: string;
  readonly matrix: Readonly<Record<string, string>>;
  readonly result: 'success' | 'failure' | 'skipped';
  readonly steps: readonly StepResult[];
  readonly summary: string;
  readonly workspace: string;
  readonly uploadedSarif: readonly string[];
}

interface StepSpec {
  readonly id?: string;
  readonly name?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, unknown>;
  readonly 'working-directory'?: string;
}

interface JobSpec {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly env?: Record<string, unknown>;
  readonly strategy?: { readonly matrix?: Record<string, unknown[]> };
  readonly steps: StepSpec[];
}

const OUR_ACTION = /^leak-search\/vscode-leak-search@/;

let runCounter = 1000;

/** Outputs written to a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIM … DELIM` blocks. */
export function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string);
      out[name] = value.join('\n');
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

/** The annotations of a step's stdout, with `::stop-commands::TOKEN` … `::TOKEN::` honoured. */
export function annotationsOf(stdout: string): string[] {
  const out: string[] = [];
  let stopped: string | undefined;
  for (const line of stdout.split('\n')) {
    if (stopped !== undefined) {
      if (line === `::${stopped}::`) stopped = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) {
      stopped = stop[1];
      continue;
    }
    if (/^::(error|warning|notice)[ :]/.test(line)) out.push(line);
  }
  return out;
}

function copyInto(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function order(jobs: Record<string, JobSpec>): string[] {
  const done: string[] = [];
  const visit = (id: string, trail: string[]): void => {
    if (done.includes(id)) return;
    if (trail.includes(id)) throw new Error(`a cycle of needs at ${id}`);
    const spec = jobs[id];
    if (!spec) throw new Error(`needs names no job ${id}`);
    for (const n of [spec.needs ?? []].flat()) visit(n, [...trail, id]);
    done.push(id);
  };
  for (const id of Object.keys(jobs)) visit(id, []);
  return done;
}

/** The `with:` defaults of this repository's action.yml. */
function actionDefaults(): Record<string, string> {
  const action = parse(fs.readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
  return Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? '']));
}

export async function runWorkflow(file: string, world: World): Promise<JobResult[]> {
  const workflow = parse(fs.readFileSync(file, 'utf8')) as { env?: Record<string, unknown>; jobs: Record<string, JobSpec> };
  const runId = String(++runCounter);
  const results: JobResult[] = [];
  const artifacts = path.join(world.root, `run-${runId}`, 'artifacts');
  const eventPath = path.join(world.root, `run-${runId}`, 'event.json');
  fs.mkdirSync(artifacts, { recursive: true });
  fs.writeFileSync(eventPath, JSON.stringify(world.event.payload));
  const needsResult = (id: string): 'success' | 'failure' | 'skipped' => {
    const of = results.filter((r) => r.job === id);
    if (of.length === 0 || of.every((r) => r.result === 'skipped')) return 'skipped';
    return of.some((r) => r.result === 'failure') ? 'failure' : 'success';
  };
  for (const jobId of order(workflow.jobs)) {
    const spec = workflow.jobs[jobId] as JobSpec;
    const dimensions = Object.entries(spec.strategy?.matrix ?? {});
    let combos: Record<string, string>[] = [{}];
    for (const [key, values] of dimensions) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: str(v) })));
    for (const [index, matrix] of combos.entries()) {
      const needs = [spec.needs ?? []].flat();
      const jobCtx: ExpressionContext = {
        lookup: (p) => lookup(p, { matrix, index, runId, world, needs: Object.fromEntries(needs.map((n) => [n, needsResult(n)])), steps: {} }),
        status: (name) => (name === 'always' ? true : name === 'cancelled' ? false : name === 'failure' ? needs.some((n) => needsResult(n) === 'failure') : needs.every((n) => needsResult(n) === 'success')),
      };
      if (!condition(spec.if, jobCtx)) {
        results.push({ job: jobId, matrix, result: 'skipped', steps: [], summary: '', workspace: '', uploadedSarif: [] });
        continue;
      }
      results.push(await runJob(jobId, spec, matrix, index, { world, runId, artifacts, eventPath, workflowEnv: workflow.env ?? {} }));
    }
  }
  return results;
}

interface Scope {
  readonly matrix: Record<string, string>;
  readonly index: number;
  readonly runId: string;
  readonly world: World;
  readonly needs: Record<string, string>;
  readonly steps: Record<string, { outputs: Record<string, string>; outcome: string }>;
  readonly env?: Record<string, string>;
  readonly workspace?: string;
}

function lookup(p: readonly string[], scope: Scope): Value {
  const [head, ...rest] = p;
  const key = rest.join('.');
  switch (head) {
    case 'secrets':
      return scope.world.secrets[key] ?? '';
    case 'matrix':
      return scope.matrix[key];
    case 'strategy':
      if (key === 'job-index') return scope.index;
      break;
    case 'github':
      if (rest[0] === 'event') {
        let v: unknown = scope.world.event.payload;
        for (const k of rest.slice(1)) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
        return typeof v === 'object' ? JSON.stringify(v) : (v as Value);
      }
      if (key === 'repository') return scope.world.repository ?? 'example-org/app';
      if (key === 'run_id') return scope.runId;
      if (key === 'run_attempt') return '1';
      if (key === 'actor') return scope.world.actor ?? 'octocat';
      if (key === 'workspace') return scope.workspace;
      if (key === 'event_name') return scope.world.event.name;
      break;
    case 'needs':
      if (rest[1] === 'result') return scope.needs[rest[0] as string];
      break;
    case 'steps': {
      const step = scope.steps[rest[0] as string];
      if (rest[1] === 'outputs') return step?.outputs[rest[2] as string] ?? '';
      if (rest[1] === 'outcome' || rest[1] === 'conclusion') return step?.outcome ?? '';
      break;
    }
    case 'env':
      return scope.env?.[key] ?? '';
  }
  throw new Error(`the test runner does not know the context ${p.join('.')}`);
}

interface RunScope {
  readonly world: World;
  readonly runId: string;
  readonly artifacts: string;
  readonly eventPath: string;
  readonly workflowEnv: Record<string, unknown>;
}

async function runJob(jobId: string, spec: JobSpec, matrix: Record<string, string>, index: number, run: RunScope): Promise<JobResult> {
  const { world } = run;
  const home = path.join(world.root, `run-${run.runId}`, `${jobId}-${index}`);
  const workspace = path.join(home, 'workspace');
  const temp = path.join(home, 'temp');
  for (const d of [workspace, temp]) fs.mkdirSync(d, { recursive: true });
  const steps: StepResult[] = [];
  const stepScope: Scope['steps'] = {};
  let failed = false;
  let summary = '';
  const uploadedSarif: string[] = [];
  const baseScope = (): Scope => ({ matrix, index, runId: run.runId, world, needs: {}, steps: stepScope, workspace });
  const jobEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...run.workflowEnv, ...(spec.env ?? {}) })) jobEnv[k] = interpolate(str(v), { lookup: (p) => lookup(p, baseScope()), status: () => true });
  for (const [i, step] of spec.steps.entries()) {
    const id = step.id ?? `step${i}`;
    const scope: Scope = { ...baseScope(), env: jobEnv };
    const ctx: ExpressionContext = { lookup: (p) => lookup(p, scope), status: (name) => (name === 'always' ? true : name === 'cancelled' ? false : name === 'failure' ? failed : !failed) };
    if (!condition(step.if, ctx)) {
      steps.push({ id, ...(step.uses ? { uses: step.uses } : {}), outcome: 'skipped', code: null, stdout: '', stderr: '', outputs: {}, annotations: [] });
      stepScope[id] = { outputs: {}, outcome: 'skipped' };
      continue;
    }
    const withs: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.with ?? {})) withs[k] = interpolate(str(v), ctx);
    const stepEnv: Record<string, string> = { ...jobEnv };
    for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = interpolate(str(v), ctx);
    const outputFile = path.join(temp, `output-${i}`);
    const summaryFile = path.join(temp, `summary-${i}`);
    fs.writeFileSync(outputFile, '');
    fs.writeFileSync(summaryFile, '');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_EVENT_NAME: world.event.name,
      GITHUB_EVENT_PATH: run.eventPath,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_RUN_ID: run.runId,
      RUNNER_TEMP: temp,
      ...(world.env ?? {}),
      ...stepEnv,
    };
    let result: { code: number | null; stdout: string; stderr: string };
    if (step.run !== undefined) {
      const script = path.join(temp, `step-${i}.sh`);
      fs.writeFileSync(script, interpolate(step.run, ctx));
      const cwd = step['working-directory'] ? path.resolve(workspace, step['working-directory']) : workspace;
      result = await spawned('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], cwd, env);
    } else if (step.uses !== undefined) {
      result = await uses(step.uses, withs, { env, workspace, world, artifacts: run.artifacts, uploadedSarif });
    } else {
      throw new Error(`step ${id} of ${jobId} has neither run nor uses`);
    }
    const outputs = readOutputs(fs.readFileSync(outputFile, 'utf8'));
    summary += fs.readFileSync(summaryFile, 'utf8');
    const outcome = result.code === 0 ? 'success' : 'failure';
    if (outcome === 'failure') failed = true;
    // The runner reads commands from both streams; stop-commands are honoured within stdout.
    steps.push({ id, ...(step.uses ? { uses: step.uses } : {}), outcome, code: result.code, stdout: result.stdout, stderr: result.stderr, outputs, annotations: [...annotationsOf(result.stdout), ...annotationsOf(result.stderr)] });
    stepScope[id] = { outputs, outcome };
  }
  return { job: jobId, matrix, result: failed ? 'failure' : 'success', steps, summary, workspace, uploadedSarif };
}

interface UseScope {
  readonly env: NodeJS.ProcessEnv;
  readonly workspace: string;
  readonly world: World;
  readonly artifacts: string;
  readonly uploadedSarif: string[];
}

/** Runs a program to its end without blocking this process (the reference service answers from it). */
function spawned(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function git(cwd: string, args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

async function uses(action: string, withs: Record<string, string>, s: UseScope): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const ok = { code: 0, stdout: '', stderr: '' };
  const name = action.replace(/@.*$/, '');
  if (OUR_ACTION.test(action)) {
    const inputs = { ...actionDefaults(), ...withs };
    for (const k of Object.keys(withs)) if (!(k in actionDefaults())) throw new Error(`action.yml has no input ${k}`);
    const env: NodeJS.ProcessEnv = { ...s.env, GITHUB_ACTION_PATH: repoRoot };
    for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v;
    return spawned(process.execPath, [path.join(repoRoot, 'dist', 'action.js')], s.workspace, env);
  }
  switch (name) {
    case 'actions/checkout': {
      const repo = withs.repository ? s.world.repositories[withs.repository] : s.world.self;
      if (repo === undefined) throw new Error(`no test repository for ${withs.repository ?? 'the workflow'}`);
      const target = path.resolve(s.workspace, withs.path ?? '.');
      const depth = withs['fetch-depth'] ?? '1';
      fs.mkdirSync(path.dirname(target), { recursive: true });
      git(s.workspace, ['clone', '--quiet', '--no-tags', ...(depth === '0' ? [] : [`--depth=${depth}`]), `file://${repo}`, target]);
      if (depth === '0') git(target, ['fetch', '--quiet', '--tags', 'origin', '+refs/heads/*:refs/remotes/origin/*']);
      return ok;
    }
    case 'actions/setup-node':
      return ok;
    case 'actions/upload-artifact': {
      const from = path.resolve(s.workspace, withs.path ?? '');
      if (!withs.name || !fs.existsSync(from)) return { code: 1, stdout: '', stderr: `no files at ${withs.path}` };
      const to = path.join(s.artifacts, withs.name);
      if (fs.existsSync(to)) return { code: 1, stdout: '', stderr: `an artifact ${withs.name} exists already` };
      copyInto(from, fs.statSync(from).isDirectory() ? to : path.join(to, path.basename(from)));
      return ok;
    }
    case 'actions/download-artifact': {
      const into = path.resolve(s.workspace, withs.path ?? '.');
      if (withs.name) {
        const from = path.join(s.artifacts, withs.name);
        if (!fs.existsSync(from)) return { code: 1, stdout: '', stderr: `no artifact ${withs.name}` };
        copyInto(from, into);
        return ok;
      }
      const pattern = new RegExp(`^${(withs.pattern ?? '*').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      for (const a of fs.readdirSync(s.artifacts).filter((a) => pattern.test(a))) copyInto(path.join(s.artifacts, a), path.join(into, a));
      return ok;
    }
    case 'actions/cache/restore': {
      const keys = [withs.key ?? '', ...(withs['restore-keys'] ?? '').split('\n').filter((k) => k !== '')];
      const saved = fs.existsSync(s.world.cache) ? fs.readdirSync(s.world.cache).sort((a, b) => fs.statSync(path.join(s.world.cache, b)).mtimeMs - fs.statSync(path.join(s.world.cache, a)).mtimeMs) : [];
      const hit = saved.find((k) => k === keys[0]) ?? keys.slice(1).map((prefix) => saved.find((k) => k.startsWith(prefix))).find((k) => k !== undefined);
      if (hit) copyInto(path.join(s.world.cache, hit), path.resolve(s.workspace, withs.path ?? ''));
      return ok;
    }
    case 'actions/cache/save': {
      const from = path.resolve(s.workspace, withs.path ?? '');
      const to = path.join(s.world.cache, withs.key ?? '');
      if (!fs.existsSync(from) || fs.existsSync(to)) return { code: 0, stdout: '', stderr: 'cache not saved' };
      copyInto(from, to);
      return ok;
    }
    case 'github/codeql-action/upload-sarif': {
      const file = path.resolve(s.workspace, withs.sarif_file ?? '');
      JSON.parse(fs.readFileSync(file, 'utf8'));
      s.uploadedSarif.push(file);
      return ok;
    }
  }
  throw new Error(`the test runner does not stand in for ${action}`);
}
