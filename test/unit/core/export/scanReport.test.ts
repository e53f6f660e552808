// The summary Scan Workspace shows when it is done: what was found and what was skipped.
import * as assert from 'node:assert/strict';
import { plural } from '../../../../src/core/text/plural';
import { scanReport } from '../../../../src/core/export/scanReport';

describe('the Scan Workspace summary', () => {
  const base = { scanned: 292, matches: 0, filesWithMatches: 0, gitIgnored: 0, exports: 0 };

  it('says what was found, with Show Problems', () => {
    const r = scanReport({ ...base, matches: 3, filesWithMatches: 1 });
    assert.equal(r.message, 'Leak Search: 3 leaked identifiers in 1 file (292 scanned).');
    assert.equal(r.severity, 'warning');
    assert.deepEqual(r.actions, ['showProblems']);
  });

  it('counts hints apart, as the status bar does (the Problems panel does not list them)', () => {
    assert.equal(scanReport({ ...base, matches: 5, hints: 2, filesWithMatches: 2 }).message, 'Leak Search: 3 leaked identifiers (+2 hints) in 2 files (292 scanned).');
    assert.equal(scanReport({ ...base, matches: 2, hints: 1, filesWithMatches: 1 }).message, 'Leak Search: 1 leaked identifier (+1 hint) in 1 file (292 scanned).');
  });

  it('says how many git-ignored files it skipped and offers to include them', () => {
    const r = scanReport({ ...base, gitIgnored: 3 });
    assert.equal(r.message, 'Leak Search: no leaked identifiers in 292 scanned files. 3 git-ignored files skipped.');
    assert.equal(r.severity, 'info');
    assert.deepEqual(r.actions, ['includeGitIgnored']);
  });

  it('says that its own exports were not scanned', () => {
    const r = scanReport({ ...base, matches: 1, filesWithMatches: 1, gitIgnored: 1, exports: 1 });
    assert.equal(r.message, 'Leak Search: 1 leaked identifier in 1 file (292 scanned). 1 git-ignored file skipped; 1 Leak Search export not scanned.');
    assert.deepEqual(r.actions, ['showProblems', 'includeGitIgnored']);
  });

  it('says which folders held more files than are listed, and warns even when nothing was found', () => {
    const none = scanReport({ ...base, truncated: { folders: ['monorepo'], max: 50_000 } });
    assert.equal(none.message, 'Leak Search: no leaked identifiers in 292 scanned files. Only the first 50,000 files of monorepo were scanned.');
    assert.equal(none.severity, 'warning');
    const found = scanReport({ ...base, matches: 1, filesWithMatches: 1, gitIgnored: 2, truncated: { folders: ['a', 'b'], max: 50_000 } });
    assert.equal(found.message, 'Leak Search: 1 leaked identifier in 1 file (292 scanned). 2 git-ignored files skipped. Only the first 50,000 files of a, b were scanned.');
    assert.equal(scanReport({ ...base, truncated: { folders: [], max: 50_000 } }).severity, 'info');
  });

  it('plurals', () => {
    assert.equal(plural(1, 'infected machine'), '1 infected machine');
    assert.equal(plural(2, 'infected machine'), '2 infected machines');
    assert.equal(plural(0, 'match'), '0 matches');
    assert.equal(plural(12345, 'identity'), '12,345 identities');
    assert.equal(plural(2, 'day'), '2 days');
  });
});
