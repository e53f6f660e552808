// Lint and typecheck, each counted as one check.
import { run } from './exec';
import { repoRoot } from './paths';
import { checkResult } from './summary';
import type { LayerResult } from './summary';

export async function runNpmCheck(layer: string, script: string, args: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Promise<LayerResult> {
  console.log(`\n▶ ${layer} (npm run ${script}${args.length > 0 ? ` -- ${args.join(' ')}` : ''})`);
  const started = Date.now();
  const code = await run('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], { cwd: repoRoot, env: { ...process.env, ...env } });
  return checkResult(layer, code === 0, `npm run ${script} exited with ${code}`, Date.now() - started);
}
