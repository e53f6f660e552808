// gitRecordBatches (src/cli/scan/git.ts): git's records in order and whole, however its output
// is cut into pieces, in batches small enough to be made shortly before their turn.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRecordBatches, gitRecords } from '../../../../src/cli/scan/git';
import { useTempDirs } from '../cliRunner';

describe('cli: git records', () => {
  const tempDir = useTempDirs();

  async function batchesOf(cwd: string, args: readonly string[], separator: '\0' | '\n' = '\0'): Promise<string[][]> {
    const batches: string[][] = [];
    for await (const batch of gitRecordBatches(cwd, args, separator)) batches.push(batch);
    return batches;
  }

  it('lists thousands of files in order, in batches of at most 64', async () => {
    const dir = tempDir();
    execFileSync('git', ['init', '-q', dir]);
    // Names of many lengths, some multi-byte, so that pieces of git's output end inside a name.
    const names = Array.from({ length: 3000 }, (_, i) => `${'d'.repeat(i % 37)}ü-${String(i).padStart(4, '0')}-€.txt`).sort();
    for (const name of names) fs.writeFileSync(path.join(dir, name), '');
    const batches = await batchesOf(dir, ['ls-files', '-z', '--others']);
    assert.ok(batches.every((b) => b.length > 0 && b.length <= 64), `batch sizes ${batches.map((b) => b.length).join(',')}`);
    // git sorts by bytes, as Buffer.compare does.
    const expected = [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    assert.deepEqual(batches.flat(), expected);
    const one: string[] = [];
    for await (const record of gitRecords(dir, ['ls-files', '-z', '--others'])) one.push(record);
    assert.deepEqual(one, expected);
  });

  it('gives a record of megabytes whole, with what comes before and after it', async () => {
    const dir = tempDir();
    execFileSync('git', ['init', '-q', dir]);
    // One line of 12 MB, as a diff's line of a minified file: it comes in hundreds of pieces.
    const long = 'é'.repeat(3) + 'x'.repeat(12 * 1024 * 1024) + '€';
    const file = path.join(dir, 'blob.txt');
    fs.writeFileSync(file, `first\n${long}\nlast`);
    const id = execFileSync('git', ['hash-object', '-w', file], { cwd: dir, encoding: 'utf8' }).trim();
    const batches = await batchesOf(dir, ['cat-file', 'blob', id], '\n');
    const records = batches.flat();
    assert.equal(records.length, 3);
    assert.equal(records[0], 'first');
    assert.ok(records[1] === long, `the long record came back ${records[1]?.length} characters long, not ${long.length}`);
    assert.equal(records[2], 'last');
  });
});
