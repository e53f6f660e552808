// The GitHub Action's plan on a Windows runner as well as a Linux or macOS one, whatever system
// runs the test (planOf is given `path.win32` or `path.posix`): the working directory and the
// SARIF report resolved in the runner's own spelling, the paths input passed on as written.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { planOf } from '../../../src/action/plan';
import type { ScanPlan } from '../../../src/action/plan';

const { win32, posix } = path;

function env(workspace: string, inputs: Record<string, string>, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { GITHUB_WORKSPACE: workspace, LEAK_SEARCH_API_KEY: 'a key', ...extra };
  for (const [k, v] of Object.entries(inputs)) out[`INPUT_${k.toUpperCase()}`] = v;
  return out;
}

function scanPlan(e: NodeJS.ProcessEnv, flavour: path.PlatformPath): ScanPlan {
  const plan = planOf(e, undefined, flavour);
  assert.equal(plan.kind, 'scan');
  return plan as ScanPlan;
}

describe('action plan on a Windows runner', () => {
  it('resolves the working directory and the report under the drive-letter workspace', () => {
    const plan = scanPlan(env('D:\\a\\leaks\\leaks', { 'working-directory': 'packages/api', output: 'reports\\leak-search.sarif' }), win32);
    assert.equal(plan.cwd, 'D:\\a\\leaks\\leaks\\packages\\api');
    assert.equal(plan.sarif, 'D:\\a\\leaks\\leaks\\packages\\api\\reports\\leak-search.sarif');
    assert.deepEqual(plan.argv.slice(0, 4), ['scan', '--format', 'sarif', '--output']);
    assert.equal(plan.argv[4], plan.sarif);
  });

  it('defaults the report into the working directory, and keeps an absolute one on another drive', () => {
    assert.equal(scanPlan(env('D:\\a\\leaks\\leaks', {}), win32).sarif, 'D:\\a\\leaks\\leaks\\leak-search.sarif');
    assert.equal(scanPlan(env('d:/a/leaks/leaks', {}), win32).cwd, 'd:\\a\\leaks\\leaks', 'a workspace with forward slashes');
    assert.equal(scanPlan(env('D:\\a\\leaks\\leaks', { output: 'C:/reports/leaks.sarif' }), win32).sarif, 'C:\\reports\\leaks.sarif');
    assert.equal(scanPlan(env('D:\\a\\leaks\\leaks', { 'working-directory': 'C:\\elsewhere' }), win32).cwd, 'C:\\elsewhere');
  });

  it('works with a UNC workspace', () => {
    const plan = scanPlan(env('\\\\server\\share\\ws', { 'working-directory': 'repo' }), win32);
    assert.equal(plan.cwd, '\\\\server\\share\\ws\\repo');
    assert.equal(plan.sarif, '\\\\server\\share\\ws\\repo\\leak-search.sarif');
  });

  it('passes the paths and baseline inputs on as written, for the command line to read on the runner', () => {
    const plan = scanPlan(env('D:\\a\\leaks\\leaks', { paths: 'src\\secrets\nconfig/app.env\nC:\\shared\\.pgpass', baseline: '.leak-search\\baseline.sarif' }), win32);
    assert.deepEqual(plan.argv.slice(-4), ['--', 'src\\secrets', 'config/app.env', 'C:\\shared\\.pgpass']);
    assert.deepEqual(plan.argv.slice(plan.argv.indexOf('--baseline'), plan.argv.indexOf('--baseline') + 2), ['--baseline', '.leak-search\\baseline.sarif']);
  });

  it('gives the same plan in POSIX spelling on Linux and macOS runners', () => {
    const plan = scanPlan(env('/home/runner/work/leaks/leaks', { 'working-directory': 'packages/api', output: 'reports/leak-search.sarif' }), posix);
    assert.equal(plan.cwd, '/home/runner/work/leaks/leaks/packages/api');
    assert.equal(plan.sarif, '/home/runner/work/leaks/leaks/packages/api/reports/leak-search.sarif');
  });
});
