// Every kind of finding says why it matters and what to do next, in plain words.
import * as assert from 'node:assert/strict';
import { explainMatch, hiddenExplained } from '../../../../src/core/scan/explainMatch';
import type { ExplainInput } from '../../../../src/core/scan/explainMatch';
import type { MatchKind } from '../../../../src/core/scan/matchTypes';

describe('explaining a finding: why it matters and the next step', () => {
  const kinds: MatchKind[] = ['email', 'username', 'url', 'host', 'password'];

  it('gives every kind, triaged or not, a reason and a next step, each one plain sentence or two', () => {
    for (const kind of kinds) {
      for (const triage of [undefined, { state: 'acknowledged' as const }, { state: 'remediated' as const }, { state: 'false-positive' as const }]) {
        for (const common of kind === 'password' ? [false, true] : [false]) {
          const e = explainMatch({ kind, common, owners: [], ...(triage ? { triage } : {}) });
          for (const text of [e.why, e.next]) {
            assert.match(text, /^[A-Z“].{20,}[.]$/, `${kind} ${triage?.state ?? ''} ${common}: ${text}`);
            assert.doesNotMatch(text, /[<>[\]*`]/, 'plain text, no markup');
          }
        }
      }
    }
  });

  it('names the account a password leaked for, and says a common password names none', () => {
    const owned: ExplainInput = { kind: 'password', common: false, owners: ['alice@example.com'] };
    assert.match(explainMatch(owned).why, /stolen with alice@example\.com/);
    assert.match(explainMatch(owned).next, /Change the password wherever it is used/);
    const common = explainMatch({ kind: 'password', common: true, owners: [] });
    assert.match(common.why, /most common passwords.*names no account of yours/);
    assert.match(common.next, /placeholder or test value, ignore it/);
  });

  it('explains a hidden record from what the service interface says, and no more', () => {
    assert.match(hiddenExplained(), /status, show or hide, and does not document what hide means/);
  });
});
