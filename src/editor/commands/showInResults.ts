// Tree context menu "Show in Results Panel": the node's result, focused on its site or record.
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';
import { openResults } from './openResults';

export function showInResults(ctx: LeakSearchContext, node?: LeakNode): Promise<string | undefined> {
  return openResults(ctx, node);
}
