// The files `leak-search scan` lists outside a git repository (src/cli/scan/scanSources.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { treeUnits } from '../../../src/cli/scan/scanSources';
import { SecretFileNames } from '../../../src/core/scan/files/secretFiles';
import { useTempDirs } from './cliRunner';

describe('scan sources: a folder outside git', () => {
  const tempDir = useTempDirs();

  it('lists every file depth first in name order, skipping .git and symbolic links', async () => {
    const dir = tempDir();
    // Made out of order: a directory's own order on disk is not the names'.
    for (const rel of ['zeta/b.txt', 'alpha/y/2.txt', 'm.txt', 'alpha/x.txt', 'zeta/a.txt', 'alpha/y/1.txt', 'B.txt', '.git/config', 'alpha/.git/HEAD', 'a.txt']) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), 'x');
    }
    fs.symlinkSync(path.join(dir, 'm.txt'), path.join(dir, 'link.txt'));
    fs.symlinkSync(path.join(dir, 'zeta'), path.join(dir, 'linked-folder'));
    const listed: string[] = [];
    for await (const batch of treeUnits([dir + path.sep], dir, { secretFiles: new SecretFileNames([]), includeGitIgnored: true })) for (const unit of batch) listed.push(path.relative(dir, unit.path));
    assert.deepEqual(listed, ['B.txt', 'a.txt', 'm.txt', 'alpha/x.txt', 'alpha/y/1.txt', 'alpha/y/2.txt', 'zeta/a.txt', 'zeta/b.txt']);
  });
});
