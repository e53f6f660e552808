// A text as 16-bit code units in a typed array, copied once by the runtime's own UTF-16
// encoder (no per-character call): the scanner's hot loop then reads plain array elements.
// One buffer is reused and grown, so repeated scans of similar texts allocate nothing.

let buffer = Buffer.allocUnsafeSlow(0);

/** `text`'s code units; valid until the next call (the buffer is shared). */
export function textCodes(text: string): Uint16Array {
  const bytes = text.length * 2;
  if (buffer.length < bytes) buffer = Buffer.allocUnsafeSlow(Math.max(bytes, buffer.length * 2, 1024));
  buffer.write(text, 0, bytes, 'utf16le');
  return new Uint16Array(buffer.buffer, buffer.byteOffset, text.length);
}
