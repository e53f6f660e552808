// The editor's one source of the domain list (rules in src/core/domains/domainList.ts): each
// folder's configured domains in canonical form, all of them at once, and every domain known
// for a service origin. The tree, the domain picker, Check All, Refresh, the schedule, the
// leak index and the key check all read it here, and nowhere else.
import type * as vscode from 'vscode';
import { configuredDomains, knownDomains } from '../../core/domains/domainList';
import type { Settings } from '../settings';
import type { ResultsModel } from './resultsModel';

export interface FolderDomains {
  /** Undefined for domains from user settings when no folder is open. */
  readonly folder: vscode.WorkspaceFolder | undefined;
  /** Canonical, each once; an invalid entry as written (its check says why). */
  readonly domains: readonly string[];
}

export class ConfiguredDomains {
  constructor(
    private readonly settings: Pick<Settings, 'domainsByFolder'>,
    private readonly results: Pick<ResultsModel, 'domains'>,
  ) {}

  /** Each workspace folder's domains (or the user's when no folder is open). */
  byFolder(): FolderDomains[] {
    return this.settings.domainsByFolder().map((f) => ({ folder: f.folder, domains: configuredDomains([f.domains]) }));
  }

  /** Every configured domain, each once, in folder order. */
  all(): string[] {
    return configuredDomains(this.settings.domainsByFolder().map((f) => f.domains));
  }

  /** The configured domains, then those checked by hand for this origin. */
  known(origin: string): string[] {
    return knownDomains(this.all(), this.results.domains(origin));
  }
}
