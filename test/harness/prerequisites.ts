// What the harness cannot install by itself: Debian packages (it never runs apt-get; .ci/run
// does, as root). Checked in the first second of `npm test` and `npm run demo`, so a newcomer
// reads one line with the exact command instead of a failure minutes later.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromiumPath, codeServerEntry } from './paths';

export interface Needs {
  /** Headless Chromium hosts the workbench and the webview tests. */
  readonly chromium: boolean;
  /** code-server's native modules are built once, when it is not in the cache yet. */
  readonly buildTools: boolean;
  /** test/testPki.ts makes the certificates of the TLS and network tests (unit and network run). */
  readonly openssl?: boolean;
  /** The command line's scans read git, and its hook's test runs the real pre-commit (unit). */
  readonly preCommit?: boolean;
}

/** The oldest Node the harness (and its dev dependencies: mocha, ESLint) runs on. */
export const MIN_NODE = [20, 19] as const;

/** Debian package names that are missing for `needs`, in a stable order. */
export function missingDebianPackages(needs: Needs, probe: Probe = systemProbe): string[] {
  const missing: string[] = [];
  if (needs.chromium && !probe.executable(chromiumPath())) missing.push('chromium');
  if (needs.openssl === true && !probe.onPath('openssl')) missing.push('openssl');
  if (needs.preCommit === true && !probe.onPath('git')) missing.push('git');
  if (needs.preCommit === true && !probe.onPath('pre-commit')) missing.push('pre-commit');
  if (needs.buildTools) {
    if (!probe.onPath('g++')) missing.push('g++');
    if (!probe.onPath('make')) missing.push('make');
    if (!probe.onPath('python3')) missing.push('python3');
    if (!probe.exists('/usr/include/gssapi/gssapi.h') && !probe.exists('/usr/include/krb5.h')) missing.push('libkrb5-dev');
  }
  return missing;
}

/** The one line a user reads when something is missing. */
export function missingPackagesLine(missing: readonly string[]): string {
  const chromiumNote = missing.includes('chromium') ? ' (or point LEAK_SEARCH_CHROMIUM at a Chromium or Chrome binary)' : '';
  return `Missing Debian packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}${chromiumNote}, then run the command again.`;
}

/** Undefined when this Node can run the harness, else the sentence that says which can. */
export function nodeProblem(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  return `Node ${version} is too old to run the tests: put Node ${MIN_NODE.join('.')} or later first on PATH (Node 24, which code-server needs, is installed by the harness itself).`;
}

/** Whether code-server has to be built (its entry is not in the cache). */
export function needsCodeServerBuild(): boolean {
  return !fs.existsSync(codeServerEntry());
}

export interface Probe {
  executable(file: string): boolean;
  exists(file: string): boolean;
  onPath(tool: string): boolean;
}

export const systemProbe: Probe = {
  executable(file) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  exists: (file) => fs.existsSync(file),
  onPath(tool) {
    return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && systemProbe.executable(path.join(dir, tool)));
  },
};
