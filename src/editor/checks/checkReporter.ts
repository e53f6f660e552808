// Reporting a check: one message per distinct problem, each with its next step as a button,
// and a redacted line in the log; when done, what was found (asked for) or only what is new
// (a check nobody asked to hear from), and silence when nothing changed.
import * as vscode from 'vscode';
import type { LeakSearchError } from '../../core/service/errors';
import { describeError } from './formatError';
import type { ErrorAction } from './formatError';
import { formatAge, formatNewSince, formatRange } from '../../core/text/format';
import { plural } from '../../core/text/plural';
import { recordCount } from '../../shared/recordCount';
import type { ResultsEntry } from '../../core/service/types';
import type { Settings } from '../settings';
import type { ResultsModel } from '../model/resultsModel';
import type { Notifier, NotifierAction } from '../notifier';
import type { Logger } from '../logger';
import { CommandId } from '../commands/commandIds';
import type { CheckOptions, CheckOutcome } from './checkTypes';

export interface CheckReporterDeps {
  readonly settings: Settings;
  /** The results held: a 403 names the domains this key answered for. */
  readonly model: Pick<ResultsModel, 'latestOf'>;
  readonly notifier: Notifier;
  readonly log: Logger;
}

/** The button for an error's next step (retry, show the log, check when the quota resets). */
export type ActionFor = (action: ErrorAction, retryAt?: number, setting?: string) => NotifierAction;

export class CheckReporter {
  constructor(private readonly deps: CheckReporterDeps) {}

  /** Logs an error and shows it with its next steps (a cancellation only in the log). */
  error(error: LeakSearchError, where: { origin: string; domain?: string }, actionFor: ActionFor): void {
    const view = describeError(error, {
      origin: where.origin,
      now: Date.now(),
      timeoutSeconds: Math.round(this.deps.settings.requestTimeoutMs() / 1000),
      ...(where.domain ? { domain: where.domain } : {}),
      ...(error.kind === 'forbidden' ? { coveredDomains: [...new Set(this.deps.model.latestOf(where.origin).map((e) => e.query.domain))] } : {}),
    });
    const line = `${view.message} [${error.kind}${error.details.status ? ` ${error.details.status}` : ''}] ${error.message}`;
    if (view.severity === 'info') this.deps.log.info(line);
    else if (view.severity === 'warning') this.deps.log.warn(line);
    else this.deps.log.error(line);
    if (error.kind === 'cancelled') return;
    this.deps.notifier.show(view.severity, view.message, view.actions.map((a) => actionFor(a, error.details.retryAt, view.setting)));
  }

  /** After a run: its failures, one message per distinct problem; then what was found or what is new. */
  done(origin: string, results: readonly CheckOutcome[], options: CheckOptions, actionFor: ActionFor): void {
    const seen = new Set<string>();
    for (const r of results) {
      if (r.status !== 'failed' || !r.error) continue;
      const id = r.error.kind === 'rate-limited' ? 'rate-limited' : `${r.error.kind}|${r.error.details.forbiddenReason ?? ''}|${r.error.details.status ?? ''}`;
      if (seen.has(id)) continue;
      seen.add(id);
      this.error(r.error, { origin, domain: r.domain }, actionFor);
    }
    if (results.length > 0 && results.every((r) => r.status === 'cancelled')) {
      this.deps.notifier.show('info', vscode.l10n.t('Leak Search: check cancelled.'));
      return;
    }
    if (options.quiet) return;
    if (options.announce) this.#found(results);
    else this.#announceNew(results);
  }

  /** What a check someone asked for found, new or not. */
  #found(results: readonly CheckOutcome[]): void {
    const done = results.filter((r) => r.entry);
    if (done.length === 0) return;
    const parts = done.map((r) => {
      const e = r.entry as ResultsEntry;
      const from = r.status === 'cached' ? ` (${vscode.l10n.t('cached {0}', formatAge(e.fetchedAt, Date.now()))})` : '';
      return `${e.query.domain} ${e.query.type}: ${recordCount(e.count, e.records, (n) => plural(n, vscode.l10n.t('leaked record'), vscode.l10n.t('leaked records')))}${from}`;
    });
    const first = done[0]?.entry;
    const fresh = done.map((r) => (r.status === 'fetched' ? formatNewSince(r.entry as ResultsEntry, Date.now()) : '')).find((t) => t !== '');
    this.deps.notifier.show('info', vscode.l10n.t('Leak Search: {0} ({1}){2}.', parts.join('; '), formatRange(first?.query.range), fresh ? `, ${fresh}` : ''), first
      ? [{ label: vscode.l10n.t('Open Results'), run: () => vscode.commands.executeCommand(CommandId.openResults, first.key) }]
      : []);
  }

  /**
   * After a check nobody asked to hear from (Check All, Refresh, a re-check): one line when an
   * answer holds records the one before it had not, and silence when nothing changed.
   */
  #announceNew(results: readonly CheckOutcome[]): void {
    const fresh = results.flatMap((r) => (r.status === 'fetched' && r.entry?.newRecords ? [r.entry] : []));
    const first = fresh[0];
    if (!first) return;
    const total = fresh.reduce((sum, e) => sum + (e.newRecords ?? 0), 0);
    const where = fresh.length === 1
      ? vscode.l10n.t('{0} ({1}) since {2}', first.query.domain, first.query.type, formatAge(first.newSince ?? first.fetchedAt, Date.now()))
      : fresh.map((e) => `${e.query.domain} ${e.query.type} ${(e.newRecords ?? 0).toLocaleString('en-US')}`).join(', ');
    this.deps.notifier.show('info', vscode.l10n.t('Leak Search: {0} for {1}.', plural(total, vscode.l10n.t('new leaked record'), vscode.l10n.t('new leaked records')), where), [
      { label: vscode.l10n.t('Open Results'), run: () => vscode.commands.executeCommand(CommandId.openResults, first.key) },
    ]);
  }
}
