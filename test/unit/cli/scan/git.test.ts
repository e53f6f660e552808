// gitRecords (src/cli/scan/git.ts): git's records in order and whole, however its output is
// cut into pieces.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRecords } from '../../../../src/cli/scan/git';
import { useTempDirs } from '../cliRunner';

describe('cli: git records', () => {
  const tempDir = useTempDirs();

  async function recordsOf(cwd: string, args: readonly string[], separator: '\0' | '\n' = '\0'): Promise<string[]> {
    const records: string[] = [];
    for await (const record of gitRecords(cwd, args, separator)) records.push(record);
    return records;
  }

  it('gives a record of megabytes whole, with what comes before and after it', async () => {
    const dir = tempDir();
    execFileSync('git', ['init', '-q', dir]);
    // One line of 12 MB, as a diff's line of a minified file: it comes in hundreds of pieces.
    const long = 'é'.repeat(3) + 'x'.repeat(12 * 1024 * 1024) + '€';
    const file = path.join(dir, 'blob.txt');
    fs.writeFileSync(file, `first\n${long}\nlast`);
    const id = execFileSync('git', ['hash-object', '-w', file], { cwd: dir, encoding: 'utf8' }).trim();
    const records = await recordsOf(dir, ['cat-file', 'blob', id], '\n');
    assert.equal(records.length, 3);
    assert.equal(records[0], 'first');
    assert.ok(records[1] === long, `the long record came back ${records[1]?.length} characters long, not ${long.length}`);
    assert.equal(records[2], 'last');
  });
});
