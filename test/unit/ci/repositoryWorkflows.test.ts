// The repository's own workflows (.github/workflows/): valid for GitHub Actions by a schema
// validator (@action-validator/cli), and shaped as CONTRIBUTING.md's "Releasing" says: CI on
// Linux, macOS and Windows; a release that tests, packages once, publishes that one package
// with each registry's secret in its own job, npm with provenance, and attaches checksums.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { repoRoot } from '../../harness/paths';

const run = promisify(execFile);
// The validator's own script, run by this Node: the .bin shim is a .cmd on Windows, which
// execFile cannot start without a shell.
const VALIDATOR = [path.join(repoRoot, 'node_modules', '@action-validator', 'cli', 'cli.mjs')];
const validate = (file: string): Promise<unknown> => run(process.execPath, [...VALIDATOR, file]);
const DIR = path.join(repoRoot, '.github', 'workflows');

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly needs?: string | string[];
  readonly permissions?: Record<string, string>;
  readonly strategy?: { matrix: Record<string, unknown[]> };
  readonly steps: Step[];
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly permissions?: Record<string, string>;
  readonly jobs: Record<string, Job>;
}

function workflow(name: string): Workflow {
  return parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as Workflow;
}
const runs = (job: Job): string[] => job.steps.map((s) => s.run ?? '').filter((r) => r !== '');
const needs = (job: Job): string[] => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);

describe('the repository workflows', function () {
  this.timeout(60_000);

  for (const file of fs.readdirSync(DIR).filter((f) => f.endsWith('.yml'))) {
    it(`${file} is a valid workflow`, async () => {
      await validate(path.join(DIR, file));
    });
  }

  it('the validator refuses a broken workflow (the check can fail)', async () => {
    const broken = path.join(repoRoot, 'out', 'broken-workflow.yml');
    fs.writeFileSync(broken, 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        run: echo both\n');
    try {
      // Refused for what the file says, not because the validator could not start.
      await assert.rejects(validate(broken), (error: { code?: unknown }) => typeof error.code === 'number' && error.code > 0);
    } finally {
      fs.rmSync(broken, { force: true });
    }
  });

  it('CI runs the README test command on Linux and the unit tests on Linux, macOS and Windows', () => {
    const ci = workflow('ci.yml');
    assert.ok('pull_request' in ci.on && 'push' in ci.on);
    const test = ci.jobs['test'];
    assert.ok(test);
    assert.deepEqual(runs(test).slice(-2), ['npm ci', 'npm test']);
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    assert.match(readme, /^npm ci && npm test$/m, 'the README names the same command');
    const portable = ci.jobs['portable'];
    assert.ok(portable?.strategy);
    assert.deepEqual([...(portable.strategy.matrix['os'] as string[])].sort(), ['macos-latest', 'ubuntu-latest', 'windows-latest']);
    assert.ok(runs(portable).includes('npm run test:unit'));
    const engines = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const oldest = Number(/^>=(\d+)/.exec(engines)?.[1]);
    assert.ok((portable.strategy.matrix['node'] as number[]).includes(oldest), `the oldest Node that ${engines} allows is in the matrix`);
  });

  describe('release.yml', () => {
    const release = workflow('release.yml');
    const jobs = release.jobs;
    const all = Object.entries(jobs);

    it('runs on version tags only, with read-only permissions unless a job asks for more', () => {
      assert.deepEqual(Object.keys(release.on), ['push']);
      assert.deepEqual(release.on['push'], { tags: ['v[0-9]+.[0-9]+.[0-9]+'] });
      assert.deepEqual(release.permissions, { contents: 'read' });
    });

    it('tests first, then packages once; every publishing job uses that package', () => {
      assert.deepEqual(runs(jobs['test']!).slice(-2), ['npm ci', 'npm test']);
      assert.deepEqual(needs(jobs['package']!), ['test']);
      const packaging = all.filter(([, job]) => runs(job).some((r) => /release:pack|vsce package|npm pack/.test(r))).map(([id]) => id);
      assert.deepEqual(packaging, ['package']);
      assert.ok(runs(jobs['package']!).includes('npm run release:pack -- --tag "$GITHUB_REF_NAME"'));
      const upload = jobs['package']!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      assert.equal(upload?.with?.['path'], 'release/');
      for (const id of ['marketplace', 'open-vsx', 'npm']) {
        const job = jobs[id];
        assert.ok(job, id);
        assert.deepEqual(needs(job), ['package'], `${id} waits for the package`);
        assert.ok(job.steps.some((s) => s.uses?.startsWith('actions/download-artifact@') && s.with?.['name'] === 'release'), `${id} downloads it`);
      }
    });

    it('checks that the tag names the version before the tests', () => {
      const steps = runs(jobs['test']!);
      assert.equal(steps[0], 'test "v$(node -p "require(\'./package.json\').version")" = "$GITHUB_REF_NAME"');
    });

    it('publishes the .vsix to the Marketplace and Open VSX, the tarball to npm with provenance, each once', () => {
      const publish = (id: string): Step => {
        const step = jobs[id]!.steps.find((s) => /publish/.test(s.run ?? ''));
        assert.ok(step, `${id} publishes`);
        return step;
      };
      // The Marketplace through Microsoft Entra ID (Azure DevOps retires the global tokens it took).
      assert.equal(publish('marketplace').run, 'npx --yes @vscode/vsce@4.1.0 publish --azure-credential --skip-duplicate --packagePath "release/leak-search-${GITHUB_REF_NAME#v}.vsix"');
      assert.equal(publish('marketplace').env, undefined);
      assert.ok(jobs['marketplace']!.steps.some((s) => s.uses?.startsWith('azure/login@')));
      assert.equal(jobs['marketplace']!.permissions?.['id-token'], 'write', 'the federated credential needs an OIDC token');
      assert.equal(publish('open-vsx').run, 'npx --yes ovsx@1.4.0 publish --skip-duplicate "release/leak-search-${GITHUB_REF_NAME#v}.vsix"');
      assert.deepEqual(publish('open-vsx').env, { OVSX_PAT: '${{ secrets.OVSX_PAT }}' });
      // npm by trusted publishing (no token), skipped when a re-run finds the version there.
      assert.match(publish('npm').run!, /npm view "leak-search@\$version" version/);
      assert.match(publish('npm').run!, /npm publish "release\/leak-search-\$version\.tgz" --provenance --access public/);
      assert.equal(publish('npm').env, undefined);
      assert.equal(jobs['npm']!.permissions?.['id-token'], 'write', 'provenance and trusted publishing need an OIDC token');
      const node = jobs['npm']!.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
      assert.equal(node?.with?.['node-version'], 24, "trusted publishing needs npm 11.5.1 or later, Node 24's");
    });

    it('names each secret only where it is used, never in a command line', () => {
      const text = fs.readFileSync(path.join(DIR, 'release.yml'), 'utf8');
      for (const [id, job] of all) {
        for (const step of job.steps) {
          assert.doesNotMatch(step.run ?? '', /secrets\./, `${id}: a secret in a command line shows in process lists`);
          if (!step.uses?.startsWith('azure/login@')) {
            for (const value of Object.values(step.with ?? {})) assert.doesNotMatch(String(value), /secrets\./, `${id}: a secret as an input`);
          }
        }
      }
      assert.deepEqual([...new Set(text.match(/secrets\.\w+/g))].sort(), ['secrets.AZURE_CLIENT_ID', 'secrets.AZURE_TENANT_ID', 'secrets.OVSX_PAT']);
    });

    it('gives the Action a fixed tag and moves its major tag, from the packaged bundle', () => {
      const script = runs(jobs['action-tag']!).join('\n');
      assert.match(script, /cp release\/action\/action\.js release\/action\/scanHelper\.js dist\//);
      assert.match(script, /git tag "action-\$GITHUB_REF_NAME"/);
      assert.match(script, /git push origin "refs\/tags\/action-\$GITHUB_REF_NAME"/);
      assert.doesNotMatch(script, /npm|esbuild/, 'nothing is built or installed where the token can push');
    });

    it('attaches the .vsix, the tarball and their checksums to the release after publishing', () => {
      const job = jobs['github-release']!;
      assert.equal(job.permissions?.['contents'], 'write');
      const create = runs(job).join('\n');
      assert.match(create, /gh release create "\$GITHUB_REF_NAME"/);
      for (const file of ['release/leak-search-$version.vsix', 'release/leak-search-$version.tgz', 'release/SHA256SUMS', '--notes-file release/notes.md']) assert.ok(create.includes(file), file);
      const chain = (id: string): string[] => needs(jobs[id]!).flatMap((n) => [n, ...chain(n)]);
      for (const id of ['marketplace', 'open-vsx', 'npm', 'package', 'test']) assert.ok(chain('github-release').includes(id), `the release waits for ${id}`);
    });
  });
});
