// The npm package of the command line: `npm pack` ships only the bundle, the scanner's helper
// beside it, package.json, README.md, LICENSE, CHANGELOG.md and the notices of the packages the
// bundle contains (.npmignore); the tarball
// installs into an empty prefix with no network (it has no dependencies), and the installed
// `leak-search` runs: --version, and a check against the reference service.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_API_KEY } from '../../../service/demo';
import { repoRoot } from '../../harness/paths';
import { useTestService } from '../core/client/fixture';
import { runCli, useBuiltCli, useTempDirs } from './cliRunner';

const run = promisify(execFile);
// npm is a .cmd script on Windows, which execFile starts only through a shell.
const npmShell = { shell: process.platform === 'win32' };
const SHIPPED = ['CHANGELOG.md', 'LICENSE', 'README.md', 'ThirdPartyNotices.txt', 'dist/cli.js', 'dist/scanHelper.js', 'package.json'];

describe('cli: the npm package', function () {
  this.timeout(60_000);
  useBuiltCli();
  const service = useTestService();
  const tempDir = useTempDirs();

  it('packs only what the command line runs, installs offline and runs as `leak-search`', async () => {
    const dir = tempDir();
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, ...npmShell });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    assert.ok(packed);
    assert.deepEqual(packed.files.map((f) => f.path).sort(), SHIPPED);

    const prefix = path.join(dir, 'prefix');
    fs.mkdirSync(prefix);
    await run('npm', ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', path.join(dir, packed.filename)], { cwd: dir, ...npmShell });
    const bin = path.join(prefix, 'node_modules', '.bin', 'leak-search');
    const installed = path.join(prefix, 'node_modules', 'leak-search');
    assert.ok(fs.existsSync(path.join(installed, 'dist', 'scanHelper.js')), "the scanner's helper sits beside the bundle");
    const notices = fs.readFileSync(path.join(installed, 'ThirdPartyNotices.txt'), 'utf8');
    const listed = [...(notices.split('\n\n')[2] ?? '').matchAll(/^ {2}(\S+) \S+ \((.+)\)$/gm)].map((m) => m[1]);
    for (const name of ['commander', 'undici', 'jsonc-parser', 'tldts', '@zxcvbn-ts/language-common', 'assemblyscript']) assert.ok(listed.includes(name), `${name} in the notices: ${listed.join(', ')}`);
    assert.ok(!listed.includes('lit'), "the results panel's components are not in the command line");

    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const shown = await runCli(['--version'], { command: bin, cwd: dir });
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout, `${version}\n`);

    const checked = await runCli(['check', 'example.com', '--format', 'jsonl'], { command: bin, cwd: dir, env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(checked.code, 1, checked.stderr);
    assert.match(checked.stdout.split('\n')[0] ?? '', /^\{"domain":"example\.com","type":"accounts",/);
    assert.equal(service.requests.length, 1);
  });
});
