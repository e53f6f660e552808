// "Leak Search: Show Ignored Identifiers": the identifiers ignored in this workspace (masked
// hints, see ignoreStore.ts), picked ones un-ignored; their diagnostics come back at once
// (the controller rescans on the ignore list's change).
import * as vscode from 'vscode';
import { plural } from '../../core/text/plural';
import type { LeakSearchContext } from '../leakSearchContext';

const KIND_WORDS = (): Readonly<Record<string, string>> => ({ email: vscode.l10n.t('e-mail'), username: vscode.l10n.t('username'), url: vscode.l10n.t('URL'), host: vscode.l10n.t('host'), password: vscode.l10n.t('password') });

export async function manageIgnored(ctx: LeakSearchContext): Promise<number> {
  const store = ctx.diagnostics.ignores;
  const entries = store.entries();
  if (entries.length === 0) {
    ctx.notifier.show('info', vscode.l10n.t('Leak Search: no identifier is ignored in this workspace.'));
    return 0;
  }
  const picks = await vscode.window.showQuickPick(
    entries.map((e) => ({
      label: e.hint ?? vscode.l10n.t('an identifier'),
      description: [e.kind ? KIND_WORDS()[e.kind] ?? e.kind : undefined, e.at ? vscode.l10n.t('ignored {0}', new Date(e.at).toLocaleDateString(vscode.env.language)) : vscode.l10n.t('ignored before hints were kept')].filter(Boolean).join(' · '),
      hash: e.hash,
    })),
    { title: vscode.l10n.t('Leak Search: Ignored Identifiers — pick the ones to mark again'), canPickMany: true, placeHolder: vscode.l10n.t('{0} in this workspace (only masked hints are stored)', plural(entries.length, vscode.l10n.t('ignored identifier'), vscode.l10n.t('ignored identifiers'))) },
  );
  if (!picks || picks.length === 0) return 0;
  await store.remove(picks.map((p) => p.hash));
  ctx.notifier.show('info', vscode.l10n.t('Leak Search: {0} no longer ignored.', plural(picks.length, vscode.l10n.t('identifier'), vscode.l10n.t('identifiers'))));
  return picks.length;
}
