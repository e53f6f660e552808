// The results the editor knows: fresh or cached `ResultsEntry`s (everything but the records,
// which stay in the data engine) plus the last failure per (origin, domain, type). The tree,
// the results panels, the status bar and the leak index listen to `onDidChange`.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { LeakSearchErrorKind } from '../../core/service/errors';
import type { FindingsType, ResultsEntry } from '../../core/service/types';
import { latestOfOrigin } from '../../core/results/latest';

const FINDINGS_TYPES: readonly FindingsType[] = ['accounts', 'customers'];

/** Why the last check of a (domain, type) did not give a result. */
export interface CheckFailure {
  readonly kind: LeakSearchErrorKind;
  /** Short text for the tree, e.g. "quota spent, resumes 14:05". */
  readonly summary: string;
  readonly at: number;
  readonly retryAt?: number;
}

export class ResultsModel extends Disposable {
  readonly #entries = new Map<string, ResultsEntry>();
  readonly #failures = new Map<string, CheckFailure>();
  readonly #emitter = this._register(new vscode.EventEmitter<void>());
  /** Fires when any result or failure is added, refreshed or removed. */
  readonly onDidChange = this.#emitter.event;

  get(key: string): ResultsEntry | undefined {
    return this.#entries.get(key);
  }

  list(): readonly ResultsEntry[] {
    return [...this.#entries.values()];
  }

  put(entry: ResultsEntry): void {
    this.#entries.set(entry.key, entry);
    this.#failures.delete(failureKey(entry.origin, entry.query.domain, entry.query.type));
    this.#emitter.fire();
  }

  /** Adds entries loaded from the cache; an entry already held and newer wins. */
  putAll(entries: readonly ResultsEntry[]): void {
    for (const e of entries) {
      const held = this.#entries.get(e.key);
      if (!held || held.fetchedAt < e.fetchedAt) this.#entries.set(e.key, e);
    }
    this.#emitter.fire();
  }

  /** The most recently fetched entry for (origin, domain, type), whatever its date range. */
  latest(origin: string, domain: string, type: FindingsType): ResultsEntry | undefined {
    let best: ResultsEntry | undefined;
    for (const e of this.#entries.values()) {
      if (e.origin === origin && e.query.domain === domain && e.query.type === type && (!best || e.fetchedAt > best.fetchedAt)) best = e;
    }
    return best;
  }

  /** The latest entry of every (domain, type) of an origin, whatever its date range. */
  latestOf(origin: string): ResultsEntry[] {
    return latestOfOrigin(this.#entries.values(), origin);
  }

  /** The latest entry of each findings type of (origin, domain): accounts first. */
  latestPerType(origin: string, domain: string): ResultsEntry[] {
    const out: ResultsEntry[] = [];
    for (const type of FINDINGS_TYPES) {
      const e = this.latest(origin, domain, type);
      if (e) out.push(e);
    }
    return out;
  }

  failure(origin: string, domain: string, type: FindingsType): CheckFailure | undefined {
    return this.#failures.get(failureKey(origin, domain, type));
  }

  setFailure(origin: string, domain: string, type: FindingsType, failure: CheckFailure): void {
    this.#failures.set(failureKey(origin, domain, type), failure);
    this.#emitter.fire();
  }

  clearFailure(origin: string, domain: string, type: FindingsType): void {
    if (this.#failures.delete(failureKey(origin, domain, type))) this.#emitter.fire();
  }

  /** Forgets every failure of an origin (its key changed: "API key rejected" no longer holds). */
  clearFailures(origin: string): void {
    let changed = false;
    for (const k of [...this.#failures.keys()]) {
      if (k.startsWith(`${origin}|`)) changed = this.#failures.delete(k) || changed;
    }
    if (changed) this.#emitter.fire();
  }

  /** Forgets every result and failure of an origin (its cached results were deleted); returns the keys removed. */
  removeOrigin(origin: string): string[] {
    const keys = [...this.#entries.values()].filter((e) => e.origin === origin).map((e) => e.key);
    for (const k of keys) this.#entries.delete(k);
    for (const k of [...this.#failures.keys()]) if (k.startsWith(`${origin}|`)) this.#failures.delete(k);
    this.#emitter.fire();
    return keys;
  }

  /** Forgets one (origin, domain): its results of every type and range, and its failures (a domain checked by hand, removed from the tree). */
  removeDomain(origin: string, domain: string): string[] {
    const keys = [...this.#entries.values()].filter((e) => e.origin === origin && e.query.domain === domain).map((e) => e.key);
    for (const k of keys) this.#entries.delete(k);
    for (const t of ['accounts', 'customers'] as const) this.#failures.delete(failureKey(origin, domain, t));
    this.#emitter.fire();
    return keys;
  }

  /** Domains with a result or a failure for this origin, in first-seen order. */
  domains(origin: string): string[] {
    const out = new Set<string>();
    for (const e of this.#entries.values()) if (e.origin === origin) out.add(e.query.domain);
    for (const k of this.#failures.keys()) {
      const [o, d] = k.split('|');
      if (o === origin && d) out.add(d);
    }
    return [...out];
  }

  /** Forgets everything held in memory (the cache on disk is separate). */
  clear(): void {
    this.#entries.clear();
    this.#failures.clear();
    this.#emitter.fire();
  }
}

function failureKey(origin: string, domain: string, type: FindingsType): string {
  return `${origin}|${domain}|${type}`;
}
