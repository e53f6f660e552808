// What the GitHub Action runs for the inputs and event a runner gives it (src/action/plan.ts):
// the mode from the event, the diff's base from the payload, every input checked, and nothing
// a workflow writes able to turn into an option of the command line.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ActionInputError, planOf } from '../../../src/action/plan';
import type { ScanPlan } from '../../../src/action/plan';

const BASE = 'a'.repeat(40);
const BEFORE = 'b'.repeat(40);
const WS = path.resolve('/work/ws');

function env(inputs: Record<string, string>, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { GITHUB_WORKSPACE: WS, LEAK_SEARCH_API_KEY: 'a key', LEAK_SEARCH_RESULTS_KEY: 'a results key', ...extra };
  for (const [k, v] of Object.entries(inputs)) out[`INPUT_${k.toUpperCase()}`] = v;
  return out;
}

const PR = { pull_request: { base: { sha: BASE } } };

function scanPlan(e: NodeJS.ProcessEnv, event: unknown): ScanPlan {
  const plan = planOf(e, event);
  assert.equal(plan.kind, 'scan');
  return plan as ScanPlan;
}

describe('action plan: inputs and event → leak-search scan', () => {
  it('diffs a pull request against its base, and scans everything elsewhere', () => {
    const pr = scanPlan(env({}, { GITHUB_EVENT_NAME: 'pull_request' }), PR);
    assert.equal(pr.mode, 'diff');
    assert.equal(pr.base, BASE);
    assert.deepEqual(pr.argv, ['scan', '--format', 'sarif', '--output', path.join(WS, 'leak-search.sarif'), '--fail-on', 'error', '--diff', BASE, '--', '.']);
    const push = scanPlan(env({}, { GITHUB_EVENT_NAME: 'push' }), { before: BEFORE });
    assert.equal(push.mode, 'full');
    assert.ok(!push.argv.includes('--diff'));
    const pushDiff = scanPlan(env({ mode: 'diff' }, { GITHUB_EVENT_NAME: 'push' }), { before: BEFORE });
    assert.equal(pushDiff.base, BEFORE);
    // A new branch's push has no previous head (all zeros): diff needs a base input then.
    assert.throws(() => planOf(env({ mode: 'diff' }, { GITHUB_EVENT_NAME: 'push' }), { before: '0'.repeat(40) }), /mode diff needs the commit to compare with/);
    assert.equal(scanPlan(env({ mode: 'diff', base: 'origin/main' }, { GITHUB_EVENT_NAME: 'workflow_dispatch' }), {}).base, 'origin/main');
  });

  it('passes every input as its flag, in a working directory, with the job summary', () => {
    const plan = scanPlan(
      env(
        { domains: 'example.com, example.org\nexample.net', paths: 'src\n  config/app.env  \n', 'fail-on': 'warning', baseline: '.leak-search/baseline.sarif', output: 'out/leaks.sarif', 'working-directory': 'repo', 'base-url': 'https://leaks.internal/api', mode: 'history', 'history-range': 'v1.0..HEAD' },
        { GITHUB_STEP_SUMMARY: '/tmp/summary.md' },
      ),
      undefined,
    );
    assert.equal(plan.cwd, path.join(WS, 'repo'));
    assert.equal(plan.sarif, path.join(WS, 'repo', 'out', 'leaks.sarif'));
    assert.deepEqual(plan.argv, [
      '--base-url', 'https://leaks.internal/api',
      'scan', '--format', 'sarif', '--output', plan.sarif, '--fail-on', 'warning',
      '--domain', 'example.com', 'example.org', 'example.net',
      '--baseline', '.leak-search/baseline.sarif',
      '--summary', '/tmp/summary.md',
      '--history=v1.0..HEAD',
      '--', 'src', 'config/app.env',
    ]);
    assert.deepEqual(planOf(env({ results: 'leaks.bin' }), undefined).argv.slice(7, 9), ['--results', 'leaks.bin']);
  });

  it('refuses inputs that are wrong or could read as options, with the input named', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ mode: 'everything' }, /mode input is "everything": give diff, full or history/],
      [{ 'fail-on': 'critical' }, /fail-on input is "critical"/],
      [{ domains: '--base-url=https://evil.example' }, /domains input holds "--base-url=https:\/\/evil.example"/],
      [{ results: '-x' }, /results input/],
      [{ baseline: '--help' }, /baseline input/],
      [{ results: 'a.bin', domains: 'example.com' }, /results input or the domains input, not both/],
      [{ mode: 'history', 'history-range': '--output=/etc/passwd' }, /history-range input/],
      [{ output: 'a\nb' }, /output input/],
    ];
    for (const [inputs, message] of cases) {
      assert.throws(() => planOf(env(inputs), undefined), (e: unknown) => e instanceof ActionInputError && message.test(e.message), JSON.stringify(inputs));
    }
    // The keys, in a workflow's words.
    assert.throws(() => planOf(env({}, { LEAK_SEARCH_API_KEY: '' }), undefined), /No API key: give the step `env: LEAK_SEARCH_API_KEY: \$\{\{ secrets\.LEAK_SEARCH_API_KEY \}\}`.*forks/);
    assert.throws(() => planOf(env({ results: 'a.bin' }, { LEAK_SEARCH_API_KEY: '', LEAK_SEARCH_RESULTS_KEY: '' }), undefined), /No results key/);
    assert.doesNotThrow(() => planOf(env({ results: 'a.bin' }, { LEAK_SEARCH_API_KEY: '' }), undefined), 'a results file needs no API key');
    assert.throws(() => planOf(env({ command: 'rm' }), undefined), /command input is "rm": give scan, fetch or merge/);
    assert.throws(() => planOf(env({ args: '--help' }), undefined), /args input is for command fetch or merge/);
    assert.throws(() => planOf(env({ summary: 'yes' }), undefined), /summary input is "yes"/);
    // A path that starts with a dash is a path: it comes after `--`.
    assert.deepEqual(planOf(env({ paths: '-odd-name' }), undefined).argv.slice(-2), ['--', '-odd-name']);
  });

  it('runs fetch and merge with the workflow\'s arguments, merge with the job summary unless told not to', () => {
    const summary = { GITHUB_STEP_SUMMARY: '/tmp/summary.md' };
    assert.deepEqual(planOf(env({ command: 'fetch', args: 'example.com example.org\n--out leaks.bin', 'base-url': 'https://leaks.internal/api' }), undefined), {
      kind: 'command',
      command: 'fetch',
      cwd: WS,
      argv: ['--base-url', 'https://leaks.internal/api', 'fetch', 'example.com', 'example.org', '--out', 'leaks.bin'],
    });
    assert.deepEqual(planOf(env({ command: 'merge', args: 'reports --format json -o m.json' }, summary), undefined).argv, ['merge', '--summary', '/tmp/summary.md', '--fail-on', 'error', 'reports', '--format', 'json', '-o', 'm.json']);
    assert.deepEqual(planOf(env({ command: 'merge', args: 'reports --output=m.json', summary: 'false', 'fail-on': 'warning' }, summary), undefined).argv, ['merge', '--fail-on', 'warning', 'reports', '--output=m.json']);
    assert.deepEqual(planOf(env({ command: 'merge', args: 'a.json --summary=s.md --fail-on none -o m.json' }, summary), undefined).argv, ['merge', 'a.json', '--summary=s.md', '--fail-on', 'none', '-o', 'm.json']);
    assert.throws(() => planOf(env({ command: 'merge' }), undefined), /command merge needs its arguments in the args input/);
    // The merged report names accounts: never into the public log.
    assert.throws(() => planOf(env({ command: 'merge', args: 'reports --format json' }), undefined), /command merge needs --output FILE in args/);
    // Where the key goes, and keys themselves, are never taken from args.
    for (const args of ['example.com --out r.bin --base-url http://127.0.0.1:1', 'example.com --out r.bin --base-url=https://evil.example', '--new-key', 'example.com --allow-http --out r.bin', '--api-key-stdin example.com --out r.bin']) {
      assert.throws(() => planOf(env({ command: 'fetch', args }), undefined), /args input holds --[a-z-]+, which the Action does not pass on/, args);
    }
    assert.throws(() => planOf(env({ command: 'fetch', args: 'example.com --out x.bin' }, { LEAK_SEARCH_API_KEY: '' }), undefined), /No API key/);
    assert.throws(() => planOf(env({ command: 'fetch', args: 'example.com --out x.bin' }, { LEAK_SEARCH_RESULTS_KEY: '' }), undefined), /No results key/);
  });
});
