// "Set API Key": a password input box; the key goes to SecretStorage only, under the
// service origin from user settings. Every state derived from the previous key is forgotten
// (CheckRunner.keyChanged), and a key typed in is tried at once with one search when the
// quota allows (src/core/client/keyValidation.ts), which the input box says before it is
// spent; else it is said to be not verified yet. The same key again spends nothing. An
// argument sets it without asking and without a request (tests, scripts).
import * as vscode from 'vscode';
import { quotaResumesAt } from '../../core/text/format';
import { planKeyValidation } from '../../core/client/keyValidation';
import { checkApiKey } from '../../core/service/validate';
import type { LeakSearchContext } from '../leakSearchContext';
import { CommandId } from './commandIds';

export async function setApiKey(ctx: LeakSearchContext, arg?: unknown): Promise<boolean> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return false;
  // Read before the key change forgets it: a quota known to be spent is not spent again on a probe.
  const resumes = quotaResumesAt(ctx.quota.get(endpoint.origin), Date.now());
  const plan = planKeyValidation({
    configured: ctx.domains.all(),
    checked: ctx.results.domains(endpoint.origin),
    types: ctx.settings.findingsTypes(),
    quotaResumesAt: resumes,
    now: Date.now(),
  });
  let key: string | undefined;
  if (typeof arg === 'string') {
    const problem = checkApiKey(arg.trim());
    if (problem) {
      ctx.notifier.show('error', vscode.l10n.t('Leak Search: {0}', problem));
      return false;
    }
    key = arg.trim();
  } else {
    key = await vscode.window.showInputBox({
      title: vscode.l10n.t('Leak Search: API key for {0}', endpoint.origin),
      // What entering the key costs, said before it is spent.
      prompt: `${vscode.l10n.t('From your LeakJar account dashboard. Stored only in VS Code’s secret storage, never in settings.')} ${plan.kind === 'probe'
        ? vscode.l10n.t('It is checked at once with one search of {0} (one request of your quota).', plan.domain)
        : vscode.l10n.t('It is checked on your first check ({0}).', plan.reason)}`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => checkApiKey(value.trim()),
    });
    if (key === undefined) return false;
    key = key.trim();
  }
  const previous = await ctx.keys.get(endpoint.origin);
  await ctx.keys.set(endpoint.origin, key);
  // The same key again changes nothing; another one makes every state of the previous one stale.
  if (previous !== key) await ctx.checks.keyChanged(endpoint.origin);
  ctx.log.info(`API key stored for ${endpoint.origin}.`);
  if (typeof arg === 'string') {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: API key saved for {0}.', endpoint.origin));
    return true;
  }
  if (previous === key) {
    // Nothing changed: no request spent on a key already in use.
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: that is the API key already saved for {0}; nothing changed.', endpoint.origin));
    return true;
  }
  if (plan.kind === 'unverified') {
    ctx.log.info(`The new key for ${endpoint.origin} is not verified: ${plan.reason}.`);
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: API key saved for {0}, not verified yet ({1}). Your next check tries it.', endpoint.origin, plan.reason));
    return true;
  }
  // One search; a rejected key is reported by the check itself ("API key rejected", Set API Key).
  const [outcome] = await ctx.checks.check([{ domain: plan.domain, type: plan.type }], { force: true, quiet: true });
  if (outcome?.status === 'fetched' && outcome.entry) {
    const entry = outcome.entry;
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: API key saved for {0} and verified ({1} checked).', endpoint.origin, plan.domain), [
      { label: vscode.l10n.t('Open Results'), run: () => vscode.commands.executeCommand(CommandId.openResults, entry.key) },
    ]);
  } else if (outcome?.error?.kind === 'forbidden' && outcome.error.details.forbiddenReason === 'subscription') {
    // A 403 for the domain is an answer to this key: the service knows it.
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: API key saved for {0}. The service accepted it, but {1} is not in its subscription.', endpoint.origin, plan.domain));
  } else if (outcome?.error?.kind !== 'unauthorized') {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: API key saved for {0}, not verified yet (the trial check of {1} failed). Your next check tries it.', endpoint.origin, plan.domain));
  }
  return true;
}
