// `leakSearch.exclude` for a file that is not open: the same globs Scan Workspace hands to
// VS Code's file search (`**/node_modules/**`), matched against the file's path relative to
// its workspace folder (or the absolute path, for a glob that starts at the root). Used to
// list a workspace folder (folderFiles.ts) and for a file created or changed on disk after a
// workspace scan. Pure.
import picomatch from 'picomatch';

/**
 * A test for the paths the globs exclude: relative to the folder with forward slashes, or
 * absolute. With `windows` (the default on Windows) case is ignored, a backslash in a path is
 * a separator, and an absolute path may be given as Windows writes it (`C:\repo\x`, a UNC
 * `\\server\share\x`) or as a URI path (`/c:/repo/x`); a glob still uses forward slashes.
 */
export function excludeMatcher(globs: readonly string[], windows = process.platform === 'win32'): (relative: string, absolute: string) => boolean {
  if (globs.length === 0) return () => false;
  const test = (g: string): ((path: string) => boolean) => picomatch(g, { dot: true, windows, nocase: windows });
  // A glob written for the absolute path is tried on it alone, any other on the path relative
  // to the folder alone: `**/build/**` must not exclude every file of a folder that sits under
  // a `build` folder itself.
  const isAbsolute = (g: string): boolean => g.startsWith('/') || g.startsWith('\\') || (windows && /^[a-z]:/i.test(g));
  const relativeTests = globs.filter((g) => !isAbsolute(g)).map(test);
  const absoluteTests = globs.filter(isAbsolute).map(test);
  // A URI's path puts a slash before the drive letter, which no glob written for `C:/…` has.
  const native = windows ? (absolute: string): string => absolute.replace(/^\/([a-z]:)/i, '$1') : (absolute: string): string => absolute;
  return (relative, absolute) => relativeTests.some((t) => t(relative)) || (absoluteTests.length > 0 && absoluteTests.some((t) => t(native(absolute))));
}
