// `leak-search install-hook`: a plain git pre-commit hook for people without the pre-commit
// tool, running `leak-search scan --staged` so a commit that adds a leaked credential is
// refused. It goes where git looks for hooks (core.hooksPath respected) and never replaces a
// hook that is there: the user's own hook is theirs, and the message says how to add ours to it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { EXIT, UsageError } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { RunContext } from '../runContext';
import { GitError, gitPathIn, gitRecords } from '../scan/git';

interface HookFlags {
  readonly unreachable?: 'fail' | 'warn';
}

export function registerInstallHook(program: Command, run: (action: (ctx: RunContext) => Promise<ExitCode>) => Promise<void>): void {
  program
    .command('install-hook')
    .description('Write a git pre-commit hook that refuses commits adding leaked credentials (for repositories without the pre-commit tool).')
    .addOption(new Option('--unreachable <action>', 'when the service cannot be reached at commit time: warn and let the commit through, or fail it').choices(['warn', 'fail']).default('warn'))
    .addHelpText('after', `
The hook runs \`leak-search scan --staged\` with the key from LEAK_SEARCH_API_KEY; a check is reused
for an hour (--reuse 1h), so it sends at most one search per configured domain an hour. An existing hook is never replaced. To commit once without
it: git commit --no-verify. With the pre-commit tool, use its hook instead (README, "Use it in CI").

Examples:
  $ leak-search install-hook
  $ leak-search install-hook --unreachable fail          # no commit while the service is away`)
    .action((flags: HookFlags) => run((ctx) => installHook(ctx, flags)));
}

/** A word for sh, in single quotes. */
function shellWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The hook's script: `leak-search` from PATH when there is one, else this very command line. */
export function hookScript(node: string, cli: string | undefined, unreachable: 'fail' | 'warn'): string {
  const args = `scan --staged --reuse 1h --unreachable ${unreachable}`;
  const lines = [
    '#!/bin/sh',
    '# Written by `leak-search install-hook`: refuses a commit whose staged changes hold',
    '# credentials found in leaked data (stealer logs) for the domains in .vscode/settings.json.',
    '# The API key comes from LEAK_SEARCH_API_KEY. To commit once without it: git commit --no-verify.',
    'if command -v leak-search >/dev/null 2>&1; then',
    `  exec leak-search ${args}`,
    'fi',
  ];
  if (cli !== undefined) lines.push(`exec ${shellWord(node)} ${shellWord(cli)} ${args}`);
  else lines.push('echo "leak-search: not found on PATH; install it (npm install -g leak-search) or remove this hook." >&2', 'exit 1');
  return `${lines.join('\n')}\n`;
}

/** The hook's file in the hooks folder git named (`rev-parse --git-path hooks`, relative to `cwd` or absolute). */
export function hookFile(cwd: string, hooks: string, flavour: PlatformPath = path): string {
  return flavour.join(gitPathIn(cwd, hooks, flavour), 'pre-commit');
}

async function installHook(ctx: RunContext, flags: HookFlags): Promise<ExitCode> {
  let hooks: string | undefined;
  try {
    for await (const line of gitRecords(ctx.cwd, ['rev-parse', '--git-path', 'hooks'], '\n')) if (line !== '') hooks ??= line;
  } catch (e) {
    throw new UsageError(e instanceof GitError && /not a git repository/i.test(e.message) ? `${ctx.cwd} is not in a git repository: run install-hook inside the repository to protect.` : `The hooks folder cannot be found: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (hooks === undefined) throw new UsageError('The hooks folder cannot be found: git named none.');
  const file = hookFile(ctx.cwd, hooks);
  const cli = require.main?.filename;
  const script = hookScript(process.execPath, cli, flags.unreachable ?? 'warn');
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // `wx`: created here or not at all, so a hook that appears meanwhile is not replaced either.
    fs.writeFileSync(file, script, { flag: 'wx', mode: 0o755 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UsageError(`A pre-commit hook is already there (${file}); it was left as it is. Add this line to it to run Leak Search too:\n  leak-search scan --staged --reuse 1h --unreachable ${flags.unreachable ?? 'warn'}\nor use the pre-commit tool's hook (README, "Use it in CI").`);
    }
    throw new UsageError(`The hook cannot be written to ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
  ctx.reporter.info(`Wrote ${file}: each commit is now checked for leaked credentials (at most one search per domain an hour, key from LEAK_SEARCH_API_KEY).`);
  return EXIT.ok;
}
