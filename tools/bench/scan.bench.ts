// Scanner and leak index benchmark. Prints one figure per line (`name: value unit`):
// - match.throughput: all five rules (what diagnostics run) over a 20 MB seeded source-like
//   corpus against 100,000 leaked identifiers, beside match.rg_throughput: ripgrep counting
//   an equivalent e-mail|URL regex over the same bytes, in the same run, the two alternating
//   (when `rg` is installed); each the median of 7. The scanner splits a text this long at
//   line starts into parts for helper threads (one per other core, scanner.ts): beside it
//   match.throughput_one_thread, the same match on one thread, and match.threads;
// - match.real.*: the same over ~20 MB of real text (realText.ts) beside ripgrep on one thread,
//   and match.real_common_names.*: that text against results with common user names (nearly
//   every word of the text is then looked up), with its own ratio to the same ripgrep figure;
// - scan.adversarial_worst_ratio: over hostile line shapes (250k and 1M characters), the
//   median over 11 paired runs of time at 4× input / time at 1× (each the best of 3; linear
//   ≈ 4, quadratic ≈ 16), on one thread; fails above MAX_RATIO;
// - index.add_1m_ms, index.bytes_per_record, match.latency_1mb_1m_ms: one result of 1,000,000
//   accounts records in the engine's record table, added to an index, and a 1 MB document
//   matched against it (warm).
// Fails (throws) when the one-pass scanner and the plain oracle disagree on the corpus.
import { best, median } from './timing';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LeakMatch } from '../../src/core/scan/leakIndex';
import { LeakIndex, buildLeakIndex } from '../../src/core/scan/leakIndex';
import { tableSource } from '../../src/engine/leaks';
import { RecordTableBuilder } from '../../src/engine/store/recordTable';
import { readyHelpers, scan } from '../../src/core/scan/scanner';
import type { LeakFixture } from './corpus';
import { makeCorpus, makeLeaks } from './corpus';
import { commonLeaks, commonPasswords, realText } from './realText';
import { COMMON_USERNAMES } from '../../src/core/scan/recordFields';
import { repoRoot } from '../../test/harness/paths';
import { naiveMatch } from './naiveMatcher';

const MB = 1024 * 1024;
const MAX_RATIO = 6;

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

/** The scanner on one thread, whatever the text's length. */
const oneThread: typeof scan = (text, sink, options) => scan(text, sink, { ...options, splitFrom: Infinity });

/** Threads the scanner uses for a long text, once its helpers are up (polled, with a deadline). */
async function threadsUp(): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (readyHelpers() === 0 && availableParallelism() > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return 1 + readyHelpers();
}

function key(m: LeakMatch): string {
  return `${m.kind}:${m.start}-${m.end}`;
}

/** The e-mail|URL pattern of the scanner's grammar, for ripgrep. */
export const RG_PATTERN = String.raw`[A-Za-z0-9._%+'-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+|[A-Za-z][A-Za-z0-9+.-]*://[^\s"<>\\^|` + '`' + String.raw`]+`;

/** One ripgrep run over `file` (ms and its match count), or undefined when `rg` is not installed. */
function ripgrepOnce(file: string): { ms: number; count: number } | undefined {
  const t0 = performance.now();
  const r = spawnSync('rg', ['--count-matches', '--no-filename', '-e', RG_PATTERN, file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  return r.status === 0 ? { ms, count: Number(r.stdout.trim()) } : undefined;
}

/** One ripgrep run over `file` on one thread (`-j1`), for the real-text figures. */
function ripgrepOneThread(file: string): { ms: number; count: number } | undefined {
  const t0 = performance.now();
  const r = spawnSync('rg', ['-j1', '--count-matches', '--no-filename', '-e', RG_PATTERN, file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  // Status 1: it ran and found nothing (the empty file).
  return r.status === 0 || r.status === 1 ? { ms, count: Number(r.stdout.trim() || 0) } : undefined;
}

/**
 * The full match on real text (realText.ts) beside ripgrep on the same bytes, one thread
 * each, alternating, each the median of 7 (ripgrep's without its start-up); then the same text against leak results with
 * generic names and common passwords; then what the scanner hands over per MB of it.
 */
async function realTextFigures(fixture: LeakFixture): Promise<void> {
  const real = realText(join(repoRoot, 'node_modules'), 20 * MB, fixture.leaked);
  if (real === undefined) {
    console.log('match.real.throughput: n/a (node_modules holds too little text: run npm ci)');
    return;
  }
  const { text } = real;
  const bytes = Buffer.byteLength(text);
  const index = buildLeakIndex(fixture.sources);
  print('match.real.size', bytes / MB, `MB (${real.files} files under node_modules, ${real.planted} planted identifiers)`);
  // Accuracy on real text: the scanner and the oracle agree, and every planted identifier is found.
  const slice = text.slice(0, 2 * MB);
  const fast = index.matchWith(oneThread, slice).map(key);
  const naive = naiveMatch(index, slice).map(key);
  if (fast.join() !== naive.join()) throw new Error(`scanner and oracle disagree on real text (${fast.length} vs ${naive.length} matches)`);
  const found = index.matchWith(oneThread, text);
  console.log(`match.real.matches: ${found.length} count`);
  if (found.length < real.planted) throw new Error(`real text: ${found.length} matches for ${real.planted} planted identifiers`);

  const common = buildLeakIndex([
    ...fixture.sources,
    { domain: 'acme-corp.com', type: 'accounts', records: commonLeaks([...COMMON_USERNAMES], commonPasswords().slice(0, 5000), 20_000) },
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'ls-bench-'));
  try {
    const file = join(dir, 'real.txt');
    writeFileSync(file, text);
    common.matchWith(oneThread, text);
    // ripgrep's figure is of its search: its start-up (a process, the regex compiled), timed on
    // an empty file in the same run, is taken off, since our side is timed in this process.
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const startups: number[] = [];
    let rg = ripgrepOneThread(file);
    const ours: number[] = [];
    const commonTimes: number[] = [];
    const rgTimes: number[] = [];
    for (let k = 0; k < 7; k++) {
      let t0 = performance.now();
      index.matchWith(oneThread, text);
      ours.push(performance.now() - t0);
      t0 = performance.now();
      common.matchWith(oneThread, text);
      commonTimes.push(performance.now() - t0);
      if (rg === undefined) continue;
      rg = ripgrepOneThread(file);
      if (rg !== undefined) rgTimes.push(rg.ms);
      const start = ripgrepOneThread(empty);
      if (start !== undefined) startups.push(start.ms);
    }
    const mbps = bytes / MB / (median(ours) / 1000);
    const commonMbps = bytes / MB / (median(commonTimes) / 1000);
    print('match.real.throughput', mbps, 'MB/s');
    print('match.real_common_names.throughput', commonMbps, 'MB/s');
    if (rg !== undefined && rgTimes.length > 0 && startups.length > 0) {
      const startup = median(startups);
      const rgMbps = bytes / MB / (Math.max(1, median(rgTimes) - startup) / 1000);
      print('match.real.rg_startup_ms', startup, 'ms');
      print('match.real.rg_throughput', rgMbps, 'MB/s (start-up taken off)');
      print('match.real.vs_rg', mbps / rgMbps, 'x (at least 1: as fast as ripgrep)', 2);
      // Real results name users of every length, down to two letters: then nearly every word
      // of a text is looked up, which the fixture's long usernames spare the loop.
      print('match.real_common_names.vs_rg', commonMbps / rgMbps, 'x (the same text against results with common user names)', 2);
    } else console.log('match.real.rg_throughput: n/a (rg not installed)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // What the loop hands over: every candidate of the grammar, and those that pass the index's first tests.
  const all = [0, 0, 0, 0, 0];
  scan(text, { candidate: (kind) => all[kind]++ }, { splitFrom: Infinity, forms: true });
  const passed = [0, 0, 0, 0, 0];
  const counting: typeof scan = (t, sink, options) =>
    oneThread(t, { candidate: (kind, start, end, a, b) => (passed[kind]++, sink.candidate(kind, start, end, a, b)) }, options);
  index.matchWith(counting, text);
  const perMb = (n: number): string => (n / (bytes / MB)).toFixed(0);
  const names = ['emails', 'urls', 'tokens', 'values', 'form marks'];
  console.log(`match.real.candidates_per_mb: ${perMb(all.reduce((x, y) => x + y))} count (${names.map((n, k) => `${n} ${perMb(all[k])}`).join(', ')})`);
  console.log(`match.real.prefilter_passed_per_mb: ${perMb(passed.reduce((x, y) => x + y))} count (${names.map((n, k) => `${n} ${perMb(passed[k])}`).join(', ')})`);
}

/** Hostile shapes: each returns a text of about n characters. */
const HOSTILE: Record<string, (n: number) => string> = {
  url_closing_parens: (n) => `https://vpn.example.com/a${')'.repeat(n)}`,
  url_trailing_dots: (n) => `https://vpn.example.com/a${'.'.repeat(n)} x`,
  paren_colon_pairs: (n) => '): '.repeat(n / 3),
  eq_values_then_blanks: (n) => `${'=x'.repeat(n / 4)}${' '.repeat(n / 2)}`,
  password_keys: (n) => 'password:'.repeat(n / 9),
  at_runs: (n) => '@'.repeat(n),
  local_at_runs: (n) => 'a.b@'.repeat(n / 4),
  scheme_runs: (n) => 'a://'.repeat(n / 4),
  brackets: (n) => `http://x.com/${'(['.repeat(n / 4)}${'])'.repeat(n / 4)}`,
  quotes: (n) => `"${'\\"'.repeat(n / 2)}`,
  backslashes: (n) => `"${'\\'.repeat(n)}"`,
  long_token: (n) => 'a'.repeat(n),
  long_dotted: (n) => 'ab.'.repeat(n / 3),
  blanks_after_eq: (n) => `x=${' '.repeat(n)}`,
  user_flags: (n) => '--password '.repeat(n / 11),
};

export async function bench(): Promise<void> {
  const fixture = makeLeaks(6, { emails: 35_000, usernames: 15_000, urls: 25_000, passwords: 25_000 });
  const corpus = makeCorpus(60, 20 * MB, fixture.leaked, 0.012);
  const text = corpus.text;
  // Both throughputs are over the corpus file's UTF-8 bytes, the same count ripgrep reads (the
  // corpus has some non-ASCII text, so its UTF-16 length is a little smaller).
  const bytes = Buffer.byteLength(text);
  const index = buildLeakIndex(fixture.sources);
  print('corpus.size', bytes / MB, 'MB');

  // Accuracy first: the scanner and the oracle agree on a slice of the corpus.
  const slice = text.slice(0, 2 * MB);
  const fast = index.match(slice).map(key);
  const naive = naiveMatch(index, slice).map(key);
  if (fast.join() !== naive.join()) throw new Error(`scanner and oracle disagree on the corpus (${fast.length} vs ${naive.length} matches)`);
  console.log(`match.corpus_matches_2mb: ${fast.length}`);

  // The scanner and ripgrep alternate, each timed 7 times after a warm-up, so that the
  // machine's drift during the run weighs on both figures alike.
  const dir = mkdtempSync(join(tmpdir(), 'ls-bench-'));
  try {
    const file = join(dir, 'corpus.txt');
    writeFileSync(file, text);
    index.match(text);
    index.matchWith(oneThread, text);
    // The helper threads start on the scanner's first long text: the figures are of the steady state.
    const threads = await threadsUp();
    let rg = ripgrepOnce(file);
    const matchTimes: number[] = [];
    const oneTimes: number[] = [];
    const rgTimes: number[] = [];
    for (let k = 0; k < 7; k++) {
      // Each after ripgrep in turn (a process that ran meanwhile leaves caches colder).
      for (const threaded of k % 2 === 0 ? [true, false] : [false, true]) {
        const t0 = performance.now();
        if (threaded) index.match(text);
        else index.matchWith(oneThread, text);
        (threaded ? matchTimes : oneTimes).push(performance.now() - t0);
      }
      if (rg === undefined) continue;
      rg = ripgrepOnce(file);
      if (rg !== undefined) rgTimes.push(rg.ms);
    }
    print('match.throughput', bytes / MB / (median(matchTimes) / 1000), 'MB/s');
    print('match.throughput_one_thread', bytes / MB / (median(oneTimes) / 1000), 'MB/s');
    console.log(`match.threads: ${threads} count`);
    if (rg !== undefined && rgTimes.length > 0) {
      print('match.rg_throughput', bytes / MB / (median(rgTimes) / 1000), 'MB/s');
      console.log(`match.rg_count: ${rg.count}`);
    } else console.log('match.rg_throughput: n/a (rg not installed)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await realTextFigures(fixture);

  // Linear time on hostile shapes: median over paired runs of t(4n) / t(n).
  let worst = 0;
  let worstName = '';
  for (const [name, make] of Object.entries(HOSTILE)) {
    const small = make(250_000);
    const large = make(1_000_000);
    index.matchWith(oneThread, small);
    index.matchWith(oneThread, large);
    const ratios: number[] = [];
    for (let k = 0; k < 11; k++) {
      const a = best(() => index.matchWith(oneThread, small), 3);
      const b = best(() => index.matchWith(oneThread, large), 3);
      ratios.push(b / Math.max(a, 0.05));
    }
    const r = median(ratios);
    if (r > worst) [worst, worstName] = [r, name];
  }
  print('scan.adversarial_worst_ratio', worst, `x (${worstName})`, 2);
  if (worst > MAX_RATIO) throw new Error(`a hostile shape grows faster than linear: ${worstName} ${worst.toFixed(2)} > ${MAX_RATIO}`);

  // One million records, as the engine holds them.
  const N = 1_000_000;
  const builder = new RecordTableBuilder('accounts');
  for (let i = 0; i < N; i++) {
    builder.add({
      date: `2024-0${1 + (i % 9)}-1${i % 10}T08:11:00.000Z`, browser: i % 3 === 0 ? 'Google Chrome' : 'Mozilla Firefox', status: 'show',
      url: `https://app${i % 500}.acme-corp.com/login`, ip: `10.0.${i % 250}.${i % 200}`, country: 'US',
      username: i % 2 === 0 ? `user${i}@acme-corp.com` : `staff_member${i}`, password: `Pw-${i.toString(36)}-Winter!`,
    });
  }
  const table = builder.finish();
  const big = new LeakIndex();
  const t0 = performance.now();
  big.add(1, tableSource(table, 'acme-corp.com'));
  print('index.add_1m_ms', performance.now() - t0, 'ms', 0);
  print('index.bytes_per_record', big.stats.bytes / N, 'bytes');
  const doc = `${text.slice(0, MB)}\nuser123456@acme-corp.com staff_member777 password: "Pw-${(4242).toString(36)}-Winter!"\n`;
  const found = big.match(doc);
  if (!found.some((m) => m.kind === 'password') || !found.some((m) => m.kind === 'email')) throw new Error('the 1M index missed planted identifiers');
  print('match.latency_1mb_1m_ms', time(() => big.match(doc), 2, 7), 'ms');
}
