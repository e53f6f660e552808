// Plain Node: the .vsix holds exactly what the allow-list .vscodeignore lets through (not the
// command line, whose npm package test/unit/cli/npmPack.test.ts checks), with the README as
// written, the notices of what its bundles contain, and the release folder the dry run made
// beside it (checksums, notes).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { releaseSection } from '../../tools/release/changelog';
import { withImagesBase } from '../../tools/release/readmeImages';
import { repoRoot } from '../harness/paths';
import { IMAGES_BASE_ENV, VSIX_ENV } from '../harness/vsix';
import { listZip, readZipEntry } from '../harness/zip';

/** Paths inside the .vsix's extension/ folder that may ship. */
const ALLOWED: readonly RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/,
  /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/,
  /^readme\.md$/i,
  /^changelog\.md$/i,
  /^LICENSE(\.txt|\.md)?$/i,
  /^ThirdPartyNotices\.txt$/,
  /^dist\/extension\.js$/,
  /^dist\/engine\.js$/,
  /^dist\/scanHelper\.js$/,
  /^dist\/webview\.js$/,
  /^dist\/webview\.css$/,
  /^dist\/[^/]+\.ttf$/,
  /^media\/.+/,
];
/** vsce's own files at the root of the zip. */
const VSCE_FILES = new Set(['[Content_Types].xml', 'extension.vsixmanifest']);

describe('the .vsix contents', () => {
  const vsix = process.env[VSIX_ENV] ?? '';

  it('holds only allow-listed files, with the bundle and the manifest', () => {
    assert.ok(vsix && fs.existsSync(vsix), `no .vsix at ${vsix || `(${VSIX_ENV} unset)`}`);
    const entries = listZip(vsix);
    const names = entries.map((e) => e.name);
    const unexpected = names.filter((name) => !VSCE_FILES.has(name) && !ALLOWED.some((re) => re.test(name.replace(/^extension\//, ''))));
    const outside = names.filter((name) => !VSCE_FILES.has(name) && !name.startsWith('extension/'));
    const size = fs.statSync(vsix).size;
    console.log(`      ${entries.length} files, ${(size / 1024).toFixed(1)} KiB packed, ${(entries.reduce((s, e) => s + e.size, 0) / 1024).toFixed(1)} KiB unpacked`);
    for (const e of entries) console.log(`        ${String(e.size).padStart(9)}  ${e.name}`);
    assert.deepEqual([...unexpected, ...outside], []);
    assert.ok(names.includes('extension/package.json'));
    assert.ok(names.includes('extension/dist/extension.js'));
    assert.ok(names.includes('extension/dist/engine.js'), 'the data engine (worker) is shipped');
    assert.ok(names.includes('extension/dist/scanHelper.js'), "the scanner's helper thread is shipped");
    // The command line ships as an npm package of its own (.npmignore), never in the .vsix.
    assert.ok(!names.includes('extension/dist/cli.js'), 'the command line is not in the .vsix');
    assert.ok(!names.includes('extension/dist/action.js'), 'the GitHub Action is not in the .vsix');
    for (const file of ['package.nls.json', 'package.nls.de.json', 'l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json']) {
      assert.ok(names.includes(`extension/${file}`), `${file} (translations) is shipped`);
    }
  });

  it('has no source map, TypeScript source or secret-looking file', () => {
    const names = listZip(vsix).map((e) => e.name);
    assert.deepEqual(
      names.filter((name) => /\.(map|ts|env|pem|key)$/.test(name) || /(^|\/)\.env/.test(name)),
      [],
    );
  });

  it('is what `vsce ls` lists, and that is exactly the files we mean to ship', () => {
    const listed = execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .sort();
    const dist = fs.readdirSync(path.join(repoRoot, 'dist'));
    const fonts = dist.filter((f) => f.endsWith('.ttf')).map((f) => `dist/${f}`);
    assert.equal(fonts.length, 1, `one icon font in dist/: ${fonts.join(', ')}`);
    const media = execFileSync('git', ['ls-files', 'media'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter((f) => f !== '');
    const expected = [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'ThirdPartyNotices.txt',
      'package.json',
      'package.nls.json',
      'package.nls.de.json',
      'l10n/bundle.l10n.json',
      'l10n/bundle.l10n.de.json',
      'dist/extension.js',
      'dist/engine.js',
      'dist/scanHelper.js',
      'dist/webview.js',
      'dist/webview.css',
      ...fonts,
      ...media,
    ].sort();
    assert.deepEqual(listed, expected);
    const inVsix = listZip(vsix).map((e) => e.name.replace(/^extension\//, '')).filter((name) => !VSCE_FILES.has(name));
    // vsce renames the README, CHANGELOG and LICENSE inside the package.
    const packaged = (name: string): string => ({ 'README.md': 'readme.md', 'CHANGELOG.md': 'changelog.md', LICENSE: 'LICENSE.txt' })[name] ?? name;
    assert.deepEqual(inVsix.sort(), expected.map(packaged).sort());
  });

  it("has the README as written, its pictures under the release's https base and shipped beside it", () => {
    const base = process.env[IMAGES_BASE_ENV] ?? '';
    assert.match(base, /^https:\/\/.+\/$/, `${IMAGES_BASE_ENV} names the base the release was given`);
    const readme = readZipEntry(vsix, 'extension/readme.md').toString('utf8');
    // Only the pictures change, and only by the base: no link rewritten to a guessed repository.
    assert.equal(readme, withImagesBase(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8'), base));
    const names = new Set(listZip(vsix).map((e) => e.name));
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length >= 3);
    for (const image of images) {
      assert.ok(image.startsWith(base), `${image} is read from the base`);
      assert.ok(names.has(`extension/${image.slice(base.length)}`), `${image} is also in the .vsix (the Marketplace reads it there)`);
    }
  });

  it('carries the notices of the packages its bundles contain, not those of the command line', () => {
    const notices = readZipEntry(vsix, 'extension/ThirdPartyNotices.txt').toString('utf8');
    const listed = [...notices.split('\n\n')[2]!.matchAll(/^ {2}(\S+) \S+ \((.+)\)$/gm)].map((m) => m[1]);
    // The HTTP client, the webview components, the password data, the icon font, the WebAssembly runtime.
    for (const name of ['undici', 'lit', '@vscode-elements/elements', '@zxcvbn-ts/language-common', '@vscode/codicons', 'assemblyscript', '@vscode/l10n']) {
      assert.ok(listed.includes(name), `${name} is listed: ${listed.join(', ')}`);
    }
    // The command line's own packages are not in the extension's bundles.
    assert.ok(!listed.includes('commander'), 'commander (command line only) is not listed');
    assert.match(notices, /Permission is hereby granted/);
    assert.match(notices, /Attribution 4\.0 International/, "the icon font's licence text");
  });

  it('sits in a release folder with checksums of what is attached and the notes of its version', () => {
    const dir = path.dirname(vsix);
    const sums = fs.readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8').trim().split('\n');
    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(sums.map((line) => line.split('  ')[1]).sort(), [`leak-search-${version}.tgz`, `leak-search-${version}.vsix`]);
    for (const line of sums) {
      const [digest, name] = line.split('  ') as [string, string];
      assert.equal(createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex'), digest, name);
    }
    const notes = fs.readFileSync(path.join(dir, 'notes.md'), 'utf8');
    assert.equal(notes, `${releaseSection(fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8'), version).notes}\n`);
  });
});
