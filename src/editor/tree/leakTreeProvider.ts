// Maps the tree model to TreeItems: counts and "as of" times as descriptions, state in
// `contextValue` (menus match it with `when`), stable ids. Never shows a password.
import { MAX_NOTE } from '../../core/triage/triage';
import { triageLabel } from '../../shared/triageLabel';
import { recordCount, recordTotal } from '../../shared/recordCount';
import type { TriageMark, TriageState } from '../../core/triage/triage';
import type { TriageStore } from '../model/triageStore';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { isExpired } from '../../core/cache/legacy/cacheFile';
import { formatRecordDateTime, formatRecordDay, statusWords } from '../../core/results/recordText';
import { formatAge, formatAsOf, formatRange } from '../../core/text/format';
import { plainText } from '../../core/text/plainText';
import { plural } from '../../core/text/plural';
import { NO_SITE } from '../../core/results/sites';
import { PAGE } from './leakTreeModel';
import type { LeakTreeModel } from './leakTreeModel';
import { NodeContext } from './treeNodes';
import type { DomainNode, FindingsNode, LeakNode, RecordNode } from './treeNodes';
import { CommandId } from '../commands/commandIds';

export const TREE_VIEW_ID = 'leakSearch.findings';

export class LeakTreeProvider extends Disposable implements vscode.TreeDataProvider<LeakNode> {
  readonly #emitter = this._register(new vscode.EventEmitter<LeakNode | undefined>());
  readonly onDidChangeTreeData = this.#emitter.event;

  constructor(
    readonly model: LeakTreeModel,
    private readonly ttlMs: () => number,
    private readonly triage: TriageStore,
  ) {
    super();
    this._register(model.onDidChange(() => this.#emitter.fire(undefined)));
    this._register(triage.onDidChange(() => this.#emitter.fire(undefined)));
    // "3 min ago" and "stale" move on with time: re-render once a minute (no I/O).
    const tick = setInterval(() => this.redraw(), 60_000);
    this._register({ dispose: () => clearInterval(tick) });
  }

  /** Re-renders descriptions (ages move on). */
  redraw(): void {
    this.#emitter.fire(undefined);
  }

  getChildren(node?: LeakNode): Promise<LeakNode[]> {
    return this.model.children(node);
  }

  getTreeItem(node: LeakNode): vscode.TreeItem {
    const now = Date.now();
    switch (node.kind) {
      case 'folder': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.folder ? 'root-folder' : 'search');
        item.description = node.domains.length === 0 ? vscode.l10n.t('no domains configured') : node.domains.length === 1 ? vscode.l10n.t('{0} domain', node.domains.length) : vscode.l10n.t('{0} domains', node.domains.length);
        item.contextValue = NodeContext.folder;
        return item;
      }
      case 'domain':
        return this.#domainItem(node, now);
      case 'findings':
        return this.#findingsItem(node, now);
      case 'site': {
        const item = new vscode.TreeItem(plainText(node.site, 200), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.site === NO_SITE ? 'circle-slash' : 'link');
        item.description = plural(node.count, vscode.l10n.t('record'), vscode.l10n.t('records'));
        item.tooltip = `${plainText(node.site, 200)}: ${plural(node.count, vscode.l10n.t('leaked record'), vscode.l10n.t('leaked records'))}`;
        item.contextValue = NodeContext.site;
        return item;
      }
      case 'record':
        return recordItem(node, this.triage.get(node.entry.origin, node.record.triage));
      case 'more': {
        const next = Math.min(PAGE, node.hidden);
        const item = new vscode.TreeItem(vscode.l10n.t('Show {0} more…', next.toLocaleString('en-US')), vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.description = vscode.l10n.t('{0} not shown', node.hidden.toLocaleString('en-US'));
        item.tooltip = node.site === undefined ? vscode.l10n.t('{0} more sites; the results panel shows them all, with filters.', node.hidden.toLocaleString('en-US')) : vscode.l10n.t('{0} more records; the results panel shows them all, with filters.', node.hidden.toLocaleString('en-US'));
        item.contextValue = NodeContext.more;
        item.command = { title: vscode.l10n.t('Show More'), command: CommandId.showMore, arguments: [node] };
        return item;
      }
    }
  }

  #domainItem(node: DomainNode, now: number): vscode.TreeItem {
    const item = new vscode.TreeItem(plainText(node.domain, 200), node.invalid ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    if (node.invalid) {
      item.iconPath = new vscode.ThemeIcon('warning');
      item.description = vscode.l10n.t('not a valid domain');
      item.tooltip = `${plainText(node.domain, 200)}: ${plainText(node.invalid, 300)}\n${vscode.l10n.t('Fix it in the leakSearch.domains setting.')}`;
      item.contextValue = NodeContext.domainInvalid;
      return item;
    }
    const findings = this.model.childrenNow(node).filter((n): n is FindingsNode => n.kind === 'findings');
    const failed = findings.some((f) => f.failure && (!f.entry || f.failure.at > f.entry.fetchedAt));
    const checked = findings.filter((f) => f.entry);
    const total = checked.reduce((sum, f) => sum + (f.entry ? recordTotal(f.entry) : 0), 0);
    const fresh = checked.reduce((sum, f) => sum + (f.entry?.newRecords ?? 0), 0);
    const oldest = Math.min(...checked.map((f) => f.entry?.fetchedAt ?? now));
    item.iconPath = new vscode.ThemeIcon(failed ? 'warning' : total > 0 ? 'shield' : 'globe');
    item.description = checked.length === 0
      ? (failed ? findings.find((f) => f.failure)?.failure?.summary : vscode.l10n.t('not checked yet'))
      : `${plural(total, vscode.l10n.t('record'), vscode.l10n.t('records'))}${fresh > 0 ? ` · ${vscode.l10n.t('{0} new', fresh.toLocaleString('en-US'))}` : ''} · ${formatAge(oldest, now)}${failed ? ` · ${vscode.l10n.t('last check failed')}` : ''}`;
    item.tooltip = `${node.domain}${node.folder ? ` (${node.folder.name})` : ''}\n${findings.map((f) => `${f.type}: ${findingsText(f, now, this.ttlMs())}`).join('\n')}`;
    item.contextValue = node.byHand ? NodeContext.domainByHand : NodeContext.domain;
    return item;
  }

  #findingsItem(node: FindingsNode, now: number): vscode.TreeItem {
    const hasRecords = (node.entry?.records ?? 0) > 0;
    const item = new vscode.TreeItem(node.type, hasRecords ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    const failedLater = node.failure && (!node.entry || node.failure.at > node.entry.fetchedAt);
    item.iconPath = new vscode.ThemeIcon(failedLater ? 'warning' : node.type === 'accounts' ? 'account' : 'organization');
    item.description = findingsText(node, now, this.ttlMs());
    item.tooltip = `${node.domain} · ${node.type}\n${item.description}${node.entry ? `\n${vscode.l10n.t('Date range: {0}', formatRange(node.entry.query.range))}` : ''}`;
    item.contextValue = node.entry ? NodeContext.findingsWithResults : NodeContext.findings;
    return item;
  }
}

/** "141 records · as of 14:05 (3 h ago)", "not checked yet", "⚠ quota spent, resumes 14:05 · …". */
export function findingsText(node: FindingsNode, now: number, ttlMs: number): string {
  const { entry, failure } = node;
  const failedLater = failure && (!entry || failure.at > entry.fetchedAt);
  if (!entry) return failure ? failure.summary : vscode.l10n.t('not checked yet');
  const count = recordCount(entry.count, entry.records, (n) => plural(n, vscode.l10n.t('record'), vscode.l10n.t('records')));
  const range = entry.query.range ? ` · ${formatRange(entry.query.range)}` : '';
  const stale = isExpired(entry, ttlMs, now) ? ` · ${vscode.l10n.t('stale')}` : '';
  const fresh = entry.newRecords ? ` · ${vscode.l10n.t('{0} new', entry.newRecords.toLocaleString('en-US'))}` : '';
  const text = `${count}${fresh}${range} · ${formatAsOf(entry.fetchedAt, now)}${stale}`;
  return failedLater ? `${failure.summary} · ${vscode.l10n.t('last result: {0}', text)}` : text;
}

/** A leaked record: username, date, country, browser, status. The password never appears. */
const TRIAGE_ICONS: Readonly<Record<TriageState, string>> = { acknowledged: 'eye', remediated: 'pass', 'false-positive': 'circle-slash' };

function recordItem(node: RecordNode, mark: TriageMark | undefined): vscode.TreeItem {
  const r = node.record;
  // Record text is outside text: one line, no controls or bidi overrides, bounded.
  const field = (value: string): string => plainText(value, 300);
  const username = field(r.username) || vscode.l10n.t('(no username)');
  const date = field(r.date);
  const status = statusWords(field(r.status));
  const parts = [mark ? triageLabel(mark.state) : '', formatRecordDay(date, vscode.env.language), field(r.country), field(r.browser), status.short].filter((s) => s !== '');
  const item = new vscode.TreeItem(username, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon(mark ? TRIAGE_ICONS[mark.state] : r.status === 'hide' ? 'eye-closed' : 'key');
  item.description = parts.join(' · ');
  const url = field(r.url);
  item.tooltip = [
    vscode.l10n.t('Username: {0}', username),
    url ? vscode.l10n.t('URL: {0}', url) : '',
    date ? vscode.l10n.t('Date: {0}', formatRecordDateTime(date, vscode.env.language)) : '',
    r.country ? vscode.l10n.t('Country: {0}', field(r.country)) : '',
    r.ip ? vscode.l10n.t('IP: {0}', field(r.ip)) : '',
    r.browser ? vscode.l10n.t('Browser: {0}', field(r.browser)) : '',
    status.long ? vscode.l10n.t('Status: {0}', status.long) : '',
    r.hasPassword ? vscode.l10n.t('Password: hidden (open the results panel to reveal it)') : '',
    mark ? `${vscode.l10n.t('Triage: {0} on {1}', triageLabel(mark.state), new Date(mark.at).toLocaleDateString())}${mark.note ? ` — ${plainText(mark.note, MAX_NOTE)}` : ''}` : '',
  ].filter((s) => s !== '').join('\n');
  item.contextValue = NodeContext.record;
  return item;
}
