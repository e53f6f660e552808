// Scheduled checks, decided without `vscode`: when the next run is due, how many requests a
// run may send within its share of the quota, which targets it sends them for (round-robin,
// so every domain is reached over time), and which window runs the schedule (a lease).
import type { RateLimitState } from '../service/types';
import { isQuotaSpent } from '../text/format';

export interface ScheduleSettings {
  readonly enabled: boolean;
  readonly intervalMs: number;
  /** Largest share (0–1) of a quota window scheduled checks may use. */
  readonly quotaShare: number;
}

/** What the schedule remembers between runs (and windows). */
export interface ScheduleState {
  readonly lastRunAt?: number;
  /** Where the round-robin resumes. */
  readonly cursor: number;
  /** Requests sent by scheduled runs in the quota window that resets at `windowResetAt`. */
  readonly used: number;
  readonly windowResetAt?: number;
}

export const EMPTY_SCHEDULE: ScheduleState = { cursor: 0, used: 0 };

export function isDue(state: ScheduleState, settings: ScheduleSettings, now: number): boolean {
  return settings.enabled && (state.lastRunAt === undefined || now - state.lastRunAt >= settings.intervalMs || state.lastRunAt > now);
}

/**
 * Requests a run may send: none while the quota is known spent; else the share of the
 * window's limit (or of what remains, when the limit is unknown) minus what scheduled runs
 * already used in this window; one when nothing is known (the answer tells the quota).
 */
export function allowance(quota: RateLimitState | undefined, state: ScheduleState, share: number, now: number): number {
  if (quota && isQuotaSpent(quota, now)) return 0;
  const sameWindow = quota?.resetAt !== undefined && state.windowResetAt === quota.resetAt;
  const used = sameWindow ? state.used : 0;
  const base = quota?.limit ?? quota?.remaining;
  if (base === undefined) return used > 0 ? 0 : 1;
  const budget = Math.floor(base * Math.min(1, Math.max(0, share)));
  const left = Math.min(budget - used, quota?.remaining ?? Number.POSITIVE_INFINITY);
  return Math.max(0, left);
}

/** The next `count` targets from `cursor` (round-robin), and where the next run resumes. */
export function pickTargets<T>(targets: readonly T[], cursor: number, count: number): { readonly picked: T[]; readonly cursor: number } {
  if (targets.length === 0 || count <= 0) return { picked: [], cursor };
  const start = ((cursor % targets.length) + targets.length) % targets.length;
  const n = Math.min(count, targets.length);
  const picked: T[] = [];
  for (let i = 0; i < n; i++) picked.push(targets[(start + i) % targets.length] as T);
  return { picked, cursor: (start + n) % targets.length };
}

/** The state after a run that sent `sent` requests under `quota` (as known after the run). */
export function afterRun(state: ScheduleState, sent: number, cursor: number, quota: RateLimitState | undefined, now: number): ScheduleState {
  const sameWindow = quota?.resetAt !== undefined && state.windowResetAt === quota.resetAt;
  return {
    lastRunAt: now,
    cursor,
    used: (sameWindow ? state.used : 0) + sent,
    ...(quota?.resetAt !== undefined ? { windowResetAt: quota.resetAt } : {}),
  };
}

// ---- the lease: one window runs the schedule ---------------------------------------------

export interface Lease {
  readonly owner: string;
  readonly expiresAt: number;
}

/** How long a lease lasts without renewal; the owner renews well before. */
export const LEASE_MS = 90_000;

/** Whether `me` may run the schedule now, and the lease to write when it may. */
export function claimLease(held: Lease | undefined, me: string, now: number, ttlMs = LEASE_MS): Lease | undefined {
  if (held && held.owner !== me && held.expiresAt > now && held.expiresAt - now <= 10 * ttlMs) return undefined;
  return { owner: me, expiresAt: now + ttlMs };
}

export function parseLease(value: unknown): Lease | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.owner !== 'string' || v.owner.length > 100 || typeof v.expiresAt !== 'number' || !Number.isFinite(v.expiresAt)) return undefined;
  return { owner: v.owner, expiresAt: v.expiresAt };
}

/**
 * The state of the latest run: the stored one, unless the one this window wrote last is newer
 * (shared storage can hand back an older value for a moment; another window's later run has
 * a later `lastRunAt` and wins).
 */
export function latestState(stored: ScheduleState, written: ScheduleState | undefined): ScheduleState {
  if (written?.lastRunAt === undefined) return stored;
  return stored.lastRunAt !== undefined && stored.lastRunAt >= written.lastRunAt ? stored : written;
}

export function parseScheduleState(value: unknown): ScheduleState {
  if (typeof value !== 'object' || value === null) return EMPTY_SCHEDULE;
  const v = value as Record<string, unknown>;
  const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);
  const lastRunAt = num(v.lastRunAt);
  const windowResetAt = num(v.windowResetAt);
  return {
    cursor: Math.floor(num(v.cursor) ?? 0),
    used: Math.floor(num(v.used) ?? 0),
    ...(lastRunAt !== undefined ? { lastRunAt } : {}),
    ...(windowResetAt !== undefined ? { windowResetAt } : {}),
  };
}
