// "Set API Key": a password input box; the key goes to SecretStorage only, under the
// service origin from user settings. An argument sets it without asking (tests, scripts).
import * as vscode from 'vscode';
import { checkApiKey } from '../../core/validate';
import type { LeakSearchContext } from '../leakSearchContext';

export async function setApiKey(ctx: LeakSearchContext, arg?: unknown): Promise<boolean> {
  const endpoint = ctx.checks.endpointOrReport();
  if (!endpoint) return false;
  let key: string | undefined;
  if (typeof arg === 'string') {
    const problem = checkApiKey(arg.trim());
    if (problem) {
      ctx.notifier.show('error', `Leak Search: ${problem}`);
      return false;
    }
    key = arg.trim();
  } else {
    key = await vscode.window.showInputBox({
      title: `Leak Search: API key for ${endpoint.origin}`,
      prompt: 'Generated in your account dashboard. Stored only in VS Code’s secret storage, never in settings.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => checkApiKey(value.trim()),
    });
    if (key === undefined) return false;
    key = key.trim();
  }
  await ctx.keys.set(endpoint.origin, key);
  ctx.log.info(`API key stored for ${endpoint.origin}.`);
  ctx.notifier.show('info', `Leak Search: API key saved for ${endpoint.origin}.`);
  return true;
}
