// The command line's path handling with Windows paths as well as POSIX ones, whatever system
// runs the test (each function is given `path.win32` or `path.posix`): how a report names a
// file, the pathspecs handed to git, the paths of a diff, report files read back, the merged
// SARIF log, and where install-hook and `scan --reuse` put their files.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { findingPaths } from '../../../src/cli/commands/scan';
import { hookFile, hookScript } from '../../../src/cli/commands/installHook';
import { sarifFinding } from '../../../src/cli/commands/merge';
import { UsageError } from '../../../src/cli/exitCodes';
import { gitPathIn } from '../../../src/cli/scan/git';
import { parseReport } from '../../../src/cli/scan/report';
import type { ReportFinding } from '../../../src/cli/scan/report';
import { diffNewPath, pathspecs } from '../../../src/cli/scan/scanSources';
import { findingFingerprints } from '../../../src/core/export/findingFingerprint';

const { win32, posix } = path;

function finding(file: string): ReportFinding {
  return { path: file, line: 2, column: 3, endLine: 2, endColumn: 9, code: 'leaked-email', severity: 'warning', level: 'warning', message: 'alice@example.com appears in 1 leaked record' };
}

/** A SARIF log of ours with one result at `location`. */
function sarifText(location: { uri: string; uriBaseId?: string }): string {
  const result = { ruleId: 'leaked-email', level: 'warning', message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: location, region: { startLine: 1, startColumn: 1 } } }] };
  return JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'Leak Search' } }, results: [result] }] });
}

describe('command line paths on Windows', () => {
  describe('how a report names a file (scan)', () => {
    it('is relative with forward slashes, the root as git prints it or as Windows does', () => {
      assert.deepEqual(findingPaths('C:\\repo\\src\\a.ts', 'C:\\repo', 'C:/repo', win32), { display: 'src/a.ts', stable: 'src/a.ts' });
      assert.deepEqual(findingPaths('C:\\repo\\packages\\api\\.env', 'C:\\repo\\packages\\api', 'C:/repo', win32), { display: '.env', stable: 'packages/api/.env' });
      assert.deepEqual(findingPaths('C:\\repo\\tools\\x.ts', 'C:\\repo\\packages\\api', 'C:/repo', win32), { display: '../../tools/x.ts', stable: 'tools/x.ts' });
      assert.deepEqual(findingPaths('C:\\repo\\src\\a.ts', 'C:\\repo', undefined, win32), { display: 'src/a.ts', stable: 'src/a.ts' }, 'no repository: relative to the folder');
    });

    it('takes c: and C: for the same drive', () => {
      assert.deepEqual(findingPaths('C:\\repo\\src\\a.ts', 'c:\\repo', 'c:/repo', win32), { display: 'src/a.ts', stable: 'src/a.ts' });
    });

    it('works under a UNC root, and names a file on another drive in full', () => {
      assert.deepEqual(findingPaths('\\\\server\\share\\repo\\file.env', '\\\\server\\share\\repo', '//server/share/repo', win32), { display: 'file.env', stable: 'file.env' });
      assert.deepEqual(findingPaths('D:\\other\\x.env', 'C:\\repo', 'C:/repo', win32), { display: 'D:/other/x.env', stable: 'D:/other/x.env' });
    });

    it('fingerprints a finding the same on Windows and POSIX, so a baseline made on one holds on the other', () => {
      const onWindows = findingPaths('C:\\repo\\src\\config\\.env', 'C:\\repo\\src', 'C:/repo', win32);
      const onPosix = findingPaths('/home/ci/repo/src/config/.env', '/home/ci/repo/src', '/home/ci/repo', posix);
      assert.deepEqual(onWindows, onPosix);
      const print = (p: string): string[] => findingFingerprints([{ rule: 'leaked-email', identifier: 'alice@example.com', path: p }]);
      assert.deepEqual(print(onWindows.stable), print(onPosix.stable));
    });

    it('keeps a backslash in a POSIX name', () => {
      assert.deepEqual(findingPaths('/repo/a\\b.ts', '/repo', '/repo', posix), { display: 'a\\b.ts', stable: 'a\\b.ts' });
    });
  });

  describe('pathspecs handed to git', () => {
    it('are relative to the top folder with forward slashes, whatever the user typed', () => {
      assert.deepEqual(pathspecs(['src\\a.ts', 'docs/', '.'], 'C:\\repo', 'C:/repo', win32), ['src/a.ts', 'docs', '.']);
      assert.deepEqual(pathspecs(['.', 'lib\\x'], 'c:\\repo\\sub', 'C:/repo', win32), ['sub', 'sub/lib/x']);
      assert.deepEqual(pathspecs(['C:\\repo\\src'], 'D:\\elsewhere', 'c:/repo', win32), ['src'], 'an absolute path on another drive than the folder');
      assert.deepEqual(pathspecs(['file.env'], '\\\\server\\share\\repo', '//server/share/repo', win32), ['file.env']);
    });

    it('refuse what is outside the repository: another drive, a folder above', () => {
      assert.throws(() => pathspecs(['D:\\x'], 'C:\\repo', 'C:/repo', win32), UsageError);
      assert.throws(() => pathspecs(['..\\other'], 'C:\\repo', 'C:/repo', win32), UsageError);
      assert.throws(() => pathspecs(['\\\\server\\other\\x'], '\\\\server\\share\\repo', '//server/share/repo', win32), UsageError);
    });

    it('keep a backslash in a POSIX name', () => {
      assert.deepEqual(pathspecs(['a\\b'], '/repo', '/repo', posix), ['a\\b']);
      assert.throws(() => pathspecs(['../x'], '/repo', '/repo', posix), UsageError);
    });

    it('keep a name that only starts with two dots, and refuse the folder above itself', () => {
      assert.deepEqual(pathspecs(['..foo', 'a/..b'], '/repo', '/repo', posix), ['..foo', 'a/..b']);
      assert.deepEqual(pathspecs(['..foo'], 'C:\\repo', 'C:/repo', win32), ['..foo']);
      assert.throws(() => pathspecs(['..'], '/repo/sub', '/repo/sub', posix), UsageError);
    });
  });

  describe('paths of a diff', () => {
    it('are the names git prints, with forward slashes, joined to the top folder as the system spells it', () => {
      assert.equal(diffNewPath('+++ b/src/a.ts'), 'src/a.ts');
      assert.equal(diffNewPath('+++ b/My Docs/a.ts\t'), 'My Docs/a.ts', 'a name with a space ends in a tab');
      assert.equal(diffNewPath('+++ "b/caf\\303\\251/.env"'), 'café/.env');
      assert.equal(diffNewPath('+++ "b/a\\\\b.ts"'), 'a\\b.ts', 'a quoted backslash is part of the name');
      assert.equal(diffNewPath('+++ /dev/null'), undefined);
      assert.equal(win32.join('C:/repo', diffNewPath('+++ b/src/a.ts') as string), 'C:\\repo\\src\\a.ts');
      assert.equal(win32.join('//server/share/repo', diffNewPath('+++ b/cfg/file.env') as string), '\\\\server\\share\\repo\\cfg\\file.env');
    });
  });

  describe('reports read back', () => {
    it('reads an absolute file URI as a Windows path: a drive, a UNC share', () => {
      assert.equal(parseReport(sarifText({ uri: 'file:///C:/repo/src/a.ts' }), 'r', win32)[0]?.path, 'C:\\repo\\src\\a.ts');
      assert.equal(parseReport(sarifText({ uri: 'file:///c%3A/repo/My%20Docs/a.ts' }), 'r', win32)[0]?.path, 'c:\\repo\\My Docs\\a.ts', 'the spelling VS Code writes');
      assert.equal(parseReport(sarifText({ uri: 'file://server/share/repo/file.env' }), 'r', win32)[0]?.path, '\\\\server\\share\\repo\\file.env');
    });

    it('reads the same URIs as POSIX paths elsewhere, and refuses a server there', () => {
      assert.equal(parseReport(sarifText({ uri: 'file:///home/ci/repo/a.ts' }), 'r', posix)[0]?.path, '/home/ci/repo/a.ts');
      assert.equal(parseReport(sarifText({ uri: 'file:///C:/repo/a.ts' }), 'r', posix)[0]?.path, '/C:/repo/a.ts');
      assert.throws(() => parseReport(sarifText({ uri: 'file://server/share/repo/file.env' }), 'r', posix), /neither relative nor a file URI/);
    });

    it('reads a relative reference the same on every system, slashes as they are', () => {
      for (const flavour of [win32, posix]) {
        assert.equal(parseReport(sarifText({ uri: 'src/My%20Docs/a.ts', uriBaseId: '%SRCROOT%' }), 'r', flavour)[0]?.path, 'src/My Docs/a.ts');
        assert.equal(parseReport(sarifText({ uri: './C:/x.ts', uriBaseId: '%SRCROOT%' }), 'r', flavour)[0]?.path, 'C:/x.ts');
        assert.equal(parseReport(sarifText({ uri: 'src%5Ca.ts', uriBaseId: '%SRCROOT%' }), 'r', flavour)[0]?.path, 'src\\a.ts');
      }
    });
  });

  describe('the merged SARIF log', () => {
    it('keeps a relative file relative, and gives a Windows absolute one its file URI', () => {
      assert.deepEqual([sarifFinding(finding('src/a.ts'), win32)].map((f) => [f.path, f.absolute]), [['src/a.ts', undefined]]);
      assert.equal(sarifFinding(finding('D:/other/x.env'), win32).path, 'file:///D:/other/x.env');
      assert.equal(sarifFinding(finding('C:\\repo\\My Docs\\a.ts'), win32).path, 'file:///C:/repo/My%20Docs/a.ts');
      assert.equal(sarifFinding(finding('\\\\server\\share\\repo\\file.env'), win32).path, 'file://server/share/repo/file.env');
      assert.equal(sarifFinding(finding('\\\\server\\share\\repo\\file.env'), win32).absolute, true);
    });

    it('reads back on Windows as the path the Windows report held', () => {
      const merged = sarifFinding(finding('D:\\other\\x.env'), win32);
      assert.equal(parseReport(sarifText({ uri: merged.path }), 'r', win32)[0]?.path, 'D:\\other\\x.env');
    });

    it('on POSIX, only a path from the root is absolute', () => {
      assert.equal(sarifFinding(finding('/home/ci/x.env'), posix).path, 'file:///home/ci/x.env');
      assert.equal(sarifFinding(finding('D:/other/x.env'), posix).absolute, undefined);
    });
  });

  describe('files in the git folder (install-hook, scan --reuse)', () => {
    it('resolve what git prints, forward slashes or not, relative or absolute, to the Windows spelling', () => {
      assert.equal(hookFile('C:\\repo', '.git/hooks', win32), 'C:\\repo\\.git\\hooks\\pre-commit');
      assert.equal(hookFile('C:\\repo\\src\\deep', '../../.git/hooks', win32), 'C:\\repo\\.git\\hooks\\pre-commit');
      assert.equal(hookFile('C:\\repo', 'D:/shared/hooks', win32), 'D:\\shared\\hooks\\pre-commit', 'core.hooksPath on another drive');
      assert.equal(hookFile('\\\\server\\share\\repo', '.git/hooks', win32), '\\\\server\\share\\repo\\.git\\hooks\\pre-commit');
      assert.equal(gitPathIn('c:\\repo', 'C:/repo/.git/worktrees/x/leak-search/results.bin', win32), 'C:\\repo\\.git\\worktrees\\x\\leak-search\\results.bin');
      assert.equal(gitPathIn('C:\\repo\\sub', '../.git/leak-search/results.bin', win32), 'C:\\repo\\.git\\leak-search\\results.bin');
    });

    it('resolve the same on POSIX', () => {
      assert.equal(hookFile('/repo/sub', '../.git/hooks', posix), '/repo/.git/hooks/pre-commit');
      assert.equal(hookFile('/repo', '/etc/hooks', posix), '/etc/hooks/pre-commit');
      assert.equal(gitPathIn('/repo', '.git/leak-search/results.bin', posix), '/repo/.git/leak-search/results.bin');
    });

    it('write a hook that names Windows programs whole: spaces, backslashes and quotes kept', () => {
      const node = 'C:\\Program Files\\nodejs\\node.exe';
      const cli = "C:\\Users\\O'Brien\\AppData\\Roaming\\npm\\node_modules\\leak-search\\dist\\cli.js";
      const script = hookScript(node, cli, 'warn');
      const last = script.trimEnd().split('\n').at(-1) as string;
      assert.equal(last, "exec 'C:\\Program Files\\nodejs\\node.exe' 'C:\\Users\\O'\\''Brien\\AppData\\Roaming\\npm\\node_modules\\leak-search\\dist\\cli.js' scan --staged --reuse 1h --unreachable warn");
      if (process.platform !== 'win32') {
        // What sh makes of that line: the same words, one for each path.
        const words = execFileSync('sh', ['-c', `printf '%s\\n' ${last.slice('exec '.length)}`], { encoding: 'utf8' }).split('\n');
        assert.deepEqual(words.slice(0, 3), [node, cli, 'scan']);
      }
    });
  });
});
