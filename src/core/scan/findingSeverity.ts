// How serious a leak match is and what it is called, for every front end: the editor turns it
// into a diagnostic's severity and code, the SARIF writer into a level and rule. A leaked
// password is an error unless it is a common one (a hint naming nobody); a generic user name
// nothing ties to its records is a hint; a host is at most information; the team's triage lowers what it settled (remediated: at most information;
// a false positive: a hint). No `vscode`.
import type { TriageMark } from '../triage/triage';
import type { SeverityHint } from './leakIndex';
import type { MatchKind } from './matchTypes';

/** The code (diagnostic `code`, SARIF rule id) of each kind of match. */
export const FINDING_CODES: Readonly<Record<MatchKind, string>> = {
  email: 'leaked-email',
  username: 'leaked-username',
  url: 'leaked-url',
  host: 'leaked-host',
  password: 'leaked-password',
};

const RANK: Readonly<Record<SeverityHint, number>> = { error: 0, warning: 1, information: 2, hint: 3 };
const BY_RANK: readonly SeverityHint[] = ['error', 'warning', 'information', 'hint'];

/** The less serious of two severities. */
function atMost(a: SeverityHint, b: SeverityHint): SeverityHint {
  return BY_RANK[Math.max(RANK[a], RANK[b])] as SeverityHint;
}

export interface SeverityInput {
  readonly kind: MatchKind;
  /** A leaked password that is also a common one. */
  readonly common: boolean;
  /** A generic user name nothing nearby ties to its records (leakIndex.ts `LeakMatch.weak`). */
  readonly weak?: boolean;
  readonly triage?: Pick<TriageMark, 'state'>;
}

/** A match's severity, from the severity the user chose for identifiers (`configured`). */
export function findingSeverity(match: SeverityInput, configured: SeverityHint): SeverityHint {
  const untriaged = match.kind === 'password'
    ? (match.common ? 'hint' : 'error')
    : match.weak ? 'hint' : match.kind === 'host' ? atMost(configured, 'information') : configured;
  switch (match.triage?.state) {
    case 'false-positive':
      return 'hint';
    case 'remediated':
      return atMost(untriaged, 'information');
    default:
      return untriaged;
  }
}
