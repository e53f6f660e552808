// Listing compiled test files.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every file under `dir` (recursively) whose name ends with `suffix`, sorted. */
export function listFiles(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(suffix)) found.push(path.join(entry.parentPath, entry.name));
  }
  return found.sort();
}
