// Scanner benchmark: a 20 MB seeded source-like corpus against an index of 100,000 leaked
// identifiers. Prints one figure per line (`name: value unit`); throws (and so makes the
// runner exit non-zero) when the fast scanner and the naive regex disagree.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { lengthFilter } from '../../src/core/scan/charClass';
import type { LeakIndex, LeakMatch } from '../../src/core/scan/leakIndex';
import { buildLeakIndex } from '../../src/core/scan/leakIndex';
import { scanEmails, scanHosts, scanTokens, scanUrls, scanValues } from '../../src/core/scan/scanner';
import { makeCorpus, makeLeaks } from './corpus';
import { naiveMatch } from './naiveMatcher';

const MB = 1024 * 1024;

function gc(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  collect();
  collect();
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time in ms of `runs` calls after `warmup` calls. */
function time(fn: () => void, warmup: number, runs: number): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

function print(name: string, value: number, unit: string, digits = 1): void {
  console.log(`${name}: ${value.toFixed(digits)} ${unit}`);
}

function sameMatches(a: readonly LeakMatch[], b: readonly LeakMatch[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].start !== b[i].start || a[i].end !== b[i].end || a[i].kind !== b[i].kind) return false;
  }
  return true;
}

export async function bench(): Promise<void> {
  const fixture = makeLeaks(6, { emails: 35_000, usernames: 15_000, urls: 25_000, passwords: 25_000 });
  const corpus = makeCorpus(60, 20 * MB, fixture.leaked, 0.012);
  const text = corpus.text;
  const mb = text.length / MB;
  print('corpus.size', mb, 'MB');
  console.log(`corpus.embedded: ${corpus.embedded} identifiers`);

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let index: LeakIndex | undefined = buildLeakIndex(fixture.sources);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  const s = index.stats;
  console.log(`index.identifiers: ${s.emails + s.usernames + s.urls + s.passwords} (${s.emails} e-mails, ${s.usernames} usernames, ${s.urls} URLs, ${s.passwords} passwords; ${s.hosts} hosts)`);
  const buildMs = time(() => {
    index = buildLeakIndex(fixture.sources);
  }, 1, 3);
  print('index.build_ms', buildMs, 'ms');
  print('index.heap_mb', (heapAfter - heapBefore) / MB, 'MB');
  const idx: LeakIndex = index;

  const scanOnly = { hosts: false, usernames: false, passwords: false } as const;
  let fast: LeakMatch[] = [];
  const fastMs = time(() => {
    fast = idx.match(text, scanOnly);
  }, 2, 7);
  let naive: LeakMatch[] = [];
  const naiveMs = time(() => {
    naive = naiveMatch(idx, text);
  }, 1, 3);
  // scan.throughput: e-mail and URL candidates with their index lookups (LeakIndex.match with only those two rules).
  print('scan.throughput', mb / (fastMs / 1000), 'MB/s');
  print('scan.baseline_regex', mb / (naiveMs / 1000), 'MB/s');
  print('scan.speedup', naiveMs / fastMs, 'x');
  console.log(`scan.matches: ${fast.length}`);
  console.log(`scan.baseline_matches: ${naive.length}`);

  // Candidates only (no index lookups): what the e-mail and URL passes of scan.throughput cost without the Set/Map lookups.
  let candidates = 0;
  const countCandidate = (): void => {
    candidates++;
  };
  const candidatesMs = time(() => {
    scanEmails(text, countCandidate);
    scanUrls(text, countCandidate);
  }, 2, 7);
  print('scan.candidates_throughput', mb / (candidatesMs / 1000), 'MB/s');
  if (candidates < 0) console.log('unreachable');

  const tokens = lengthFilter(fixture.leaked.usernames.map((u) => u.length));
  const hosts = lengthFilter(fixture.leaked.hosts.map((h) => h.length));
  const values = lengthFilter(fixture.leaked.passwords.map((p) => p.length));
  let sink = 0;
  const count = (): void => {
    sink++;
  };
  print('scan.tokens_throughput', mb / (time(() => scanTokens(text, count, tokens), 1, 5) / 1000), 'MB/s');
  print('scan.hosts_throughput', mb / (time(() => scanHosts(text, count, hosts), 1, 5) / 1000), 'MB/s');
  print('scan.values_throughput', mb / (time(() => scanValues(text, count, values), 1, 5) / 1000), 'MB/s');

  let all: LeakMatch[] = [];
  const matchMs = time(() => {
    all = idx.match(text);
  }, 1, 5);
  print('match.throughput', mb / (matchMs / 1000), 'MB/s');
  const byKind = new Map<string, number>();
  for (const m of all) byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + 1);
  console.log(`match.matches: ${all.length} (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  if (sink < 0) console.log('unreachable');

  if (!sameMatches(fast, naive)) {
    throw new Error(`the scanner found ${fast.length} matches, the naive regex ${naive.length}: they must agree`);
  }
}
