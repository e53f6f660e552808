// SARIF locations of files on Windows as well as POSIX systems, whatever system runs the test
// (the path flavour is given): a file inside the scanned folder is a relative reference with
// forward slashes, percent-encoded, whatever the drive letter's case or separators; one outside
// (another drive, a UNC share) is an absolute file URI.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { relativeUri, sarifLocation, sarifLog, sarifRelativePath } from '../../../../src/core/export/sarif';
import type { SarifFinding } from '../../../../src/core/export/sarif';

const { win32, posix } = path;

describe('SARIF locations on Windows paths', () => {
  it('names a file under the root relative to it, with forward slashes', () => {
    assert.equal(sarifRelativePath('C:\\repo\\src\\a.ts', 'C:\\repo', win32), 'src/a.ts');
    assert.equal(sarifRelativePath('C:\\repo\\src\\a.ts', 'C:\\repo\\', win32), 'src/a.ts', 'a root with a trailing separator');
    assert.equal(sarifRelativePath('C:\\repo\\src\\deep\\a.ts', 'C:/repo', win32), 'src/deep/a.ts', 'the root as git prints it');
    assert.equal(sarifRelativePath('c:/repo/src\\a.ts', 'C:\\repo', win32), 'src/a.ts', 'mixed separators');
  });

  it('takes a drive letter in either case for the same folder', () => {
    assert.equal(sarifRelativePath('C:\\repo\\src\\a.ts', 'c:\\repo', win32), 'src/a.ts');
    assert.equal(sarifRelativePath('c:\\repo\\src\\a.ts', 'C:\\REPO', win32), 'src/a.ts');
    assert.equal(sarifRelativePath('C:\\Repo\\Src\\A.ts', 'c:\\repo', win32), 'Src/A.ts', "the file's own spelling is kept");
  });

  it('works under a UNC root', () => {
    assert.equal(sarifRelativePath('\\\\server\\share\\repo\\file.env', '\\\\server\\share\\repo', win32), 'file.env');
    assert.equal(sarifRelativePath('\\\\SERVER\\share\\repo\\cfg\\file.env', '\\\\server\\share\\repo', win32), 'cfg/file.env');
    assert.equal(sarifRelativePath('\\\\server\\other\\repo\\file.env', '\\\\server\\share\\repo', win32), undefined);
  });

  it('names nothing relative outside the root: another drive, a sibling, the root itself', () => {
    for (const file of ['D:\\repo\\a.ts', 'C:\\other\\a.ts', 'C:\\repo2\\a.ts', 'C:\\repo', 'C:\\']) assert.equal(sarifRelativePath(file, 'C:\\repo', win32), undefined, file);
    assert.equal(sarifRelativePath('C:\\repo\\..hidden', 'C:\\repo', win32), '..hidden', 'a name that starts with two dots is inside');
  });

  it('gives a file outside the root its absolute file URI, drive and UNC share alike', () => {
    assert.deepEqual(sarifLocation('C:\\repo\\src\\a.ts', 'C:\\repo', win32), { path: 'src/a.ts' });
    assert.deepEqual(sarifLocation('D:\\other\\My Docs\\a.ts', 'C:\\repo', win32), { path: 'file:///D:/other/My%20Docs/a.ts', absolute: true });
    assert.deepEqual(sarifLocation('\\\\server\\share\\x\\.pgpass', 'C:\\repo', win32), { path: 'file://server/share/x/.pgpass', absolute: true });
    assert.deepEqual(sarifLocation('C:\\repo\\a.ts', undefined, win32), { path: 'file:///C:/repo/a.ts', absolute: true });
  });

  it('keeps POSIX rules: case counts, a backslash belongs to a name', () => {
    assert.equal(sarifRelativePath('/repo/src/a.ts', '/repo', posix), 'src/a.ts');
    assert.equal(sarifRelativePath('/repo/src/a.ts', '/repo/', posix), 'src/a.ts');
    assert.equal(sarifRelativePath('/repo/a\\b.ts', '/repo', posix), 'a\\b.ts');
    assert.equal(sarifRelativePath('/Repo/a.ts', '/repo', posix), undefined);
    assert.equal(sarifRelativePath('/repo2/a.ts', '/repo', posix), undefined);
    assert.deepEqual(sarifLocation('/other/a b.ts', '/repo', posix), { path: 'file:///other/a%20b.ts', absolute: true });
  });

  it('encodes the relative path as a URI reference: forward slashes kept, a backslash left in a name encoded', () => {
    assert.equal(relativeUri('src/My Docs/a#1.ts'), 'src/My%20Docs/a%231.ts');
    assert.equal(relativeUri('src/a.ts'), 'src/a.ts');
    assert.equal(relativeUri('src\\a.ts'), 'src%5Ca.ts', 'a path not split by the caller stays one name');
    assert.equal(relativeUri('C:/x.ts'), './C:/x.ts', 'a drive-like first segment never reads as a scheme');
  });

  it('writes a log a Windows user reads as src/a.ts under the repository', () => {
    const finding = (file: string): SarifFinding => ({ ...sarifLocation(file, 'C:\\repo', win32), rule: 'leaked-email', level: 'warning', message: 'm', startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 });
    const root = pathToFileURL('C:\\repo\\', { windows: true }).href;
    const log = sarifLog([finding('c:\\repo\\src\\a.ts'), finding('\\\\server\\share\\repo\\file.env')], { version: '0.0.0', informationUri: 'https://example.com' }, root) as {
      runs: { originalUriBaseIds: Record<string, { uri: string }>; results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[];
    };
    const [run] = log.runs;
    assert.deepEqual(run?.originalUriBaseIds, { '%SRCROOT%': { uri: 'file:///C:/repo/' } });
    assert.deepEqual(
      run?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation),
      [{ uri: 'src/a.ts', uriBaseId: '%SRCROOT%' }, { uri: 'file://server/share/repo/file.env' }],
    );
  });

  it('follows the system it runs on when not told', () => {
    const root = path.resolve('repo-root');
    assert.equal(sarifRelativePath(path.join(root, 'src', 'a.ts'), root), 'src/a.ts');
    assert.deepEqual(sarifLocation(path.join(root, 'src', 'a.ts'), root), { path: 'src/a.ts' });
  });
});
