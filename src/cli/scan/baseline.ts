// `--baseline FILE`: what a team already knows about, so a scan reports it as suppressed and
// does not fail on it. Either the editor's triage export (format "leak-search-triage": decisions
// by record, matched through the engine as the editor's diagnostics are) or an earlier report
// of ours, JSON or SARIF, whose findings are known by their fingerprints
// (core/export/findingFingerprint.ts), which stay when lines move.
import { FINGERPRINT_KEY } from '../../core/export/sarif';
import { MAX_TRIAGE_FILE_BYTES, TRIAGE_FILE_FORMAT } from '../../core/triage/triage';
import { UsageError } from '../exitCodes';
import { readBoundedText } from './report';

export type Baseline =
  | { readonly kind: 'triage'; readonly text: string }
  | { readonly kind: 'fingerprints'; readonly fingerprints: ReadonlySet<string> };

const FINGERPRINT = /^[0-9a-f]{32}$/;

function add(set: Set<string>, value: unknown): void {
  if (typeof value === 'string' && FINGERPRINT.test(value)) set.add(value);
}

export function readBaseline(file: string): Baseline {
  const text = readBoundedText(file, MAX_TRIAGE_FILE_BYTES, 'The baseline');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`The baseline ${file} is not JSON: give a triage export of the editor or a json or sarif report of leak-search scan.`);
  }
  const v = value as Record<string, unknown> | null;
  if (typeof v === 'object' && v !== null && v.format === TRIAGE_FILE_FORMAT) return { kind: 'triage', text };
  const fingerprints = new Set<string>();
  if (Array.isArray(value)) {
    for (const f of value as unknown[]) if (typeof f === 'object' && f !== null) add(fingerprints, (f as Record<string, unknown>).fingerprint);
    return { kind: 'fingerprints', fingerprints };
  }
  if (typeof v === 'object' && v !== null && Array.isArray(v.runs)) {
    for (const run of v.runs as unknown[]) {
      const results = (run as { results?: unknown } | null)?.results;
      if (!Array.isArray(results)) continue;
      for (const r of results as unknown[]) add(fingerprints, (r as { partialFingerprints?: Record<string, unknown> } | null)?.partialFingerprints?.[FINGERPRINT_KEY]);
    }
    return { kind: 'fingerprints', fingerprints };
  }
  throw new UsageError(`The baseline ${file} is neither a triage export of the editor nor a json or sarif report of leak-search scan.`);
}
