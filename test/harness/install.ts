// Provisions the toolchain the real-VS Code tests need, once per version, in the user's cache:
// Node 24 (npm package `node`) and code-server (npm package `code-server`, whose postinstall
// builds native modules with node-gyp against Node 24's headers). Each install goes into a
// temporary sibling folder that is renamed into place only after it was verified, so a
// half-finished install is never taken as done. Whatever is missing is named in the error.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { capture, pathWith } from './exec';
import {
  CODE_SERVER_VERSION,
  NODE_MAJOR,
  cacheRoot,
  chromiumPath,
  codeServerDir,
  codeServerEntry,
  nodeBinary,
  nodeDir,
  nodeHeadersDir,
} from './paths';

/** A prerequisite is missing or an install failed; the message says what to do. */
export class HarnessSetupError extends Error {
  override readonly name = 'HarnessSetupError';
}

export interface Toolchain {
  /** Node 24, which runs code-server. */
  readonly node: string;
  /** code-server's entry.js. */
  readonly codeServer: string;
  readonly codeServerVersion: string;
  readonly chromium: string;
}

type Log = (line: string) => void;

/**
 * Finds or installs everything; throws HarnessSetupError naming what is missing.
 * `needChromium: false` (the demo: the user opens the workbench in their own browser) skips the Chromium check.
 */
export async function ensureToolchain(log: Log = (line) => console.log(line), options: { readonly needChromium?: boolean } = {}): Promise<Toolchain> {
  const chromium = options.needChromium === false ? chromiumPath() : checkChromium();
  const node = await ensureNode(log);
  const codeServer = await ensureCodeServer(node, log);
  return { node, codeServer, codeServerVersion: CODE_SERVER_VERSION, chromium };
}

export function checkChromium(): string {
  const chromium = chromiumPath();
  if (!isExecutable(chromium)) {
    throw new HarnessSetupError(
      `No Chromium at ${chromium}: the workbench runs in Debian's chromium. ` +
        'Install it (sudo apt-get install chromium) or point LEAK_SEARCH_CHROMIUM at a Chromium or Chrome binary.',
    );
  }
  return chromium;
}

async function nodeVersion(binary: string): Promise<string | undefined> {
  if (!isExecutable(binary)) return undefined;
  const result = await capture(binary, ['--version']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

async function ensureNode(log: Log): Promise<string> {
  const binary = nodeBinary();
  const found = await nodeVersion(binary);
  if (found?.startsWith(`v${NODE_MAJOR}.`)) return binary;
  log(`Installing Node ${NODE_MAJOR} from the npm registry into ${nodeDir()} …`);
  await installAtomically(nodeDir(), async (staging) => {
    await npmInstall(staging, [`node@${NODE_MAJOR}`], process.env.PATH ?? '', {}, `Node ${NODE_MAJOR}`);
    const staged = await nodeVersion(path.join(staging, 'node_modules', '.bin', 'node'));
    if (!staged?.startsWith(`v${NODE_MAJOR}.`)) {
      throw new HarnessSetupError(`No Node ${NODE_MAJOR}: the npm package node@${NODE_MAJOR} installed, but its binary reports ${staged ?? 'nothing'}.`);
    }
  });
  const installed = await nodeVersion(binary);
  if (!installed?.startsWith(`v${NODE_MAJOR}.`)) throw new HarnessSetupError(`No Node ${NODE_MAJOR} at ${binary} after the install.`);
  log(`Node ${installed} ready.`);
  return binary;
}

async function codeServerVersion(node: string, entry: string): Promise<string | undefined> {
  if (!fs.existsSync(entry)) return undefined;
  const result = await capture(node, [entry, '--version']);
  return result.code === 0 ? result.stdout.split(' ')[0] : undefined;
}

async function ensureCodeServer(node: string, log: Log): Promise<string> {
  const entry = codeServerEntry();
  if ((await codeServerVersion(node, entry)) === CODE_SERVER_VERSION) return entry;
  checkBuildTools();
  const started = Date.now();
  log(`Installing code-server ${CODE_SERVER_VERSION} into ${codeServerDir()} (about 2.5 min and 620 MB, once) …`);
  await installAtomically(codeServerDir(), async (staging) => {
    await npmInstall(
      staging,
      ['--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`],
      pathWith(path.dirname(node)),
      { npm_config_nodedir: nodeHeadersDir() },
      `code-server ${CODE_SERVER_VERSION}`,
    );
    const staged = path.join(staging, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
    const version = await codeServerVersion(node, staged);
    if (version !== CODE_SERVER_VERSION) {
      throw new HarnessSetupError(`code-server install failed: ${staged} reports ${version ?? 'nothing'} instead of ${CODE_SERVER_VERSION}.`);
    }
  });
  if ((await codeServerVersion(node, entry)) !== CODE_SERVER_VERSION) {
    throw new HarnessSetupError(`code-server install failed: ${entry} does not run after the install.`);
  }
  log(`code-server ${CODE_SERVER_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s.`);
  return entry;
}

/** code-server's native modules need a C++ toolchain, python3 and Kerberos headers. */
function checkBuildTools(): void {
  const missing: string[] = [];
  for (const tool of ['g++', 'make', 'python3']) if (!onPath(tool)) missing.push(tool);
  if (!fs.existsSync('/usr/include/gssapi/gssapi.h') && !fs.existsSync('/usr/include/krb5.h')) missing.push('libkrb5-dev (Kerberos headers)');
  if (!fs.existsSync(nodeHeadersDir())) missing.push(`Node ${NODE_MAJOR} headers (${nodeHeadersDir()})`);
  if (missing.length > 0) {
    throw new HarnessSetupError(
      `Cannot build code-server's native modules; missing: ${missing.join(', ')}. ` +
        'On Debian: sudo apt-get install g++ make python3 libkrb5-dev (or run .ci/run).',
    );
  }
}

async function npmInstall(dir: string, args: readonly string[], PATH: string, extraEnv: Record<string, string>, what: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir).replace(/[^a-z0-9-]/g, '-'), private: true }) + '\n');
  const logFile = path.join(dir, 'install.log');
  const result = await capture('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...args], {
    cwd: dir,
    env: { ...process.env, ...extraEnv, PATH, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  fs.writeFileSync(logFile, result.stdout + result.stderr);
  if (result.code !== 0) {
    const tail = (result.stdout + result.stderr).trim().split('\n').slice(-25).join('\n');
    throw new HarnessSetupError(`${what} install failed (npm exit ${result.code}):\n${tail}`);
  }
}

/**
 * Installs into `<target>.partial-<pid>` and renames it to `target` once `install` verified it.
 * A lock folder keeps two processes from installing the same thing at once.
 */
async function installAtomically(target: string, install: (staging: string) => Promise<void>): Promise<void> {
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const lock = `${target}.lock`;
  await acquireLock(lock);
  try {
    if (fs.existsSync(target)) {
      // An earlier, broken install: move it aside rather than mixing versions.
      fs.renameSync(target, `${target}.broken-${Date.now()}`);
    }
    const staging = `${target}.partial-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    try {
      await install(staging);
      fs.renameSync(staging, target);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function acquireLock(lock: string): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return;
    } catch {
      const holder = Number(readOr(path.join(lock, 'pid'), '0'));
      if (!holder || !isAlive(holder)) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new HarnessSetupError(`Timed out waiting for another install (pid ${holder}, lock ${lock}).`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && isExecutable(path.join(dir, tool)));
}
