// The short notification a check (Check All, Refresh, Check Again) ends with — only when there
// is something to act on: new records since the last check of the same domain and type (or a
// first result with records). Errors have their own messages with their next step (see
// src/core/formatError.ts), and a check that found nothing new stays quiet. Pure; used by
// src/editor/checks/checkRunner.ts, unit-tested in test/unit/editor-core/checkSummary.test.ts.
import { plural } from './plural';
import type { FindingsType } from './types';

export interface CheckedResult {
  readonly key: string;
  readonly domain: string;
  readonly type: FindingsType;
  readonly count: number;
  /** The count of the previous result of the same domain and type; undefined for a first check. */
  readonly previous: number | undefined;
}

export interface CheckSummary {
  readonly message: string;
  /** The result to open with "Open Results" when there is one; else the pick of all. */
  readonly openKey: string | undefined;
}

/** How many records are new in a result: all of a first one, else the growth of its count. */
export function newRecords(r: CheckedResult): number {
  return r.previous === undefined ? r.count : Math.max(0, r.count - r.previous);
}

export function checkSummary(fetched: readonly CheckedResult[]): CheckSummary | undefined {
  const fresh = fetched.filter((r) => newRecords(r) > 0);
  if (fresh.length === 0) return undefined;
  const parts = fresh.slice(0, 3).map((r) => {
    const n = newRecords(r);
    const what = r.type === 'accounts' ? '' : ` ${r.type}`;
    return r.previous === undefined
      ? `${r.domain}${what}: ${plural(r.count, 'record')}`
      : `${r.domain}${what}: ${plural(r.count, 'record')}, ${n.toLocaleString('en-US')} new`;
  });
  const more = fresh.length > 3 ? ` and ${plural(fresh.length - 3, 'more result')}` : '';
  return { message: `Leak Search: ${parts.join('; ')}${more}.`, openKey: fresh.length === 1 ? fresh[0]?.key : undefined };
}
