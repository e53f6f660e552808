// The baseline a million-record check is held to: JSON.parse of the same answer body alone,
// in a process of its own (the body read first, not timed), so neither the bench's heap nor
// its collector weighs on it. Used by cli.bench.ts and host.bench.ts.
import { spawnSync } from 'node:child_process';

const SCRIPT = `const t=require('node:fs').readFileSync(process.env.BODY,'utf8');const t0=performance.now();const v=JSON.parse(t);process.stdout.write(String(performance.now()-t0)+' '+Object.keys(v).length);`;

/** Seconds JSON.parse takes over the body in `file`. Throws when it cannot parse it. */
export function jsonParseSeconds(file: string): number {
  const run = spawnSync(process.execPath, ['-e', SCRIPT], { env: { PATH: process.env.PATH ?? '', BODY: file }, encoding: 'utf8' });
  const ms = Number.parseFloat(run.stdout);
  if (run.status !== 0 || !(ms > 0)) throw new Error(`JSON.parse of ${file} failed: ${(run.stderr || run.stdout).slice(0, 500)}`);
  return ms / 1000;
}
