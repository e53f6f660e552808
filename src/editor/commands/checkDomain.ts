// "Check Domain for Leaks". With an argument (a domain, or { domain, type?, range? }) it
// checks without asking: for keybindings, links and tests.
import type { CheckOutcome } from '../checks/checkTypes';
import type { CheckTarget } from '../../core/service/checkPlan';
import type { LeakSearchContext } from '../leakSearchContext';
import { pickCheckTargets } from './pickDomain';
import type { DateRange, FindingsType } from '../../core/service/types';

export async function checkDomain(ctx: LeakSearchContext, arg?: unknown): Promise<CheckOutcome[]> {
  const given = targetFromArg(arg);
  const targets = given ? [given] : await pickCheckTargets(ctx);
  if (!targets || targets.length === 0) return [];
  return ctx.checks.check(targets, { announce: true });
}

function targetFromArg(arg: unknown): CheckTarget | undefined {
  if (typeof arg === 'string' && arg.trim() !== '') return { domain: arg.trim() };
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { domain?: unknown; type?: unknown; range?: unknown };
  if (typeof o.domain !== 'string') return undefined;
  const type: FindingsType | undefined = o.type === 'accounts' || o.type === 'customers' ? o.type : undefined;
  const r = o.range as Partial<DateRange> | null | undefined;
  const range = r === null ? null : r && typeof r.start === 'string' && typeof r.end === 'string' ? { start: r.start, end: r.end } : undefined;
  return { domain: o.domain, ...(type ? { type } : {}), ...(range !== undefined ? { range } : {}) };
}
