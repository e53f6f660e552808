// A file's matches as the engine hands them to the editor after reading the file itself:
// placed by line and UTF-16 character, a password's text along only for the ignore list, and
// the same matches and ignore decisions as matching the text where it is.
import * as assert from 'node:assert/strict';
import { placeMatches, unplaced } from '../../../../../src/core/scan/files/placedMatches';
import { IgnoreList, ignoreKey } from '../../../../../src/core/scan/ignoreList';
import { buildLeakIndex } from '../../../../../src/core/scan/leakIndex';

const index = buildLeakIndex([
  {
    domain: 'example.com',
    type: 'accounts',
    records: [{ date: '2024-09-20T08:11:00.000Z', browser: 'Opera', status: 'show', url: 'https://vpn.example.com/', ip: '', country: 'US', username: 'alice@example.com', password: 'Alice-Secret-1' }],
  },
]);

const TEXT = '# 😀 notes\r\nowner: alice@example.com\n\tPW="Alice-Secret-1"\nhttps://vpn.example.com/login\n';

describe('placed matches', () => {
  it('places each match by zero-based line and UTF-16 character', () => {
    const placed = placeMatches(TEXT, index.match(TEXT));
    assert.deepEqual(
      placed.map((m) => [m.kind, m.startLine, m.startCharacter, m.endLine, m.endCharacter]),
      [
        ['email', 1, 7, 1, 24],
        ['password', 2, 5, 2, 19],
        ['host', 3, 8, 3, 23],
      ],
    );
    for (const m of placed) {
      const line = TEXT.split('\n')[m.startLine] as string;
      assert.equal(line.slice(m.startCharacter, m.endCharacter), TEXT.slice(m.start, m.end));
    }
  });

  it("carries a password's text, and only a password's, and drops it with the placement", () => {
    const placed = placeMatches(TEXT, index.match(TEXT));
    assert.deepEqual(placed.filter((m) => m.found !== undefined).map((m) => [m.kind, m.found]), [['password', 'Alice-Secret-1']]);
    for (const m of placed) {
      const bare = unplaced(m);
      assert.deepEqual(Object.keys(bare).sort(), Object.keys(index.match(TEXT).find((x) => x.start === m.start && x.kind === m.kind) as object).sort());
      assert.ok(!JSON.stringify(bare).includes('Alice-Secret-1'), 'no password text left');
    }
  });

  it('ignores what the ignore list ignores in the text itself', () => {
    const list = new IgnoreList();
    const matches = index.match(TEXT);
    for (const kind of ['password', 'email']) {
      list.add(ignoreKey(matches.find((m) => m.kind === kind) as (typeof matches)[number], TEXT));
      assert.deepEqual(
        list.filterFound(placeMatches(TEXT, matches)).map((m) => m.kind),
        list.filter(matches, TEXT).map((m) => m.kind),
      );
    }
    assert.ok(!list.filterFound(placeMatches(TEXT, matches)).some((m) => m.kind === 'password' || m.kind === 'email'));
  });
});
