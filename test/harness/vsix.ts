// The packaged extension as a release makes it: the release's dry run (npm run release:dry,
// tools/release/release.ts: the .vsix, the npm tarball, checksums and notes, and every upload
// step that sends nothing), then the .vsix's and the release folder's contents (plain-Node
// mocha, test/smoke/*.test.ts), then the .vsix installed into a fresh code-server with the
// smoke suite (test/smoke/*.smoke.ts) run against the installed copy, with no development path.
// The README's pictures are packaged as https URLs of a stand-in host (imageHost.ts), as a
// release packages them under its repository's raw files, so the details page can show them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runNpmCheck } from './checks';
import { listFiles } from './files';
import { runHostSuite } from './hostSuite';
import { startImageHost } from './imageHost';
import type { Toolchain } from './install';
import { runMochaLayer } from './mochaLayer';
import { repoRoot } from './paths';
import type { LayerResult } from './summary';

/** Environment variable naming the .vsix for the contents test. */
export const VSIX_ENV = 'LEAK_SEARCH_VSIX';
/** Environment variable giving the base URL the .vsix's README reads its pictures from. */
export const IMAGES_BASE_ENV = 'LEAK_SEARCH_IMAGES_BASE';

export function vsixPath(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  return path.join(repoRoot, 'release', `${manifest.name}-${manifest.version}.vsix`);
}

export async function runVsixLayer(toolchain: Toolchain): Promise<LayerResult[]> {
  const vsix = vsixPath();
  fs.rmSync(vsix, { force: true });
  const smokeOut = path.join(repoRoot, 'out', 'test', 'smoke');
  const images = await startImageHost();
  let packaged: LayerResult;
  let contents: LayerResult;
  try {
    packaged = await runNpmCheck('vsix:release-dry', 'release:dry', ['--images-base', images.base], { NODE_EXTRA_CA_CERTS: images.caFile });
    if (packaged.failed > 0 || !fs.existsSync(vsix)) return [packaged];
    contents = await runMochaLayer('vsix:contents', ['--timeout', '20000', ...listFiles(smokeOut, '.test.js')], { [VSIX_ENV]: vsix, [IMAGES_BASE_ENV]: images.base });
  } finally {
    await images.close();
  }
  console.log('\n▶ vsix:installed (smoke suite against the installed .vsix)');
  const installed = await runHostSuite({
    layer: 'vsix:installed',
    toolchain,
    session: { fixture: 'workspace', vsix },
    target: (workspace) => (workspace ? { folder: workspace } : { empty: true }),
    // The payload needs a development path to run tests; a manifest-only stub keeps the
    // extension under test the installed copy (test/smoke/host/).
    extensionDevelopmentPath: path.join(repoRoot, 'test', 'smoke', 'host'),
    extensionTestsPath: path.join(smokeOut, 'index.js'),
    timeoutMs: 180_000,
  });
  return [packaged, contents, installed];
}
