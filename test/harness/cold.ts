// `npm run test:cold`: the first run of a newcomer, proved on every CI run. A fresh, empty HOME
// (with only the user's ~/.npmrc copied in, as a new machine has its default one) and an empty
// toolchain cache: `npm test -- integration:no-folder` must provision Node 24 and code-server
// from nothing and pass one integration run. Afterwards the HOME folder is listed: the harness
// may write only its documented cache folder (~/.cache/leak-search); npm itself keeps its logs
// and cache in ~/.npm. Anything else that appeared (~/.config, ~/.local, ~/.vscode*, …) fails.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './exec';
import { repoRoot } from './paths';
import { checkResult, printSummary, totals } from './summary';
import type { LayerResult } from './summary';

/** What may appear in HOME after a run, besides the copied .npmrc (paths relative to HOME). */
export const ALLOWED_IN_HOME: readonly string[] = ['.npmrc', '.npm', '.cache', '.cache/leak-search'];

/** Every path under `home` (relative, depth-first) that is neither allowed nor inside an allowed folder. */
export function unexpectedEntries(home: string, allowed: readonly string[] = ALLOWED_IN_HOME): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(home, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!allowed.includes(child)) {
        found.push(entry.isDirectory() ? `${child}/` : child);
        continue;
      }
      // An allowed folder that is only a parent (".cache") is walked; a leaf is taken whole.
      const isParentOnly = allowed.some((other) => other.startsWith(`${child}/`));
      if (entry.isDirectory() && isParentOnly) walk(child);
    }
  };
  walk('');
  return found;
}

/**
 * The environment of a newcomer's shell, as `env -i` gives it: PATH, locale and terminal from
 * the caller, a fresh HOME, CI; nothing else (no caches, XDG folders, npm variables, or the
 * CA and proxy variables a developer's own shell may carry).
 */
export function newcomerEnv(base: NodeJS.ProcessEnv, home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'LANG', 'LC_ALL', 'TERM']) if (base[key] !== undefined) env[key] = base[key];
  return { ...env, HOME: home, CI: base.CI ?? 'true' };
}

async function main(): Promise<number> {
  const started = Date.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-cold-'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  const npmrc = path.join(os.homedir(), '.npmrc');
  if (fs.existsSync(npmrc)) fs.copyFileSync(npmrc, path.join(home, '.npmrc'));
  console.log(`▶ cold: an empty HOME (${home}) and an empty toolchain cache; npm test -- integration:no-folder`);
  const results: LayerResult[] = [];
  try {
    const code = await run('npm', ['test', '--', 'integration:no-folder'], { cwd: repoRoot, env: newcomerEnv(process.env, home) });
    const elapsed = Date.now() - started;
    results.push(checkResult('cold:first-run', code === 0, `npm test -- integration:no-folder exited with ${code} on an empty HOME`, elapsed));
    const unexpected = unexpectedEntries(home);
    results.push(
      checkResult(
        'cold:home-untouched',
        unexpected.length === 0,
        `written outside ~/.cache/leak-search and ~/.npm: ${unexpected.slice(0, 20).join(', ')}`,
        0,
      ),
    );
    console.log(`\ncold: provisioning and one integration run took ${Math.round(elapsed / 1000)} s`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  }
  printSummary(results, Date.now() - started);
  return totals(results).failed > 0 ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
  );
}
