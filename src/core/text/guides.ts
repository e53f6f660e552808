// Remediation guides: which short guide (shipped in media/guides/) fits a finding. An
// employee account with a password, a customer's credentials and an infected machine call
// for different steps; the selection is here, the texts are Markdown files we wrote. No
// `vscode`.
import * as l10n from '@vscode/l10n';
import type { FindingsType } from '../service/types';

export type GuideKind = 'employee-account' | 'customer-credentials' | 'infected-machine';

export const GUIDE_KINDS: readonly GuideKind[] = ['employee-account', 'customer-credentials', 'infected-machine'];

/** The finding a guide is about, in the user's language (the guides' own text is English). */
export function guideFinding(kind: GuideKind): string {
  switch (kind) {
    case 'employee-account': return l10n.t('an employee account with a leaked password');
    case 'customer-credentials': return l10n.t("a customer's leaked credentials");
    case 'infected-machine': return l10n.t('an infected machine');
  }
}

/** A guide's title, in the user's language. */
export function guideTitle(kind: GuideKind): string {
  return l10n.t('Remediation guide: {0}', guideFinding(kind));
}

/** The guide file, relative to the extension's root. */
export function guidePath(kind: GuideKind): string {
  return `media/guides/${kind}.md`;
}

export function isGuideKind(value: unknown): value is GuideKind {
  return typeof value === 'string' && (GUIDE_KINDS as readonly string[]).includes(value);
}

/** Records of one machine from which a leak is treated as an infected machine first. */
export const MACHINE_RECORDS = 3;

/** What is known of a finding when its guide is chosen. */
export interface Finding {
  /** The findings type of its result (employees' accounts or customers'). */
  readonly type: FindingsType;
  /** Records the same machine leaked (same IP, browser, country and day), when known. */
  readonly machineRecords?: number;
  /** The finding is an infected-machine group of the results panel. */
  readonly machineGroup?: boolean;
}

/**
 * The guide of a finding: a machine group, or any record whose machine leaked several
 * records, is about the device first (credentials stolen by malware come back until it is
 * cleaned); otherwise an employee account or a customer's credentials, by findings type.
 */
export function guideFor(finding: Finding): GuideKind {
  if (finding.machineGroup || (finding.machineRecords ?? 0) >= MACHINE_RECORDS) return 'infected-machine';
  return finding.type === 'customers' ? 'customer-credentials' : 'employee-account';
}
