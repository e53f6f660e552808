// A file's matches placed by line and character, for a file scanned where its text is (the
// engine reads a workspace file itself: the editor gets back only the matches). A leaked
// password's text as the file writes it comes along, for the ignore list alone
// (ignoreList.ts hashes it at once); the editor drops it before it keeps a match. Pure: no vscode.
import { LineIndex } from './lineIndex';
import type { ScanText } from '../scanText';

/** Zero-based lines and UTF-16 characters, as vscode.Range takes them. */
export interface Placement {
  readonly startLine: number;
  readonly startCharacter: number;
  readonly endLine: number;
  readonly endCharacter: number;
  /** For a password match: the password as the file writes it. */
  readonly found?: string;
}

export type Placed<M> = M & Placement;

export function placeMatches<M extends { readonly start: number; readonly end: number; readonly kind: string }>(text: ScanText, matches: readonly M[]): Placed<M>[] {
  // Most files have no match: their lines are never counted.
  if (matches.length === 0) return [];
  const lines = new LineIndex(text);
  return matches.map((m) => {
    const s = lines.position(m.start);
    const e = lines.position(m.end);
    return { ...m, startLine: s.line, startCharacter: s.character, endLine: e.line, endCharacter: e.character, ...(m.kind === 'password' ? { found: text.slice(m.start, m.end) } : {}) };
  });
}

/** The match without its placement (and without a password's text). */
export function unplaced<M extends object>(match: Placed<M>): M {
  const { startLine, startCharacter, endLine, endCharacter, found, ...rest } = match as Placed<M> & Placement;
  return rest as unknown as M;
}
