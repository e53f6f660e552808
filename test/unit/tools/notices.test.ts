// The licence check of what ships (tools/release/notices.mjs): SPDX verdicts, the packages
// behind a bundle's inputs (scoped, nested, Windows separators), the texts read or refused.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../harness/paths';

interface Notice {
  name: string;
  version: string;
  licence: string;
  texts: { file: string; text: string }[];
}
interface NoticesModule {
  isShippable(expression: string | undefined): boolean;
  packageDirs(inputs: Iterable<string>): string[];
  declaredLicence(manifest: Record<string, unknown>): string | undefined;
  collectNotices(dirs: Iterable<string>, overridesDir?: string): { notices: Notice[]; refusals: { name: string; problem: string }[] };
  renderNotices(product: string, notices: Notice[]): string;
}

describe('tools/release/notices.mjs', () => {
  let notices: NoticesModule;
  let dir: string;
  before(async () => {
    notices = (await import(pathToFileURL(path.join(repoRoot, 'tools', 'release', 'notices.mjs')).href)) as NoticesModule;
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-notices-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function pkg(name: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): string {
    const at = path.join(dir, 'node_modules', ...name.split('/'));
    fs.mkdirSync(at, { recursive: true });
    fs.writeFileSync(path.join(at, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(at, file), text);
    return at;
  }

  it('ships permissive licences and expressions of them, and refuses the rest', () => {
    for (const ok of ['MIT', 'Apache-2.0', 'BSD-3-Clause', '(MIT OR GPL-3.0-only)', 'MIT AND ISC', '(MIT AND (ISC OR GPL-2.0))', 'Apache-2.0+', 'CC-BY-4.0']) {
      assert.equal(notices.isShippable(ok), true, ok);
    }
    for (const refused of ['GPL-3.0-only', 'MIT AND GPL-2.0', 'AGPL-3.0', 'SEE LICENSE IN LICENSE.txt', 'UNLICENSED', 'LicenseRef-Proprietary', 'GPL-2.0 WITH Classpath-exception-2.0', '(MIT', 'MIT OR', '', undefined]) {
      assert.equal(notices.isShippable(refused), false, String(refused));
    }
  });

  it('finds the package of every input: scoped, nested, either separator, each once', () => {
    assert.deepEqual(
      notices.packageDirs([
        'src/extension.ts',
        'node_modules/undici/lib/core.js',
        'node_modules/undici/index.js',
        'node_modules/@vscode/codicons/dist/codicon.ttf',
        'node_modules/lit/node_modules/lit-html/lit-html.js',
        'node_modules\\@zxcvbn-ts\\language-common\\dist\\index.esm.js',
        'C:\\work\\repo\\node_modules\\tldts\\dist\\index.js',
      ]),
      [
        'C:/work/repo/node_modules/tldts',
        'node_modules/@vscode/codicons',
        'node_modules/@zxcvbn-ts/language-common',
        'node_modules/lit/node_modules/lit-html',
        'node_modules/undici',
      ],
    );
  });

  it('reads the licence a manifest declares in each of its old and new forms', () => {
    assert.equal(notices.declaredLicence({ license: 'MIT' }), 'MIT');
    assert.equal(notices.declaredLicence({ license: { type: 'ISC' } }), 'ISC');
    assert.equal(notices.declaredLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] }), '(MIT) AND (Apache-2.0)');
    assert.equal(notices.declaredLicence({}), undefined);
  });

  it('collects licence and notice texts, and refuses a package it cannot ship, saying why', () => {
    const mit = pkg('good', { license: 'MIT' }, { LICENSE: 'MIT text', NOTICE: 'notice text', 'README.md': 'no' });
    const none = pkg('@scope/bare', { license: 'MIT' });
    const gpl = pkg('copyleft', { license: 'GPL-3.0' }, { LICENSE: 'GPL' });
    const undeclared = pkg('silent', {}, { LICENSE: 'something' });
    const { notices: found, refusals } = notices.collectNotices([mit, none, gpl, undeclared], path.join(dir, 'overrides'));
    assert.deepEqual(found.map((n) => [n.name, n.texts.map((t) => t.file)]), [['good', ['LICENSE', 'NOTICE']]]);
    assert.deepEqual(
      refusals.map((r) => r.name),
      ['@scope/bare', 'copyleft', 'silent'],
    );
    assert.match(refusals[0]!.problem, /no licence text .*@scope__bare\.txt/);
    assert.match(refusals[1]!.problem, /GPL-3\.0/);
    assert.match(refusals[2]!.problem, /declares no licence/);
  });

  it('takes a reviewed text for a package that publishes none', () => {
    const bare = pkg('@scope/bare', { license: 'MIT' });
    fs.mkdirSync(path.join(dir, 'overrides'));
    fs.writeFileSync(path.join(dir, 'overrides', '@scope__bare.txt'), 'reviewed MIT text');
    const { notices: found, refusals } = notices.collectNotices([bare], path.join(dir, 'overrides'));
    assert.deepEqual(refusals, []);
    assert.equal(found[0]?.texts[0]?.text, 'reviewed MIT text');
  });

  it('has a reviewed text for every bundled package that publishes none', () => {
    // @vscode/l10n ships no licence file; the build would fail without its reviewed text.
    const { refusals } = notices.collectNotices([path.join(repoRoot, 'node_modules', '@vscode', 'l10n')]);
    assert.deepEqual(refusals, []);
  });

  it('adds the notice of data a package bundles under another licence: the Public Suffix List in tldts', () => {
    const { notices: found } = notices.collectNotices([path.join(repoRoot, 'node_modules', 'tldts')]);
    const texts = found[0]?.texts.map((t) => t.text).join('\n') ?? '';
    assert.match(texts, /Public Suffix List/);
    assert.match(texts, /Mozilla Public License, v\. 2\.0/);
  });

  it('renders a list, then each licence text once per package version', () => {
    const text = notices.renderNotices('Product', [
      { name: 'a', version: '1.0.0', licence: 'MIT', texts: [{ file: 'LICENSE', text: '\uFEFFline one\r\nline two\r\n' }] },
    ]);
    assert.match(text, /^THIRD-PARTY SOFTWARE NOTICES: Product\n/);
    assert.match(text, /\n {2}a 1\.0\.0 \(MIT\)\n/);
    assert.match(text, /--- LICENSE ---\n\nline one\nline two\n/);
    assert.doesNotMatch(text, /\r|\uFEFF/);
  });
});
