// Small promise wrappers around child processes, used by the installer and the layers.
import { spawn } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';

export interface ExecResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion, capturing its output (never throws on a non-zero exit). */
export function capture(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ code: 127, stdout, stderr: stderr + error.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/** Runs a command with inherited stdio (the user sees its output); resolves with its exit code. */
export function run(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** PATH with `dir` first. */
export function pathWith(dir: string): string {
  return [dir, process.env.PATH ?? ''].filter(Boolean).join(':');
}
