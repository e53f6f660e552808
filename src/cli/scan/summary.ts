// The Markdown summary of a scan or a merge, as a CI job shows it (GitHub's job summary,
// `$GITHUB_STEP_SUMMARY`): counts by level, the files with most findings, and what to do.
// It names no account and no message: a job summary is read by everyone who can see the run
// (on a public repository, everyone), while the SARIF report with each finding goes to code
// scanning, which only the repository's writers see. File names come from the scanned
// repository and are not trusted: every one is shown as inert text, so a name cannot add a
// link, an image, a mention or a table cell.
import type { SarifLevel } from '../../core/export/sarif';
import type { ReportFinding } from './report';

/** How many files the summary lists. */
const TOP_FILES = 10;
/** Longer file names are cut (the SARIF report has them whole). */
const MAX_NAME = 160;

/**
 * A file name as inert Markdown: inside `<code>`, every ASCII punctuation character as an HTML
 * character reference (so nothing is read as Markdown or HTML, `|` included), control and
 * format characters as `?`, and a word joiner after `@` and `www` so no mention or autolink
 * forms. Cut at `max` characters (code points, never half of one).
 */
export function inertName(name: string, max = MAX_NAME): string {
  const points = [...name];
  const cut = points.length > max ? `${points.slice(0, max - 1).join('')}…` : name;
  const escaped = cut
    // Control and format characters (a bidi override would make a name read as another) as `?`.
    .replace(/[\p{Cc}\p{Cf}]/gu, '?')
    .replace(/[!-/:-@[-`{-~]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/&#64;/g, '&#64;\u2060')
    .replace(/(www)/gi, '$1\u2060');
  return `<code>${escaped}</code>`;
}

export interface SummaryOptions {
  /** The heading's subject: "Leak Search" by default. */
  readonly title?: string;
  /** The level at or above which a finding fails the job; `none`: nothing fails. */
  readonly failOn: SarifLevel | 'none';
  /** Only findings no earlier run saw are listed (a merge with --only-new). */
  readonly onlyNew?: boolean;
  /** Files scanned and skipped, when known (a scan). */
  readonly scanned?: { readonly files: number; readonly skipped: number };
  /** Where the findings are listed one by one (the SARIF file, code scanning). */
  readonly details?: string;
}

const LEVELS: readonly SarifLevel[] = ['error', 'warning', 'note'];
const LEVEL_WORDS: Readonly<Record<SarifLevel, readonly [string, string]>> = { error: ['error', 'errors'], warning: ['warning', 'warnings'], note: ['note', 'notes'] };
const RANK: Readonly<Record<SarifLevel, number>> = { error: 0, warning: 1, note: 2 };

function count(n: number, level: SarifLevel): string {
  const [one, many] = LEVEL_WORDS[level];
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function markdownSummary(findings: readonly ReportFinding[], options: SummaryOptions): string {
  const title = options.title ?? 'Leak Search';
  const open = findings.filter((f) => f.suppressed === undefined);
  const by = (level: SarifLevel, list: readonly ReportFinding[]): number => list.filter((f) => f.level === level).length;
  const failing = options.failOn === 'none' ? 0 : open.filter((f) => RANK[f.level] <= RANK[options.failOn as SarifLevel]).length;
  const files = new Set(open.map((f) => f.path)).size;
  const lines: string[] = [];
  if (open.length === 0) {
    lines.push(`### ${title}: no ${options.onlyNew ? 'new ' : ''}leaked credentials found`);
  } else {
    const parts = LEVELS.filter((l) => by(l, open) > 0).map((l) => count(by(l, open), l));
    lines.push(`### ${title}: ${options.onlyNew ? 'new since the last run: ' : ''}${parts.join(', ')} in ${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'}`);
  }
  lines.push('');
  const verdict =
    options.failOn === 'none'
      ? 'Findings do not fail this job (`fail-on: none`).'
      : failing > 0
        ? `**This job fails:** ${failing.toLocaleString('en-US')} finding${failing === 1 ? '' : 's'} at or above \`${options.failOn}\`.`
        : `Nothing at or above \`${options.failOn}\`: this job passes.`;
  lines.push(verdict);
  if (options.scanned) lines.push('', `${options.scanned.files.toLocaleString('en-US')} files scanned, ${options.scanned.skipped.toLocaleString('en-US')} skipped (binary, too large or unreadable).`);
  lines.push('', '| Level | Findings | Suppressed |', '|---|---:|---:|');
  const suppressed = findings.filter((f) => f.suppressed !== undefined);
  const names: Readonly<Record<SarifLevel, string>> = { error: 'Error: a leaked password in a file', warning: 'Warning: a leaked account or site', note: 'Note: a host with leaks' };
  for (const level of LEVELS) lines.push(`| ${names[level]} | ${by(level, open).toLocaleString('en-US')} | ${by(level, suppressed).toLocaleString('en-US')} |`);
  if (open.length > 0) {
    const perFile = new Map<string, [number, number, number]>();
    for (const f of open) {
      const c = perFile.get(f.path) ?? [0, 0, 0];
      c[RANK[f.level]]++;
      perFile.set(f.path, c);
    }
    const top = [...perFile].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1] || b[1][2] - a[1][2] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_FILES);
    lines.push('', `**${perFile.size > TOP_FILES ? `Top ${TOP_FILES} of ${perFile.size.toLocaleString('en-US')} files` : 'Files'}**`, '', '| File | Errors | Warnings | Notes |', '|---|---:|---:|---:|');
    for (const [name, [e, w, n]] of top) lines.push(`| ${inertName(name)} | ${e} | ${w} | ${n} |`);
    lines.push('', '**What to do**', '');
    if (by('error', open) > 0) lines.push('- **Errors**: a password in these files is in leaked credential data, so attackers know it. Rotate it everywhere it is used, revoke the account\'s sessions, then remove it from the file (and from git history: it stays in every clone).');
    if (by('warning', open) > 0) lines.push('- **Warnings**: these accounts or sites had credentials stolen, often by malware on someone\'s device. Reset the passwords, revoke sessions and check the device.');
    if (by('note', open) > 0) lines.push('- **Notes**: credentials for sites on these hosts were stolen; check which accounts are affected.');
    lines.push('- **Once handled**, record it in the editor\'s triage or a baseline (`--baseline`), so later runs report it as suppressed.');
  }
  lines.push('', `Passwords are never shown.${options.details ? ` ${options.details}` : ''}`, '');
  return lines.join('\n');
}
