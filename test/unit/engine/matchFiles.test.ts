// The engine's matchFiles (Scan Workspace's files, in batches): each file's matches placed by
// line, in the order asked, undefined for a file skipped, and a batch that would hold the
// engine's thread long answered in part.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../../src/engine/engine';
import { account } from './views.test';
import type { AccountRecord } from '../../../src/core/service/types';

const ORIGIN = 'https://leaks.example.test';

async function indexed(): Promise<Engine> {
  const engine = new Engine();
  const records = [account({ username: 'alice@example.com', password: 'Winter2025?x' })];
  engine.ingestBegin(1, 'k', ORIGIN, { domain: 'example.com', type: 'accounts' }, 1000);
  engine.ingestChunk(1, new TextEncoder().encode(JSON.stringify({ count: records.length, results: records })));
  engine.ingestEnd(1);
  await engine.ingestCommit(1, Date.now(), undefined);
  assert.equal((await engine.setIndexed(['k'])).empty, false);
  return engine;
}

describe('engine: matchFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers each file in the order asked, undefined for those it skips', async () => {
    const engine = await indexed();
    const write = (name: string, content: string | Buffer): string => {
      fs.writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const files = [
      { path: write('config.env', 'USER=nobody\nADMIN=alice@example.com\n'), maxBytes: 1024 },
      { path: write('blob.bin', Buffer.from([0x61, 0x00, 0x62])), maxBytes: 1024 },
      { path: path.join(dir, 'missing.txt'), maxBytes: 1024 },
      { path: write('big.txt', 'alice@example.com '.repeat(100)), maxBytes: 1024 },
      { path: write('clean.md', 'Nothing here.\n'), maxBytes: 1024 },
      { path: write('again.txt', '\n\n  alice@example.com'), maxBytes: 1024 },
    ];
    const { matches } = engine.matchFiles(files, undefined);
    assert.equal(matches.length, files.length);
    const places = matches.map((m) => m?.map((p) => `${p.startLine}:${p.startCharacter}-${p.endLine}:${p.endCharacter} ${p.identifier}`));
    assert.deepEqual(places, [['1:6-1:23 alice@example.com'], undefined, undefined, undefined, [], ['2:2-2:19 alice@example.com']]);
  });

  it("leaves out a documentation file's host matches when told, and only those", async () => {
    const engine = await indexed();
    const text = 'Connect to vpn.example.com as alice@example.com.\n';
    fs.writeFileSync(path.join(dir, 'README.md'), text);
    fs.writeFileSync(path.join(dir, 'deploy.sh'), text);
    const kinds = (hostsInDocumentation: boolean | undefined): (string[] | undefined)[] =>
      engine
        .matchFiles(
          ['README.md', 'deploy.sh'].map((name) => ({ path: path.join(dir, name), maxBytes: 1024, ...(hostsInDocumentation === undefined ? {} : { hostsInDocumentation }) })),
          undefined,
        )
        .matches.map((m) => m?.map((p) => `${p.kind} ${p.identifier}`));
    const all = ['host vpn.example.com', 'email alice@example.com'];
    assert.deepEqual(kinds(false), [['email alice@example.com'], all]);
    assert.deepEqual(kinds(true), [all, all]);
    assert.deepEqual(kinds(undefined), [all, all]);
  });

  it('answers the first files of a batch that would keep its thread long, at least one', async () => {
    const engine = await indexed();
    const large = path.join(dir, 'large.txt');
    fs.writeFileSync(large, `${'x'.repeat(79)}\n`.repeat(12_800) + 'alice@example.com\n');
    const files = Array.from({ length: 40 }, () => ({ path: large, maxBytes: 2 * 1024 * 1024 }));
    const { matches } = engine.matchFiles(files, undefined);
    assert.ok(matches.length >= 1 && matches.length < files.length, `${matches.length} of ${files.length} answered`);
    for (const m of matches) assert.deepEqual(m?.map((p) => p.startLine), [12_800]);
  });

  it('reads every record of a chunk larger than the pieces it is decoded in, characters split between pieces included', async () => {
    const engine = new Engine();
    const records = Array.from({ length: 4000 }, (_, i) => account({ username: `${'ü'.repeat(i % 7)}user${i}@example.com`, password: `Pässwörd-${i}` }));
    // The engine decodes 32 KiB at a time: the first record's browser pads its user name so that
    // the name's first character stands across the first such boundary (all before it is ASCII).
    records[0] = { ...(records[0] as AccountRecord), username: 'üuser0@example.com', browser: '' };
    const before = JSON.stringify({ count: records.length, results: records }).indexOf('"username":"') + 12;
    records[0] = { ...(records[0] as AccountRecord), browser: 'x'.repeat(32_767 - before) };
    const body = new TextEncoder().encode(JSON.stringify({ count: records.length, results: records }));
    assert.deepEqual([body[32_767], body[32_768]], [0xc3, 0xbc]);
    assert.ok(body.length > 256 * 1024);
    engine.ingestBegin(1, 'k', ORIGIN, { domain: 'example.com', type: 'accounts' }, 10_000);
    engine.ingestChunk(1, body);
    assert.deepEqual(engine.ingestEnd(1), { count: records.length, records: records.length });
    await engine.ingestCommit(1, Date.now(), undefined);
    await engine.setIndexed(['k']);
    const { matches } = engine.match(records.map((r) => r.username).join('\n'), undefined);
    assert.deepEqual(
      matches.map((m) => m.identifier),
      records.map((r) => r.username),
    );
  });
});
