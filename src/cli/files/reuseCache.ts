// What `scan --reuse DURATION` keeps between runs, so a commit hook does not spend a search per
// domain on every commit: the results of its last check, in the sealed results file format
// (resultsFile.ts) under a key derived from the API key, in the repository's git folder
// (`git rev-parse --git-path leak-search/results.bin`: never in the working tree, never
// committed, gone with the clone). They are reused only while every result is younger than
// DURATION and they hold exactly the domains asked for, from the same service, under the same
// key; anything else (older, other domains, another key, a damaged file) is checked again.
import { resultsKey } from '../../core/service/types';
import type { LeakSearchSession } from '../../engine/leakSearchSession';
import { openSealedResults } from './resultsFile';
import { gitPathIn, gitRecords } from '../scan/git';

/** The HKDF purpose of the cache's key (LeakSearchSession.derivedKey). */
export const REUSE_KEY_PURPOSE = 'scan --reuse results v1';

const DURATION = /^(\d{1,6})([smhd])$/;
const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `30m`, `12h` or `2d` in milliseconds; undefined when it is none of those (or zero). */
export function parseDuration(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  return ms > 0 ? ms : undefined;
}

/** Where the cache of the repository at `root` lives, or undefined when git names no place. */
export async function reuseFileOf(root: string): Promise<string | undefined> {
  try {
    for await (const line of gitRecords(root, ['rev-parse', '--git-path', 'leak-search/results.bin'], '\n')) if (line !== '') return gitPathIn(root, line);
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * A session holding the cached results when they answer exactly `domains` of `origin` (the
 * accounts type, no date range) and each is younger than `maxAgeMs`; undefined otherwise.
 */
export async function reusable(file: string, secret: Uint8Array, origin: string, domains: readonly string[], maxAgeMs: number, now = Date.now()): Promise<LeakSearchSession | undefined> {
  let session: LeakSearchSession;
  try {
    session = await openSealedResults(file, secret);
  } catch {
    return undefined;
  }
  const held = session.results();
  const wanted = new Set(domains.map((domain) => resultsKey(origin, { domain, type: 'accounts' })));
  const fits = session.origin === origin && held.length === wanted.size && held.every((r) => wanted.has(r.key) && r.fetchedAt <= now && now - r.fetchedAt < maxAgeMs);
  if (fits) return session;
  await session.close();
  return undefined;
}
