// Text people wrote, for the scanner benchmark: the READMEs, licences, changelogs, type
// declarations, sources and configuration under this repository's node_modules (installed by
// `npm ci` from package-lock.json, so every machine reads the same files in the same order).
// The generated corpus (corpus.ts) flatters the scanner: its lines are short, its words few.
// Real text has long identifiers, prose, minified code and licence blocks. Leaked identifiers are
// planted at line starts among it, in the forms of corpus.ts, so that accuracy is checked on the
// same bytes as speed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountRecord } from '../../src/core/service/types';
import type { LeakedSet, Rng } from './corpus';
import { pick, prng } from './corpus';

/** Names of files that hold text people read or write. */
const TEXT_FILE = /\.(md|markdown|txt|ts|mts|cts|js|mjs|cjs|json|ya?ml|toml|ini|html|css)$|^(LICEN[CS]E|NOTICE|AUTHORS|CHANGELOG|README)/i;
/** A bundle or data file this large is one file's shape repeated; the corpus takes many files instead. */
const MAX_FILE = 1024 * 1024;

function* textFiles(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* textFiles(path);
    else if (e.isFile() && TEXT_FILE.test(e.name)) yield path;
  }
}

export interface RealText {
  readonly text: string;
  readonly files: number;
  /** How many leaked identifiers were planted. */
  readonly planted: number;
}

/**
 * About `bytes` bytes of the text files under `root` (every `stride`-th file in path order, so
 * that many packages take part), joined by newlines, with one leaked identifier planted at the
 * start of a line every `plantEvery` bytes or so. Undefined when `root` holds too little text.
 */
export function realText(root: string, bytes: number, leaked: LeakedSet, options: { stride?: number; plantEvery?: number; seed?: number } = {}): RealText | undefined {
  const stride = options.stride ?? 3;
  const plantEvery = options.plantEvery ?? 16_384;
  const rng = prng(options.seed ?? 11);
  const parts: string[] = [];
  let size = 0;
  let files = 0;
  let planted = 0;
  let sincePlant = 0;
  let k = 0;
  for (const path of textFiles(root)) {
    if (k++ % stride !== 0) continue;
    if (statSync(path).size > MAX_FILE) continue;
    const content = readFileSync(path, 'utf8');
    if (content.includes('\0') || content.includes('\uFFFD')) continue;
    files++;
    // Plant between lines, so that the file's own text is read as it is.
    let from = 0;
    while (sincePlant + (content.length - from) >= plantEvery) {
      const cut = content.indexOf('\n', from + Math.max(0, plantEvery - sincePlant));
      if (cut < 0) break;
      parts.push(content.slice(from, cut + 1), plant(rng, leaked), '\n');
      planted++;
      sincePlant = 0;
      from = cut + 1;
    }
    parts.push(content.slice(from), '\n');
    sincePlant += content.length - from;
    size += Buffer.byteLength(content);
    if (size >= bytes) break;
  }
  return size >= bytes / 2 ? { text: parts.join(''), files, planted } : undefined;
}

function plant(rng: Rng, leaked: LeakedSet): string {
  const r = rng();
  if (r < 0.35) return pick(rng, [`Maintainer: ${pick(rng, leaked.emails)}`, `  "author": "${pick(rng, leaked.emails)}",`]);
  if (r < 0.6) return pick(rng, [`See <${pick(rng, leaked.urls)}>.`, `  homepage: ${pick(rng, leaked.urls)}`]);
  if (r < 0.75) return pick(rng, [`user = ${pick(rng, leaked.usernames)}`, `# owner ${pick(rng, leaked.usernames)}`]);
  if (r < 0.9) return pick(rng, [`DB_PASSWORD=${pick(rng, leaked.passwords)}`, `  "password": "${pick(rng, leaked.passwords)}",`]);
  return `ssh -J ${pick(rng, leaked.hosts)} deploy@build`;
}

/**
 * Leak results of the shape stealer logs have: generic user names (`admin`, `test`, `info`…)
 * and the commonest passwords beside the company's own accounts. Every generic name a text
 * mentions passes the scanner's first tests and is weighed as a hint (leakIndex.ts), so this is
 * the dearer case on real text.
 */
export function commonLeaks(generic: readonly string[], passwords: readonly string[], count: number): AccountRecord[] {
  const records: AccountRecord[] = [];
  const sites = ['mail', 'vpn', 'portal', 'login', 'git'];
  for (let i = 0; i < count; i++) {
    records.push({
      date: '2024-03-01T08:00:00.000Z', browser: 'Google Chrome', status: 'show', ip: '10.0.0.1', country: 'US',
      url: `https://${sites[i % sites.length]}.acme-corp.com/login`,
      username: i % 3 === 0 ? generic[i % generic.length] : `staff${i}@acme-corp.com`,
      password: passwords[i % passwords.length],
    });
  }
  return records;
}

/** The common-password list the scanner rates passwords against (src/core/scan/commonPasswords.ts), most common first. */
export function commonPasswords(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('@zxcvbn-ts/language-common/dist/passwords.json.cjs') as { default?: string[] } | string[];
  return Array.isArray(mod) ? mod : (mod.default ?? []);
}
