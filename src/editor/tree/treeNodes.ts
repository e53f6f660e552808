// The tree's data: plain node objects with stable ids (so expansion survives a refresh).
// Built by LeakTreeModel, mapped to TreeItems by LeakTreeProvider.
import type * as vscode from 'vscode';
import type { TreeRecord } from '../../engine/workerProtocol';
import type { FindingsType, ResultsEntry } from '../../core/service/types';
import type { CheckFailure } from '../model/resultsModel';

export interface FolderNode {
  readonly kind: 'folder';
  readonly id: string;
  /** Undefined for the group of domains checked by hand (not in any folder's settings). */
  readonly folder: vscode.WorkspaceFolder | undefined;
  readonly label: string;
  readonly domains: readonly DomainNode[];
}

export interface DomainNode {
  readonly kind: 'domain';
  readonly id: string;
  /** Normalised when valid, else as written. */
  readonly domain: string;
  /** Why the configured value is not a valid domain (shown, never dropped). */
  readonly invalid?: string;
  readonly origin: string;
  readonly types: readonly FindingsType[];
  readonly folder: vscode.WorkspaceFolder | undefined;
  /** Checked by hand (in no `leakSearch.domains`): it can be removed from the tree. */
  readonly byHand?: boolean;
}

export interface FindingsNode {
  readonly kind: 'findings';
  readonly id: string;
  readonly domain: string;
  readonly type: FindingsType;
  readonly origin: string;
  readonly entry: ResultsEntry | undefined;
  readonly failure: CheckFailure | undefined;
}

export interface SiteNode {
  readonly kind: 'site';
  readonly id: string;
  readonly entry: ResultsEntry;
  readonly site: string;
  /** Records of this site in the result. */
  readonly count: number;
}

/** A leaked record as the tree shows it (from the data engine: never its password). */
export interface RecordNode {
  readonly kind: 'record';
  readonly id: string;
  readonly entry: ResultsEntry;
  readonly site: string;
  readonly record: TreeRecord;
}

/** "Show 200 more…": the next page of a findings type's sites, or of a site's records. */
export interface MoreNode {
  readonly kind: 'more';
  readonly id: string;
  readonly entry: ResultsEntry;
  /** The id of the node whose children it pages. */
  readonly parentId: string;
  /** Undefined when it pages sites; the site when it pages records. */
  readonly site: string | undefined;
  /** Not shown yet. */
  readonly hidden: number;
}

export type LeakNode = FolderNode | DomainNode | FindingsNode | SiteNode | RecordNode | MoreNode;

/** `contextValue`s matched by `when` clauses in package.json menus. */
export const NodeContext = {
  folder: 'leakSearch.folder',
  domain: 'leakSearch.domain',
  domainByHand: 'leakSearch.domain.byHand',
  domainInvalid: 'leakSearch.domain.invalid',
  findings: 'leakSearch.findings',
  findingsWithResults: 'leakSearch.findings.results',
  site: 'leakSearch.site',
  record: 'leakSearch.record',
  more: 'leakSearch.more',
} as const;
