// What docs/ARCHITECTURE.md names and what it must name, as pure functions of its text and of
// the repository's tracked files, so that architecture.test.ts can show each check failing on
// a made-up map before it runs them on the real one.

/** The top-level folders whose paths the map names in code spans. */
const ROOTS = /^(?:src|test|tools|service|docs|media|l10n|\.ci|\.github)\//;

/** Code spans (`…`, no white space inside) that name a path in the repository. */
export function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((s) => ROOTS.test(s));
}

/** The paths the map names that `exists` says are not there. */
export function missingPaths(markdown: string, exists: (path: string) => boolean): string[] {
  return namedPaths(markdown).filter((p) => !exists(p));
}

/**
 * The folders the map must describe, each as `folder/`, sorted: every top-level folder that
 * holds a tracked file, and every folder under `src/` at any depth. `files` are the tracked
 * files' paths from the repository's root, with `/` between folders (as `git ls-files` gives).
 */
export function foldersToDescribe(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts.length < 2) continue;
    out.add(`${parts[0]}/`);
    if (parts[0] !== 'src') continue;
    for (let depth = 2; depth < parts.length; depth++) out.add(`${parts.slice(0, depth).join('/')}/`);
  }
  return [...out].sort();
}

/** The folders of `folders` that the map does not name as a code span of exactly `folder/`. */
export function undescribedFolders(markdown: string, folders: readonly string[]): string[] {
  const named = new Set(namedPaths(markdown));
  return folders.filter((f) => !named.has(f));
}
