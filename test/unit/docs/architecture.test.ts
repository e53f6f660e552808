// docs/ARCHITECTURE.md stays a true map: every file or folder it names exists, every tracked
// folder at the top level and under src/ (at any depth) is named in it, and CONTRIBUTING.md links
// to it. Each check is first shown failing on a small made-up map (architectureMap.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { foldersToDescribe, missingPaths, namedPaths, undescribedFolders } from './architectureMap';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const map = fs.readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');

/** The tracked files, from the repository's root (git's own list: what a clone has). */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((f) => f !== '');
}

describe('docs/ARCHITECTURE.md', () => {
  describe('the checker, on made-up maps', () => {
    const namedCases: { name: string; markdown: string; named: string[] }[] = [
      { name: 'nothing named', markdown: 'no code spans at all', named: [] },
      { name: 'a folder and a file', markdown: '`src/core/` and `docs/x.md`', named: ['src/core/', 'docs/x.md'] },
      { name: 'every root the map uses', markdown: '`test/a` `tools/b` `service/c` `media/d` `l10n/e` `.ci/run` `.github/w`', named: ['test/a', 'tools/b', 'service/c', 'media/d', 'l10n/e', '.ci/run', '.github/w'] },
      { name: 'not paths: words, settings, build output, URLs', markdown: '`nothing` `leakSearch.quota` `dist/engine.js` `https://x/src/` `./src/a`', named: [] },
      { name: 'a span with white space is not a path', markdown: '`src/a b/`', named: [] },
      { name: 'a path outside a code span is not named', markdown: 'src/core/ and **src/engine/**', named: [] },
      { name: 'a root without its slash', markdown: '`src` `srcs/x`', named: [] },
      { name: 'spans side by side', markdown: '`src/a/``src/b/`', named: ['src/a/', 'src/b/'] },
    ];
    for (const c of namedCases) {
      it(`names paths: ${c.name}`, () => assert.deepEqual(namedPaths(c.markdown), c.named));
    }

    it('reports a named path that does not exist, and only those', () => {
      const exists = (p: string): boolean => ['src/', 'src/a.ts'].includes(p);
      assert.deepEqual(missingPaths('`src/` `src/a.ts` `src/gone.ts` `docs/old.md` `word`', exists), ['src/gone.ts', 'docs/old.md']);
      assert.deepEqual(missingPaths('`src/` `src/a.ts`', exists), []);
    });

    const folderCases: { name: string; files: string[]; folders: string[] }[] = [
      { name: 'no files', files: [], folders: [] },
      { name: 'files at the root are no folder', files: ['README.md', 'package.json'], folders: [] },
      { name: 'top-level folders, not their subfolders outside src/', files: ['tools/bench/run.ts', 'test/unit/docs/x.ts', '.ci/run'], folders: ['.ci/', 'test/', 'tools/'] },
      { name: 'every folder under src/, at any depth', files: ['src/core/client/net/route.ts', 'src/extension.ts'], folders: ['src/', 'src/core/', 'src/core/client/', 'src/core/client/net/'] },
      { name: 'a folder holding only folders', files: ['src/a/b/c/d.ts'], folders: ['src/', 'src/a/', 'src/a/b/', 'src/a/b/c/'] },
      { name: 'a folder named like a root elsewhere', files: ['test/fixtures/leak-repo/src/api/x.go'], folders: ['test/'] },
      { name: 'each once, sorted', files: ['src/b/x.ts', 'src/a/y.ts', 'src/b/z.ts', 'docs/m.md'], folders: ['docs/', 'src/', 'src/a/', 'src/b/'] },
    ];
    for (const c of folderCases) {
      it(`finds the folders to describe: ${c.name}`, () => assert.deepEqual(foldersToDescribe(c.files), c.folders));
    }

    const describedCases: { name: string; markdown: string; undescribed: string[] }[] = [
      { name: 'each named as `folder/`', markdown: '`src/` `src/a/` `docs/`', undescribed: [] },
      { name: 'not named at all', markdown: '`src/` `docs/`', undescribed: ['src/a/'] },
      { name: 'a file inside it is not the folder', markdown: '`src/` `src/a/x.ts` `docs/`', undescribed: ['src/a/'] },
      { name: 'a subfolder is not the folder', markdown: '`src/` `src/a/b/` `docs/`', undescribed: ['src/a/'] },
      { name: 'without its slash', markdown: '`src/` `src/a` `docs/`', undescribed: ['src/a/'] },
      { name: 'outside a code span', markdown: '`src/` src/a/ `docs/`', undescribed: ['src/a/'] },
      { name: 'an empty map', markdown: '', undescribed: ['docs/', 'src/', 'src/a/'] },
    ];
    for (const c of describedCases) {
      it(`finds undescribed folders: ${c.name}`, () => assert.deepEqual(undescribedFolders(c.markdown, ['docs/', 'src/', 'src/a/']), c.undescribed));
    }
  });

  it('names paths (the check has something to check)', () => {
    assert.ok(namedPaths(map).length >= 20, namedPaths(map).join(', '));
  });

  it('names only files and folders that exist', () => {
    assert.deepEqual(missingPaths(map, (p) => fs.existsSync(path.join(root, p))), []);
  });

  it('describes every tracked top-level folder and every folder under src/', () => {
    const folders = foldersToDescribe(trackedFiles());
    assert.ok(folders.includes('src/core/client/net/'), `git ls-files found too little: ${folders.join(', ')}`);
    assert.deepEqual(undescribedFolders(map, folders), []);
  });

  it('links only to documents that exist', () => {
    const links = [...map.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]).filter((l) => !/^https?:/.test(l));
    assert.deepEqual(links.filter((l) => !fs.existsSync(path.join(root, 'docs', l))), []);
  });

  it('has a diagram and is linked from CONTRIBUTING.md', () => {
    assert.match(map, /```mermaid\n/);
    assert.match(fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8'), /\]\(docs\/ARCHITECTURE\.md\)/);
  });
});
