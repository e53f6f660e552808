// The tree's model: which domains (per workspace folder when there are several), their
// findings per type, the sites and records under them. Listens to settings, keys, trust and
// results; holds no vscode UI objects, so it can be asserted on directly.
import * as vscode from 'vscode';
import { groupBySite, fieldText } from '../../core/sites';
import type { AnyRecord, SiteGroup } from '../../core/sites';
import { normalizeDomain } from '../../core/validate';
import type { Settings } from '../config/settings';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { ResultsModel } from '../model/resultsModel';
import type { DomainNode, FindingsNode, FolderNode, LeakNode, MoreNode, RecordNode, SiteNode } from './treeNodes';

/** Records listed per site before a "… more" node that opens the results panel. */
export const RECORDS_PER_SITE = 200;

export interface TreeState {
  readonly origin: string | undefined;
  readonly hasKey: boolean;
}

export class LeakTreeModel implements vscode.Disposable {
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#emitter.event;
  readonly #subscriptions: vscode.Disposable[] = [];
  #state: TreeState = { origin: undefined, hasKey: false };
  #refreshing: Promise<void> = Promise.resolve();
  readonly #groups = new WeakMap<object, SiteGroup<AnyRecord>[]>();

  constructor(
    private readonly settings: Settings,
    private readonly keys: ApiKeyStore,
    private readonly results: ResultsModel,
    private readonly origin: () => string | undefined,
  ) {
    this.#subscriptions.push(
      results.onDidChange(() => this.#emitter.fire()),
      keys.onDidChange(() => void this.refreshState()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('leakSearch')) void this.refreshState();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.refreshState()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.refreshState()),
    );
  }

  get state(): TreeState {
    return this.#state;
  }

  /** Re-reads origin, key presence and domains; sets the welcome-view context keys. */
  refreshState(): Promise<void> {
    // A failed refresh must not stall the ones after it.
    this.#refreshing = this.#refreshing.catch(() => undefined).then(async () => {
      const origin = this.origin();
      const hasKey = origin !== undefined && (await this.keys.get(origin)) !== undefined;
      this.#state = { origin, hasKey };
      const hasDomains = this.settings.domainsByFolder().some((f) => f.domains.length > 0);
      await vscode.commands.executeCommand('setContext', 'leakSearch.hasApiKey', hasKey);
      await vscode.commands.executeCommand('setContext', 'leakSearch.hasDomains', hasDomains);
      this.#emitter.fire();
    });
    return this.#refreshing;
  }

  roots(): LeakNode[] {
    const { origin, hasKey } = this.#state;
    if (!origin || !hasKey) return []; // the "no API key yet" welcome view shows instead
    const types = this.settings.findingsTypes();
    const byFolder = this.settings.domainsByFolder();
    const configured = new Set<string>();
    const folderNodes: FolderNode[] = byFolder.map((f) => {
      const scope = f.folder?.uri.toString() ?? '';
      const domains = f.domains.map((raw) => this.#domainNode(origin, raw, types, f.folder, scope));
      for (const d of domains) configured.add(d.domain);
      return { kind: 'folder', id: `f|${scope}`, folder: f.folder, label: f.folder?.name ?? 'User settings', domains };
    });
    const extra = this.results.domains(origin).filter((d) => !configured.has(d));
    const extraNodes = extra.map((d) => this.#domainNode(origin, d, types, undefined, 'checked'));
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    if (!multiRoot) return [...folderNodes.flatMap((f) => f.domains), ...extraNodes];
    const roots: LeakNode[] = folderNodes;
    if (extraNodes.length > 0) roots.push({ kind: 'folder', id: 'f|checked', folder: undefined, label: 'Checked by hand', domains: extraNodes });
    return roots;
  }

  children(node: LeakNode | undefined): LeakNode[] {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'folder':
        return [...node.domains];
      case 'domain':
        return node.invalid ? [] : this.#findingsNodes(node);
      case 'findings':
        return node.entry ? this.#siteNodes(node.id, node.entry) : [];
      case 'site':
        return this.#recordNodes(node);
      case 'record':
      case 'more':
        return [];
    }
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

  #siteNodes(parentId: string, entry: NonNullable<FindingsNode['entry']>): SiteNode[] {
    // Grouping a large result is done once per entry, not on every expand or refresh.
    let groups = this.#groups.get(entry);
    if (!groups) this.#groups.set(entry, (groups = groupBySite<AnyRecord>(entry.result.records)));
    return groups.map((g) => ({
      kind: 'site',
      id: `${parentId}|${g.site}`,
      entry,
      site: g.site,
      records: g.records,
    }));
  }

  #recordNodes(node: SiteNode): (RecordNode | MoreNode)[] {
    const seen = new Map<string, number>();
    const out: (RecordNode | MoreNode)[] = [];
    for (const record of node.records.slice(0, RECORDS_PER_SITE)) {
      const base = `${fieldText(record, 'username') || fieldText(record, 'email')}|${fieldText(record, 'date')}|${fieldText(record, 'url')}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.push({ kind: 'record', id: `${node.id}|${base}|${n}`, entry: node.entry, site: node.site, record });
    }
    if (node.records.length > RECORDS_PER_SITE) {
      out.push({ kind: 'more', id: `${node.id}|more`, entry: node.entry, site: node.site, hidden: node.records.length - RECORDS_PER_SITE });
    }
    return out;
  }

  dispose(): void {
    for (const s of this.#subscriptions) s.dispose();
    this.#emitter.dispose();
  }
}
