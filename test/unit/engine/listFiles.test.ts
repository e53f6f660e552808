// The engine's listFiles (Scan Workspace's listing, a turn at a time): the files of a folder in
// order over as many calls as it takes, several listings at once kept apart, one stopped
// early forgotten, and a listing this engine never started refused rather than cut short.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/engine/engine';
import { folderFiles } from '../../../src/core/scan/files/folderFiles';
import type { FolderToList } from '../../../src/engine/workerProtocol';

describe('engine: listFiles', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-files-'));
    for (let i = 0; i < 300; i++) {
      const folder = path.join(dir, `d${i % 30}`, i % 4 === 0 ? 'deep' : '');
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, `f${i}.txt`), 'x');
    }
    fs.mkdirSync(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'pkg', 'index.js'), 'x');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const folder = (max = 10_000): FolderToList => ({ root: dir, exclude: ['**/node_modules/**'], max, within: '' });

  /** Two listings, each to its end, asked a folder at a time, alternately. */
  function listBoth(engine: Engine, a: { listing: number; folder: FolderToList }, b: { listing: number; folder: FolderToList }): { a: string[]; b: string[]; turns: number } {
    const got = { a: [] as string[], b: [] as string[] };
    let started = false;
    let turns = 0;
    const over = { a: false, b: false };
    while (!over.a || !over.b) {
      for (const [name, l] of [['a', a], ['b', b]] as const) {
        if (over[name]) continue;
        const listed = engine.listFiles(l.listing, started ? undefined : l.folder, false, 0);
        got[name].push(...listed.paths);
        over[name] = listed.done;
        turns++;
      }
      started = true;
    }
    return { ...got, turns };
  }

  it('gives every file in order, two listings apart, and forgets each once it is over', () => {
    const engine = new Engine();
    const expected = folderFiles(dir, ['**/node_modules/**'], { max: 10_000 }).paths;
    assert.equal(expected.length, 300);
    const { a, b, turns } = listBoth(engine, { listing: 1, folder: folder() }, { listing: 2, folder: folder(100) });
    assert.ok(turns > 30, `${turns} turns`);
    assert.deepEqual(a, expected);
    assert.deepEqual(b, expected.slice(0, 100));
    // Over: asked again, it is not there (an engine started anew says so).
    assert.throws(() => engine.listFiles(1, undefined, false), /started again/);
  });

  it('ends a listing stopped early, and says truncated only past `max`', () => {
    const engine = new Engine();
    const first = engine.listFiles(7, folder(), false, 0);
    assert.equal(first.done, false);
    assert.deepEqual(engine.listFiles(7, undefined, true), { paths: [], truncated: false, done: true });
    assert.throws(() => engine.listFiles(7, undefined, false), /started again/);
    let listed = engine.listFiles(8, folder(300), false);
    const paths = [...listed.paths];
    while (!listed.done) {
      listed = engine.listFiles(8, undefined, false);
      paths.push(...listed.paths);
    }
    assert.deepEqual({ files: paths.length, truncated: listed.truncated }, { files: 300, truncated: false });
  });
});
