// Provisions the toolchain the real-VS Code tests need, once per version, in the user's cache:
// Node 24 (npm package `node`) and code-server (npm package `code-server`, whose postinstall
// builds native modules with node-gyp against Node 24's headers). Each install goes into a
// temporary sibling folder that is renamed into place only after it was verified, so a
// half-finished install is never taken as done. Whatever is missing is named in the error.
//
// It works whatever Node runs `npm test` (20.19 or later): the nested npm runs under Node 24
// with none of the outer npm's `npm_*` variables (code-server's postinstall reads the Node
// version from npm_config_user_agent, which an outer `npm test` on Node 20 would pass down),
// and nothing is written outside the cache folder: npm's cache and logs for these installs
// and code-server's own config and data for its version check all live under cacheRoot().
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { capture } from './exec';
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
import { missingDebianPackages, missingPackagesLine, needsCodeServerBuild, systemProbe } from './prerequisites';

const isExecutable = (file: string): boolean => systemProbe.executable(file);

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
  assertPrerequisites({ chromium: options.needChromium !== false });
  const node = await ensureNode(log);
  const codeServer = await ensureCodeServer(node, log);
  return { node, codeServer, codeServerVersion: CODE_SERVER_VERSION, chromium: chromiumPath() };
}

/** Throws one HarnessSetupError naming every missing Debian package (build tools only while code-server is not built). */
export function assertPrerequisites(needs: { readonly chromium: boolean }): void {
  const missing = missingDebianPackages({ chromium: needs.chromium, buildTools: needsCodeServerBuild() });
  if (missing.length > 0) throw new HarnessSetupError(missingPackagesLine(missing));
}

async function nodeVersion(binary: string): Promise<string | undefined> {
  if (!isExecutable(binary)) return undefined;
  const result = await capture(binary, ['--version']);
  return result.code === 0 ? /^v\d+\.\d+\.\d+/m.exec(result.stdout)?.[0] : undefined;
}

async function ensureNode(log: Log): Promise<string> {
  const binary = nodeBinary();
  const found = await nodeVersion(binary);
  if (found?.startsWith(`v${NODE_MAJOR}.`)) return binary;
  log(`[1/2] Installing Node ${NODE_MAJOR} from the npm registry into ${nodeDir()} (about 30 s, once) …`);
  const started = Date.now();
  await installAtomically(nodeDir(), async () => (await nodeVersion(binary))?.startsWith(`v${NODE_MAJOR}.`) === true, async (staging) => {
    // Node 24 is not there yet: the npm on PATH installs it, under whatever Node runs it.
    await npmInstall(staging, [`node@${NODE_MAJOR}`], undefined, {}, `Node ${NODE_MAJOR}`, log);
    const staged = await nodeVersion(path.join(staging, 'node_modules', '.bin', 'node'));
    if (!staged?.startsWith(`v${NODE_MAJOR}.`)) {
      throw new HarnessSetupError(`No Node ${NODE_MAJOR}: the npm package node@${NODE_MAJOR} installed, but its binary reports ${staged ?? 'nothing'}.`);
    }
  });
  const installed = await nodeVersion(binary);
  if (!installed?.startsWith(`v${NODE_MAJOR}.`)) throw new HarnessSetupError(`No Node ${NODE_MAJOR} at ${binary} after the install.`);
  log(`[1/2] Node ${installed} ready (${seconds(started)}).`);
  return binary;
}

/**
 * The version code-server reports, read with a pattern: on a first run it may print log lines
 * before it (e.g. "[time] info  Wrote default config file to …"). It runs with its config, data
 * and XDG folders in a throwaway folder, so it never writes into the user's ~/.config.
 */
async function codeServerVersion(node: string, entry: string): Promise<string | undefined> {
  if (!fs.existsSync(entry)) return undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-csv-'));
  try {
    const config = path.join(scratch, 'config.yaml');
    fs.writeFileSync(config, 'auth: none\ncert: false\n');
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: path.join(scratch, 'config'),
      XDG_DATA_HOME: path.join(scratch, 'data'),
      XDG_CACHE_HOME: path.join(scratch, 'cache'),
    };
    const result = await capture(node, [entry, '--config', config, '--user-data-dir', path.join(scratch, 'ud'), '--version'], { env });
    return result.code === 0 ? parseCodeServerVersion(result.stdout) : undefined;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** "4.139.1 0123abc… with Code 1.139.1" somewhere in the output, log lines or not. */
export function parseCodeServerVersion(stdout: string): string | undefined {
  return /^(\d+\.\d+\.\d+)\s+[0-9a-f]{7,40}\b/m.exec(stdout)?.[1];
}

async function ensureCodeServer(node: string, log: Log): Promise<string> {
  const entry = codeServerEntry();
  if ((await codeServerVersion(node, entry)) === CODE_SERVER_VERSION) return entry;
  const started = Date.now();
  log(`[2/2] Installing code-server ${CODE_SERVER_VERSION} (VS Code ${CODE_SERVER_VERSION.replace(/^4\./, '1.')}) into ${codeServerDir()} (about 2–3 min and 620 MB, once) …`);
  await installAtomically(codeServerDir(), async () => (await codeServerVersion(node, entry)) === CODE_SERVER_VERSION, async (staging) => {
    await npmInstall(
      staging,
      ['--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`],
      node,
      { npm_config_nodedir: nodeHeadersDir() },
      `code-server ${CODE_SERVER_VERSION}`,
      log,
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
  log(`[2/2] code-server ${CODE_SERVER_VERSION} installed (${seconds(started)}).`);
  return entry;
}

/**
 * The environment of a nested npm: none of the calling npm's `npm_*` variables (they would
 * override the nested npm's own view of itself: user agent, node path, config), except the
 * machine's global npmrc (npm finds it next to the Node that runs it, and Node 24 lives
 * elsewhere: without it a registry behind a company CA set there as `cafile` fails), npm's
 * cache and logs under cacheRoot(), no browser downloads, and `node` (when given) first on PATH.
 */
export function nestedNpmEnv(
  base: NodeJS.ProcessEnv,
  node: string | undefined,
  extra: Readonly<Record<string, string>>,
  globalConfig?: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (/^npm_/i.test(key) || key === 'NODE' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  if (globalConfig) env.npm_config_globalconfig = globalConfig;
  env.npm_config_cache = path.join(cacheRoot(), 'npm-cache');
  env.npm_config_logs_dir = path.join(cacheRoot(), 'npm-logs');
  env.npm_config_update_notifier = 'false';
  env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  if (node) env.PATH = [path.dirname(node), base.PATH ?? ''].filter(Boolean).join(path.delimiter);
  return { ...env, ...extra };
}

/** The global npmrc of the npm on PATH (the one `npm ci` used), or undefined when npm cannot say. */
async function outerGlobalConfig(): Promise<string | undefined> {
  const inherited = process.env.npm_config_globalconfig;
  if (inherited) return inherited;
  const result = await capture('npm', ['config', 'get', 'globalconfig']);
  const file = result.stdout.trim().split('\n').pop()?.trim();
  return result.code === 0 && file ? file : undefined;
}

/** npm's own CLI script, so it can be run by a chosen Node (not the one its shebang finds). */
function npmCli(): string | undefined {
  const candidates = [process.env.npm_execpath];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, 'npm'))) {
      try {
        const real = fs.realpathSync(path.join(dir, 'npm'));
        candidates.push(real.endsWith('.js') ? real : path.join(path.dirname(real), 'npm-cli.js'));
      } catch {
        // a broken link: try the next one
      }
      break;
    }
  }
  return candidates.find((file): file is string => !!file && /npm-cli\.js$/.test(file) && fs.existsSync(file));
}

async function npmInstall(
  dir: string,
  args: readonly string[],
  node: string | undefined,
  extraEnv: Readonly<Record<string, string>>,
  what: string,
  log: Log,
): Promise<void> {
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir).replace(/[^a-z0-9-]/g, '-'), private: true }) + '\n');
  const logFile = path.join(dir, 'install.log');
  const cli = node ? npmCli() : undefined;
  const [command, prefix] = node && cli ? [node, [cli]] : ['npm', []];
  const started = Date.now();
  // A long install says it is still alive, twice a minute.
  const heartbeat = setInterval(() => log(`      … still installing ${what} (${seconds(started)})`), 30_000);
  let result;
  try {
    result = await capture(command, [...prefix, 'install', '--no-audit', '--no-fund', '--no-save', ...args], {
      cwd: dir,
      env: nestedNpmEnv(process.env, node, extraEnv, await outerGlobalConfig()),
    });
  } finally {
    clearInterval(heartbeat);
  }
  fs.writeFileSync(logFile, result.stdout + result.stderr);
  if (result.code !== 0) {
    const tail = (result.stdout + result.stderr).trim().split('\n').slice(-25).join('\n');
    throw new HarnessSetupError(`${what} install failed (npm exit ${result.code}):\n${tail}`);
  }
}

function seconds(since: number): string {
  const s = Math.round((Date.now() - since) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/**
 * Installs into `<target>.partial-<pid>` and renames it to `target` once `install` verified it.
 * A lock folder keeps two processes from installing the same thing at once; whoever gets the
 * lock second first checks (`ready`) whether the first one's install is there now, and uses it.
 */
async function installAtomically(target: string, ready: () => Promise<boolean>, install: (staging: string) => Promise<void>): Promise<void> {
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const lock = `${target}.lock`;
  await acquireLock(lock);
  try {
    if (await ready()) return;
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
