// "Clear API Key": removes the key of the current service origin from SecretStorage.
import type { LeakSearchContext } from '../leakSearchContext';

export async function clearApiKey(ctx: LeakSearchContext): Promise<boolean> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return false;
  const had = (await ctx.keys.get(endpoint.origin)) !== undefined;
  await ctx.keys.delete(endpoint.origin);
  ctx.log.info(`API key cleared for ${endpoint.origin}.`);
  ctx.notifier.show('info', had ? `Leak Search: API key for ${endpoint.origin} removed.` : `Leak Search: no API key was stored for ${endpoint.origin}.`);
  return had;
}
