// Tree context menu "Remove from List": a domain checked by hand (in no `leakSearch.domains`)
// leaves the tree; its results are deleted from memory and the encrypted cache, so they no
// longer count in the status bar nor mark files.
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';

export async function removeDomain(ctx: LeakSearchContext, node?: LeakNode): Promise<boolean> {
  if (node?.kind !== 'domain' || !node.byHand) return false;
  const keys = ctx.results.removeDomain(node.origin, node.domain);
  if (keys.length > 0) await ctx.engine.call('remove', { keys });
  ctx.log.info(`Removed ${node.domain} (checked by hand) and its ${keys.length} result(s).`);
  return true;
}
