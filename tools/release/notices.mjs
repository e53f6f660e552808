// Third-party notices for what a package ships: the npm packages esbuild put into our bundles
// (from its metafile), each with its licence text, and a verdict that fails the build when one
// has no licence we can ship. Plain JavaScript so esbuild.mjs can import it before TypeScript
// is compiled (`vsce package` runs only `vscode:prepublish`); unit-tested in
// test/unit/tools/notices.test.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Licences whose terms let us ship the code inside a bundle with the licence text beside it.
 * Copyleft licences are absent on purpose: bundling one would oblige the whole bundle.
 */
export const SHIPPABLE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/**
 * Packages that go into a bundle without esbuild seeing them: AssemblyScript compiles its
 * runtime and standard library into the scanner's and SipHash's WebAssembly modules
 * (src/core/scan/wasm/build.mjs), which the engine, the scanner's helper and the command line
 * carry.
 */
export const COMPILED_IN = ['assemblyscript'];

/**
 * Notices a package's own licence file leaves out, for data it bundles under another licence:
 * file names under tools/release/licences/, added after the package's texts.
 */
export const SUPPLEMENTS = {
  // tldts compiles the Public Suffix List into its code; the list is under the MPL 2.0.
  tldts: ['tldts.public-suffix-list.txt'],
};

/**
 * Licence texts for packages that publish none, each read from the package's own repository
 * and reviewed by hand: tools/release/licences/<name>.txt (a scope's slash becomes `__`).
 */
export const OVERRIDES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'licences');

/**
 * Whether an SPDX licence expression lets us ship: `A OR B` when either does, `A AND B` when
 * both do, parentheses; `WITH` exceptions, `LicenseRef-…`, `SEE LICENSE IN …` and anything
 * unparseable do not.
 * @param {string | undefined} expression
 * @returns {boolean}
 */
export function isShippable(expression) {
  if (typeof expression !== 'string') return false;
  const tokens = expression.match(/\(|\)|[^\s()]+/g);
  if (!tokens) return false;
  let at = 0;
  /** @returns {boolean | undefined} */
  const term = () => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = orList();
      return tokens[at++] === ')' ? inner : undefined;
    }
    if (token === undefined || token === ')' || /^(AND|OR|WITH)$/i.test(token)) return undefined;
    if (/^with$/i.test(tokens[at] ?? '')) return undefined;
    return SHIPPABLE.has(token.replace(/\+$/, ''));
  };
  /** @returns {boolean | undefined} */
  const andList = () => {
    let value = term();
    while (value !== undefined && /^AND$/i.test(tokens[at] ?? '')) {
      at++;
      const next = term();
      value = next === undefined ? undefined : value && next;
    }
    return value;
  };
  /** @returns {boolean | undefined} */
  const orList = () => {
    let value = andList();
    while (value !== undefined && /^OR$/i.test(tokens[at] ?? '')) {
      at++;
      const next = andList();
      value = next === undefined ? undefined : value || next;
    }
    return value;
  };
  const value = orList();
  return value === true && at === tokens.length;
}

/**
 * The package folders behind a bundle's inputs: the part of each path up to the last
 * `node_modules/<name>` (or `node_modules/@scope/name`), so a nested copy counts as its own
 * package. Either separator is accepted; the result uses forward slashes.
 * @param {Iterable<string>} inputs paths as esbuild's metafile gives them
 * @returns {string[]} sorted, each once
 */
export function packageDirs(inputs) {
  const dirs = new Set();
  for (const input of inputs) {
    const normal = input.replace(/\\/g, '/');
    const at = normal.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const rest = normal.slice(at + 'node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : rest[0];
    if (!name || name.endsWith('/')) continue;
    dirs.add(`${normal.slice(0, at)}node_modules/${name}`);
  }
  return [...dirs].sort();
}

/**
 * The licence a package declares in its package.json: `license` as a string or `{ type }`, or
 * the old `licenses` list (all of them apply, so they are joined with AND).
 * @param {Record<string, unknown>} manifest
 * @returns {string | undefined}
 */
export function declaredLicence(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license && typeof license === 'object' && typeof (/** @type {{type?: unknown}} */ (license).type) === 'string') return /** @type {{type: string}} */ (license).type;
  if (Array.isArray(licenses)) {
    const types = licenses.map((l) => (l && typeof l === 'object' ? l.type : l)).filter((t) => typeof t === 'string');
    if (types.length > 0) return types.length === 1 ? types[0] : types.map((t) => `(${t})`).join(' AND ');
  }
  return undefined;
}

/** Files at a package's top that hold its licence or the notices its licence asks to keep. */
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([-._].*)?$/i;

/**
 * @typedef {{ name: string, version: string, licence: string, texts: { file: string, text: string }[] }} Notice
 * @typedef {{ name: string, dir: string, problem: string }} Refusal
 */

/**
 * Reads one package's licence and its texts; a refusal says why it cannot ship.
 * @param {string} dir the package's folder
 * @param {string} overridesDir where reviewed texts for packages without one live
 * @returns {{ notice?: Notice, refusal?: Refusal }}
 */
export function readNotice(dir, overridesDir = OVERRIDES_DIR) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return { refusal: { name: path.basename(dir), dir, problem: 'has no readable package.json' } };
  }
  const name = typeof manifest.name === 'string' ? manifest.name : path.basename(dir);
  const licence = declaredLicence(manifest);
  if (!licence) return { refusal: { name, dir, problem: 'declares no licence' } };
  if (!isShippable(licence)) return { refusal: { name, dir, problem: `is under "${licence}", which is not on the list we ship (tools/release/notices.mjs)` } };
  const texts = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && LICENCE_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'utf8') }));
  if (texts.length === 0) {
    const override = path.join(overridesDir, `${name.replace('/', '__')}.txt`);
    if (fs.existsSync(override)) texts.push({ file: path.relative(path.dirname(overridesDir), override).replace(/\\/g, '/'), text: fs.readFileSync(override, 'utf8') });
  }
  if (texts.length === 0) return { refusal: { name, dir, problem: `ships no licence text (add a reviewed one as ${path.join('tools', 'release', 'licences', `${name.replace('/', '__')}.txt`)})` } };
  for (const file of Object.hasOwn(SUPPLEMENTS, name) ? SUPPLEMENTS[/** @type {keyof typeof SUPPLEMENTS} */ (name)] : []) {
    texts.push({ file: `licences/${file}`, text: fs.readFileSync(path.join(overridesDir, file), 'utf8') });
  }
  return { notice: { name, version: String(manifest.version ?? ''), licence, texts } };
}

/**
 * The notices of a package's bundles, or every refusal.
 * @param {Iterable<string>} dirs package folders (packageDirs)
 * @param {string} [overridesDir]
 * @returns {{ notices: Notice[], refusals: Refusal[] }}
 */
export function collectNotices(dirs, overridesDir = OVERRIDES_DIR) {
  /** @type {Map<string, Notice>} */
  const notices = new Map();
  /** @type {Refusal[]} */
  const refusals = [];
  for (const dir of dirs) {
    const { notice, refusal } = readNotice(dir, overridesDir);
    if (refusal) refusals.push(refusal);
    // Two copies of one version (nested installs) are one notice.
    else if (notice) notices.set(`${notice.name}@${notice.version}`, notice);
  }
  return { notices: [...notices.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), refusals };
}

/**
 * ThirdPartyNotices.txt: a list first, then each package's licence texts.
 * @param {string} product what the notices are for, e.g. "Leak Search for VS Code (.vsix)"
 * @param {Notice[]} notices
 * @returns {string}
 */
export function renderNotices(product, notices) {
  const rule = '='.repeat(78);
  const lines = [
    `THIRD-PARTY SOFTWARE NOTICES: ${product}`,
    '',
    'This package contains code from the third-party packages below, bundled into its',
    'JavaScript and WebAssembly files. Each is listed with the licence it is distributed',
    'under, followed by the full licence and notice texts.',
    '',
    ...notices.map((n) => `  ${n.name} ${n.version} (${n.licence})`),
    '',
  ];
  for (const n of notices) {
    lines.push(rule, `${n.name} ${n.version} (${n.licence})`, rule, '');
    for (const { file, text } of n.texts) lines.push(`--- ${file} ---`, '', text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trimEnd(), '');
  }
  return `${lines.join('\n')}\n`;
}
