// Offsets to line/character positions for a text that is not open in an editor (workspace
// scan). The line starts are found as far as the positions asked for need them: matches are
// asked for in text order and a file's leaked identifiers are often near its start (a licence
// header's address), so most of a large file's lines are never counted. Pure: no vscode.
import { UnitText } from '../scanText';
import type { ScanText } from '../scanText';

export class LineIndex {
  readonly #text: ScanText;
  readonly #starts: number[] = [0];
  /** Where the search for the next line start resumes: every line start before it is in #starts. */
  #searched = 0;

  constructor(text: ScanText) {
    this.#text = text;
  }

  /** Zero-based line and UTF-16 character of an offset. */
  position(offset: number): { readonly line: number; readonly character: number } {
    this.#startsUpTo(offset);
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  }

  /** Finds the line starts up to `offset` (and the first one after it). */
  #startsUpTo(offset: number): void {
    const text = this.#text;
    if (text instanceof UnitText) {
      this.#searched = text.lineStarts(this.#searched, offset, this.#starts);
      return;
    }
    while (this.#searched <= offset && this.#searched <= text.length) {
      const i = text.indexOf('\n', this.#searched);
      if (i === -1) {
        this.#searched = text.length + 1;
        return;
      }
      this.#starts.push(i + 1);
      this.#searched = i + 1;
    }
  }
}
