// Offsets to line/character positions for a text that is not open in an editor (workspace
// scan). Pure: no vscode.

export class LineIndex {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    let i = text.indexOf('\n');
    while (i !== -1) {
      this.#starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
  }

  /** Zero-based line and UTF-16 character of an offset. */
  position(offset: number): { readonly line: number; readonly character: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.#starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.#starts[lo] };
  }
}
