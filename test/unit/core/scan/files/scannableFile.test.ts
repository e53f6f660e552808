// Reading a file to scan: the text of each file whatever was read before it (small files share
// one buffer, and every file is decoded into the scanner's memory), the size limit and binary
// files, and what is never read (links, named pipes).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readScannableUnits } from '../../../../../src/core/scan/files/scannableFile';

/** The file's text as the scan reads it, as a string. */
function readScannableText(file: string, maxBytes: number): string | undefined {
  return readScannableUnits(file, maxBytes)?.toString();
}

describe('scan files: readScannableUnits', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scannable-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Uint8Array): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('reads each file whole, a short file after a longer one included', () => {
    const texts = [
      'x'.repeat(60_000) + '\nalice@example.com\n',
      'bob@example.org',
      '',
      'naïve café 日本 😀 carol@example.net',
      // Around the size that decides how a file is read.
      'a'.repeat(64 * 1024 - 1),
      'b'.repeat(64 * 1024),
      'c'.repeat(64 * 1024 + 1) + 'é',
      'dave@example.com',
    ];
    const files = texts.map((t, i) => write(`f${i}.txt`, t));
    for (let round = 0; round < 2; round++) {
      files.forEach((f, i) => assert.equal(readScannableText(f, 2 * 1024 * 1024), texts[i], `file ${i}`));
    }
  });

  it('drops a byte-order mark and replaces invalid bytes, as UTF-8 decoding does', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62, 0xc3]);
    assert.equal(readScannableText(write('bom.txt', bytes), 1024), new TextDecoder('utf-8').decode(bytes));
  });

  it('skips a file over the limit, a binary file, and one it cannot read', () => {
    assert.equal(readScannableText(write('big.txt', 'y'.repeat(101)), 100), undefined);
    assert.equal(readScannableText(write('limit.txt', 'y'.repeat(100)), 100), 'y'.repeat(100));
    assert.equal(readScannableText(write('bin.dat', Buffer.from([0x61, 0x00, 0x62])), 100), undefined);
    assert.equal(readScannableText(path.join(dir, 'missing.txt'), 100), undefined);
    assert.equal(readScannableText(dir, 100), undefined, 'a folder');
  });

  it('does not follow a symbolic link, nor wait on a named pipe', () => {
    const target = write('target.txt', 'eve@example.com');
    fs.symlinkSync(target, path.join(dir, 'link.txt'));
    assert.equal(readScannableText(path.join(dir, 'link.txt'), 100), undefined);
    if (process.platform !== 'win32') {
      const fifo = path.join(dir, 'pipe');
      execFileSync('mkfifo', [fifo]);
      assert.equal(readScannableText(fifo, 100), undefined);
    }
  });

  it("never gives a file's text for another's: a text read before the next file throws", () => {
    const first = readScannableUnits(write('one.txt', 'first file'), 100);
    assert.equal(first?.slice(0, 5), 'first');
    const second = readScannableUnits(write('two.txt', 'SECOND FILE, LONGER'), 100);
    assert.throws(() => first?.charCodeAt(0), /earlier scan/);
    assert.throws(() => first?.slice(0, 5), /earlier scan/);
    assert.equal(second?.toString(), 'SECOND FILE, LONGER');
  });

  it('reads a file whose system gives no size to its end, and skips one larger than Node reads', () => {
    if (process.platform !== 'linux') return;
    // procfs says 0 bytes for a file that holds text.
    assert.match(readScannableText('/proc/self/status', 1024 * 1024) ?? '', /^Name:/);
    assert.equal(readScannableText('/proc/self/status', 10), undefined, 'more than the limit');
    // A sparse file of 5 GiB: skipped, and no descriptor is left open.
    const huge = path.join(dir, 'huge.txt');
    const fd = fs.openSync(huge, 'w');
    fs.ftruncateSync(fd, 5 * 2 ** 30);
    fs.closeSync(fd);
    const open = fs.readdirSync('/proc/self/fd').length;
    for (let i = 0; i < 3; i++) {
      assert.equal(readScannableText(huge, 1e12), undefined);
    }
    assert.equal(fs.readdirSync('/proc/self/fd').length, open);
  });
});
