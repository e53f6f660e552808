// Incremental rescans: every candidate the scanner finds lies on one line (e-mails, URLs,
// hosts, tokens and values never hold a line break), so after an edit only the lines it
// touched need scanning again. The matches of the last scan are kept here in the document's
// current offsets: each change shifts the ones after it, drops the ones it overlaps, and
// widens a dirty span; the next scan matches the dirty lines only and merges.
import * as vscode from 'vscode';
import type { IgnoreList } from '../../core/scan/ignoreList';
import type { WireMatch } from '../../engine/workerProtocol';

type LeakMatch = WireMatch;

/** Matches a text (the data engine, through the index holder). */
export type TextMatcher = (text: string) => Promise<readonly WireMatch[]>;

export class TrackedMatches {
  #matches: LeakMatch[];
  /** The document version the matches are valid for (every change up to it applied). */
  #version: number;
  /** The span, in current offsets, whose lines must be scanned again. */
  #dirty: { start: number; end: number } | undefined;
  /** A change inserted a NUL character: the file may have become binary. */
  #nul = false;

  constructor(
    matches: readonly LeakMatch[],
    version: number,
    /** The index snapshot and ignore-list versions the matches come from. */
    readonly indexVersion: number,
    readonly ignoreVersion: number,
    /** UTF-8 bytes beyond one per character in the scanned text, to estimate the size without encoding it. */
    readonly extraBytes: number,
  ) {
    this.#matches = [...matches];
    this.#version = version;
  }

  /** Applies one change event; false when it cannot be followed (a full scan is needed). */
  apply(event: vscode.TextDocumentChangeEvent): boolean {
    for (const c of event.contentChanges) {
      const o = c.rangeOffset;
      const removedEnd = o + c.rangeLength;
      const delta = c.text.length - c.rangeLength;
      if (c.text.includes('\u0000')) this.#nul = true;
      const kept: LeakMatch[] = [];
      for (const m of this.#matches) {
        if (m.end < o) kept.push(m);
        else if (m.start > removedEnd) kept.push({ ...m, start: m.start + delta, end: m.end + delta });
        // a match the change touches is dropped: its line is rescanned
      }
      this.#matches = kept;
      const shift = (p: number, inside: number): number => (p < o ? p : p >= removedEnd ? p + delta : inside);
      const start = this.#dirty ? Math.min(shift(this.#dirty.start, o), o) : o;
      const end = this.#dirty ? Math.max(shift(this.#dirty.end, o + c.text.length), o + c.text.length) : o + c.text.length;
      this.#dirty = { start, end };
    }
    this.#version = event.document.version;
    return true;
  }

  /** Whether the matches can be brought up to date by rescanning the dirty lines. */
  usable(document: vscode.TextDocument, indexVersion: number, ignoreVersion: number): boolean {
    return !this.#nul && this.#version === document.version && this.indexVersion === indexVersion && this.ignoreVersion === ignoreVersion;
  }

  /**
   * Matches the dirty lines again and returns every match of the document, sorted. The text is
   * taken now (the document may change while the engine matches: then this result is stale
   * and the caller drops it, as it checks the document version).
   */
  async rescan(document: vscode.TextDocument, match: TextMatcher, ignores: IgnoreList): Promise<LeakMatch[]> {
    const dirty = this.#dirty;
    this.#dirty = undefined;
    if (!dirty) return this.#matches;
    const first = document.positionAt(dirty.start).line;
    const last = document.lineAt(document.positionAt(dirty.end).line);
    const regionStart = document.offsetAt(new vscode.Position(first, 0));
    const regionEnd = document.offsetAt(last.range.end);
    const text = document.getText(new vscode.Range(first, 0, last.lineNumber, last.range.end.character));
    const fresh = ignores.filter(await match(text), text).map((m) => ({ ...m, start: m.start + regionStart, end: m.end + regionStart }));
    const kept = this.#matches.filter((m) => m.end <= regionStart || m.start > regionEnd);
    this.#matches = [...kept, ...fresh].sort((a, b) => a.start - b.start || a.end - b.end || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
    return this.#matches;
  }
}
