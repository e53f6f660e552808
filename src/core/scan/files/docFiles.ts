// Documentation files (Markdown, reStructuredText, AsciiDoc, …) by their name. In them, a
// bare host name that matches a leaked URL's host is usually a link to an internal site, not
// a leaked credential: such host-only matches are left out there unless
// `leakSearch.diagnostics.hostsInDocumentation` is on (src/editor/diagnostics/diagnosticSettings.ts).
// Pure; unit-tested in test/unit/core/scan/files/docFiles.test.ts.

const DOC_EXTENSIONS: ReadonlySet<string> = new Set(['md', 'markdown', 'mdx', 'mdown', 'mkd', 'rst', 'adoc', 'asciidoc', 'textile', 'org', 'wiki']);

/** Whether the last segment of `path` (a path or URI path) names a documentation file. */
export function isDocumentationFile(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && DOC_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

/** The matches to show in a file: host-only ones are dropped from documentation files unless asked for. */
export function visibleMatches<M extends { readonly kind: string }>(path: string, matches: readonly M[], hostsInDocumentation: boolean): M[] {
  // Most files have no host-only match (most have none at all): their name is not read.
  if (hostsInDocumentation || !matches.some((m) => m.kind === 'host') || !isDocumentationFile(path)) return [...matches];
  return matches.filter((m) => m.kind !== 'host');
}
