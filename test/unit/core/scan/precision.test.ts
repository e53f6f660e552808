// Findings a new user can trust, on a realistic repository of our own (tools/bench/realisticRepo.ts):
// every error a real leak, at least 90% of warnings real, and no planted leak missed or shown
// below its severity. The figures are in `npm run bench` (tools/bench/precision.bench.ts).
import * as assert from 'node:assert/strict';
import { repoScores, scanRepo } from '../../../../tools/bench/precision.bench';
import { realisticRepo } from '../../../../tools/bench/realisticRepo';

describe('findings on a realistic repository: precision and recall', () => {
  it('has about 300 files with real leaks planted among lures', () => {
    const repo = realisticRepo();
    assert.ok(repo.files.length >= 280 && repo.files.length <= 320, `${repo.files.length} files`);
    assert.ok(repo.planted.length >= 15, `${repo.planted.length} planted`);
  });

  it('finds every planted leak at its severity, with every error real and at least 90% of warnings real', () => {
    const s = repoScores();
    assert.deepEqual(s.missed, [], 'no planted leak missed or shown below its severity');
    assert.deepEqual(s.falseErrors, [], 'every error is a real leak');
    assert.ok(s.realWarnings / s.warnings >= 0.9, `${s.realWarnings} of ${s.warnings} warnings real: ${JSON.stringify(s.falseWarnings.slice(0, 5))}`);
  });

  it('keeps the generic names of the lures as hints, not warnings', () => {
    const repo = realisticRepo();
    const findings = scanRepo(repo);
    const compose = findings.filter((f) => f.path.startsWith('deploy/compose'));
    assert.ok(compose.length > 0, 'the generic database users are found');
    assert.ok(compose.every((f) => f.severity === 'hint'), 'and are hints');
  });
});
