// Tree context menu "Check Again": a domain (all its types) or one findings type, ignoring
// the cache; a findings type keeps the date range of its last result. Like Refresh, it ends
// with a summary only when there are new records (see #announceNew in ../checks/checkReporter.ts).
import type { CheckOutcome } from '../checks/checkTypes';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';

export async function recheck(ctx: LeakSearchContext, node?: LeakNode): Promise<CheckOutcome[]> {
  if (node?.kind === 'domain') return ctx.checks.check([{ domain: node.domain }], { force: true });
  if (node?.kind === 'findings') {
    const range = node.entry ? node.entry.query.range ?? null : undefined;
    return ctx.checks.check([{ domain: node.domain, type: node.type, ...(range !== undefined ? { range } : {}) }], { force: true });
  }
  return [];
}
