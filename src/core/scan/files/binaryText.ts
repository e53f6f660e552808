// Binary files are not scanned, and a text file's bytes are decoded one way everywhere: into a
// string here (a file read through VS Code's file system), or into the scanner's memory with
// the same result (scanner.ts decodeForScan). Pure: no vscode.
import * as buffer from 'node:buffer';

/** Whether a text looks binary: a NUL character among its first 8,000 characters. */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 8000);
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 0) return true;
  return false;
}

/** Whether file bytes look binary: a NUL byte among the first 8,000. */
export function bytesLookBinary(bytes: Uint8Array): boolean {
  // The engine's own search: a scan asks this of every file it reads.
  return bytes.subarray(0, 8000).indexOf(0) !== -1;
}

const utf8 = new TextDecoder('utf-8');
const isAscii = (buffer as { isAscii?: (bytes: Uint8Array) => boolean }).isAscii;

/**
 * A file's text, decoded as UTF-8 (a byte-order mark dropped, invalid bytes replaced). Bytes
 * that are all ASCII are read as Latin-1, the same characters, into a one-byte string: no
 * UTF-8 decoding, and half the memory for every search that reads it.
 */
export function decodeText(bytes: Uint8Array): string {
  if (isAscii?.(bytes) === true) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return utf8.decode(bytes);
}

/** The text of a file's content, or undefined when it is not scanned: larger than `maxBytes`, or binary. */
export function scannableText(bytes: Uint8Array, maxBytes: number): string | undefined {
  return bytes.length > maxBytes || bytesLookBinary(bytes) ? undefined : decodeText(bytes);
}
