// The tree's model: which domains (per workspace folder when there are several), their
// findings per type, the sites and records under them. Sites and records come from the data
// engine a page at a time ("Show 200 more…"): no TreeItem is ever built per record of a
// large result. Listens to settings, keys, trust and results; holds no vscode UI objects,
// so it can be asserted on directly.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { normalizeDomain } from '../../core/service/validate';
import type { EngineHost } from '../engine/engineHost';
import type { Settings } from '../settings';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { ResultsModel } from '../model/resultsModel';
import type { ConfiguredDomains } from '../model/configuredDomains';
import type { DomainNode, FindingsNode, FolderNode, LeakNode, MoreNode, RecordNode, SiteNode } from './treeNodes';

/** Sites, or records of a site, listed per page before a "Show 200 more…" node. */
export const PAGE = 200;

export interface TreeState {
  readonly origin: string | undefined;
  readonly hasKey: boolean;
}

export class LeakTreeModel extends Disposable {
  readonly #emitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#emitter.event;
  #state: TreeState = { origin: undefined, hasKey: false };
  #rereading: Promise<void> = Promise.resolve();
  /** Pages shown per paged node (by id); the first page is always shown. */
  readonly #pages = new Map<string, number>();

  constructor(
    private readonly settings: Settings,
    private readonly keys: ApiKeyStore,
    private readonly domains: ConfiguredDomains,
    private readonly results: ResultsModel,
    private readonly origin: () => string | undefined,
    private readonly engine: EngineHost,
  ) {
    super();
    for (const subscription of [
      results.onDidChange(() => {
        this.#setHasResults();
        this.#emitter.fire();
      }),
      keys.onDidChange(() => void this.rereadState()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch')) void this.rereadState();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.rereadState()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.rereadState()),
    ]) this._register(subscription);
  }

  #hasResults: boolean | undefined;

  /** `leakSearch.hasResults`: ticks the walkthrough's "Run a check" whichever way a check was run (or restored from the cache). */
  #setHasResults(): void {
    const has = this.results.list().length > 0;
    if (has === this.#hasResults) return;
    this.#hasResults = has;
    void vscode.commands.executeCommand('setContext', 'leakSearch.hasResults', has);
  }

  get state(): TreeState {
    return this.#state;
  }

  /** Re-reads origin, key presence and domains; sets the welcome-view context keys. */
  rereadState(): Promise<void> {
    // A failed re-read must not stall the ones after it.
    this.#rereading = this.#rereading.catch(() => undefined).then(async () => {
      const origin = this.origin();
      const hasKey = origin !== undefined && (await this.keys.get(origin)) !== undefined;
      this.#state = { origin, hasKey };
      const hasDomains = this.domains.all().length > 0;
      await vscode.commands.executeCommand('setContext', 'leakSearch.hasApiKey', hasKey);
      await vscode.commands.executeCommand('setContext', 'leakSearch.hasDomains', hasDomains);
      this.#emitter.fire();
    });
    return this.#rereading;
  }

  roots(): LeakNode[] {
    const { origin, hasKey } = this.#state;
    if (!origin || !hasKey) return []; // the "no API key yet" welcome view shows instead
    const types = this.settings.findingsTypes();
    const byFolder = this.domains.byFolder();
    const configured = new Set<string>();
    const folderNodes: FolderNode[] = byFolder.map((f) => {
      const scope = f.folder?.uri.toString() ?? '';
      const domains = f.domains.map((raw) => this.#domainNode(origin, raw, types, f.folder, scope));
      for (const d of domains) configured.add(d.domain);
      return { kind: 'folder', id: `f|${scope}`, folder: f.folder, label: f.folder?.name ?? vscode.l10n.t('User settings'), domains };
    });
    const extra = this.domains.known(origin).filter((d) => !configured.has(d));
    const extraNodes = extra.map((d) => this.#domainNode(origin, d, types, undefined, 'checked'));
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    if (!multiRoot) return [...folderNodes.flatMap((f) => f.domains), ...extraNodes];
    const roots: LeakNode[] = folderNodes;
    if (extraNodes.length > 0) roots.push({ kind: 'folder', id: 'f|checked', folder: undefined, label: vscode.l10n.t('Checked by hand'), domains: extraNodes });
    return roots;
  }

  /** The children of a node (sites and records are asked of the engine, a page at a time). */
  async children(node: LeakNode | undefined): Promise<LeakNode[]> {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'folder':
      case 'domain':
        return this.childrenNow(node);
      case 'findings':
        return node.entry ? this.#siteNodes(node.id, node.entry) : [];
      case 'site':
        return this.#recordNodes(node);
      case 'record':
      case 'more':
        return [];
    }
  }

  /** The children known without asking the engine (folders and domains). */
  childrenNow(node: LeakNode | undefined): LeakNode[] {
    if (!node) return this.roots();
    if (node.kind === 'folder') return [...node.domains];
    if (node.kind === 'domain') return node.invalid ? [] : this.#findingsNodes(node);
    return [];
  }

  /** One more page of a paged node ("Show 200 more…"). */
  showMore(node: LeakNode): void {
    if (node.kind !== 'more') return;
    this.#pages.set(node.parentId, (this.#pages.get(node.parentId) ?? 1) + 1);
    this.#emitter.fire();
  }

  #domainNode(origin: string, raw: string, configuredTypes: readonly string[], folder: vscode.WorkspaceFolder | undefined, scope: string): DomainNode {
    let domain = raw;
    let invalid: string | undefined;
    try {
      domain = normalizeDomain(raw);
    } catch (e) {
      invalid = e instanceof Error ? e.message : String(e);
    }
    // Types from settings, plus any type this domain has results or failures for.
    const types = new Set(configuredTypes.filter((t): t is 'accounts' | 'customers' => t === 'accounts' || t === 'customers'));
    for (const t of ['accounts', 'customers'] as const) {
      if (this.results.latest(origin, domain, t) || this.results.failure(origin, domain, t)) types.add(t);
    }
    return {
      kind: 'domain',
      id: `d|${scope}|${domain}`,
      domain,
      origin,
      ...(scope === 'checked' ? { byHand: true } : {}),
      types: (['accounts', 'customers'] as const).filter((t) => types.has(t)),
      folder,
      ...(invalid !== undefined ? { invalid } : {}),
    };
  }

  #findingsNodes(node: DomainNode): FindingsNode[] {
    return node.types.map((type) => ({
      kind: 'findings',
      id: `${node.id}|${type}`,
      domain: node.domain,
      type,
      origin: node.origin,
      entry: this.results.latest(node.origin, node.domain, type),
      failure: this.results.failure(node.origin, node.domain, type),
    }));
  }

  async #siteNodes(parentId: string, entry: NonNullable<FindingsNode['entry']>): Promise<(SiteNode | MoreNode)[]> {
    const shown = PAGE * (this.#pages.get(parentId) ?? 1);
    const page = await this.engine.call('sites', { key: entry.key, offset: 0, limit: shown });
    const out: (SiteNode | MoreNode)[] = page.items.map((s) => ({ kind: 'site', id: `${parentId}|${s.site}`, entry, site: s.site, count: s.count }));
    if (page.total > shown) out.push({ kind: 'more', id: `${parentId}|more`, entry, parentId, site: undefined, hidden: page.total - shown });
    return out;
  }

  async #recordNodes(node: SiteNode): Promise<(RecordNode | MoreNode)[]> {
    const shown = PAGE * (this.#pages.get(node.id) ?? 1);
    const page = await this.engine.call('siteRecords', { key: node.entry.key, site: node.site, offset: 0, limit: shown });
    const out: (RecordNode | MoreNode)[] = page.items.map((record) => ({
      kind: 'record',
      // The record's position in its result: stable while the result is (a new check makes new ids).
      id: `${node.id}|${node.entry.fetchedAt}|${record.row}`,
      entry: node.entry,
      site: node.site,
      record,
    }));
    if (page.total > shown) out.push({ kind: 'more', id: `${node.id}|more`, entry: node.entry, parentId: node.id, site: node.site, hidden: page.total - shown });
    return out;
  }
}
