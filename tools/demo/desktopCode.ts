// Desktop VS Code for the demo: `code` from the PATH with its own user-data and extensions
// folders. The `code` CLI hands over to an Electron main process that it detaches, so stop()
// kills the CLI's process group and then every process whose command line names this
// user-data folder (only VS Code processes started for it carry that path).
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { onAbort } from '../../test/harness/cleanup';

export interface DesktopCodeOptions {
  readonly code: string;
  readonly userData: string;
  readonly extensions: string;
  readonly extensionDevelopmentPath: string;
  readonly folder: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface DesktopCode {
  /** Resolves when the window was closed (the CLI ran with --wait). */
  readonly closed: Promise<void>;
  stop(): void;
}

/** The `code` executable on PATH, or undefined. */
export function findCodeOnPath(pathVariable = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'code');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function launchDesktopCode(options: DesktopCodeOptions): DesktopCode {
  const args = [
    '--new-window',
    '--wait',
    '--disable-workspace-trust',
    '--skip-welcome',
    `--user-data-dir=${options.userData}`,
    `--extensions-dir=${options.extensions}`,
    `--extensionDevelopmentPath=${options.extensionDevelopmentPath}`,
    options.folder,
  ];
  const child = spawn(options.code, args, { env: options.env, detached: true, stdio: 'ignore' });
  const closed = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = (): void => {
    if (child.pid !== undefined) signal(-child.pid);
    for (const pid of pidsNaming(options.userData)) signal(pid);
  };
  const release = onAbort(stop);
  void closed.then(release);
  return { closed, stop };
}

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Pids whose command line contains `marker` (ps works on Linux and macOS). */
function pidsNaming(marker: string): number[] {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => line.includes(marker))
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter((pid) => Number.isInteger(pid) && pid !== process.pid);
  } catch {
    return [];
  }
}
