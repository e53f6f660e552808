// `npm run release:pack` and `npm run release:dry`: everything a release does between its tests
// and its uploads, into release/: the version's changelog section checked against the tag, the
// .vsix packaged once (vsce runs `vscode:prepublish`: the production bundles and their licence
// check), the command line's npm tarball, the Action's bundle with its notices (release/action/),
// SHA256SUMS and the release notes. `--dry-run` then checks the tarball's files and prints the
// upload commands .github/workflows/release.yml runs; nothing here asks a registry anything, so
// the dry run gives the same answer before and after a version is published. The workflow holds the
// uploads themselves, so no credential ever reaches this script. The README's pictures are
// packaged as https URLs under --images-base, or the GitHub repository the release runs in
// (tools/release/readmeImages.ts), each checked to serve the file the package holds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkTag, releaseSection, sha256Sums } from './changelog';
import { checkImagesBase, githubImagesBase, relativeImages } from './readmeImages';

const root = path.resolve(__dirname, '..', '..', '..');
export const RELEASE_DIR = path.join(root, 'release');

interface Options {
  readonly tag: string | undefined;
  readonly imagesBase: string | undefined;
  readonly dryRun: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let tag: string | undefined;
  let imagesBase: string | undefined;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--tag') tag = argv[++i];
    else if (arg?.startsWith('--tag=')) tag = arg.slice('--tag='.length);
    else if (arg === '--images-base') imagesBase = argv[++i];
    else if (arg?.startsWith('--images-base=')) imagesBase = arg.slice('--images-base='.length);
    else throw new Error(`unknown argument ${JSON.stringify(arg)} (usage: release.js [--tag vX.Y.Z] [--images-base https://…/] [--dry-run])`);
  }
  return { tag, imagesBase, dryRun };
}

/** Each picture at the base is the file the package holds, so the listing shows no broken one. */
async function checkImages(base: string, images: readonly string[]): Promise<void> {
  for (const image of images) {
    const url = new URL(image, base).href;
    let bytes: Buffer;
    try {
      const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new Error(`The README's picture ${url} cannot be read (${error instanceof Error ? error.message : String(error)}): push the tag first, or give another --images-base.`, { cause: error });
    }
    const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
    if (digest(bytes) !== digest(fs.readFileSync(path.join(root, image)))) throw new Error(`The README's picture ${url} is not the file ${image} of this checkout.`);
  }
}

/** Runs a tool to its end with its output shown; a failure stops the release. */
function step(title: string, command: string, args: readonly string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw new Error(`${title}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${title} failed (exit code ${result.status ?? result.signal}).`);
}

/** Runs a tool to its end and returns what it printed; a failure stops the release. */
function output(title: string, command: string, args: readonly string[]): string {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.error) throw new Error(`${title}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${title} failed (exit code ${result.status ?? result.signal}): ${result.stderr}`);
  return result.stdout;
}

/**
 * npm's provenance statement names the repository the workflow ran in, and npm refuses it when
 * package.json's repository names another: say so before anything is built.
 */
export function checkRepository(manifest: { repository?: { url?: string } | string }, env: NodeJS.ProcessEnv): void {
  const running = env['GITHUB_REPOSITORY'];
  if (!running || env['GITHUB_SERVER_URL'] !== 'https://github.com') return;
  const declared = typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository?.url ?? '');
  const name = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/i.exec(declared)?.[1];
  if (name?.toLowerCase() !== running.toLowerCase()) {
    throw new Error(`package.json's repository (${JSON.stringify(declared)}) is not this repository (${running}): npm's provenance needs them equal. Set "repository": { "type": "git", "url": "https://github.com/${running}.git" }.`);
  }
}

/** npm as the script was started with (npm_execpath), so it runs the same on every platform. */
function npm(args: readonly string[]): [string, string[]] {
  const cli = process.env['npm_execpath'];
  if (cli && /\.c?js$/.test(cli)) return [process.execPath, [cli, ...args]];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', [...args]];
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; repository?: { url?: string } };
  const { name, version } = manifest;
  const tag = options.tag ?? `v${version}`;
  checkTag(tag, version);
  checkRepository(manifest, process.env);
  const section = releaseSection(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), version);
  console.log(`Release ${tag} of ${name}, dated ${section.date}${options.dryRun ? ' (dry run: nothing is uploaded)' : ''}`);

  // A private repository's raw files need a login: RELEASE_IMAGES_BASE (a repository variable
  // in the workflow) then names a public place that serves this checkout's media/.
  const given = options.imagesBase ?? (process.env['RELEASE_IMAGES_BASE'] || undefined);
  const imagesBase = given !== undefined ? checkImagesBase(given) : githubImagesBase(process.env, tag);
  const images = relativeImages(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  if (imagesBase !== undefined) {
    console.log(`The README's pictures are read from ${imagesBase}`);
    await checkImages(imagesBase, images);
  } else {
    console.log("No --images-base and not on GitHub Actions: the README's pictures stay relative, which VS Code's details page of this .vsix does not show.");
  }

  fs.rmSync(RELEASE_DIR, { recursive: true, force: true });
  fs.mkdirSync(RELEASE_DIR);
  const vsix = `${name}-${version}.vsix`;
  const vsce = require.resolve('@vscode/vsce/vsce');
  // Never a base vsce guesses from package.json's repository: pictures under the base checked
  // above, links left as they are (the README links only to its own headings and https pages).
  const links = imagesBase !== undefined ? ['--baseImagesUrl', imagesBase, '--baseContentUrl', imagesBase, '--no-gitHubIssueLinking'] : ['--no-rewrite-relative-links'];
  step('Package the .vsix', process.execPath, [vsce, 'package', '--no-dependencies', ...links, '--out', path.join(RELEASE_DIR, vsix)]);
  step('Pack the command line for npm', ...npm(['pack', '--pack-destination', RELEASE_DIR]));
  const tarball = `${name}-${version}.tgz`;
  for (const file of [vsix, tarball]) {
    if (!fs.existsSync(path.join(RELEASE_DIR, file))) throw new Error(`${file} was not made.`);
  }
  // npm pack's prepack built the command line, the Action and the scanner's helper, and wrote
  // their notices: the Action's commit takes these same files (release.yml, action-tag).
  fs.mkdirSync(path.join(RELEASE_DIR, 'action'));
  for (const [from, to] of [['dist/action.js', 'action.js'], ['dist/scanHelper.js', 'scanHelper.js'], ['ThirdPartyNotices.txt', 'ThirdPartyNotices.txt']] as const) {
    fs.copyFileSync(path.join(root, from), path.join(RELEASE_DIR, 'action', to));
  }
  const sums = sha256Sums([vsix, tarball].map((file) => ({ name: file, bytes: fs.readFileSync(path.join(RELEASE_DIR, file)) })));
  fs.writeFileSync(path.join(RELEASE_DIR, 'SHA256SUMS'), sums);
  fs.writeFileSync(path.join(RELEASE_DIR, 'notes.md'), `${section.notes}\n`);
  console.log(`\nrelease/SHA256SUMS:\n${sums}`);

  if (!options.dryRun) return;
  const packed = output('List the tarball', 'tar', ['-tzf', path.join(RELEASE_DIR, tarball)]).split(/\r?\n/).filter((line) => line !== '').sort();
  const expected = ['package/CHANGELOG.md', 'package/LICENSE', 'package/README.md', 'package/ThirdPartyNotices.txt', 'package/dist/cli.js', 'package/dist/scanHelper.js', 'package/package.json'];
  if (JSON.stringify(packed) !== JSON.stringify(expected)) throw new Error(`The npm tarball holds ${packed.join(', ')}; expected ${expected.join(', ')}.`);
  console.log(`\nThe tarball holds what npm should publish: ${packed.length} files.`);
  console.log(`\nThe uploads, which .github/workflows/release.yml runs on the tag ${tag}:`);
  for (const line of uploads(tag, vsix, tarball)) console.log(`  ${line}`);
}

/** The release job's upload commands, as the workflow writes them. */
function uploads(tag: string, vsix: string, tarball: string): string[] {
  return [
    `npx --yes @vscode/vsce@4.1.0 publish --azure-credential --skip-duplicate --packagePath "release/${vsix}"   # Entra ID`,
    `npx --yes ovsx@1.4.0 publish --skip-duplicate "release/${vsix}"   # OVSX_PAT`,
    `npm publish "release/${tarball}" --provenance --access public   # trusted publishing`,
    `git tag action-${tag} && git tag --force ${tag.split('.')[0]}   # a commit with release/action/`,
    `gh release create "${tag}" --title "Leak Search ${tag.slice(1)}" --notes-file release/notes.md "release/${vsix}" "release/${tarball}" release/SHA256SUMS`,
  ];
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`\nrelease: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
