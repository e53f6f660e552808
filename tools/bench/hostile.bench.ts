// Time and memory bounds on hostile shapes, measured here rather than in timed tests: the
// streaming answer parser, the results table and the exports must stay linear in their input
// whatever the records look like (tiny records, thousands of distinct field names, deep nesting).
// Each time `*_ratio` is the time at 4× the input over the time at 1× (linear ≈ 4; quadratic ≈
// 16), the median of paired runs (see timing.ts); the bench fails above 6. Each
// `hostile.memory.<shape>_ratio` is the memory kept by the engine and an open panel per byte of
// the body (memoryProbe.ts); `hostile.memory_ratio` is the worst, and the bench fails above 4.
// `hostile.memory_rss_ratio` is the worst growth of the resident set, which also holds what the
// collector freed but the process kept. Prints one figure per line. Run alone (no VS Code):
// `npx tsc -p tsconfig.json && node -e "require('./out/tools/bench/hostile.bench.js').bench()"`.
import { memoryRatios } from './memoryProbe';
import { best, pairedRatio } from './timing';
import { SearchBodyParser } from '../../src/core/results/searchBodyParser';
import { RecordTableBuilder } from '../../src/engine/store/recordTable';
import type { RecordTable } from '../../src/engine/store/recordTable';
import { csvPieces, jsonPieces } from '../../src/engine/views/exports';
import { ResultView } from '../../src/engine/views/resultView';
import { EMPTY_FILTER } from '../../src/shared/webviewProtocol';
import type { OpenRecord } from '../../src/core/service/types';

function buildTable(records: readonly OpenRecord[]): RecordTable {
  const builder = new RecordTableBuilder('customers');
  for (const r of records) builder.add(r);
  return builder.finish();
}

const MB = 1024 * 1024;
const MAX_RATIO = 6;
const MAX_MEMORY_RATIO = 4;


function parse(body: string, chunk = 64 * 1024): void {
  const parser = new SearchBodyParser('customers', { maxRecords: Number.MAX_SAFE_INTEGER, maxFieldChars: 64 * MB, maxRecordChars: 64 * MB }, () => undefined);
  for (let i = 0; i < body.length; i += chunk) parser.write(body.slice(i, i + chunk));
  parser.end();
}

function ratio(name: string, make: (n: number) => () => void, n: number): number {
  const r = pairedRatio(make(n), make(4 * n));
  console.log(`${name}: ${r.toFixed(2)} x`);
  return r;
}

export async function bench(): Promise<void> {
  const accounts = (n: number): string =>
    JSON.stringify({
      count: n,
      results: Array.from({ length: n }, (_, i) => ({ date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: `https://vpn.example.com/login/${i % 50}`, ip: `10.0.${i % 250}.${i % 200}`, country: 'US', username: `user${i}@example.com`, password: `Pw-${i}-x` })),
    });
  const body = accounts(200_000);
  const ms = best(() => parse(body), 3);
  const native = best(() => JSON.parse(body), 3);
  console.log(`parse.throughput: ${(body.length / MB / (ms / 1000)).toFixed(1)} MB/s`);
  console.log(`parse.json_parse_throughput: ${(body.length / MB / (native / 1000)).toFixed(1)} MB/s`);

  const ratios = [
    ratio('parse.accounts_ratio', (n) => { const b = accounts(n); return () => parse(b); }, 25_000),
    ratio('parse.tiny_records_ratio', (n) => { const b = `{"count":${n},"results":[${new Array<string>(n).fill('{"a":"b"}').join(',')}]}`; return () => parse(b); }, 250_000),
    // Deep enough that one parse takes milliseconds: at 50,000 it took about one, and the
    // figure measured the timer and the caches rather than the parser.
    ratio('parse.deep_nesting_ratio', (n) => { const b = `{"count":1,"results":[{"deep":${'['.repeat(n)}${']'.repeat(n)}}]}`; return () => parse(b, 4096); }, 200_000),
    ratio('parse.long_string_ratio', (n) => { const b = `{"count":1,"results":[{"s":"${'a\\"'.repeat(n)}"}]}`; return () => parse(b, 1024); }, 100_000),
    ratio('table.distinct_fields_ratio', (n) => {
      const records: OpenRecord[] = Array.from({ length: n }, (_, i) => ({ email: `u${i}@x.com`, [`f${i}`]: i }));
      return () => buildTable(records);
    }, 4_000),
    ratio('export.csv_ratio', (n) => {
      const records: OpenRecord[] = Array.from({ length: n }, (_, i) => ({ email: `u${i}@x.com`, note: `=cmd|"${i}"`, [`f${i % 500}`]: i }));
      const view = new ResultView(buildTable(records));
      view.query({ filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
      return () => {
        for (const piece of csvPieces(view, view.rows, false)) void piece;
        for (const piece of jsonPieces(view, view.rows, false)) void piece;
      };
    }, 5_000),
  ];
  const worst = Math.max(...ratios);
  console.log(`hostile.worst_ratio: ${worst.toFixed(2)} x`);

  const memory = memoryRatios();
  for (const f of memory) console.log(`hostile.memory.${f.shape}_ratio: ${f.panelRatio.toFixed(2)} x`);
  const worstMemory = memory.reduce((a, b) => (b.panelRatio > a.panelRatio ? b : a));
  console.log(`hostile.memory_ratio: ${worstMemory.panelRatio.toFixed(2)} x`);
  console.log(`hostile.memory_rss_ratio: ${Math.max(...memory.map((f) => f.rssRatio)).toFixed(2)} x`);
  if (worst > MAX_RATIO) throw new Error(`a hostile shape grows faster than linear: worst ratio ${worst.toFixed(2)} > ${MAX_RATIO}`);
  if (worstMemory.panelRatio > MAX_MEMORY_RATIO) throw new Error(`a hostile shape keeps more than ${MAX_MEMORY_RATIO} times its body: ${worstMemory.shape} ${worstMemory.panelRatio.toFixed(2)}`);
}
