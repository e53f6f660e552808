// "Open Results": the results panel for a result key (or a tree node); without one, a pick
// of the known results (none when there is only one: it opens at once).
import * as vscode from 'vscode';
import { formatAge, formatCount, formatRange } from '../../core/text/format';
import { recordCount } from '../../shared/recordCount';
import type { LeakSearchContext } from '../leakSearchContext';
import type { LeakNode } from '../tree/treeNodes';
import { CommandId } from './commandIds';

export async function openResults(ctx: LeakSearchContext, arg?: unknown): Promise<string | undefined> {
  let key = typeof arg === 'string' ? arg : undefined;
  let identifier: string | undefined;
  if (isNode(arg)) ({ key, identifier } = keyOfNode(ctx, arg));
  if (!key) {
    const now = Date.now();
    const entries = [...ctx.results.list()].sort((a, b) => b.fetchedAt - a.fetchedAt);
    if (entries.length === 0) {
      ctx.notifier.show('info', vscode.l10n.t('Leak Search: no results yet. Check a domain first.'), [
        { label: vscode.l10n.t('Check Domain'), run: () => vscode.commands.executeCommand(CommandId.checkDomain) },
      ]);
      return undefined;
    }
    const only = entries.length === 1 ? entries[0] : undefined;
    const pick = only ? { key: only.key } : await vscode.window.showQuickPick(entries.map((e) => ({
      label: `${e.query.domain} · ${e.query.type}`,
      description: `${recordCount(e.count, e.records, (n) => formatCount(n))} · ${formatRange(e.query.range)} · ${formatAge(e.fetchedAt, now)}`,
      key: e.key,
    })), { title: vscode.l10n.t('Leak Search: Open Results') });
    key = pick?.key;
  }
  if (!key) return undefined;
  ctx.panel.show(key, identifier ? { identifier } : undefined);
  return key;
}

function isNode(v: unknown): v is LeakNode {
  return typeof v === 'object' && v !== null && 'kind' in v && 'id' in v;
}

function keyOfNode(ctx: LeakSearchContext, node: LeakNode): { key?: string; identifier?: string } {
  switch (node.kind) {
    case 'findings':
      return node.entry ? { key: node.entry.key } : {};
    case 'site':
    case 'more':
      return { key: node.entry.key, identifier: node.site };
    case 'record':
      return { key: node.entry.key, identifier: node.record.username || node.record.url };
    case 'domain': {
      const [e] = ctx.results.latestPerType(node.origin, node.domain);
      return e ? { key: e.key } : {};
    }
    case 'folder':
      return {};
  }
}
