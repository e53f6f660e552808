// Pure: what a release reads from the repository before it packages anything: the version's
// dated section of CHANGELOG.md (Keep a Changelog), the tag that must name that version, and
// the SHA256SUMS file of what it attaches. Used by tools/release/release.ts.
import { createHash } from 'node:crypto';

export interface ReleaseSection {
  readonly version: string;
  /** The release date, YYYY-MM-DD. */
  readonly date: string;
  /** The section's text under its heading: the release notes. */
  readonly notes: string;
}

const HEADING = /^## \[([^\]\s]+)\](?: - (.*))?\s*$/;

/** The `## [version] - YYYY-MM-DD` section, or an error saying what a release needs. */
export function releaseSection(changelog: string, version: string): ReleaseSection {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((line) => HEADING.exec(line)?.[1] === version);
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section: write the release's changes under that heading first.`);
  const date = HEADING.exec(lines[start] ?? '')?.[2]?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new Error(`CHANGELOG.md's section for ${version} has no release date (YYYY-MM-DD) after its heading, found "${date}".`);
  }
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  const notes = lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim();
  if (notes === '') throw new Error(`CHANGELOG.md's section for ${version} is empty.`);
  return { version, date, notes };
}

/** A release tag names the package's version: `v0.2.0` for 0.2.0. */
export function checkTag(tag: string, version: string): void {
  if (tag !== `v${version}`) throw new Error(`The tag ${JSON.stringify(tag)} does not name version ${version} of package.json: tag the release v${version}, or change the version.`);
}

/** `sha256sum -c`'s format: the hex digest, two spaces, the file name; sorted by name. */
export function sha256Sums(files: readonly { readonly name: string; readonly bytes: Uint8Array }[]): string {
  return [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, bytes }) => `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`)
    .join('');
}
