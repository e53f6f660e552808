// Scheduled checks (opt-in: leakSearch.schedule.enabled is off by default, so nothing goes to
// the network without a user action until the user turns it on). Once a minute the window
// holding the lease (a file in global storage, core/schedule/schedule.ts) looks whether a run is due;
// a run re-checks the next domains round-robin, as many as the quota share allows, quietly
// (status bar progress; a notification only for new records or errors). In Restricted Mode
// only domains from user settings and domains checked by hand are scheduled.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { afterRun, allowance, claimLease, isDue, latestState, parseLease, parseScheduleState, pickTargets } from '../../core/schedule/schedule';
import type { ScheduleSettings, ScheduleState } from '../../core/schedule/schedule';
import type { FindingsType } from '../../core/service/types';
import type { CheckRunner } from './checkRunner';
import type { Settings } from '../settings';
import type { Logger } from '../logger';
import type { QuotaStore } from '../model/quotaStore';
import type { ConfiguredDomains } from '../model/configuredDomains';

const STATE_KEY = 'leakSearch.schedule';
const TICK_MS = 60_000;

export type RunReport =
  | { readonly ran: false; readonly why: 'off' | 'another window' | 'not due' | 'no service' | 'nothing to check' }
  | { readonly ran: true; readonly allowed: number; readonly targets: number; readonly sent: number };

export interface SchedulerDeps {
  readonly settings: Settings;
  readonly domains: ConfiguredDomains;
  readonly quota: QuotaStore;
  readonly checks: CheckRunner;
  readonly memento: vscode.Memento;
  readonly storageDir: string;
  readonly log: Logger;
}

export class Scheduler extends Disposable {
  /** This window's name in the lease. */
  readonly id = randomUUID();
  readonly leaseFile: string;
  #started = false;
  #running: Promise<RunReport> | undefined;
  /**
   * What this window wrote last. Global state is shared with the other windows, and a change
   * echoed from one of them (another key of the same extension: quota, results) can put back
   * an older value for a moment: a run that did not see its own state would run again at
   * once, on the full share of the quota (an integration run saw it).
   */
  #written: ScheduleState | undefined;

  constructor(private readonly deps: SchedulerDeps) {
    super();
    this.leaseFile = path.join(deps.storageDir, 'schedule-lease.json');
    // A closing window gives up the lease (claimed by #holdLease) so another one takes over.
    this._register({ dispose: () => void this.release() });
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    const timer = setInterval(() => void this.tick(), TICK_MS);
    this._register({ dispose: () => clearInterval(timer) });
  }

  /** One look at the schedule (the timer's, or a test's with its own clock). */
  tick(now = Date.now()): Promise<RunReport> {
    this.#running ??= this.#tick(now).finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #tick(now: number): Promise<RunReport> {
    const settings = this.deps.settings.schedule();
    if (!settings.enabled) return { ran: false, why: 'off' };
    if (!(await this.#holdLease(now))) return { ran: false, why: 'another window' };
    const state = latestState(parseScheduleState(this.deps.memento.get(STATE_KEY)), this.#written);
    if (!isDue(state, settings, now)) return { ran: false, why: 'not due' };
    let origin: string;
    try {
      origin = this.deps.checks.endpoint().origin;
    } catch {
      return { ran: false, why: 'no service' };
    }
    const targets = this.#targets(origin);
    if (targets.length === 0) return { ran: false, why: 'nothing to check' };
    const allowed = allowance(this.deps.quota.get(origin), state, settings.quotaShare, now);
    const { picked, cursor } = pickTargets(targets, state.cursor, allowed);
    this.deps.log.info(`Scheduled check: ${picked.length} of ${targets.length} domain/type pair(s) within the quota share (${allowed} request(s) allowed).`);
    const outcomes = picked.length > 0 ? await this.deps.checks.check(picked, { force: true, background: true }) : [];
    const sent = outcomes.filter((o) => o.status === 'fetched' || (o.status === 'failed' && o.error?.details.status !== undefined)).length;
    const next = afterRun(state, sent, cursor, this.deps.quota.get(origin), now);
    this.#written = next;
    await this.deps.memento.update(STATE_KEY, next);
    return { ran: true, allowed, targets: targets.length, sent };
  }

  /** Every (domain, type) the schedule covers, in a stable order. */
  #targets(origin: string): { domain: string; type: FindingsType }[] {
    const types = this.deps.settings.findingsTypes();
    return this.deps.domains.known(origin).flatMap((domain) => types.map((type) => ({ domain, type })));
  }

  /** Claims or renews the lease; false while another window holds it. */
  async #holdLease(now: number): Promise<boolean> {
    let held;
    try {
      held = parseLease(JSON.parse(await fs.readFile(this.leaseFile, 'utf8')));
    } catch {
      held = undefined;
    }
    const lease = claimLease(held, this.id, now);
    if (!lease) return false;
    await fs.mkdir(path.dirname(this.leaseFile), { recursive: true });
    const temp = `${this.leaseFile}.${this.id}.tmp`;
    await fs.writeFile(temp, JSON.stringify(lease), { mode: 0o600 });
    await fs.rename(temp, this.leaseFile);
    // Two windows may claim an expired lease at once: the last rename wins, and only its owner runs.
    try {
      return parseLease(JSON.parse(await fs.readFile(this.leaseFile, 'utf8')))?.owner === this.id;
    } catch {
      return false;
    }
  }

  /** Gives the lease up (this window closes): another window takes over at its next look. */
  async release(): Promise<void> {
    try {
      if (parseLease(JSON.parse(await fs.readFile(this.leaseFile, 'utf8')))?.owner === this.id) await fs.rm(this.leaseFile, { force: true });
    } catch {
      // no lease, or not ours
    }
  }
}

export type { ScheduleSettings };
