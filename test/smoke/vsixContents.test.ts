// Plain Node: the .vsix holds exactly what the allow-list .vscodeignore lets through (not the
// command line, whose npm package test/unit/cli/npmPack.test.ts checks).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { VSIX_ENV } from '../harness/vsix';
import { listZip } from '../harness/zip';

/** Paths inside the .vsix's extension/ folder that may ship. */
const ALLOWED: readonly RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/,
  /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/,
  /^readme\.md$/i,
  /^changelog\.md$/i,
  /^LICENSE(\.txt|\.md)?$/i,
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
});
