// Whether a newly set API key can be tried at once, and on what: one search of a domain the
// user has (a configured one first, else one checked before), when the quota is not known to
// be spent. Otherwise the key is kept "not verified" and the next check tries it. Pure;
// used by src/editor/commands/setApiKey.ts, unit-tested in test/unit/core/client/keyValidation.test.ts.
import * as l10n from '@vscode/l10n';
import { formatClock } from '../text/format';
import type { FindingsType } from '../service/types';

export interface KeyValidationInput {
  /** Workspace and user domains, in settings order. */
  readonly configured: readonly string[];
  /** Domains with a result or a failure for this origin (checked by hand, say). */
  readonly checked: readonly string[];
  /** `leakSearch.findingsTypes`: the first is tried. */
  readonly types: readonly FindingsType[];
  /** When a spent quota resumes (epoch ms), if it is known to be spent. */
  readonly quotaResumesAt: number | undefined;
  readonly now: number;
}

export type KeyValidationPlan =
  | { readonly kind: 'probe'; readonly domain: string; readonly type: FindingsType }
  | { readonly kind: 'unverified'; readonly reason: string };

export function planKeyValidation(input: KeyValidationInput): KeyValidationPlan {
  if (input.quotaResumesAt !== undefined) {
    return { kind: 'unverified', reason: l10n.t('the request quota is spent until {0}', formatClock(input.quotaResumesAt, input.now)) };
  }
  const domain = input.configured[0] ?? input.checked[0];
  if (domain === undefined) return { kind: 'unverified', reason: l10n.t('there is no domain to try it on yet') };
  return { kind: 'probe', domain, type: input.types[0] ?? 'accounts' };
}
