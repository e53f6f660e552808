// The Marketplace fields of package.json: icon, banner, links, categories, keywords, Q & A,
// walkthrough, a dated CHANGELOG, and the build that runs before vsce packages.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readLocalizedManifest } from './localizedManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const PROJECT_URL = 'https://github.com/leak-search/vscode-leak-search';

interface WalkthroughStep {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly media: { readonly markdown?: string; readonly image?: string; readonly altText?: string };
  readonly completionEvents?: readonly string[];
}

interface MarketplaceManifest {
  readonly name: string;
  readonly version: string;
  readonly publisher: string;
  readonly description: string;
  readonly icon: string;
  readonly license: string;
  readonly preview: boolean;
  readonly extensionKind: readonly string[];
  readonly categories: readonly string[];
  readonly qna: string | false;
  readonly pricing: string;
  readonly scripts: Readonly<Record<string, string>>;
  readonly keywords: readonly string[];
  readonly homepage: string;
  readonly repository: { readonly type: string; readonly url: string };
  readonly bugs: { readonly url: string };
  readonly galleryBanner: { readonly color: string; readonly theme: string };
  readonly contributes: {
    readonly commands: readonly { readonly command: string }[];
    readonly walkthroughs: readonly { readonly id: string; readonly steps: readonly WalkthroughStep[] }[];
  };
}

const manifest = readLocalizedManifest<MarketplaceManifest>(root);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('package.json for the Marketplace', () => {
  it('has a 128×128 PNG icon with its SVG source', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(path.join(root, manifest.icon)), { width: 128, height: 128 });
    assert.ok(fs.existsSync(path.join(root, 'media', 'icon.svg')));
  });

  it('has a description, banner, categories, keywords, license and preview flag', () => {
    assert.ok(manifest.description.length > 20 && manifest.description.length < 200);
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    // The categories the Marketplace offers (vsce refuses others); a security tool is found by
    // its keywords, since there is no security category.
    const CATEGORIES = ['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization'];
    assert.ok(manifest.categories.length > 0 && manifest.categories.every((c) => CATEGORIES.includes(c)), manifest.categories.join(', '));
    assert.ok(manifest.categories.includes('Linters'), 'diagnostics in files: Linters');
    // The Marketplace shows at most five keywords as tags, and vsce allows 30.
    assert.ok(manifest.keywords.length >= 5 && manifest.keywords.length <= 30);
    for (const word of ['security', 'leaked credentials', 'stealer logs', 'secrets', 'sarif']) assert.ok(manifest.keywords.includes(word), word);
    assert.equal(manifest.qna, 'marketplace', "questions go to the Marketplace's Q & A tab");
    assert.equal(manifest.pricing, 'Free');
    assert.equal(manifest.license, 'MIT');
    assert.ok(fs.existsSync(path.join(root, 'LICENSE')));
    assert.equal(manifest.preview, true);
    assert.deepEqual(manifest.extensionKind, ['workspace']);
  });

  it('points repository, bugs and homepage at the same project', () => {
    assert.equal(manifest.repository.type, 'git');
    assert.equal(manifest.repository.url, `${PROJECT_URL}.git`);
    assert.equal(manifest.bugs.url, `${PROJECT_URL}/issues`);
    assert.ok(manifest.homepage.startsWith(PROJECT_URL));
  });

  it('has a walkthrough whose every step has a button running a contributed command and existing media', () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const [walkthrough] = manifest.contributes.walkthroughs;
    assert.ok(walkthrough);
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['setApiKey', 'addDomain', 'runCheck', 'seeDiagnostic'],
    );
    for (const step of walkthrough.steps) {
      const buttons = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1] ?? '');
      assert.ok(buttons.length > 0, `step ${step.id} has no button`);
      for (const b of buttons) assert.ok(commands.has(b), `step ${step.id}: ${b} is not a contributed command`);
      const media = step.media.markdown ?? step.media.image ?? '';
      assert.ok(media.startsWith('media/walkthrough/') && fs.existsSync(path.join(root, media)), `step ${step.id}: ${media} is missing`);
      assert.ok((step.completionEvents ?? []).length > 0, `step ${step.id} never completes`);
    }
  });

  it('has a dated CHANGELOG entry for this version, in Keep a Changelog form', () => {
    const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    assert.match(changelog, new RegExp(`^## \\[${manifest.version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
    assert.match(changelog, /^## \[Unreleased\]$/m);
    for (const heading of changelog.match(/^## .*$/gm) ?? []) assert.match(heading, /^## \[(Unreleased|\d+\.\d+\.\d+)\]( - \d{4}-\d{2}-\d{2})?$/, heading);
  });

  it('builds the production bundles before vsce packages or publishes, so dist/ can never be stale', () => {
    assert.equal(manifest.scripts['vscode:prepublish'], 'node esbuild.mjs --production');
    assert.match(manifest.scripts['package'] ?? '', /^vsce package .*--no-rewrite-relative-links/);
    assert.doesNotMatch(manifest.scripts['package'] ?? '', /esbuild/, 'vsce runs vscode:prepublish itself');
  });
});
