// Binary files are not scanned. Pure: no vscode.

/** Whether a text looks binary: a NUL character among its first 8,000 characters. */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 8000);
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 0) return true;
  return false;
}

/** Whether file bytes look binary: a NUL byte among the first 8,000. */
export function bytesLookBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8000);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}
