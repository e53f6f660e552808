// `npm run demo`: the reference service with the demo tenant on 127.0.0.1, a demo workspace
// with leaked identifiers in .demo/workspace, and real VS Code on it with the extension loaded
// from this repository (development mode), the demo service as leakSearch.baseUrl and the demo
// key stored (LEAK_SEARCH_DEMO_* → src/editor/secrets/demoKey.ts). Desktop `code` when it is on the
// PATH, otherwise code-server (the harness's install) and an address to open in a browser.
// Everything lives in .demo/ (git-ignored): user data, extensions, XDG folders, TMPDIR.
// Ctrl-C stops the server process group and the service; a second run starts afresh.
//   node out/tools/demo/demo.js [--code-server] [--port N]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_API_KEY, demoOptions } from '../../service/demo';
import { startService } from '../../service/server';
import { workbenchUrl } from '../../test/harness/browser';
import { onAbort } from '../../test/harness/cleanup';
import { startCodeServer } from '../../test/harness/codeServer';
import { findCodeOnPath, launchDesktopCode } from './desktopCode';
import { writeDemoWorkspace } from './demoWorkspace';
import { assertPrerequisites, ensureToolchain } from '../../test/harness/install';
import { repoRoot } from '../../test/harness/paths';
import type { RunDir } from '../../test/harness/runDir';
import { writeUserSettings } from '../../test/harness/runDir';

/** The demo's own folder (git-ignored); override with LEAK_SEARCH_DEMO_DIR. */
export const demoRoot = path.resolve(process.env.LEAK_SEARCH_DEMO_DIR ?? path.join(repoRoot, '.demo'));

const USER_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'git.openRepositoryInParentFolders': 'never',
};

/** Folders of one demo run, all inside .demo/ (cleared at every start). */
export function demoRunDir(root: string): RunDir {
  fs.rmSync(root, { recursive: true, force: true });
  const dir = (name: string): string => {
    const full = path.join(root, name);
    fs.mkdirSync(full, { recursive: true });
    return full;
  };
  const tmp = dir('tmp');
  const env = { XDG_CONFIG_HOME: dir('xdg/config'), XDG_DATA_HOME: dir('xdg/data'), XDG_CACHE_HOME: dir('xdg/cache'), TMPDIR: tmp };
  const config = path.join(root, 'config.yaml');
  fs.writeFileSync(config, 'auth: none\ncert: false\n');
  return { root, userData: dir('user-data'), extensions: dir('extensions'), config, tmp, serverLog: path.join(root, 'server.log'), env };
}

/** Refuses to start beside a running demo (same folder), else records this process. */
function claim(pidFile: string): void {
  const previous = Number.parseInt(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : '', 10);
  if (Number.isInteger(previous) && previous !== process.pid && alive(previous)) {
    throw new Error(`a demo is already running (pid ${previous}); stop it with Ctrl-C in its terminal first.`);
  }
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  onAbort(() => fs.rmSync(pidFile, { force: true }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'code-server': { type: 'boolean' }, port: { type: 'string' } }, strict: true });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer from 0 to 65535');
  fs.mkdirSync(demoRoot, { recursive: true });
  claim(path.join(demoRoot, 'demo.pid'));
  onAbort(() => console.log('\nLeak Search demo stopped.'));

  const code = values['code-server'] ? undefined : findCodeOnPath();
  // Missing Debian packages are named now, before anything is started or installed.
  if (!code) assertPrerequisites({ chromium: false });

  const service = await startService({ ...demoOptions(port), host: '127.0.0.1' });
  console.log(`Reference service (demo tenant: example.com, example.org): ${service.baseUrl}`);

  const workspace = path.join(demoRoot, 'workspace');
  const leaks = writeDemoWorkspace(workspace);
  console.log(`Demo workspace: ${path.relative(repoRoot, workspace)}/ (${leaks.emails.length} leaked e-mails, ${leaks.urls.length} URLs, ${leaks.passwords.length} password)`);

  const run = demoRunDir(path.join(demoRoot, code ? 'desktop' : 'code-server'));
  writeUserSettings(run, { ...USER_SETTINGS, 'leakSearch.baseUrl': service.baseUrl });
  // Read once by the extension in development mode, which stores the key in SecretStorage.
  const demoEnv = { LEAK_SEARCH_DEMO_API_KEY: DEMO_API_KEY, LEAK_SEARCH_DEMO_BASE_URL: service.baseUrl };

  let ended: Promise<unknown>;
  if (code) {
    const desktop = launchDesktopCode({
      code,
      userData: run.userData,
      extensions: run.extensions,
      extensionDevelopmentPath: repoRoot,
      folder: workspace,
      env: { ...process.env, ...run.env, ...demoEnv },
    });
    console.log(`VS Code (${code}) is opening the demo workspace with Leak Search loaded and the demo key stored.`);
    ended = desktop.closed;
  } else {
    console.log('No desktop VS Code (`code`) on PATH: the demo runs VS Code in your browser through code-server.');
    const toolchain = await ensureToolchain((line) => console.log(line), { needChromium: false });
    console.log('Starting code-server …');
    Object.assign(process.env, demoEnv);
    const server = await startCodeServer({ toolchain, run, startTimeoutMs: 120_000 });
    for (const key of Object.keys(demoEnv)) delete process.env[key];
    const url = workbenchUrl(server.url, server.authority, { folder: workspace }, { extensionDevelopmentPath: repoRoot });
    console.log(`code-server ${toolchain.codeServerVersion} is ready. Open this address in a browser:\n\n  ${url}\n`);
    ended = waitForGroupExit(server.pid);
  }
  console.log('Then: Leak Search view → Check All Configured Domains, and open .env. Press Ctrl-C to stop everything.');
  await ended;
  console.log('VS Code has exited.');
  process.exit(0);
}

/** Resolves when the process group is gone (polled: it was not started by this process' event loop). */
async function waitForGroupExit(pid: number): Promise<void> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
  }
}

main().catch((e: unknown) => {
  console.error(`npm run demo: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
