// The SARIF log of LeakSearchSession on the system the test runs on, its folder spelled as the
// command line gets it (from the system) and as git prints it (forward slashes, and on Windows
// maybe another drive-letter case): a file inside the folder is always named relative to it,
// with forward slashes. On a Windows runner this checks that the folder's spelling does not matter.
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileFinding } from '../../../src/engine/leakSearchSession';
import { LeakSearchSession } from '../../../src/engine/leakSearchSession';

interface Log {
  readonly runs: { readonly results: { readonly locations: { readonly physicalLocation: { readonly artifactLocation: { readonly uri: string; readonly uriBaseId?: string } } }[] }[] }[];
}

function finding(file: string): FileFinding {
  return { path: file, startLine: 1, startColumn: 1, endLine: 1, endColumn: 5, code: 'leaked-email', severity: 'warning', message: 'm', match: {} as FileFinding['match'] };
}

describe('LeakSearchSession SARIF paths on this system', () => {
  let session: LeakSearchSession;
  before(async () => {
    // Never contacted: only the SARIF writer is used.
    session = await LeakSearchSession.open({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused-key' });
  });
  after(async () => {
    await session.close();
  });

  const locations = (files: readonly string[], root: string): { uri: string; uriBaseId?: string }[] =>
    (session.sarif(files.map(finding), { version: '0.0.0', informationUri: 'https://example.com' }, { path: root, uri: pathToFileURL(`${root}/`).href }) as Log).runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation);

  it('names a file inside the folder relative to it, however the folder is spelled', () => {
    const root = path.join(os.tmpdir(), 'leak-search-repo');
    const file = path.join(root, 'src', 'a.ts');
    const asGit = root.split(path.sep).join('/');
    const otherCase = root.replace(/^([A-Za-z]):/, (_, d: string) => `${d === d.toLowerCase() ? d.toUpperCase() : d.toLowerCase()}:`);
    for (const spelling of [root, `${root}${path.sep}`, asGit, otherCase]) {
      assert.deepEqual(locations([file], spelling), [{ uri: 'src/a.ts', uriBaseId: '%SRCROOT%' }], spelling);
    }
  });

  it('names a file outside the folder by its absolute file URI', () => {
    const root = path.join(os.tmpdir(), 'leak-search-repo');
    const outside = path.join(os.tmpdir(), 'leak-search-other', 'x.env');
    assert.deepEqual(locations([outside], root), [{ uri: pathToFileURL(outside).href }]);
  });
});
