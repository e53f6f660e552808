// Triage: what a team decided about a leaked record — acknowledged, remediated (password
// rotated, sessions revoked, device cleaned, with an optional note) or a false positive.
// Decisions are kept per service origin under a record's triage id: a keyed SHA-256 of the
// record's identifying fields (every field but status, as for "what is new"), keyed by the
// origin, so the same record has the same id for everyone using that service and a re-check,
// a status change or an expired cache keeps the decision. The id names no identifier; it can
// only be recognised by someone who holds the same full record. This module also reads and
// writes the team file (see `triageFile`). No `vscode`.
import { createHash, createHmac } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import { triageLabel } from '../../shared/triageLabel';

export type TriageState = 'acknowledged' | 'remediated' | 'false-positive';

export const TRIAGE_STATES: readonly TriageState[] = ['acknowledged', 'remediated', 'false-positive'];

export const TRIAGE_LABELS: Readonly<Record<TriageState, string>> = {
  acknowledged: 'acknowledged',
  remediated: 'remediated',
  'false-positive': 'false positive',
};


export interface TriageMark {
  readonly state: TriageState;
  /** When it was decided, epoch ms (the newer decision wins when files are merged). */
  readonly at: number;
  /** Free text ("password rotated 2026-11-23"), bounded. */
  readonly note?: string;
}

/** Longest note kept (in characters, never splitting one). */
export const MAX_NOTE = 500;
/** Most marks one origin keeps, and one file may hold. */
export const MAX_MARKS = 200_000;
/** Largest team file read. */
export const MAX_TRIAGE_FILE_BYTES = 64 * 1024 * 1024;
/**
 * How far ahead of this machine's clock a decision may be dated (another machine's clock may
 * be a little ahead). Further ahead it would win every merge for ever: refused in a team file,
 * brought back to this bound when read from storage (there it was this machine's own).
 */
export const TRIAGE_CLOCK_SKEW_MS = 10 * 60_000;

// A triage id is 16 bytes of HMAC in base64url without padding: 22 characters, the last
// carrying 2 bits (its low 4 bits are zero), so only A, Q, g or w can end one.
const ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** The key of an origin's triage ids (not secret: it only makes ids differ between services). */
export function triageKey(origin: string): Buffer {
  return createHash('sha256').update(`leak-search/triage/v1|${origin}`).digest();
}

/** A record's triage id from its identifying field texts (in the table's column order). */
export function triageId(key: Buffer, fields: readonly string[]): string {
  const mac = createHmac('sha256', key);
  for (const field of fields) mac.update(field).update('\u001f');
  return mac.digest().subarray(0, 16).toString('base64url');
}

export function isTriageId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

function isState(value: unknown): value is TriageState {
  return typeof value === 'string' && (TRIAGE_STATES as readonly string[]).includes(value);
}

/** A mark read from storage (outside text too), or undefined; a date too far ahead is brought back to the bound. */
export function parseMark(value: unknown, now = Date.now()): TriageMark | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isState(v.state) || typeof v.at !== 'number' || !Number.isFinite(v.at) || v.at < 0) return undefined;
  const note = typeof v.note === 'string' ? cleanNote(v.note) : '';
  return { state: v.state, at: Math.min(v.at, now + TRIAGE_CLOCK_SKEW_MS), ...(note ? { note } : {}) };
}

/** A note as kept: one line of plain text (no control, format, separator or lone surrogate characters), bounded. */
export function cleanNote(note: string): string {
  const line = note.slice(0, MAX_NOTE * 4).replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]+/gu, ' ').replace(/ {2,}/g, ' ').trim();
  if (line.length <= MAX_NOTE) return line;
  // Never half of a surrogate pair at the cut.
  const cut = /[\uD800-\uDBFF]/.test(line.charAt(MAX_NOTE - 1)) ? MAX_NOTE - 1 : MAX_NOTE;
  return line.slice(0, cut).trimEnd();
}

/** Marks of `incoming` merged into `held`: per id, the newer decision wins; `full`: new ones left out because `held` reached MAX_MARKS. */
export function mergeMarks(held: ReadonlyMap<string, TriageMark>, incoming: ReadonlyMap<string, TriageMark>): { marks: Map<string, TriageMark>; changed: string[]; full: number } {
  const marks = new Map(held);
  const changed: string[] = [];
  let full = 0;
  for (const [id, mark] of incoming) {
    const own = marks.get(id);
    if (own && own.at >= mark.at) continue;
    if (marks.size >= MAX_MARKS && !own) {
      full++;
      continue;
    }
    marks.set(id, mark);
    changed.push(id);
  }
  return { marks, changed, full };
}

/** Why entries of a team file were refused, and how many for each reason. */
export interface TriageRefusals {
  /** Not an id of our shape (see `isTriageId`). */
  readonly id: number;
  /** A state we do not know. */
  readonly state: number;
  /** No date, or not one. */
  readonly date: number;
  /** Dated later than now and TRIAGE_CLOCK_SKEW_MS. */
  readonly future: number;
}

/** The decisions of a team file and what it refused. */
export interface TriageFile {
  readonly marks: Map<string, TriageMark>;
  readonly refused: TriageRefusals;
}

/** How many entries were refused in all. */
export function refusedCount(refused: TriageRefusals): number {
  return refused.id + refused.state + refused.date + refused.future;
}

/** "3 with an id that is not a Leak Search triage id, 1 dated in the future" (the reasons present). */
export function refusalWords(refused: TriageRefusals): string {
  const parts: string[] = [];
  if (refused.id > 0) parts.push(l10n.t('{0} with an id that is not a Leak Search triage id', refused.id.toLocaleString('en-US')));
  if (refused.state > 0) parts.push(l10n.t('{0} with an unknown state', refused.state.toLocaleString('en-US')));
  if (refused.date > 0) parts.push(l10n.t('{0} without a valid date', refused.date.toLocaleString('en-US')));
  if (refused.future > 0) parts.push(l10n.t('{0} dated in the future', refused.future.toLocaleString('en-US')));
  return parts.join(', ');
}

export const TRIAGE_FILE_FORMAT = 'leak-search-triage';

/** The team file: ids, states, dates and notes — no identifier, password or record. */
export function triageFile(origin: string, marks: ReadonlyMap<string, TriageMark>): string {
  const entries = [...marks].map(([id, m]) => ({ id, state: m.state, at: new Date(m.at).toISOString(), ...(m.note ? { note: m.note } : {}) }));
  return `${JSON.stringify({ format: TRIAGE_FILE_FORMAT, version: 1, origin, entries }, null, 1)}\n`;
}

/** Reads a team file, refusing (and counting) each entry that is not valid; throws an Error whose message a user can act on. */
export function parseTriageFile(text: string, origin: string, now = Date.now()): TriageFile {
  if (text.length > MAX_TRIAGE_FILE_BYTES) throw new Error(`It is larger than ${MAX_TRIAGE_FILE_BYTES / 1024 / 1024} MB.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('It is not JSON.');
  }
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || v.format !== TRIAGE_FILE_FORMAT || v.version !== 1) throw new Error('It is not a Leak Search triage file (format "leak-search-triage", version 1).');
  if (v.origin !== origin) throw new Error(`It holds decisions for another service${typeof v.origin === 'string' ? ` (${cleanNote(v.origin).slice(0, 200)})` : ''}, not ${origin}.`);
  if (!Array.isArray(v.entries)) throw new Error('It has no "entries" list.');
  if (v.entries.length > MAX_MARKS) throw new Error(`It holds more than ${MAX_MARKS.toLocaleString('en-US')} decisions.`);
  const marks = new Map<string, TriageMark>();
  const refused = { id: 0, state: 0, date: 0, future: 0 };
  for (const raw of v.entries as unknown[]) {
    const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const at = typeof e.at === 'string' && e.at.length <= 40 ? Date.parse(e.at) : Number.NaN;
    if (!isTriageId(e.id)) refused.id++;
    else if (!isState(e.state)) refused.state++;
    else if (!Number.isFinite(at) || at < 0) refused.date++;
    else if (at > now + TRIAGE_CLOCK_SKEW_MS) refused.future++;
    else {
      const mark = parseMark({ state: e.state, at, note: e.note }, now) as TriageMark;
      const held = marks.get(e.id);
      if (!held || held.at < mark.at) marks.set(e.id, mark);
    }
  }
  return { marks, refused };
}

/**
 * The decision about a group of records (an identifier in a file, an infected machine):
 * undefined while any record is undecided; "false positive" when every record is one;
 * "remediated" when every record is remediated or a false positive; otherwise
 * "acknowledged". The date is the latest decision's, so "remediated on" means "all done by".
 */
export function combinedTriage(marks: Iterable<TriageMark | undefined>): TriageMark | undefined {
  let count = 0;
  let at = 0;
  let falsePositive = true;
  let done = true;
  for (const mark of marks) {
    if (!mark) return undefined;
    count++;
    at = Math.max(at, mark.at);
    if (mark.state !== 'false-positive') falsePositive = false;
    if (mark.state === 'acknowledged') done = false;
  }
  if (count === 0) return undefined;
  return { state: falsePositive ? 'false-positive' : done ? 'remediated' : 'acknowledged', at };
}

/** Records per triage state (and undecided) of a selection: the incident summary's counts. */
export interface TriageCounts {
  readonly untriaged: number;
  readonly acknowledged: number;
  readonly remediated: number;
  readonly 'false-positive': number;
}

/** "remediated on 2026-11-23" (the day in UTC: the same for every reader of a shared file). */
export function triageWords(mark: TriageMark): string {
  return l10n.t('{0} on {1}', triageLabel(mark.state), new Date(mark.at).toISOString().slice(0, 10));
}
