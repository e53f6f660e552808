// The triage decisions of every service origin as kept in a key-value store (VS Code's
// globalState): split into shards by the first two characters of the id, one key per origin
// and shard (`leakSearch.triage:<shard>:<origin>`), so writing a decision rewrites one shard
// of a few dozen decisions, not all of them. Reads the older layout (every origin's marks
// under `leakSearch.triage`) and moves an origin's marks into shards the first time they are
// read (the older key then loses that origin). Every stored mark is validated as it is read (storage is outside text too). A full
// origin (MAX_MARKS) keeps a new decision of the user by dropping the oldest decisions, and
// says how many; a team file's decisions are refused instead. No `vscode`.
import { MAX_MARKS, isTriageId, mergeMarks, parseMark } from './triage';
import type { TriageMark } from './triage';

/** What this needs of a Memento. */
export interface TriageStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
  keys(): readonly string[];
}

/** The older layout: every origin's marks under one key. */
export const LEGACY_TRIAGE_KEY = 'leakSearch.triage';
const SHARD_KEY = `${LEGACY_TRIAGE_KEY}:`;
const SHARD_CHARS = 2;

type Shard = Map<string, TriageMark>;
type StoredShard = Readonly<Record<string, unknown>>;

interface Origin {
  readonly marks: Map<string, TriageMark>;
  readonly shards: Map<string, Shard>;
}

/** What a change did: the ids it changed, and how many decisions made room for them (full store). */
export interface TriageChange {
  readonly changed: number;
  readonly evicted: number;
}

const shardOf = (id: string): string => id.slice(0, SHARD_CHARS);
const keyOf = (origin: string, shard: string): string => `${SHARD_KEY}${shard}:${origin}`;

export class TriageShards {
  readonly #origins = new Map<string, Origin>();
  /** Writes one after another (a migration first). */
  #writing: Promise<void> = Promise.resolve();

  constructor(private readonly storage: TriageStorage) {}

  /** Every mark of an origin (read once, then kept). */
  all(origin: string): ReadonlyMap<string, TriageMark> {
    return this.#origin(origin).marks;
  }

  #origin(origin: string): Origin {
    let held = this.#origins.get(origin);
    if (held) return held;
    held = { marks: new Map(), shards: new Map() };
    this.#origins.set(origin, held);
    const now = Date.now();
    const suffix = `:${origin}`;
    for (const key of this.storage.keys()) {
      if (!key.startsWith(SHARD_KEY) || !key.endsWith(suffix) || key.length !== SHARD_KEY.length + SHARD_CHARS + suffix.length) continue;
      const shard = key.slice(SHARD_KEY.length, SHARD_KEY.length + SHARD_CHARS);
      for (const [id, value] of Object.entries(this.storage.get<StoredShard>(key) ?? {})) {
        const mark = parseMark(value, now);
        if (mark && isTriageId(id) && shardOf(id) === shard && held.marks.size < MAX_MARKS) this.#put(held, id, mark);
      }
    }
    this.#migrate(origin, held, now);
    return held;
  }

  /** Moves an origin's marks of the older layout into shards (the newer decision wins); the older key loses that origin. */
  #migrate(origin: string, held: Origin, now: number): void {
    const legacy = this.storage.get<Readonly<Record<string, StoredShard>>>(LEGACY_TRIAGE_KEY);
    const old = legacy?.[origin];
    if (!legacy || typeof old !== 'object' || old === null) return;
    const touched = new Set<string>();
    for (const [id, value] of Object.entries(old)) {
      const mark = parseMark(value, now);
      const own = held.marks.get(id);
      if (!mark || !isTriageId(id) || (own && own.at >= mark.at) || (!own && held.marks.size >= MAX_MARKS)) continue;
      this.#put(held, id, mark);
      touched.add(shardOf(id));
    }
    const rest = { ...legacy };
    delete rest[origin];
    this.#writing = this.#writing.then(async () => {
      await this.#write(origin, held, touched);
      await this.storage.update(LEGACY_TRIAGE_KEY, Object.keys(rest).length > 0 ? rest : undefined);
    }).catch(() => undefined); // kept in memory; the next start moves them again
  }

  /** Resolves once every write asked for so far is done. */
  async flush(): Promise<void> {
    await this.#writing;
  }

  #put(held: Origin, id: string, mark: TriageMark | undefined): void {
    const shard = shardOf(id);
    let marks = held.shards.get(shard);
    if (mark) {
      held.marks.set(id, mark);
      if (!marks) held.shards.set(shard, (marks = new Map()));
      marks.set(id, mark);
    } else {
      held.marks.delete(id);
      marks?.delete(id);
    }
  }

  /** Marks records (or clears their marks with `undefined`); when the origin is full, the oldest decisions make room. */
  async set(origin: string, ids: readonly string[], mark: TriageMark | undefined): Promise<TriageChange> {
    const held = this.#origin(origin);
    const valid = [...new Set(ids.filter(isTriageId))];
    const added = mark ? valid.filter((id) => !held.marks.has(id)).length : 0;
    const evict = Math.max(0, held.marks.size + added - MAX_MARKS);
    const touched = new Set<string>();
    // Only when full: the oldest decisions that are not among those being made now.
    const keep = new Set(valid);
    for (const id of evict > 0 ? oldest(held.marks, evict, keep) : []) {
      this.#put(held, id, undefined);
      touched.add(shardOf(id));
    }
    for (const id of valid) {
      this.#put(held, id, mark);
      touched.add(shardOf(id));
    }
    await this.#queue(origin, held, touched);
    return { changed: valid.length, evicted: evict };
  }

  /** Adds a team file's decisions (the newer decision wins per record; none beyond MAX_MARKS). */
  async merge(origin: string, incoming: ReadonlyMap<string, TriageMark>): Promise<{ readonly changed: number; readonly full: number }> {
    const held = this.#origin(origin);
    const { changed, full } = mergeMarks(held.marks, incoming);
    const touched = new Set<string>();
    for (const id of changed) {
      this.#put(held, id, incoming.get(id));
      touched.add(shardOf(id));
    }
    await this.#queue(origin, held, touched);
    return { changed: changed.length, full };
  }

  /** Writes the shards after every write asked for before. */
  #queue(origin: string, held: Origin, shards: ReadonlySet<string>): Promise<void> {
    const write = this.#writing.then(() => this.#write(origin, held, shards));
    this.#writing = write.catch(() => undefined);
    return write;
  }

  async #write(origin: string, held: Origin, shards: ReadonlySet<string>): Promise<void> {
    await Promise.all(
      [...shards].map((shard) => {
        const marks = held.shards.get(shard);
        return this.storage.update(keyOf(origin, shard), marks && marks.size > 0 ? Object.fromEntries(marks) : undefined);
      }),
    );
  }
}

/** The `count` ids with the oldest decisions, leaving out `keep` (only ever asked when the origin is full). */
function oldest(marks: ReadonlyMap<string, TriageMark>, count: number, keep: ReadonlySet<string>): string[] {
  return [...marks]
    .filter(([id]) => !keep.has(id))
    .sort((a, b) => a[1].at - b[1].at)
    .slice(0, count)
    .map(([id]) => id);
}
