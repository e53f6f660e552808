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
  // The usual globs name one folder or file anywhere (`**/node_modules/**`, `**/.git`):
  // tested on the path's segments, as picomatch would, without a regular expression per path.
  const relativeTest = (g: string): ((path: string) => boolean) => (windows ? undefined : anywhere(g, test)) ?? test(g);
  // A glob written for the absolute path is tried on it alone, any other on the path relative
  // to the folder alone: `**/build/**` must not exclude every file of a folder that sits under
  // a `build` folder itself.
  const isAbsolute = (g: string): boolean => g.startsWith('/') || g.startsWith('\\') || (windows && /^[a-z]:/i.test(g));
  const relativeTests = globs.filter((g) => !isAbsolute(g)).map(relativeTest);
  const absoluteTests = globs.filter(isAbsolute).map(test);
  // A URI's path puts a slash before the drive letter, which no glob written for `C:/…` has.
  const native = windows ? (absolute: string): string => absolute.replace(/^\/([a-z]:)/i, '$1') : (absolute: string): string => absolute;
  return (relative, absolute) => relativeTests.some((t) => t(relative)) || (absoluteTests.length > 0 && absoluteTests.some((t) => t(native(absolute))));
}

/** A name with no character a glob treats specially. */
const LITERAL_NAME = /^[\w.\- ]+$/;
/** A path picomatch reads its own way: a `.` or `..` segment, or a slash at the end. */
const ODD_PATH = /(?:^|\/)\.\.?(?:\/|$)|\/$/;

// The test of a glob of a double star, a slash and NAME (NAME itself, at any depth), or of
// that and a slash and a double star (NAME and everything under it, at any depth), on a path
// with forward slashes, case-sensitive; undefined for any other glob. A path with a `.` or
// `..` segment, or ending with a slash, goes to picomatch (`fallback`).
function anywhere(glob: string, fallback: (glob: string) => (path: string) => boolean): ((path: string) => boolean) | undefined {
  const under = glob.endsWith('/**');
  const name = glob.slice(3, under ? -3 : undefined);
  if (!glob.startsWith('**/') || !LITERAL_NAME.test(name) || name === '.' || name === '..') return undefined;
  const slashName = `/${name}`;
  const nameSlash = `${name}/`;
  const inner = `/${name}/`;
  let slow: ((path: string) => boolean) | undefined;
  return (path) => {
    if (ODD_PATH.test(path)) return (slow ??= fallback(glob))(path);
    if (path === name || path.endsWith(slashName)) return true;
    return under && (path.startsWith(nameSlash) || path.includes(inner));
  };
}
