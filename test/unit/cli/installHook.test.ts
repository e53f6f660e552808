// `leak-search install-hook`: a plain git pre-commit hook, tried with real `git commit`s against
// the reference service: a leaked password refuses the commit, a clean one goes through; an
// existing hook is never replaced; core.hooksPath is where the hook goes when set.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY } from '../../../service/demo';
import { useTestService } from '../core/client/fixture';
import { useTempDirs } from './cliRunner';
import { runCli } from './spawnCli';

describe('cli install-hook: a git pre-commit hook without the pre-commit tool', function () {
  this.timeout(60_000);
  const service = useTestService();
  const tempDir = useTempDirs();

  const gitEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl, NO_COLOR: '1' });

  /** git, run without blocking this process: the hook asks the reference service, which answers from it. */
  function gitAsync(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      execFile('git', args, { cwd: dir, env: gitEnv() }, (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, out: `${stdout}${stderr}` }));
    });
  }

  function repo(): { dir: string; git: (...args: string[]) => string } {
    const dir = tempDir();
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: gitEnv() });
    git('init', '--quiet', '--initial-branch=main');
    git('config', 'user.email', 'dev@example.com');
    git('config', 'user.name', 'Dev');
    fs.mkdirSync(path.join(dir, '.vscode'));
    fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'leakSearch.domains': ['example.com'] }));
    return { dir, git };
  }

  it('refuses a commit that adds a leaked password and lets a clean one through', async () => {
    const { dir, git } = repo();
    const installed = await runCli(['install-hook'], {}, dir);
    assert.equal(installed.code, 0, installed.stderr);
    const hook = path.join(dir, '.git', 'hooks', 'pre-commit');
    assert.match(installed.stderr, /Wrote .*pre-commit/);
    assert.ok((fs.statSync(hook).mode & 0o111) !== 0, 'the hook is executable');

    fs.writeFileSync(path.join(dir, 'deploy.env'), `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`);
    git('add', '-A');
    const refused = await gitAsync(dir, 'commit', '-m', 'add deploy settings');
    assert.notEqual(refused.code, 0, refused.out);
    assert.match(refused.out, /^deploy\.env:2:14 error leaked-password A password leaked for alice@example\.com/m);
    assert.ok(!refused.out.includes(DEMO_ALICE.password as string));
    assert.notEqual((await gitAsync(dir, 'rev-parse', '--verify', '--quiet', 'HEAD')).code, 0, 'no commit was made');

    git('rm', '--cached', '--quiet', 'deploy.env');
    fs.rmSync(path.join(dir, 'deploy.env'));
    fs.writeFileSync(path.join(dir, 'notes.md'), 'Nothing secret.\n');
    git('add', '-A');
    const clean = await gitAsync(dir, 'commit', '--quiet', '-m', 'notes');
    assert.equal(clean.code, 0, clean.out);
  });

  it('never replaces a hook that is there, and says how to add ours to it', async () => {
    const { dir } = repo();
    const hook = path.join(dir, '.git', 'hooks', 'pre-commit');
    fs.mkdirSync(path.dirname(hook), { recursive: true });
    fs.writeFileSync(hook, '#!/bin/sh\necho mine\n', { mode: 0o755 });
    const run = await runCli(['install-hook'], {}, dir);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /A pre-commit hook is already there .* it was left as it is/);
    assert.match(run.stderr, /leak-search scan --staged --reuse 1h --unreachable warn/);
    assert.equal(fs.readFileSync(hook, 'utf8'), '#!/bin/sh\necho mine\n');
  });

  it('writes to core.hooksPath when set, and refuses outside a git repository', async () => {
    const { dir, git } = repo();
    git('config', 'core.hooksPath', '.githooks');
    const run = await runCli(['install-hook', '--unreachable', 'fail'], {}, dir);
    assert.equal(run.code, 0, run.stderr);
    const script = fs.readFileSync(path.join(dir, '.githooks', 'pre-commit'), 'utf8');
    assert.match(script, /scan --staged --reuse 1h --unreachable fail/);
    const outside = tempDir();
    const refused = await runCli(['install-hook'], { GIT_CEILING_DIRECTORIES: path.dirname(outside) }, outside);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /is not in a git repository/);
  });
});
