// `leakSearch.exclude` for a file that is not open: the same globs Scan Workspace hands to
// VS Code's file search (`**/node_modules/**`), matched against the file's path relative to
// its workspace folder (or the absolute path, for a glob that starts at the root). Used where
// VS Code cannot be asked per file: a file created or changed on disk after a workspace scan.
// Pure.
import picomatch from 'picomatch';

/** A test for the paths the globs exclude (forward slashes; relative to the folder, or absolute). */
export function excludeMatcher(globs: readonly string[]): (relative: string, absolute: string) => boolean {
  if (globs.length === 0) return () => false;
  const tests = globs.map((g) => picomatch(g, { dot: true, nocase: process.platform === 'win32' }));
  return (relative, absolute) => tests.some((t) => t(relative) || t(absolute));
}
