// Runs the real command line: the bundle `dist/cli.js` as a user runs it, built once per test
// process by the repository's own build (`node esbuild.mjs --cli`: the bundle and the scanner's
// helper beside it), never the tsc output, so what is tested is what ships. Every run's stdout,
// stderr and the files it wrote are checked for every test key, in every spelling.
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_API_KEY } from '../../../service/demo';
import { repoRoot } from '../../harness/paths';
import { BURST_KEY, FAULTY_KEY, HOURLY_KEY, IP_LOCKED_KEY, ODD_KEY, PAIR_KEY } from '../core/client/fixture';
import { ECHOES, showsPartOf } from '../core/client/keySpellings';

export const CLI = path.join(repoRoot, 'dist', 'cli.js');

/** Every key the test services know: none may show in anything the command line writes. */
export const TEST_KEYS: readonly string[] = [DEMO_API_KEY, FAULTY_KEY, IP_LOCKED_KEY, BURST_KEY, PAIR_KEY, HOURLY_KEY, ODD_KEY];

let built: Promise<void> | undefined;

/** Builds dist/cli.js (and dist/scanHelper.js) once per process; call in a `before`. */
export function buildCli(): Promise<void> {
  built ??= promisify(execFile)(process.execPath, ['esbuild.mjs', '--cli'], { cwd: repoRoot }).then(() => undefined);
  return built;
}

/** Call inside `describe`: builds the command line before the suite (a few seconds, once). */
export function useBuiltCli(): void {
  before(async function () {
    this.timeout(60_000);
    await buildCli();
  });
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Added to a bare environment (PATH and HOME only, so the caller's own settings never leak in). */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Written to stdin, then stdin is closed (closed at once when absent). */
  readonly input?: string;
  /** The command to run instead of `node dist/cli.js` (an installed `leak-search`). */
  readonly command?: string;
  /** Called once the child runs, to signal it or close its pipes. */
  readonly started?: (child: ChildProcess) => void;
  /** Files the run may have written, checked for the keys too. */
  readonly files?: readonly string[];
}

export function bareEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...extra };
}

/** Runs the command line to its end; asserts that no key shows in its output or its files. */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const [file, argv] = options.command ? [options.command, [...args]] : [process.execPath, [CLI, ...args]];
  const child = spawn(file, argv, { cwd: options.cwd ?? os.tmpdir(), env: bareEnv(options.env), stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  // A test may close stdout early: writing to a closed stdin or reading a destroyed pipe is not the test's failure.
  child.stdin.on('error', () => undefined);
  child.stdout.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  options.started?.(child);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, s) => resolve([c, s]));
  });
  const run = { code, signal, stdout, stderr };
  assertNoKey(run, options.files ?? []);
  return run;
}

/** Asserts that no test key shows, in any spelling, in a run's output or in these files. */
export function assertNoKey(run: CliRun, files: readonly string[]): void {
  const texts: [string, string][] = [['stdout', run.stdout], ['stderr', run.stderr]];
  for (const f of files) if (fs.existsSync(f)) texts.push([f, fs.readFileSync(f, 'utf8')]);
  for (const key of TEST_KEYS) {
    for (const [where, text] of texts) {
      assert.equal(showsPartOf(text, key), undefined, `${where} shows part of a key`);
      for (const [spelling, spell] of ECHOES) assert.ok(!text.includes(spell(key)), `${where} shows a key, ${spelling}`);
    }
  }
}

/** A fresh folder, removed after the test that made it. */
export function useTempDirs(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-cli-'));
    made.push(dir);
    return dir;
  };
}

/** Every file under `dir` (hidden ones too), relative to it. */
export function filesIn(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}
