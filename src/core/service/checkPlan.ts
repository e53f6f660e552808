// Planning a check: what the user asked for (domains, maybe a type and a date range) → the
// validated searches to send, each once, before any request; an input that is not valid is
// returned with its error, so it is reported and nothing else is lost. Pure: no vscode.
import { toLeakSearchError } from './errors';
import type { LeakSearchError } from './errors';
import { resolveDateRange } from './dateRange';
import type { DateRangeSetting } from './dateRange';
import type { DateRange, FindingsType, SearchQuery } from './types';
import { resultsKey } from './types';
import { normalizeDateRange, normalizeDomain } from './validate';

/** What to check. Omitted type/range come from the settings; `range: null` means all dates. */
export interface CheckTarget {
  readonly domain: string;
  readonly type?: FindingsType;
  readonly range?: DateRange | null;
}

/** The settings a plan falls back on. */
export interface PlanDefaults {
  readonly findingsTypes: readonly FindingsType[];
  readonly dateRange: DateRangeSetting;
  readonly now: number;
}

export interface CheckPlan {
  /** The searches to send, in order, without repeats. */
  readonly queries: readonly SearchQuery[];
  /** Targets that are not valid, with why. */
  readonly invalid: readonly { readonly target: CheckTarget; readonly error: LeakSearchError }[];
}

export function planChecks(targets: readonly CheckTarget[], defaults: PlanDefaults): CheckPlan {
  const queries: SearchQuery[] = [];
  const seen = new Set<string>();
  const invalid: { target: CheckTarget; error: LeakSearchError }[] = [];
  for (const target of targets) {
    try {
      const domain = normalizeDomain(target.domain);
      const raw = target.range === null ? undefined : (target.range ?? resolveDateRange(defaults.dateRange, defaults.now));
      const range = raw ? normalizeDateRange(raw.start, raw.end) : undefined;
      for (const type of target.type ? [target.type] : defaults.findingsTypes) {
        const query: SearchQuery = { domain, type, ...(range ? { range } : {}) };
        const key = resultsKey('', query);
        if (seen.has(key)) continue;
        seen.add(key);
        queries.push(query);
      }
    } catch (e) {
      invalid.push({ target, error: toLeakSearchError(e) });
    }
  }
  return { queries, invalid };
}
