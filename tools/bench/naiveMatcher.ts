// The naive baseline: the leak index fed by the plain reference oracle of the scanner's
// grammar (test/unit/core/scan/scanOracle.ts) instead of the one-pass scanner. The benchmark and
// the unit tests compare the two.
import type { LeakIndex, LeakMatch, MatchOptions } from '../../src/core/scan/leakIndex';
import type { CandidateSink, ScanOptions } from '../../src/core/scan/scanner';
import type { ScanText } from '../../src/core/scan/scanText';
import { oracleCandidates } from '../../test/unit/core/scan/scanOracle';

function oracleScan(text: ScanText, sink: CandidateSink, options: ScanOptions = {}): void {
  for (const c of oracleCandidates(text.toString(), { forms: options.forms })) sink.candidate(c.kind, c.start, c.end, c.a, c.b);
}

/** The index's matches found through the oracle. */
export function naiveMatch(index: LeakIndex, text: ScanText, options: MatchOptions = {}): LeakMatch[] {
  return index.matchWith(oracleScan, text, options);
}
