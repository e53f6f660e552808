// The README never drifts from package.json: its commands and settings tables are exactly
// what `npm run docs:settings` renders, every image it shows exists, the first screen is for
// users and the two commands a newcomer needs follow within 60 lines.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMANDS_END, COMMANDS_START, SETTINGS_END, SETTINGS_START, renderCommandsTable, renderSettingsTable, withTables } from './readmeTables';
import type { Manifest } from './readmeTables';
import { readLocalizedManifest } from './localizedManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const manifest = readLocalizedManifest<Manifest>(root);

function between(start: string, end: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end, from);
  assert.ok(from >= 0 && to > from, `README.md lacks the markers ${start} … ${end}`);
  return readme.slice(from + start.length, to).trim();
}

describe('README.md', () => {
  it('has the commands table of package.json (run `npm run docs:settings` after changing commands)', () => {
    assert.equal(between(COMMANDS_START, COMMANDS_END), renderCommandsTable(manifest));
  });

  it('has the settings table of package.json (run `npm run docs:settings` after changing settings)', () => {
    assert.equal(between(SETTINGS_START, SETTINGS_END), renderSettingsTable(manifest));
  });

  it('lists every contributed command and setting by id', () => {
    for (const c of manifest.contributes.commands) assert.ok(readme.includes(`\`${c.command}\``), c.command);
    for (const name of Object.keys(manifest.contributes.configuration.properties)) assert.ok(readme.includes(`\`${name}\``), name);
  });

  it('is a fixed point of the generator', () => {
    assert.equal(withTables(readme, manifest), readme);
  });

  it('opens for users (what it is, a screenshot, how to install, what you get, first steps), developers after them', () => {
    // The README is also the extension's Details page: a user of the installed .vsix reads it top down.
    const lines = readme.split('\n');
    const lineOf = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    const screenshot = lineOf(/^!\[.*\]\(docs\/screenshots\/.+\.png\)/);
    const install = lineOf(/^## Install$/);
    const firstSteps = lineOf(/^## First steps$/);
    const troubleshooting = lineOf(/^## Troubleshooting$/);
    const tryIt = lineOf(/^## Try it$/);
    const develop = lineOf(/^## Develop$/);
    assert.ok(screenshot > 0 && screenshot < install, 'a screenshot comes before Install');
    assert.ok(install < firstSteps && firstSteps < troubleshooting, 'Install, First steps, … Troubleshooting: the user sections');
    assert.ok(troubleshooting < tryIt && tryIt < develop, 'then Try it, then Develop');
    const demo = lines.findIndex((line, i) => i > tryIt && /npm run demo/.test(line));
    const test = lineOf(/^npm ci && npm test$/);
    assert.ok(demo > tryIt && demo < develop, `npm run demo is in Try it (line ${demo + 1})`);
    assert.ok(test > develop, `npm ci && npm test is in Develop (line ${test + 1})`);
    assert.match(readme, /LeakJar account dashboard/, 'says where an API key comes from');
  });

  it('says which Node versions work on PATH, and the same as package.json engines.node', () => {
    const engines = (manifest as unknown as { engines: { node: string } }).engines.node;
    const min = /^>=(\d+\.\d+)/.exec(engines)?.[1];
    assert.ok(min, `engines.node is ${engines}`);
    assert.match(readme, new RegExp(`Node (from )?${min.replace('.', '\\.')} or later on \`?PATH`));
    assert.match(readme, new RegExp(`Any Node from ${min.replace('.', '\\.')} on PATH`));
  });

  it('shows only images that exist in the repository', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length >= 3, 'the README shows the tree, the results panel and a diagnostic');
    for (const image of images) {
      assert.ok(!/^https?:/.test(image), `${image}: use a screenshot committed to the repository`);
      assert.ok(fs.existsSync(path.join(root, image)), `${image} does not exist`);
    }
  });

  it('links only to anchors it has', () => {
    const anchors = new Set(
      [...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => (m[1] ?? '').toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')),
    );
    for (const m of readme.matchAll(/\]\(#([^)]+)\)/g)) assert.ok(anchors.has(m[1] ?? ''), `#${m[1]} has no heading`);
  });
});
