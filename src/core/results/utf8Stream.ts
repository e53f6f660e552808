// A search answer's bytes decoded piece by piece exactly as `new TextDecoder('utf-8')` decodes
// them with `{ stream: true }`: a byte-order mark at the start dropped, each maximal subpart of
// an ill-formed sequence one U+FFFD. Node's TextDecoder takes its fast UTF-8 path only when a
// decoder is never asked to stream, and its streaming path costs several times what V8's own
// decoder (Buffer's `toString`) does on the same bytes; a large answer is hundreds of
// megabytes. So each piece is cut before a character it does not hold whole, and the few
// bytes after the cut are decoded with the start of the next piece. While the piece is still
// bytes, it is also searched for control characters (`withoutControls`), more cheaply than
// its text would be. Pure: no vscode, no I/O.

/** Bytes of a sequence that starts with `lead`: 0 for a byte that starts none (ASCII, a continuation, or no lead UTF-8 has). */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * Where to cut `bytes` so that what comes before decodes the same alone as it would followed
 * by more: before a lead byte whose sequence the end cuts short. Cutting there is exact
 * whatever follows: the bytes before the cut end before a byte that is no continuation, so
 * a decoder has ended any sequence among them by then, and the bytes after it are decoded
 * again with the next piece, as if they had come with it.
 */
function completeUpTo(bytes: Uint8Array): number {
  const n = bytes.length;
  // A sequence is at most 4 bytes: only the last 3 may start one the end cuts short.
  for (let i = n - 1; i >= 0 && i >= n - 3; i--) {
    const b = bytes[i] as number;
    if ((b & 0xc0) !== 0x80) return sequenceLength(b) > n - i ? i : n;
  }
  return n;
}

/** The control characters, whitespace first: an answer that has any (pretty-printed JSON) most often has those. */
const CONTROLS = [10, 13, 9, ...Array.from({ length: 0x20 }, (_, b) => b).filter((b) => b !== 10 && b !== 13 && b !== 9)];

/**
 * Whether UTF-8 bytes hold no control character (U+0000 to U+001F), which JSON allows in no
 * string: in UTF-8 each is a byte of its own, which no other character uses. The parser then
 * skips its own search of the decoded text (a pass over every character); a search of the bytes
 * for one value at a time is the C library's, many bytes a step.
 */
export function withoutControls(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const c of CONTROLS) if (b.indexOf(c) !== -1) return false;
  return true;
}

export class Utf8Stream {
  /** The bytes after the last cut (at most 3), waiting for the next piece. */
  #rest: Buffer | undefined;
  /** A character has been given: a byte-order mark is no longer dropped. */
  #begun = false;

  /** The text of `bytes` that is complete so far. */
  write(bytes: Uint8Array): string {
    let piece = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const rest = this.#rest;
    if (rest === undefined) return this.#complete(piece);
    this.#rest = undefined;
    // The carried bytes with the continuation bytes this piece starts with: three of them end
    // the carried sequence, whole or broken, and the piece is not copied to join them.
    let k = 0;
    while (k < 3 && k < piece.length && ((piece[k] as number) & 0xc0) === 0x80) k++;
    const joined = Buffer.concat([rest, piece.subarray(0, k)]);
    piece = piece.subarray(k);
    // Ended by a byte that is no continuation, or by three (all a sequence takes after its
    // lead): `joined` decodes the same alone.
    return piece.length === 0 ? this.#complete(joined) : this.#text(joined, joined.length) + this.#complete(piece);
  }

  /** The text of what is left: the end of the answer (a sequence cut short there is U+FFFD). */
  end(): string {
    const rest = this.#rest;
    this.#rest = undefined;
    return rest === undefined ? '' : this.#text(rest, rest.length);
  }

  /** The text of `all` up to its last complete character; the bytes after it are kept for the next piece. */
  #complete(all: Buffer): string {
    const cut = completeUpTo(all);
    // A copy: `bytes` may be refilled (the engine hands its buffers back) before the next piece.
    if (cut < all.length) this.#rest = Buffer.from(all.subarray(cut));
    return this.#text(all, cut);
  }

  #text(bytes: Buffer, end: number): string {
    if (end === 0) return '';
    const text = bytes.toString('utf8', 0, end);
    if (this.#begun) return text;
    this.#begun = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
