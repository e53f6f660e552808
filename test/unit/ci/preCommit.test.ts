// The pre-commit hook (.pre-commit-hooks.yaml) run by the real pre-commit tool with `try-repo` on
// this checkout, which installs it as a team's machines do (language node: this repository packed
// and installed from the npm registry alone), against the reference service over loopback HTTP:
// a staged leaked password is refused with one line naming the file, line and account and no
// password; a clean change passes; an unreachable service is said and does not block.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { repoRoot } from '../../harness/paths';

interface Run {
  readonly code: number;
  readonly output: string;
}

function preCommit(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile('pre-commit', [...args], { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('CI: the pre-commit hook, with the real pre-commit tool', function () {
  this.timeout(600_000);
  let service: RunningService;
  let dir: string;
  let repo: string;
  let env: NodeJS.ProcessEnv;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

  before(async function () {
    try {
      execFileSync('pre-commit', ['--version'], { stdio: 'ignore' });
    } catch {
      assert.fail('pre-commit is not installed: apt-get install pre-commit (.ci/run installs it)');
    }
    service = await startService(demoOptions());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-pre-commit-'));
    repo = path.join(dir, 'repo');
    fs.mkdirSync(path.join(repo, '.vscode'), { recursive: true });
    git('init', '--quiet', '--initial-branch=main');
    git('config', 'user.email', 'dev@example.com');
    git('config', 'user.name', 'Dev');
    fs.writeFileSync(path.join(repo, '.vscode', 'settings.json'), JSON.stringify({ 'leakSearch.domains': ['example.com'] }));
    fs.writeFileSync(path.join(repo, 'README.md'), '# app\n');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'start');
    // The machine's environment (npm reaches the registry with it: certificates, proxies), none of
    // the caller's own LEAK_SEARCH_* settings, and the tool's environments in a folder of this
    // test, so the hook is installed afresh as on a new machine.
    const own = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LEAK_SEARCH_')));
    env = { ...own, PRE_COMMIT_HOME: path.join(dir, 'pre-commit-home'), LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl, NO_COLOR: '1' };
  });
  after(async () => {
    await service?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    git('reset', '--quiet', '--hard');
    git('clean', '-fdq');
  });

  it('refuses a staged leaked password with one line naming the file, line and account, password masked', async () => {
    fs.writeFileSync(path.join(repo, 'deploy.env'), `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`);
    git('add', 'deploy.env');
    const run = await preCommit(['try-repo', repoRoot, 'leak-search'], repo, env);
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /^Leak Search \(leaked credentials\)\.+Failed$/m);
    assert.match(run.output, /^deploy\.env:2:14 error leaked-password A password leaked for alice@example\.com appears here/m);
    assert.ok(!run.output.includes(DEMO_ALICE.password as string), 'the password is not shown');
    assert.ok(!run.output.includes(DEMO_API_KEY), 'the key is not shown');
  });

  it('passes a clean change', async () => {
    fs.writeFileSync(path.join(repo, 'notes.md'), 'Nothing secret here.\n');
    git('add', 'notes.md');
    const run = await preCommit(['try-repo', repoRoot, 'leak-search'], repo, env);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /^Leak Search \(leaked credentials\)\.+Passed$/m);
  });

  it('says so when the service cannot be reached, and lets the commit through', async () => {
    fs.writeFileSync(path.join(repo, 'deploy.env'), `VPN_PASSWORD=${DEMO_ALICE.password}\n`);
    git('add', 'deploy.env');
    const run = await preCommit(['try-repo', repoRoot, 'leak-search'], repo, { ...env, LEAK_SEARCH_BASE_URL: 'http://127.0.0.1:9' });
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /Could not connect to http:\/\/127\.0\.0\.1:9/);
    assert.match(run.output, /nothing was scanned: the service could not be used .* not checked for leaked credentials/);
  });
});
