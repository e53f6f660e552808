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

  it('is for users: what it is, a screenshot, install, first steps … troubleshooting, then the way to contributing', () => {
    // The README is the extension's details page and the registries' listing: a user reads it top down.
    const lines = readme.split('\n');
    const lineOf = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    const screenshot = lineOf(/^!\[.*\]\(media\/screenshots\/.+\.png\)/);
    const install = lineOf(/^## Install$/);
    const firstSteps = lineOf(/^## First steps$/);
    const keyboard = lineOf(/^## Keyboard and screen readers$/);
    const troubleshooting = lineOf(/^## Troubleshooting$/);
    const tryIt = lineOf(/^## Try it$/);
    const contributing = lineOf(/^## Contributing$/);
    assert.ok(screenshot > 0 && screenshot < install, 'a screenshot comes before Install');
    assert.ok(install < firstSteps && firstSteps < keyboard && keyboard < troubleshooting, 'Install, First steps, … Keyboard and screen readers, … Troubleshooting');
    assert.ok(troubleshooting < tryIt && tryIt < contributing, 'then Try it, then Contributing, last');
    const demo = lines.findIndex((line, i) => i > tryIt && /npm run demo/.test(line));
    assert.ok(demo > tryIt && demo < contributing, `npm run demo is in Try it (line ${demo + 1})`);
    assert.ok(lineOf(/^npm ci && npm test$/) > contributing, 'the test command (which .ci/run runs) is under Contributing');
    assert.match(readme, /LeakJar account dashboard/, 'says where an API key comes from');
    assert.match(readme, /\*\*No telemetry\.\*\*/, 'says it sends no telemetry');
    // What contributors need lives in CONTRIBUTING.md.
    for (const heading of ['## Develop', '## Development', '### Prerequisites', '### Scripts', '## The reference service and the demo']) {
      assert.ok(!lines.includes(heading), `${heading} belongs in CONTRIBUTING.md`);
    }
    assert.doesNotMatch(readme, /`(src|test|tools)\//, 'no source paths: the listing is for users');
  });

  it('says which Node versions work, the same as package.json engines.node (CONTRIBUTING.md)', () => {
    const contributing = fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
    const engines = (manifest as unknown as { engines: { node: string } }).engines.node;
    const min = /^>=(\d+\.\d+)/.exec(engines)?.[1];
    assert.ok(min, `engines.node is ${engines}`);
    assert.match(contributing, new RegExp(`Node (from )?${min.replace('.', '\\.')} or later on \`?PATH`));
    assert.match(contributing, new RegExp(`Any Node from ${min.replace('.', '\\.')} on PATH`));
    assert.match(readme, new RegExp(`Node ${min.replace('.', '\\.')} or later`), 'the command line says what Node it needs');
  });

  it('shows only pictures the .vsix ships, so the details page and the registries show them', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length >= 3, 'the README shows the tree, the results panel and a diagnostic');
    for (const image of images) {
      assert.ok(!/^https?:/.test(image), `${image}: use a screenshot committed to the repository`);
      assert.ok(image.startsWith('media/'), `${image}: only media/ ships in the .vsix (.vscodeignore)`);
      assert.ok(fs.existsSync(path.join(root, image)), `${image} does not exist`);
    }
  });

  it('links to no file: a relative link would point into a repository address on the registries', () => {
    const links = [...readme.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.deepEqual(
      links.filter((l) => !l.startsWith('#') && !/^https:\/\//.test(l)),
      [],
    );
  });

  it('links only to anchors it has', () => {
    const anchors = new Set(
      [...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => (m[1] ?? '').toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')),
    );
    for (const m of readme.matchAll(/\]\(#([^)]+)\)/g)) assert.ok(anchors.has(m[1] ?? ''), `#${m[1]} has no heading`);
  });
});

describe('CONTRIBUTING.md, SECURITY.md and SUPPORT.md', () => {
  for (const name of ['CONTRIBUTING.md', 'SECURITY.md', 'SUPPORT.md']) {
    it(`${name} links only to files and headings that exist`, () => {
      const text = fs.readFileSync(path.join(root, name), 'utf8');
      const anchors = new Set([...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) => (m[1] ?? '').toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
      for (const m of text.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const link = m[1] ?? '';
        if (/^https:\/\//.test(link)) continue;
        if (link.startsWith('#')) assert.ok(anchors.has(link.slice(1)), `${name}: ${link} has no heading`);
        else assert.ok(fs.existsSync(path.join(root, link.split('#')[0] ?? '')), `${name}: ${link} does not exist`);
      }
    });
  }

  it('SECURITY.md says how to report privately and that nothing but the search is sent', () => {
    const text = fs.readFileSync(path.join(root, 'SECURITY.md'), 'utf8');
    assert.match(text, /do not open a public issue/i);
    assert.match(text, /no telemetry/i);
  });
});
