// "Refresh": fetches again (ignoring the cache) every domain the tree shows.
import type { CheckOutcome } from '../checks/checkRunner';
import type { LeakSearchContext } from '../leakSearchContext';
import { checkAllDomains, configuredDomains } from './checkAllDomains';

export async function refresh(ctx: LeakSearchContext): Promise<CheckOutcome[]> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return [];
  const domains = configuredDomains(ctx);
  for (const d of ctx.results.domains(endpoint.origin)) if (!domains.includes(d)) domains.push(d);
  if (domains.length === 0) return checkAllDomains(ctx, { force: true });
  // Each (domain, type) is refreshed with the date range of its latest result.
  const targets = domains.flatMap((domain) => {
    const known = (['accounts', 'customers'] as const).map((t) => ctx.results.latest(endpoint.origin, domain, t)).filter((e) => e !== undefined);
    if (known.length === 0) return [{ domain }];
    return known.map((e) => ({ domain, type: e.query.type, range: e.query.range ?? null }));
  });
  return ctx.checks.check(targets, { force: true });
}
