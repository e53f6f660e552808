// "Leak Search: Show Ignored Identifiers": the identifiers ignored in this workspace (masked
// hints, see ignoreStore.ts), picked ones un-ignored; their diagnostics come back at once
// (the controller rescans on the ignore list's change).
import * as vscode from 'vscode';
import { plural } from '../../core/plural';
import type { LeakSearchContext } from '../leakSearchContext';

const KIND_WORDS: Readonly<Record<string, string>> = { email: 'e-mail', username: 'username', url: 'URL', host: 'host', password: 'password' };

export async function manageIgnored(ctx: LeakSearchContext): Promise<number> {
  const store = ctx.diagnostics.ignores;
  const entries = store.entries();
  if (entries.length === 0) {
    ctx.notifier.show('info', 'Leak Search: no identifier is ignored in this workspace.');
    return 0;
  }
  const picks = await vscode.window.showQuickPick(
    entries.map((e) => ({
      label: e.hint ?? 'an identifier',
      description: [e.kind ? KIND_WORDS[e.kind] ?? e.kind : undefined, e.at ? `ignored ${new Date(e.at).toLocaleDateString(vscode.env.language)}` : 'ignored before hints were kept'].filter(Boolean).join(' · '),
      hash: e.hash,
    })),
    { title: 'Leak Search: Ignored Identifiers — pick the ones to mark again', canPickMany: true, placeHolder: `${plural(entries.length, 'ignored identifier')} in this workspace (only masked hints are stored)` },
  );
  if (!picks || picks.length === 0) return 0;
  await store.remove(picks.map((p) => p.hash));
  ctx.notifier.show('info', `Leak Search: ${plural(picks.length, 'identifier')} no longer ignored.`);
  return picks.length;
}
