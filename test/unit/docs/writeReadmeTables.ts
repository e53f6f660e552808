// `npm run docs:settings`: rewrites the commands and settings tables of README.md from
// package.json (between their markers; nothing else in the README changes).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { withTables } from './readmeTables';
import type { Manifest } from './readmeTables';
import { readLocalizedManifest } from './localizedManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const readmeFile = path.join(root, 'README.md');
const manifest = readLocalizedManifest<Manifest>(root);
const before = fs.readFileSync(readmeFile, 'utf8');
const after = withTables(before, manifest);
if (after === before) {
  console.log('README.md: commands and settings tables are up to date.');
} else {
  fs.writeFileSync(readmeFile, after);
  console.log('README.md: commands and settings tables regenerated from package.json.');
}
