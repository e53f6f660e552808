// How much a new user can trust the findings: a realistic company repository (realisticRepo.ts:
// about 300 files, real leaks planted among lures) scanned the way every front end scans it
// (the leak index, the documentation filter, the severity rules), scored against what was
// planted. `scan.precision.errors` and `scan.precision.warnings`: the share of errors and of
// warnings that are real; `scan.recall`: the share of planted leaks found at their severity.
// The bench fails below the targets: every error real, at least 90% of warnings real, no real
// leak missed or shown below its severity. Run alone:
// `npx tsc -p tsconfig.json && node -e "require('./out/tools/bench/precision.bench.js').bench()"`.
import { buildLeakIndex } from '../../src/core/scan/leakIndex';
import { findingSeverity } from '../../src/core/scan/findingSeverity';
import { visibleMatches } from '../../src/core/scan/files/docFiles';
import { DOMAIN, realisticRepo, scoreFindings } from './realisticRepo';
import type { RealisticRepo, ScoredFinding, Scores } from './realisticRepo';

/** Every finding of the repository, as the editor and the command line report them. */
export function scanRepo(repo: RealisticRepo): ScoredFinding[] {
  const index = buildLeakIndex([{ domain: DOMAIN, type: 'accounts', records: repo.records }]);
  return repo.files.flatMap((file) =>
    visibleMatches(file.path, index.match(file.text), false).map((m) => ({ path: file.path, start: m.start, end: m.end, severity: findingSeverity(m, 'warning') })),
  );
}

export function repoScores(): Scores {
  const repo = realisticRepo();
  return scoreFindings(repo, scanRepo(repo));
}

export async function bench(): Promise<void> {
  const s = repoScores();
  const precisionErrors = s.errors === 0 ? 1 : s.realErrors / s.errors;
  const precisionWarnings = s.warnings === 0 ? 1 : s.realWarnings / s.warnings;
  const recall = s.found / s.plantedCount;
  console.log(`scan.precision.errors: ${precisionErrors.toFixed(3)} ratio`);
  console.log(`scan.precision.warnings: ${precisionWarnings.toFixed(3)} ratio`);
  console.log(`scan.recall: ${recall.toFixed(3)} ratio`);
  console.log(`scan.realistic.findings: ${s.errors} errors, ${s.warnings} warnings, ${s.plantedCount} planted`);
  const problems = [
    ...s.falseErrors.map((f) => `an error that is no leak: ${f.path}:${f.start}`),
    ...s.missed.map((p) => `missed or below ${p.severity}: ${p.what} in ${p.path}`),
  ];
  if (precisionWarnings < 0.9) problems.push(`warnings precision ${precisionWarnings.toFixed(3)} < 0.9 (${s.falseWarnings.slice(0, 5).map((f) => `${f.path}:${f.start}`).join(', ')})`);
  if (problems.length > 0) throw new Error(problems.join('; '));
}
