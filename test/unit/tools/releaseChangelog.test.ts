// What a release reads before packaging (tools/release/changelog.ts): the version's dated
// section of the changelog, the tag naming that version, and the checksums file's format.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkTag, releaseSection, sha256Sums } from '../../../tools/release/changelog';
import { repoRoot } from '../../harness/paths';

const CHANGELOG = `# Changelog

## [Unreleased]

## [1.2.0] - 2026-11-26

### Added

- A thing.

## [1.1.0] - 2026-10-01

- Older.
`;

describe('tools/release/changelog.ts', () => {
  it("takes the version's dated section as the release notes", () => {
    assert.deepEqual(releaseSection(CHANGELOG, '1.2.0'), { version: '1.2.0', date: '2026-11-26', notes: '### Added\n\n- A thing.' });
    assert.deepEqual(releaseSection(CHANGELOG.replace(/\n/g, '\r\n'), '1.1.0'), { version: '1.1.0', date: '2026-10-01', notes: '- Older.' });
  });

  it('refuses a version without a section, a date or notes, saying what to write', () => {
    assert.throws(() => releaseSection(CHANGELOG, '1.3.0'), /no "## \[1\.3\.0\] - YYYY-MM-DD" section/);
    assert.throws(() => releaseSection('## [1.3.0]\n\n- x\n', '1.3.0'), /no release date/);
    assert.throws(() => releaseSection('## [1.3.0] - unreleased\n\n- x\n', '1.3.0'), /no release date .*"unreleased"/);
    assert.throws(() => releaseSection('## [1.3.0] - 2026-02-30\n\n- x\n', '1.3.0'), /no release date/);
    assert.throws(() => releaseSection('## [1.3.0] - 2026-02-03\n\n## [1.2.0] - 2026-01-01\n- y\n', '1.3.0'), /is empty/);
  });

  it("has a dated section for package.json's version", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const section = releaseSection(fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8'), version);
    assert.match(section.notes, /### Added/);
  });

  it('accepts only the tag that names the version', () => {
    checkTag('v1.2.0', '1.2.0');
    for (const tag of ['1.2.0', 'v1.2.1', 'v1.2.0-rc.1', 'refs/tags/v1.2.0', '']) assert.throws(() => checkTag(tag, '1.2.0'), /does not name version 1\.2\.0/, tag);
  });

  it("writes checksums in sha256sum's format, sorted by name", () => {
    assert.equal(
      sha256Sums([
        { name: 'b.tgz', bytes: Buffer.from('b') },
        { name: 'a.vsix', bytes: Buffer.from('') },
      ]),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.vsix\n3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d  b.tgz\n',
    );
  });
});
