// The severity of a leak match for every front end, and the SARIF level it becomes.
import * as assert from 'node:assert/strict';
import { findingSeverity } from '../../../../src/core/scan/findingSeverity';
import { sarifLevel } from '../../../../src/core/export/sarif';
import type { MatchKind } from '../../../../src/core/scan/matchTypes';
import type { SeverityHint } from '../../../../src/core/scan/leakIndex';

describe('findingSeverity', () => {
  const cases: [MatchKind, boolean, SeverityHint, 'acknowledged' | 'remediated' | 'false-positive' | undefined, SeverityHint][] = [
    ['password', false, 'warning', undefined, 'error'],
    ['password', false, 'hint', undefined, 'error'],
    ['password', true, 'warning', undefined, 'hint'],
    ['email', false, 'warning', undefined, 'warning'],
    ['email', false, 'error', undefined, 'error'],
    ['username', false, 'information', undefined, 'information'],
    ['url', false, 'hint', undefined, 'hint'],
    ['host', false, 'error', undefined, 'information'],
    ['host', false, 'hint', undefined, 'hint'],
    ['password', false, 'warning', 'acknowledged', 'error'],
    ['password', false, 'warning', 'remediated', 'information'],
    ['email', false, 'hint', 'remediated', 'hint'],
    ['email', false, 'error', 'false-positive', 'hint'],
  ];
  for (const [kind, common, configured, state, want] of cases) {
    it(`${kind}${common ? ' (common)' : ''}, configured ${configured}${state ? `, ${state}` : ''} → ${want}`, () => {
      assert.equal(findingSeverity({ kind, common, ...(state ? { triage: { state } } : {}) }, configured), want);
    });
  }

  it('maps to SARIF levels, with no level below a note', () => {
    assert.deepEqual((['error', 'warning', 'information', 'hint'] as const).map(sarifLevel), ['error', 'warning', 'note', 'note']);
  });
});
