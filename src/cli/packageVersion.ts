// The command line's own version, from the package.json beside its bundle.
import * as fs from 'node:fs';
import * as path from 'node:path';

let known: string | undefined;

/** The package's version; 'unknown' when no package.json is found (the compiled tests). */
export function packageVersion(): string {
  if (known !== undefined) return known;
  // dist/cli.js sits one folder below the package's package.json, in a checkout and installed.
  for (const file of [path.join(__dirname, '..', 'package.json'), path.join(__dirname, '..', '..', 'package.json')]) {
    try {
      const v = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof v === 'string') return (known = v);
    } catch {
      // the next place
    }
  }
  return (known = 'unknown');
}
