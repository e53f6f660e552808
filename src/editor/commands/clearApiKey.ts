// "Clear API Key": removes the key of the current service origin from SecretStorage, forgets
// what was derived from it (failures, quota), and offers to delete that origin's cached
// results, which hold leaked passwords: the tree, the status bar counts and the diagnostics
// made from them go with them.
import * as vscode from 'vscode';
import type { LeakSearchContext } from '../leakSearchContext';
import { plural } from '../../core/text/plural';

export async function clearApiKey(ctx: LeakSearchContext): Promise<boolean> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return false;
  const origin = endpoint.origin;
  const had = (await ctx.keys.get(origin)) !== undefined;
  await ctx.keys.delete(origin);
  if (had) await ctx.checks.keyChanged(origin);
  ctx.log.info(`API key cleared for ${origin}.`);
  const held = ctx.results.list().filter((e) => e.origin === origin).length;
  const removed = had ? vscode.l10n.t('Leak Search: API key for {0} removed.', origin) : vscode.l10n.t('Leak Search: no API key was stored for {0}.', origin);
  if (held === 0) {
    ctx.notifier.show('info', removed);
    return had;
  }
  ctx.notifier.show('info', `${removed} ${vscode.l10n.t('Delete its {0} too? They hold leaked records and passwords.', plural(held, vscode.l10n.t('cached result'), vscode.l10n.t('cached results')))}`, [
    { label: vscode.l10n.t('Delete Cached Results'), run: () => deleteCachedResults(ctx, origin) },
    { label: vscode.l10n.t('Keep Them'), run: () => undefined },
  ]);
  return had;
}

/** Deletes an origin's results from memory and disk; the tree, status bar and diagnostics follow the model. */
export async function deleteCachedResults(ctx: LeakSearchContext, origin: string): Promise<number> {
  const keys = ctx.results.removeOrigin(origin);
  await ctx.engine.call('clear', { origin });
  ctx.log.info(`Deleted ${plural(keys.length, 'cached result')} of ${origin}.`);
  ctx.notifier.show('info', vscode.l10n.t('Leak Search: {0} of {1} deleted.', plural(keys.length, vscode.l10n.t('cached result'), vscode.l10n.t('cached results')), origin));
  return keys.length;
}
