// Runs every compiled benchmark `out/tools/bench/*.bench.js` in turn (alphabetical). A bench
// module exports `async function bench(): Promise<void>` that prints one figure per line as
// `name: value unit`, and throws when a check fails; the runner then exits non-zero.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchModule {
  bench(): Promise<void>;
}

async function main(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .sort();
  let failed = 0;
  for (const file of files) {
    console.log(`# ${file.replace(/\.js$/, '.ts')}`);
    try {
      const mod = (await import(join(__dirname, file))) as Partial<BenchModule>;
      if (typeof mod.bench !== 'function') throw new Error('it does not export bench()');
      await mod.bench();
    } catch (e) {
      failed++;
      console.error(`${file} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (files.length === 0) {
    console.error('no benchmarks found');
    failed++;
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

void main();
