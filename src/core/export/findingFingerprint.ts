// A finding's fingerprint for SARIF `partialFingerprints` and for baselines: it names the rule,
// the normalised identifier (for a password, the account it leaked for: never the password),
// the file and which occurrence of that identifier in the file it is, and not the line, so
// it stays when lines are added above the finding. A hash, so the report's fingerprints do
// not spell the identifiers again. No `vscode`.
import { createHash } from 'node:crypto';

export interface FingerprintInput {
  readonly rule: string;
  readonly identifier: string;
  /** The file, relative to the scanned root with `/` separators. */
  readonly path: string;
}

/** The fingerprint of each finding of one file, in order (the nth occurrence of a rule and identifier gets n). */
export function findingFingerprints(findings: readonly FingerprintInput[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const key = `${f.rule}\u001f${f.identifier}\u001f${f.path}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return createHash('sha256').update(`leak-search/finding/v1\u001f${key}\u001f${n}`).digest('hex').slice(0, 32);
  });
}
