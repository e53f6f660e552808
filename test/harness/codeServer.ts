// Starts a fresh code-server on 127.0.0.1 in its own process group and stops the whole group.
// The server's children (file watcher, agent host, extension hosts) outlive a kill of the main
// pid, so the server is spawned detached (setsid) and killed with process.kill(-pid).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { onAbort } from './cleanup';
import { capture, pathWith } from './exec';
import type { Toolchain } from './install';
import type { RunDir } from './runDir';
import * as path from 'node:path';

export interface CodeServerOptions {
  readonly toolchain: Toolchain;
  readonly run: RunDir;
  /** Workspace trust on (Restricted Mode tests); off by default. */
  readonly workspaceTrust?: boolean;
  readonly startTimeoutMs?: number;
  /**
   * Files bound over system files ([source, target]) in a mount namespace of the server's own
   * (`unshare --mount`, root only): the machine's files stay as they are.
   */
  readonly binds?: readonly (readonly [string, string])[];
}

export interface CodeServer {
  /** e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  /** host:port, the authority of vscode-remote:// URIs. */
  readonly authority: string;
  readonly pid: number;
  /** Kills the whole process group and waits until it is gone. */
  stop(): Promise<void>;
}

/** Installs a .vsix into the run's extensions folder, offline. */
export async function installExtension(toolchain: Toolchain, run: RunDir, vsix: string): Promise<void> {
  const result = await capture(toolchain.node, [toolchain.codeServer, ...dirArgs(run), '--install-extension', vsix], {
    env: serverEnv(toolchain, run),
  });
  if (result.code !== 0 || !/was successfully installed/.test(result.stdout)) {
    throw new Error(`code-server --install-extension ${path.basename(vsix)} failed (exit ${result.code}):\n${result.stdout}${result.stderr}`);
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { toolchain, run } = options;
  const args = [
    toolchain.codeServer,
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    ...dirArgs(run),
    // Without this flag the workbench silently ignores the test `payload`.
    '--vscode-option',
    'enable-smoke-test-driver',
  ];
  const log = fs.openSync(run.serverLog, 'a');
  const [command, commandArgs] = inNamespace(options.binds ?? [], toolchain.node, args);
  const env = serverEnv(toolchain, run);
  if (options.binds?.length) {
    // The trust store under test is the system's: nothing else may add certificates.
    for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_OPTIONS']) delete env[name];
  }
  const child = spawn(command, commandArgs, {
    cwd: run.root,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`code-server did not start (${toolchain.node} ${toolchain.codeServer}).`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const release = onAbort(() => signalGroup(pid, 'SIGKILL'));
  const stop = async (): Promise<void> => {
    await stopGroup(pid, child, exited);
    release();
  };
  try {
    const port = await waitForPort(run.serverLog, child, options.startTimeoutMs ?? 60_000);
    const authority = `127.0.0.1:${port}`;
    return { url: `http://${authority}/`, authority, pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The command line, wrapped in `unshare --mount` with the bind mounts when there are any. */
function inNamespace(binds: readonly (readonly [string, string])[], command: string, args: readonly string[]): [string, string[]] {
  if (binds.length === 0) return [command, [...args]];
  const mounts = binds.map((_, i) => `mount --bind "$${2 * i + 1}" "$${2 * i + 2}"`).join(' && ');
  const script = `${mounts} && shift ${2 * binds.length} && exec "$@"`;
  return ['unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', ...binds.flat(), command, ...args]];
}

function dirArgs(run: RunDir): string[] {
  return ['--user-data-dir', run.userData, '--extensions-dir', run.extensions, '--config', run.config];
}

function serverEnv(toolchain: Toolchain, run: RunDir): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...run.env, PATH: pathWith(path.dirname(toolchain.node)) };
  // The test's own variables must not leak into the server (the extension host gets them via the payload).
  for (const key of Object.keys(env)) if (key.startsWith('LEAK_SEARCH_TEST_')) delete env[key];
  delete env.VSCODE_IPC_HOOK_CLI;
  return env;
}

/** code-server picks a free port (port 0) and logs it; wait for that line, then for /healthz. */
async function waitForPort(logFile: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let port: number | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`code-server exited (${child.exitCode ?? child.signalCode}) before listening:\n${tail(logFile)}`);
    }
    if (port === undefined) {
      const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(readOr(logFile));
      if (match) port = Number(match[1]);
    }
    if (port !== undefined && (await healthy(port))) return port;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server did not become ready within ${timeoutMs} ms:\n${tail(logFile)}`);
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function stopGroup(pid: number, child: ChildProcess, exited: Promise<void>): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  // Children may outlive the leader; poll the group until it is empty, then force it.
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) {
    signalGroup(pid, 'SIGKILL');
    const hardDeadline = Date.now() + 5000;
    while (groupAlive(pid) && Date.now() < hardDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null && child.signalCode === null) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tail(file: string): string {
  return readOr(file).trim().split('\n').slice(-20).join('\n');
}
