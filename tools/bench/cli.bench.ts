// The command line at scale. Prints one figure per line (`name: value unit`):
// - cli.check_1m.total_s, cli.check_1m.rss_mb: `leak-search check --format jsonl -o FILE` of a
//   1,000,000-record domain from the reference service at scale (test/harness/scaleService.ts),
//   the real bundle dist/cli.js in its own process: wall time and peak resident memory
//   (target: at most RSS_TARGET_MB);
// - cli.baseline_fetch.total_s, cli.baseline_fetch.rss_mb: the same body fetched by plain Node
//   and streamed to a file, in the same run, measured the same way: what moving the bytes costs;
//   cli.baseline_json_parse.total_s: JSON.parse of that body alone, and the check's time over it
//   (cli.check_1m.vs_json_parse) and over fetch + parse (cli.check_1m.vs_fetch_and_parse).
// - cli.scan.throughput, cli.scan.files, cli.scan.wall_s: `leak-search scan` of this
//   repository's node_modules (real text: sources, type declarations, READMEs, licences;
//   git-ignored, so scanned with --include-git-ignored) against the 100,000-record domain's
//   results fetched before (`leak-search fetch`), beside cli.scan.rg_throughput and rg_wall_s:
//   ripgrep on one thread counting the e-mail|URL regex of scan.bench.ts over the same files (the
//   scan uses helper threads only within a file of 2^20 characters or more), both over files
//   already in the page cache; each the median of SCAN_RUNS runs, the two alternated (the peak
//   memory the largest of the scan's runs).
// Peak memory from GNU time's maximum resident set when /usr/bin/time exists, else the
// process's high-water mark (VmHWM) read while it runs. Fails when the check exits other than 1
// (records found) or writes a different number of records than the service holds.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY } from '../../service/demo';
import { repoRoot } from '../../test/harness/paths';
import { SCALE_DOMAINS, SCALE_RECORDS, startScaleService } from '../../test/harness/scaleService';
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { jsonParseSeconds } from './jsonParseBaseline';
import { RG_PATTERN } from './scan.bench';
import { median } from './timing';

/** Runs of `leak-search scan` and of ripgrep each, alternated: the figures are their medians. */
const SCAN_RUNS = 3;

/** The editor's default largest scanned file (src/core/scan/files/maxFileSize.ts). */
const MAX_SCANNED_BYTES = 2 * 1024 * 1024;

/** Regular files of a tree (no links), each at most `max` bytes: how many, and their bytes. */
function treeBytes(dir: string, max: number): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const stack = [dir];
  for (let d = stack.pop(); d !== undefined; d = stack.pop()) {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        const size = lstatSync(p).size;
        if (size <= max) {
          files++;
          bytes += size;
        }
      }
    }
  }
  return { files, bytes };
}

const RSS_TARGET_MB = 300;
const GNU_TIME = '/usr/bin/time';

interface Measured {
  readonly code: number | null;
  readonly seconds: number;
  readonly rssMb: number;
  readonly stderr: string;
}

/** Runs `node args…` to its end: wall time and peak resident memory. */
async function measure(args: readonly string[], env: NodeJS.ProcessEnv, dir: string): Promise<Measured> {
  const rssFile = join(dir, `rss-${Date.now()}`);
  const viaTime = existsSync(GNU_TIME);
  const [file, argv] = viaTime ? [GNU_TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args]] : [process.execPath, [...args]];
  const started = process.hrtime.bigint();
  const child = spawn(file, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let hwmKb = 0;
  const poll = viaTime
    ? undefined
    : setInterval(() => {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) hwmKb = Math.max(hwmKb, Number(m[1]));
        } catch {
          // it has ended
        }
      }, 20);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (poll) clearInterval(poll);
  const kb = viaTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : hwmKb;
  return { code, seconds, rssMb: kb / 1024, stderr };
}

function print(name: string, value: number, unit: string, digits = 1): void {
  console.log(`${name}: ${value.toFixed(digits)} ${unit}`);
}

/** Newline-terminated records in a file, counted without reading it whole. */
function lineCount(file: string): number {
  let n = 0;
  const buf = readFileSync(file);
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

export async function bench(): Promise<void> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first.');
  const { service } = await startScaleService();
  const dir = mkdtempSync(join(tmpdir(), 'leak-search-cli-bench-'));
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: dir, LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY };
    const url = `${service.baseUrl}/search/${DEMO_API_KEY}/${SCALE_DOMAINS.large}/a`;
    const fetched = join(dir, 'baseline.json');
    const baselineScript = `const fs=require('node:fs'),{Readable}=require('node:stream'),{pipeline}=require('node:stream/promises');fetch(process.env.URL).then((r)=>{if(!r.ok)throw new Error(String(r.status));return pipeline(Readable.fromWeb(r.body),fs.createWriteStream(process.env.OUT));}).catch((e)=>{console.error(String(e));process.exit(1);});`;
    const baseline = await measure(['-e', baselineScript], { ...env, URL: url, OUT: fetched }, dir);
    if (baseline.code !== 0) throw new Error(`the baseline fetch failed: ${baseline.stderr}`);

    const out = join(dir, 'check.jsonl');
    const check = await measure([cli, '--quiet', 'check', SCALE_DOMAINS.large, '--format', 'jsonl', '-o', out], env, dir);
    if (check.code !== 1) throw new Error(`leak-search check exited ${String(check.code)}: ${check.stderr.slice(0, 500)}`);
    const records = lineCount(out);
    if (records !== SCALE_RECORDS.large) throw new Error(`leak-search check wrote ${records} records of ${SCALE_RECORDS.large}`);

    print('cli.check_1m.total_s', check.seconds, 's', 2);
    print('cli.check_1m.rss_mb', check.rssMb, 'MB');
    print('cli.check_1m.output_mb', statSync(out).size / 1024 / 1024, 'MB');
    print('cli.baseline_fetch.total_s', baseline.seconds, 's', 2);
    print('cli.baseline_fetch.rss_mb', baseline.rssMb, 'MB');
    print('cli.baseline_fetch.body_mb', statSync(fetched).size / 1024 / 1024, 'MB');
    const parseSeconds = jsonParseSeconds(fetched);
    print('cli.baseline_json_parse.total_s', parseSeconds, 's', 2);
    print('cli.check_1m.vs_json_parse', check.seconds / parseSeconds, 'x (the check / JSON.parse alone)', 2);
    print('cli.check_1m.vs_fetch_and_parse', check.seconds / (baseline.seconds + parseSeconds), 'x (the check / plain fetch + JSON.parse)', 2);
    console.log(`cli.check_1m.rss_target: ${check.rssMb <= RSS_TARGET_MB ? 'met' : 'missed'} (at most ${RSS_TARGET_MB} MB)`);

    // Real text: the scan of node_modules, beside ripgrep over the same files.
    const tree = join(repoRoot, 'node_modules');
    const { files, bytes } = treeBytes(tree, MAX_SCANNED_BYTES);
    // The results are fetched first (`leak-search fetch`, as a CI job shares them), so that the
    // scan's time is the scan's: loading the results, listing, reading and matching the files.
    const results = join(dir, 'results.bin');
    const scanEnv = { ...env, LEAK_SEARCH_RESULTS_KEY: randomBytes(32).toString('hex') };
    const fetchRun = await measure([cli, '--quiet', 'fetch', SCALE_DOMAINS.small, '--out', results], scanEnv, dir);
    if (fetchRun.code !== 0) throw new Error(`leak-search fetch exited ${String(fetchRun.code)}: ${fetchRun.stderr.slice(0, 500)}`);
    // Both read the files from the page cache: ripgrep goes over them once first, untimed, or
    // the scan (timed first) would pay for the disk and ripgrep not.
    const rgArgs = ['-uu', '--threads', '1', '--max-filesize', String(MAX_SCANNED_BYTES), '--count-matches', '-e', RG_PATTERN, tree];
    spawnSync('rg', rgArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    // Each side SCAN_RUNS times, alternated, and the medians compared: one run of either swings
    // by a fifth on a busy machine, and a single slow ripgrep run would decide the ratio.
    const scanSeconds: number[] = [];
    const rgTimes: number[] = [];
    let rssMb = 0;
    let rg: ReturnType<typeof spawnSync> | undefined;
    for (let k = 0; k < SCAN_RUNS; k++) {
      const scan = await measure([cli, '--quiet', 'scan', '--results', results, '--include-git-ignored', '--format', 'json', '-o', join(dir, 'scan.json'), tree], scanEnv, dir);
      if (scan.code !== 0 && scan.code !== 1) throw new Error(`leak-search scan exited ${String(scan.code)}: ${scan.stderr.slice(0, 500)}`);
      scanSeconds.push(scan.seconds);
      rssMb = Math.max(rssMb, scan.rssMb);
      const t0 = process.hrtime.bigint();
      rg = spawnSync('rg', rgArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      rgTimes.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    const seconds = median(scanSeconds);
    const rgSeconds = median(rgTimes);
    print('cli.scan.files', files, 'count', 0);
    print('cli.scan.throughput', bytes / 1024 / 1024 / seconds, 'MB/s');
    print('cli.scan.rss_mb', rssMb, 'MB');
    print('cli.scan.wall_s', seconds, 's', 2);
    if (rg !== undefined && rg.error === undefined && (rg.status === 0 || rg.status === 1)) {
      print('cli.scan.rg_throughput', bytes / 1024 / 1024 / rgSeconds, 'MB/s');
      print('cli.scan.rg_wall_s', rgSeconds, 's', 2);
      print('cli.scan.vs_rg_wall', seconds / rgSeconds, 'x (at most 3)', 2);
    } else console.log('cli.scan.rg_throughput: n/a (rg not installed)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await service.close();
  }
}
