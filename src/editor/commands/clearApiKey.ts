// "Clear API Key": removes the key of the current service origin from SecretStorage, forgets
// what was derived from it (failures, quota), and offers to delete that origin's cached
// results, which hold leaked passwords: the tree, the status bar counts and the diagnostics
// made from them go with them.
import type { LeakSearchContext } from '../leakSearchContext';
import { plural } from '../../core/plural';

export async function clearApiKey(ctx: LeakSearchContext): Promise<boolean> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return false;
  const origin = endpoint.origin;
  const had = (await ctx.keys.get(origin)) !== undefined;
  await ctx.keys.delete(origin);
  if (had) await ctx.checks.keyChanged(origin);
  ctx.log.info(`API key cleared for ${origin}.`);
  const held = ctx.results.list().filter((e) => e.origin === origin).length;
  const removed = had ? `Leak Search: API key for ${origin} removed.` : `Leak Search: no API key was stored for ${origin}.`;
  if (held === 0) {
    ctx.notifier.show('info', removed);
    return had;
  }
  ctx.notifier.show('info', `${removed} Delete its ${plural(held, 'cached result')} too? They hold leaked records and passwords.`, [
    { label: 'Delete Cached Results', run: () => deleteCachedResults(ctx, origin) },
    { label: 'Keep Them', run: () => undefined },
  ]);
  return had;
}

/** Deletes an origin's results from memory and disk; the tree, status bar and diagnostics follow the model. */
export async function deleteCachedResults(ctx: LeakSearchContext, origin: string): Promise<number> {
  const keys = ctx.results.removeOrigin(origin);
  await ctx.engine.call('clear', { origin });
  ctx.log.info(`Deleted ${plural(keys.length, 'cached result')} of ${origin}.`);
  ctx.notifier.show('info', `Leak Search: ${plural(keys.length, 'cached result')} of ${origin} deleted.`);
  return keys.length;
}
