// Runs the real command line as a child process: `out/src/cli/bin.js`, which the same tsc
// compile that `npm run test:unit` does emits (the executable entry over main.ts), so
// these tests need no esbuild step and test the code as built from this tree. The child gets
// only the environment given (plus PATH), never the runner's LEAK_SEARCH_* variables.
import { spawn } from 'node:child_process';
import * as path from 'node:path';

export const CLI = path.resolve(__dirname, '..', '..', '..', 'src', 'cli', 'bin.js');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
