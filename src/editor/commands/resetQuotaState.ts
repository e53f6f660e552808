// "Reset Quota State": forgets what Leak Search believes about the request quota of the
// service in use (stored across restarts, and the client's own count), so the next check asks
// the service. The way out when a stored state is wrong; Refresh also sends one request.
import * as vscode from 'vscode';
import type { LeakSearchContext } from '../leakSearchContext';

export async function resetQuotaState(ctx: LeakSearchContext): Promise<void> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return;
  await ctx.checks.resetQuota(endpoint.origin);
  ctx.log.info(`Quota state of ${endpoint.origin} reset by the user.`);
  ctx.notifier.show('info', vscode.l10n.t('Leak Search: the quota state of {0} was reset. The next check asks the service.', endpoint.origin));
}
