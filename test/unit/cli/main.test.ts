// `leak-search --help`, `--version` and the help of every subcommand (found in the top-level
// help, so a new subcommand is held to it at once): exit 0, examples, the exit codes, and no
// key even when one is set.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_API_KEY } from '../../../service/demo';
import { repoRoot } from '../../harness/paths';
import { runCli, useBuiltCli } from './cliRunner';

const ENV = { LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: 'https://leak-search.invalid/api' };

/** The subcommands the top-level help lists (commander's "Commands:" section). */
function subcommands(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1] as string).filter((c) => c !== 'help');
}

describe('cli: help and version', function () {
  this.timeout(30_000);
  useBuiltCli();

  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await runCli([flag], { env: ENV });
      assert.equal(run.code, 0);
      assert.equal(run.stdout, `${version}\n`);
    }
  });

  it('--help lists the subcommands, the key sources and the exit codes, on stdout, exit 0', async () => {
    const run = await runCli(['--help'], { env: ENV });
    assert.equal(run.code, 0);
    assert.deepEqual(subcommands(run.stdout).includes('check'), true, run.stdout);
    assert.match(run.stdout, /LEAK_SEARCH_API_KEY/);
    assert.match(run.stdout, /--api-key-stdin/);
    for (const code of ['0', '1', '2', '3', '130']) assert.match(run.stdout, new RegExp(`\\b${code}\\b`));
    assert.equal(run.stderr, '');
  });

  it('every subcommand has --help with examples of itself, and `help <subcommand>` says the same', async () => {
    const top = await runCli(['--help'], { env: ENV });
    const names = subcommands(top.stdout);
    assert.ok(names.length >= 1);
    for (const name of names) {
      const run = await runCli([name, '--help'], { env: ENV });
      assert.equal(run.code, 0, name);
      assert.match(run.stdout, new RegExp(`^Usage: leak-search ${name}\\b`), name);
      assert.match(run.stdout, /^Examples:$/m, `${name} --help has no examples`);
      assert.match(run.stdout, new RegExp(`\\$ (\\S+=\\S+ )*leak-search ${name}\\b`), `${name}'s examples do not run it`);
      const viaHelp = await runCli(['help', name], { env: ENV });
      assert.equal(viaHelp.code, 0, name);
      assert.equal(viaHelp.stdout, run.stdout, name);
    }
  });
});
