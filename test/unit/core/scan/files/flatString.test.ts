// flatString (src/core/scan/files/flatString.ts): strings built a character at a time, as
// VS Code's Uri.toString() escapes a path, keep a fraction of the memory once made flat. Run
// in a child Node with --expose-gc, so that what stays can be measured after collections.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { flatString } from '../../../../../src/core/scan/files/flatString';

const MODULE = path.join(__dirname, '..', '..', '..', '..', '..', 'src', 'core', 'scan', 'files', 'flatString.js');

/** Heap kept by 20,000 escaped paths held in objects, with or without flatString, in MB. */
function kept(flat: boolean): number {
  const script = `
    const { flatString } = require(${JSON.stringify(MODULE)});
    // As VS Code escapes a URI's path: untouched until the first character to escape, then
    // one character appended at a time.
    function escaped(path) {
      let out;
      for (let i = 0; i < path.length; i++) {
        const c = path.charAt(i);
        if (c === '@') out = (out ?? path.slice(0, i)) + '%40';
        else if (out !== undefined) out += c;
      }
      return out ?? path;
    }
    gc(); gc();
    const before = process.memoryUsage().heapUsed;
    const held = [];
    for (let i = 0; i < 20000; i++) {
      const uri = { formatted: 'file://' + escaped('/work/repo/node_modules/@scope/package-' + i + '/lib/some/deeper/folder/file-name.js') };
      if (${flat}) flatString(uri.formatted);
      held.push(uri);
    }
    gc(); gc();
    process.stdout.write(String((process.memoryUsage().heapUsed - before) / 1048576));
    if (!held.every((u) => u.formatted.startsWith('file:///work/repo/node_modules/%40scope/package-'))) process.exit(2);
  `;
  return Number(execFileSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' }));
}

describe('flatString', () => {
  it('leaves the same characters', () => {
    // A string built piece by piece, as above.
    let text = 'file:///a/%40b';
    for (const c of '/c/d/e/f/g/h/i/j.js') text += c;
    assert.equal(flatString(text), 'file:///a/%40b/c/d/e/f/g/h/i/j.js');
    assert.equal(flatString(''), '');
  });

  it('keeps escaped paths held elsewhere in a small part of their memory', function () {
    this.timeout(30_000);
    const chained = kept(false);
    const flat = kept(true);
    // A chain costs a node per character; flat, a path costs about its length. The heap's
    // own accounting differs between Node versions: the ratio is what holds.
    assert.ok(chained > 4 * flat, `chained ${chained.toFixed(1)} MB, flat ${flat.toFixed(1)} MB`);
  });
});
