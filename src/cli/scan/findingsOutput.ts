// How `leak-search scan` writes its findings: text (one line each, `path:line:col severity
// code message`, as compilers and ripgrep print, coloured on a terminal), a JSON array, or
// SARIF 2.1.0 through the engine's writer. Text and JSON stream file by file; SARIF is one
// document, written at the end. No line of a scanned file is ever printed: the message names
// what leaked and never holds a password.
import { sarifLevel } from '../../core/export/sarif';
import type { SarifExtras, FileFinding, LeakSearchSession } from '../../engine/leakSearchSession';
import type { Sink, Style } from '../output';
import type { ReportFinding } from './report';

/** A finding as reported: where (`display`: relative to the folder the scan ran in), what, and whether it is suppressed. */
export type ScanFinding = FileFinding & SarifExtras & { readonly display: string };

export interface FindingsWriter {
  add(findings: readonly ScanFinding[]): Promise<void>;
  end(): Promise<void>;
}

const LEVEL_STYLE: Readonly<Record<string, Style>> = { error: 'red', warning: 'yellow', note: 'cyan' };

/** A path or message on one line: control characters (a newline in a file name) shown as `?`. */
function oneLine(s: string): string {
  return s.replace(/\p{Cc}/gu, '?');
}

export interface TextOptions {
  /** Without the message a line names no account, for logs that everyone who can see a CI run reads. */
  readonly message?: boolean;
  /** Printed in GitHub Actions, whose runner reads `::…` at a line's start and `##[` as commands. */
  readonly workflowSafe?: boolean;
}

/** Text that cannot start a workflow command: `./` before a leading `::`, a word joiner inside `##[`. */
function workflowSafeText(p: string): string {
  return (/^\s*::/.test(p) ? `./${p}` : p).replace(/##\[/g, '##\u2060[');
}

/** Findings as text lines: `path:line:col level code message`, a suppressed one dimmed and marked. */
export function textLines(findings: readonly ReportFinding[], style: (s: Style, text: string) => string, options: TextOptions = {}): string {
  let out = '';
  for (const f of findings) {
    const safe = options.workflowSafe ? workflowSafeText : (s: string): string => s;
    const where = `${f.commit ? `${f.commit.slice(0, 12)}:` : ''}${safe(oneLine(f.path))}:${f.line}:${f.column}`;
    const line = `${style('bold', where)} ${style(LEVEL_STYLE[f.level] ?? 'dim', f.level)} ${f.code}${options.message === false ? '' : ` ${safe(oneLine(f.message))}`}`;
    out += f.suppressed !== undefined ? `${style('dim', `${line} [suppressed: ${f.suppressed}]`)}\n` : `${line}\n`;
  }
  return out;
}

export function textWriter(sink: Sink, style: (s: Style, text: string) => string, options: TextOptions = {}): FindingsWriter {
  return {
    add: async (findings) => {
      const out = textLines(findings.map(reportFinding), style, options);
      if (out !== '') await sink.write(out);
    },
    end: async () => undefined,
  };
}

/** A finding as a report holds it (report.ts): its place, rule, level, message, fingerprint, commit and suppression; never the matched text. */
export function reportFinding(f: ScanFinding): ReportFinding {
  return {
    path: f.display,
    line: f.startLine,
    column: f.startColumn,
    endLine: f.endLine,
    endColumn: f.endColumn,
    code: f.code,
    severity: f.severity,
    level: sarifLevel(f.severity),
    message: f.message,
    ...(f.fingerprint !== undefined ? { fingerprint: f.fingerprint } : {}),
    ...(f.commit !== undefined ? { commit: f.commit } : {}),
    ...(f.suppression !== undefined ? { suppressed: f.suppression } : {}),
  };
}

/**
 * A baseline: what a later scan's --baseline needs to know a finding (its fingerprint), with its
 * file, line and rule for the people who triage it, and no message, so it names no account
 * and can be committed to the repository.
 */
export function baselineText(findings: readonly ReportFinding[]): string {
  const rows = findings.map((f) => JSON.stringify({ path: f.path, line: f.line, code: f.code, level: f.level, fingerprint: f.fingerprint, ...(f.commit !== undefined ? { commit: f.commit } : {}) }));
  return rows.length === 0 ? '[]\n' : `[\n${rows.join(',\n')}\n]\n`;
}

/** The JSON report's text of `findings`, one finding a line; what jsonWriter streams. */
export function jsonText(findings: readonly ReportFinding[]): string {
  return findings.length === 0 ? '[]\n' : `[\n${findings.map((f) => JSON.stringify(f)).join(',\n')}\n]\n`;
}

export function jsonWriter(sink: Sink): FindingsWriter {
  let count = 0;
  return {
    add: async (findings) => {
      let out = '';
      for (const f of findings) out += `${count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(reportFinding(f))}`;
      if (out !== '') await sink.write(out);
    },
    end: () => sink.write(count === 0 ? '[]\n' : '\n]\n'),
  };
}

export function sarifWriter(sink: Sink, session: LeakSearchSession, tool: { readonly version: string; readonly informationUri: string }, root: { readonly path: string; readonly uri: string }): FindingsWriter {
  const all: ScanFinding[] = [];
  return {
    add: async (findings) => {
      all.push(...findings);
    },
    end: () => sink.write(`${JSON.stringify(session.sarif(all, tool, root), null, 1)}\n`),
  };
}
