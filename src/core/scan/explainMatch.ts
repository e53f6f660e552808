// Why a leaked identifier found in a file matters, and what to do next, in plain words, for
// the hover (and any front end that explains a finding). The message (describeMatch.ts) says
// what was found; this says why it matters and the next step. No `vscode`.
import * as l10n from '@vscode/l10n';
import type { TriageMark } from '../triage/triage';
import type { MatchKind } from './matchTypes';

export interface ExplainInput {
  readonly kind: MatchKind;
  /** A leaked password that is also on the common-password list. */
  readonly common: boolean;
  /** For a password: the accounts it leaked for. */
  readonly owners: readonly string[];
  readonly triage?: Pick<TriageMark, 'state'>;
}

export interface Explanation {
  readonly why: string;
  readonly next: string;
}

export function explainMatch(m: ExplainInput): Explanation {
  if (m.triage?.state === 'false-positive') {
    return { why: l10n.t('Your team marked these records a false positive.'), next: l10n.t('Nothing to do; clear the mark in the Leak Search view if that changes.') };
  }
  if (m.triage?.state === 'remediated') {
    return { why: l10n.t('Your team marked these records remediated.'), next: l10n.t('Remove the identifier from this file if it no longer belongs here.') };
  }
  switch (m.kind) {
    case 'password':
      if (m.common) {
        return {
          why: l10n.t('It is on the list of the most common passwords and in leaked records: attackers try it first. It names no account of yours.'),
          next: l10n.t('If it is a real password, change it; if it is a placeholder or test value, ignore it with the quick fix.'),
        };
      }
      if (m.owners.length > 0) {
        return {
          why: l10n.t('This exact password was stolen with {0}: whoever holds the leaked records can sign in with it, here and wherever it is reused.', m.owners.join(', ')),
          next: l10n.t('Change the password wherever it is used, remove it from this file, and load it from a secret store.'),
        };
      }
      return {
        why: l10n.t('This exact password is in leaked records, so attackers know it.'),
        next: l10n.t('Change it wherever it is used, and keep it out of source files.'),
      };
    case 'email':
    case 'username':
      return {
        why: l10n.t('Credentials of this account were stolen from an infected machine (a stealer log): its passwords and sessions may be in attackers’ hands.'),
        next: l10n.t('Reset the account’s password, end its sessions, and check the machine it was stolen from; the records say which sites and when.'),
      };
    case 'url':
      return {
        why: l10n.t('Credentials entered at this address were stolen and are in leaked records.'),
        next: l10n.t('Reset the passwords of the accounts that signed in there; the records say which.'),
      };
    case 'host':
      return {
        why: l10n.t('Credentials entered on sites of this host were stolen and are in leaked records.'),
        next: l10n.t('Check the records for the accounts that signed in there, and reset their passwords.'),
      };
  }
}

/** What a record's status `hide` means, as far as the service says (its interface does not). */
export function hiddenExplained(): string {
  return l10n.t('“Marked hidden”: the service gives every record a status, show or hide, and does not document what hide means. A hidden record is still a leaked record: Leak Search shows and counts it like the others.');
}
