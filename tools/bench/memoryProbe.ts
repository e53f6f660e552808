// Memory kept for an answer, per byte of its body, over hostile shapes. Each shape runs in a
// child Node of its own (started with --expose-gc): collect, take a baseline, stream the body
// into the data engine through its ingest API (as a check does), open a results panel on it
// (its first query, rows and figures, as the webview asks for them),
// collect again and measure what stays while the engine and panel are alive. The body itself
// is held through both readings, so it is not counted. Retained bytes are the heap plus
// external memory (Buffers and typed arrays; `arrayBuffers` is a part of `external`), and the
// resident set for comparison. Run as a script with a shape's name it measures that shape and
// prints one JSON line; `memoryRatios` runs every shape that way (see hostile.bench.ts).
import { spawnSync } from 'node:child_process';
import { Engine } from '../../src/engine/engine';
import { EMPTY_FILTER } from '../../src/shared/webviewProtocol';
import type { FindingsType } from '../../src/core/service/types';

const MB = 1024 * 1024;

interface Shape {
  readonly type: FindingsType;
  /** Records of the body, one by one (JSON text each), until `bytes` are written. */
  readonly record: (i: number) => string;
}

const LONG = 'x'.repeat(900_000);
const UNICODE = 'пароль密码🔑é'.repeat(8);

/** The hostile shapes: each is many records of one odd kind (a record is at most 8 MiB: the parser's limit). */
export const SHAPES: Readonly<Record<string, Shape>> = {
  accounts: { type: 'accounts', record: (i) => JSON.stringify({ date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: `https://vpn.example.com/login/${i % 50}`, ip: `10.0.${i % 250}.${i % 200}`, country: 'US', username: `user${i}@example.com`, password: `Pw-${i}-x` }) },
  distinct_fields: { type: 'customers', record: (i) => `{"f${i}":${i % 10}}` },
  accounts_distinct_extras: { type: 'accounts', record: (i) => `{"x${i}":"v"}` },
  // The smallest records an answer may hold on average (searchBodyParser.ts MIN_RECORD_CHARS:
  // nine characters and the comma); smaller ones are refused, so they keep nothing.
  smallest_accounts: { type: 'accounts', record: () => '{"a":"b"}' },
  smallest_customers: { type: 'customers', record: () => '{"a":"b"}' },
  sparse_fields: { type: 'customers', record: (i) => `{"k${i % 600}":1}` },
  wide_record: { type: 'customers', record: (i) => `{${Array.from({ length: 200_000 }, (_, k) => `"w${i}_${k}":${k}`).join(',')}}` },
  long_strings: { type: 'customers', record: (i) => `{"id":${i},"s":"${i}${LONG}"}` },
  nested: { type: 'customers', record: (i) => `{"n":${'['.repeat(1000)}{"a":${i},"b":[1,2,{"c":"d"}]}${']'.repeat(1000)},"o":{"k${i}":{"x":[true,null,1.5]}}}` },
  duplicate_keys: { type: 'customers', record: (i) => `{${Array.from({ length: 50 }, (_, k) => `"email":"u${i}_${k}@x.io"`).join(',')}}` },
  unicode: { type: 'customers', record: (i) => JSON.stringify({ name: `${UNICODE}${i}`, note: `\u202e${UNICODE}` }) },
  numbers: { type: 'customers', record: (i) => `{"a":${i},"b":${i}.25,"c":-${i}e3,"d":123456789012345678901234567890,"e":0}` },
};

/** The body of a shape, about `bytes` long, as UTF-8. */
export function bodyOf(shape: Shape, bytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const r = shape.record(i++);
    parts.push(r);
    size += Buffer.byteLength(r) + 1;
  }
  return Buffer.from(`{"count":${i},"results":[${parts.join(',')}]}`, 'utf8');
}

export interface MemoryFigure {
  readonly shape: string;
  readonly bodyBytes: number;
  readonly records: number;
  /** Heap + external kept by the engine (and then by engine and panel), per body byte. */
  readonly engineRatio: number;
  readonly panelRatio: number;
  /** Resident set growth with engine and panel, per body byte. */
  readonly rssRatio: number;
}

function retained(): { heap: number; rss: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external, rss: m.rss };
}

async function measure(name: string, bytes: number): Promise<MemoryFigure> {
  const shape = SHAPES[name];
  if (!shape) throw new Error(`no shape ${name}`);
  const body = bodyOf(shape, bytes);
  const engine = new Engine();
  const before = retained();
  engine.ingestBegin(1, 'k', 'https://leaks.invalid', { domain: 'example.com', type: shape.type }, 20_000_000);
  for (let at = 0; at < body.length; at += 64 * 1024) engine.ingestChunk(1, body.subarray(at, Math.min(body.length, at + 64 * 1024)));
  const { records } = engine.ingestEnd(1);
  await engine.ingestCommit(1, Date.now(), undefined);
  const afterEngine = retained();
  await engine.panelOpen(1, 'k');
  engine.panelQuery(1, { filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
  engine.panelWindow(1, 0, 200, [], false);
  engine.panelFigures(1);
  const afterPanel = retained();
  const figure: MemoryFigure = {
    shape: name,
    bodyBytes: body.length,
    records,
    engineRatio: (afterEngine.heap - before.heap) / body.length,
    panelRatio: (afterPanel.heap - before.heap) / body.length,
    rssRatio: (afterPanel.rss - before.rss) / body.length,
  };
  // Both are alive until here, so neither was collected before the last reading.
  void body.length;
  void engine;
  return figure;
}

/** Every shape measured in a child Node of its own. */
export function memoryRatios(bytes = 16 * MB): MemoryFigure[] {
  return Object.keys(SHAPES).map((name) => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', __filename, name, String(bytes)], { encoding: 'utf8', timeout: 600_000 });
    if (run.status !== 0) throw new Error(`memory probe ${name} failed: ${(run.stderr || run.stdout).slice(-800)}`);
    return JSON.parse(run.stdout.trim().split('\n').pop() as string) as MemoryFigure;
  });
}

if (require.main === module) {
  const [name, bytes] = process.argv.slice(2);
  measure(name ?? '', Number(bytes ?? 16 * MB)).then(
    (f) => console.log(JSON.stringify(f)),
    (e: unknown) => {
      console.error(e instanceof Error ? e.stack : String(e));
      process.exitCode = 1;
    },
  );
}
