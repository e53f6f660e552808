// One short-lived folder per code-server run: user data, extensions, XDG folders, TMPDIR and
// the workspace all live under a short path (Unix socket paths max out near 107 characters).
// It is deleted after the run; on failure its logs are copied to test-results/ first.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onAbort } from './cleanup';
import { resultsDir } from './paths';

export interface RunDir {
  readonly root: string;
  readonly userData: string;
  readonly extensions: string;
  readonly config: string;
  readonly tmp: string;
  readonly serverLog: string;
  /** Environment for processes of this run: XDG_* and TMPDIR point inside the run folder. */
  readonly env: Readonly<Record<string, string>>;
}

export function createRunDir(label: string): RunDir {
  const base = fs.existsSync('/tmp') ? '/tmp' : os.tmpdir();
  const root = fs.mkdtempSync(path.join(base, `ls-${label.replace(/[^a-z0-9]/gi, '').slice(0, 8)}-`));
  const dir = (name: string): string => {
    const full = path.join(root, name);
    fs.mkdirSync(full, { recursive: true });
    return full;
  };
  const tmp = dir('tmp');
  const env = {
    XDG_CONFIG_HOME: dir('xdg/config'),
    XDG_DATA_HOME: dir('xdg/data'),
    XDG_CACHE_HOME: dir('xdg/cache'),
    TMPDIR: tmp,
  };
  const config = path.join(root, 'config.yaml');
  fs.writeFileSync(config, 'auth: none\ncert: false\n');
  const release = onAbort(() => fs.rmSync(root, { recursive: true, force: true }));
  releases.set(root, release);
  return { root, userData: dir('ud'), extensions: dir('ext'), config, tmp, serverLog: path.join(root, 'server.log'), env };
}

const releases = new Map<string, () => void>();

/** Writes VS Code user settings for this run (before the server starts). */
export function writeUserSettings(run: RunDir, settings: Readonly<Record<string, unknown>>): void {
  const userDir = path.join(run.userData, 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(path.join(userDir, 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
}

/** Copies the server log and VS Code's logs to test-results/<label>/ and returns that folder. */
export function keepLogs(run: RunDir, label: string): string {
  const target = path.join(resultsDir, label);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  for (const name of ['server.log', 'workbench.log']) {
    const file = path.join(run.root, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(target, name));
  }
  const logs = path.join(run.userData, 'logs');
  if (fs.existsSync(logs)) fs.cpSync(logs, path.join(target, 'vscode-logs'), { recursive: true });
  return target;
}

export function removeRunDir(run: RunDir): void {
  fs.rmSync(run.root, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  releases.get(run.root)?.();
  releases.delete(run.root);
}
