// The CI integrations as they run: action.yml and every workflow in docs/ci/ validated by a
// schema validator (@action-validator/cli), then each workflow run by workflowRunner.ts against
// the reference service over loopback HTTP: the pull-request gate (the Action on a pull
// request's event, shallow clone, SARIF, job summary, outputs), the nightly fan-out over two
// repositories (fetch once → a matrix of scans → merge, three nights) and the history audit.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { DEMO_ALICE, DEMO_API_KEY, DEMO_BOB, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { repoRoot } from '../../harness/paths';
import { buildCli } from '../cli/cliRunner';
import { annotationsOf, runWorkflow } from './workflowRunner';
import type { JobResult, World } from './workflowRunner';

const run = promisify(execFile);
// The validator's own script, run by this Node: the .bin shim is a .cmd on Windows.
const validate = (file: string): Promise<{ stdout: string; stderr: string }> => run(process.execPath, [path.join(repoRoot, 'node_modules', '@action-validator', 'cli', 'cli.mjs'), file]);
const WORKFLOWS = fs.readdirSync(path.join(repoRoot, 'docs', 'ci')).filter((f) => f.endsWith('.yml'));
const PASSWORDS = [DEMO_ALICE.password, DEMO_BOB.password] as string[];

function gitRepo(dir: string, files: Record<string, string>, message = 'first'): string {
  fs.mkdirSync(dir, { recursive: true });
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.email', 'ci@example.com');
  git('config', 'user.name', 'CI');
  // What GitHub allows, so a shallow clone can fetch one commit by its id.
  git('config', 'uploadpack.allowAnySHA1InWant', 'true');
  commit(dir, files, message);
  return dir;
}

function commit(dir: string, files: Record<string, string | null>, message: string): string {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (text === null) fs.rmSync(file);
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['commit', '--quiet', '-m', message], { cwd: dir });
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
}

const SETTINGS = JSON.stringify({ 'leakSearch.domains': ['example.com'] });

/** The files a job wrote: everything in its workspace but what it checked out (git's untracked files count). */
function written(dir: string): string[] {
  if (fs.existsSync(path.join(dir, '.git'))) {
    return execFileSync('git', ['ls-files', '-z', '--others'], { cwd: dir, encoding: 'utf8' }).split('\0').filter((f) => f !== '').map((f) => path.join(dir, f));
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? written(path.join(dir, e.name)) : e.isFile() ? [path.join(dir, e.name)] : []));
}

/** Everything a job showed or wrote: its steps' output, outputs, summary and files (the encrypted results file aside). */
function everything(jobs: readonly JobResult[]): string {
  const files = jobs.flatMap((j) => (j.workspace && fs.existsSync(j.workspace) ? written(j.workspace) : [])).filter((f) => !f.endsWith('.bin'));
  return [...jobs.flatMap((j) => [j.summary, ...j.steps.flatMap((s) => [s.stdout, s.stderr, JSON.stringify(s.outputs)])]), ...files.map((f) => fs.readFileSync(f, 'utf8'))].join('\n');
}

function job(jobs: readonly JobResult[], id: string): JobResult {
  const found = jobs.find((j) => j.job === id);
  assert.ok(found, `job ${id} ran`);
  return found;
}

describe('CI: the GitHub Action and the example workflows', function () {
  this.timeout(240_000);
  let service: RunningService;
  let root: string;

  /** A runner world named `name`: the key as a secret, the reference service's address. */
  const worldOf = (name: string, over: Partial<World> & Pick<World, 'event'>): World => ({
    root: path.join(root, `${name}-world`),
    repositories: {},
    secrets: { LEAK_SEARCH_API_KEY: DEMO_API_KEY },
    env: { LEAK_SEARCH_BASE_URL: service.baseUrl },
    cache: path.join(root, `${name}-cache`),
    ...over,
  });

  before(async function () {
    this.timeout(240_000);
    service = await startService(demoOptions());
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-search-ci-'));
    await buildCli();
  });
  after(async () => {
    await service.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('action.yml and every workflow in docs/ci/ pass the schema validator', async () => {
    // The validator's schema predates `node24` (the runners' Node since 2025): it reads the
    // action as node20; every other rule applies as written.
    const action = parse(fs.readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as { runs: { using: string; main: string } };
    assert.equal(action.runs.using, 'node24');
    assert.equal(action.runs.main, 'dist/action.js');
    const copy = path.join(root, 'validate', 'action.yml');
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.writeFileSync(copy, fs.readFileSync(path.join(repoRoot, 'action.yml'), 'utf8').replace(/^(\s*using:\s*)node24\s*$/m, '$1node20'));
    assert.deepEqual(WORKFLOWS.sort(), ['history-audit.yml', 'nightly.yml', 'pull-request.yml']);
    for (const file of [copy, ...WORKFLOWS.map((f) => path.join(repoRoot, 'docs', 'ci', f))]) {
      const checked = await validate(file).then(
        () => ({ ok: true, out: '' }),
        (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
      );
      assert.ok(checked.ok, `${path.basename(file)}: ${checked.out}`);
    }
    // And the validator does fail: an action without `runs` is refused.
    fs.writeFileSync(copy, 'name: x\ndescription: y\n');
    await assert.rejects(validate(copy));
  });

  it('pull-request gate: only what the pull request adds, SARIF uploaded, a summary without a password, and no command injected by a file name', async () => {
    const repo = gitRepo(path.join(root, 'pr-repo'), { '.vscode/settings.json': SETTINGS, 'docs/team.md': `Ask ${DEMO_BOB.username} about the build.\n` }, 'base');
    const base = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
    const hostile = '::error::x|<img src=x>@here.env';
    const head = commit(repo, { 'deploy.env': `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`, [hostile]: `owner=${DEMO_ALICE.username}\n` }, 'add the deploy settings');
    const world = worldOf('pr', {
      self: repo,
      event: { name: 'pull_request', payload: { pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'deploy', repo: { full_name: 'example-org/app' } } } } },
    });
    const requestsBefore = service.requests.length;
    const jobs = await runWorkflow(path.join(repoRoot, 'docs', 'ci', 'pull-request.yml'), world);
    const gate = job(jobs, 'leaks');
    const step = gate.steps.find((s) => s.id === 'leaks');
    assert.ok(step);
    assert.equal(step.code, 1, `${step.stdout}\n${step.stderr}`);
    assert.equal(gate.result, 'failure', 'a leaked password fails the job');
    assert.equal(service.requests.length - requestsBefore, 1, 'one search: the one domain');
    assert.deepEqual([step.outputs.errors, step.outputs.warnings], ['1', '2']);
    // Code scanning got the report, and it holds only what the pull request added.
    assert.equal(gate.uploadedSarif.length, 1, 'upload-sarif ran although the scan failed');
    const sarif = JSON.parse(fs.readFileSync(gate.uploadedSarif[0] as string, 'utf8')) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    // A first segment holding a colon is written `./…` (it would read as a URI scheme).
    const found = sarif.runs[0]?.results.map((r) => `${decodeURIComponent(r.locations[0]?.physicalLocation.artifactLocation.uri ?? '').replace(/^\.\//, '')} ${r.ruleId}`).sort();
    assert.deepEqual(found, [`${hostile} leaked-email`, 'deploy.env leaked-email', 'deploy.env leaked-password'].sort());
    // The runner saw one annotation, the Action's own: the file name printed in the log is inert.
    assert.equal(step.annotations.length, 1, step.annotations.join('\n'));
    assert.match(step.annotations[0] as string, /^::error title=Leak Search::1 leaked credential finding at or above error/);
    // The log names files and rules, and no account: everyone who can see the run reads it.
    assert.match(step.stdout, /^deploy\.env:2:14 error leaked-password$/m);
    assert.ok(!step.stdout.includes(DEMO_ALICE.username) && !step.stderr.includes(DEMO_ALICE.username), 'no account in the log');
    // The job summary: counts, the files, what to do; the hostile name shown as text only.
    assert.match(gate.summary, /### Leak Search: 1 error, 2 warnings in 2 files/);
    assert.match(gate.summary, /\*\*This job fails:\*\* 1 finding at or above `error`/);
    assert.match(gate.summary, /Rotate it everywhere it is used/);
    assert.ok(!gate.summary.includes('<img') && !gate.summary.includes('::error::'), gate.summary);
    assert.equal(gate.summary.split('\n').filter((l) => l.startsWith('| <code>')).length, 2);
    for (const line of gate.summary.split('\n').filter((l) => l.startsWith('| <code>'))) assert.equal(line.split('|').length, 6, `one table row: ${line}`);
    const seen = everything(jobs);
    for (const secret of [...PASSWORDS, DEMO_API_KEY]) assert.ok(!seen.includes(secret), 'no password and no key in the log, summary, outputs or files');

    // A pull request from a fork gets no secrets: the gate does not run, rather than fail on a missing key.
    const fork = { ...world.event.payload } as { pull_request: { head: object } };
    const forked = await runWorkflow(path.join(repoRoot, 'docs', 'ci', 'pull-request.yml'), { ...world, secrets: {}, event: { name: 'pull_request', payload: { pull_request: { ...fork.pull_request, head: { ...fork.pull_request.head, repo: { full_name: 'someone/app' } } } } } });
    assert.equal(job(forked, 'leaks').result, 'skipped');
  });

  it('the Action without its key says in the workflow\'s words what to add, on the step and on the job page', async () => {
    const repo = gitRepo(path.join(root, 'nokey-repo'), { '.vscode/settings.json': SETTINGS });
    const world = worldOf('nokey', {
      self: repo,
      secrets: {},
      event: { name: 'push', payload: { before: '0'.repeat(40) } },
    });
    const before = service.requests.length;
    const jobs = await runWorkflow(path.join(repoRoot, 'docs', 'ci', 'history-audit.yml'), world);
    const audit = job(jobs, 'audit');
    const step = audit.steps.find((s) => s.id === 'audit');
    assert.equal(step?.code, 2);
    assert.match(step?.annotations[0] ?? '', /^::error title=Leak Search::No API key: give the step `env: LEAK_SEARCH_API_KEY: \$\{\{ secrets\.LEAK_SEARCH_API_KEY \}\}`/);
    assert.match(audit.summary, /^### Leak Search: the step could not run$/m);
    assert.match(audit.summary, /No API key/);
    assert.equal(service.requests.length, before, 'nothing was sent');
  });

  it('nightly fan-out: one fetch for all domains, scans that send nothing, a merge equal to one scan, alerting only on what is new', async () => {
    const env = `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`;
    const api = gitRepo(path.join(root, 'org', 'api'), { 'config/deploy.env': env, 'README.md': '# api\n' });
    const web = gitRepo(path.join(root, 'org', 'web'), { 'config/deploy.env': env, 'docs/team.md': `Ask ${DEMO_BOB.username}.\n` });
    const world = worldOf('nightly', {
      repositories: { 'example-org/api': api, 'example-org/web': web },
      secrets: { LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_RESULTS_KEY: randomBytes(32).toString('hex'), LEAK_SEARCH_CHECKOUT_TOKEN: 'unused' },
      event: { name: 'schedule', payload: { schedule: '17 3 * * *' } },
    });
    const workflow = path.join(repoRoot, 'docs', 'ci', 'nightly.yml');
    const domains = (parse(fs.readFileSync(workflow, 'utf8')) as { env: { LEAK_SEARCH_DOMAINS: string } }).env.LEAK_SEARCH_DOMAINS.split(' ');

    const night = async (): Promise<{ jobs: JobResult[]; requests: number; merged: unknown[] }> => {
      const before = service.requests.length;
      const jobs = await runWorkflow(workflow, world);
      const merge = job(jobs, 'merge');
      const mergedFile = path.join(merge.workspace, 'leak-search-merged.json');
      return { jobs, requests: service.requests.length - before, merged: JSON.parse(fs.readFileSync(mergedFile, 'utf8')) as unknown[] };
    };

    // Night 1: everything is new.
    const first = await night();
    assert.equal(job(first.jobs, 'fetch').result, 'success', first.jobs[0]?.steps.map((s) => s.stderr).join('\n'));
    assert.deepEqual(first.jobs.filter((j) => j.job === 'scan').map((j) => j.result), ['success', 'success']);
    assert.equal(first.requests, domains.length, 'the night spent one search per domain, all in the fetch job');
    for (const scan of first.jobs.filter((j) => j.job === 'scan')) assert.ok(!scan.steps.some((s) => s.stdout.includes(DEMO_API_KEY)));
    // The merged report equals one scan of both repositories, laid out as the jobs lay them out.
    const single = path.join(root, 'single');
    for (const [name, repo] of [['api', api], ['web', web]] as const) execFileSync('git', ['clone', '--quiet', repo, path.join(single, 'repos', 'example-org', name)]);
    const results = path.join(root, 'single.bin');
    const env1 = { ...process.env, LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_RESULTS_KEY: world.secrets.LEAK_SEARCH_RESULTS_KEY };
    await run(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'fetch', ...domains, '--out', results], { cwd: single, env: env1 });
    const scanned = await run(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'scan', '--results', results, '--format', 'json', '--fail-on', 'none', 'repos/example-org/api', 'repos/example-org/web'], { cwd: single, env: env1 });
    const key = (f: unknown): string => JSON.stringify(f);
    const one = (JSON.parse(scanned.stdout) as unknown[]).map(key).sort();
    assert.ok(one.length >= 5, `the repositories hold findings: ${one.length}`);
    assert.deepEqual(first.merged.map(key).sort(), one);
    const merge1 = job(first.jobs, 'merge');
    assert.equal(merge1.result, 'failure', 'new findings fail the merge job: the alert');
    assert.match(merge1.summary, /^### Leak Search: new since the last run: \d+ errors?, \d+ warnings? in 3 files$/m);

    // Night 2: nothing changed, nothing new, no alert.
    const second = await night();
    assert.equal(second.requests, domains.length);
    assert.equal(job(second.jobs, 'merge').result, 'success');
    assert.deepEqual(second.merged, []);
    assert.match(job(second.jobs, 'merge').summary, /no new leaked credentials found/);

    // Night 3: a new leak in one repository is the only thing reported.
    commit(web, { 'ci/secrets.yml': `user: ${DEMO_BOB.username}\npassword: ${DEMO_BOB.password}\n` }, 'add ci secrets');
    const third = await night();
    assert.equal(job(third.jobs, 'merge').result, 'failure');
    assert.deepEqual([...new Set((third.merged as { path: string }[]).map((f) => f.path))], ['repos/example-org/web/ci/secrets.yml']);
    for (const secret of [...PASSWORDS, DEMO_API_KEY]) assert.ok(!everything([...first.jobs, ...second.jobs, ...third.jobs]).includes(secret), 'no password or key in any job');
  });

  it('history audit: every version ever committed, kept as a baseline the scan then suppresses', async () => {
    const repo = gitRepo(path.join(root, 'audit-repo'), { '.vscode/settings.json': SETTINGS, 'deploy.env': `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n` });
    commit(repo, { 'deploy.env': null }, 'remove the settings file');
    const world = worldOf('audit', {
      self: repo,
      event: { name: 'workflow_dispatch', payload: {} },
    });
    const jobs = await runWorkflow(path.join(repoRoot, 'docs', 'ci', 'history-audit.yml'), world);
    const audit = job(jobs, 'audit');
    assert.equal(audit.result, 'success', audit.steps.map((s) => `${s.stdout}${s.stderr}`).join('\n'));
    // Code scanning got every finding, with the commit it was found in.
    assert.equal(audit.uploadedSarif.length, 1);
    const log = JSON.parse(fs.readFileSync(audit.uploadedSarif[0] as string, 'utf8')) as { runs: { results: { ruleId: string; properties?: { commit?: string } }[] }[] };
    const results = log.runs[0]?.results ?? [];
    assert.deepEqual(results.map((r) => r.ruleId).sort(), ['leaked-email', 'leaked-password']);
    assert.ok(results.every((r) => /^[0-9a-f]{40}$/.test(r.properties?.commit ?? '')), 'each finding names the commit it was found in');
    // The baseline artifact: fingerprints, files and rules, no account, fit to commit.
    const artifact = path.join(world.root, fs.readdirSync(world.root).find((d) => d.startsWith('run-')) as string, 'artifacts', 'leak-search-baseline', 'leak-search-baseline.json');
    const baseline = fs.readFileSync(artifact, 'utf8');
    assert.deepEqual((JSON.parse(baseline) as { code: string }[]).map((f) => f.code).sort(), ['leaked-email', 'leaked-password']);
    assert.ok(!baseline.includes(DEMO_ALICE.username), 'the baseline names no account');
    // The team commits it as the baseline: the same history scan then fails on nothing.
    const again = await run(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'scan', '--history', '--baseline', artifact, '--format', 'json'], {
      cwd: repo,
      env: { ...process.env, LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl },
    });
    const findings = JSON.parse(again.stdout) as { suppressed?: string }[];
    assert.equal(findings.length, 2);
    assert.ok(findings.every((f) => f.suppressed === 'in the baseline'));

    // A shallow clone (checkout's default) would hide history: the Action warns.
    const shallow = path.join(root, 'audit-shallow');
    execFileSync('git', ['clone', '--quiet', '--depth=1', `file://${repo}`, shallow]);
    const direct = await run(process.execPath, [path.join(repoRoot, 'dist', 'action.js')], {
      cwd: shallow,
      env: { PATH: process.env.PATH, GITHUB_WORKSPACE: shallow, GITHUB_EVENT_NAME: 'workflow_dispatch', INPUT_MODE: 'history', 'INPUT_FAIL-ON': 'none', LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl },
    });
    assert.deepEqual(annotationsOf(direct.stdout), ['::warning title=Leak Search::The clone is shallow, so mode history sees only the commits fetched: give actions/checkout `fetch-depth: 0` to scan all of history.']);
  });
});
