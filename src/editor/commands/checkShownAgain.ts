// The "Refresh" command (leakSearch.refresh): checks again, ignoring the cache, every domain
// the tree shows. In code it is "check shown again"; "redraw" and "re-read" are other things.
import type { CheckOutcome } from '../checks/checkTypes';
import type { LeakSearchContext } from '../leakSearchContext';
import { checkAllDomains } from './checkAllDomains';

export async function checkShownAgain(ctx: LeakSearchContext): Promise<CheckOutcome[]> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return [];
  const domains = ctx.domains.known(endpoint.origin);
  if (domains.length === 0) return checkAllDomains(ctx, { force: true });
  // Each (domain, type) is checked again with the date range of its latest result.
  const targets = domains.flatMap((domain) => {
    const known = ctx.results.latestPerType(endpoint.origin, domain);
    if (known.length === 0) return [{ domain }];
    return known.map((e) => ({ domain, type: e.query.type, range: e.query.range ?? null }));
  });
  return ctx.checks.check(targets, { force: true });
}
