// `leak-search scan` as users run it: the real command (tsc's out/src/cli/bin.js, so
// `npm run test:unit` needs no bundle) spawned against the
// reference service over loopback HTTP, on git repositories built here: a password committed
// then deleted (--history), a staged-only change (--staged), lines added since a tag (--diff),
// a git-ignored .env (scanned) beside other ignored files (not), a binary file (skipped),
// baselines, --fail-on and exit codes, and SARIF the SARIF Multitool accepts.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { validateSarif } from '../../sarifValidator';

const CLI = path.resolve(__dirname, '..', '..', '..', 'src', 'cli', 'bin.js');
const EMAIL = DEMO_ALICE.username as string;
const PASSWORD = DEMO_ALICE.password as string;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface JsonFinding {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly level: string;
  readonly message: string;
  readonly fingerprint: string;
  readonly commit?: string;
  readonly suppressed?: string;
}

describe('leak-search scan (the real command against the reference service)', function () {
  this.timeout(60_000);
  let service: RunningService;
  let tmp: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    service = await startService(demoOptions());
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'leak-scan-')));
    env = { PATH: process.env.PATH, HOME: tmp, GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1', LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY };
  });
  after(async () => {
    await service.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs the command (never synchronously: the service answers in this process). */
  function scan(cwd: string, ...args: string[]): Promise<Run> {
    return new Promise((resolve) => {
      execFile(process.execPath, [CLI, 'scan', ...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        const run = { code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr };
        // Whatever the run, no output holds the leaked password or the key.
        assert.ok(!`${stdout}${stderr}`.includes(PASSWORD), `the password was printed: ${stdout}${stderr}`);
        assert.ok(!`${stdout}${stderr}`.includes(DEMO_API_KEY), 'the key was printed');
        resolve(run);
      });
    });
  }

  function git(cwd: string, ...args: string[]): string {
    return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, env, encoding: 'utf8' }).trim();
  }

  function repo(name: string): string {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    git(dir, 'init', '-q', '-b', 'main');
    return dir;
  }

  function write(dir: string, file: string, content: string | Buffer): void {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }

  function findings(run: Run): JsonFinding[] {
    assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
    return JSON.parse(run.stdout) as JsonFinding[];
  }

  const creds = `user=${EMAIL}\npass=${PASSWORD}\n`;

  it('finds in history a password committed then deleted, with its commit, path and line, each blob once', async () => {
    const dir = repo('history');
    write(dir, 'README.txt', 'nothing here\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'start');
    write(dir, 'config/creds.txt', creds);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'leak');
    const leak = git(dir, 'rev-parse', 'HEAD');
    // The same content again at another path: one blob, scanned once.
    write(dir, 'copy/creds.txt', creds);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'copy');
    git(dir, 'rm', '-rq', 'config', 'copy');
    git(dir, 'commit', '-qm', 'clean up');

    const now = await scan(dir, '--domain', 'example.com', '--format', 'json');
    assert.deepEqual(findings(now), [], 'the working tree is clean');
    assert.equal(now.code, 0);

    const past = await scan(dir, '--domain', 'example.com', '--history', '--format', 'json');
    assert.equal(past.code, 1, 'a leaked password fails the run');
    const found = findings(past).map((f) => [f.commit, f.path, f.line, f.column, f.code, f.level]);
    assert.deepEqual(found, [
      [leak, 'config/creds.txt', 1, 6, 'leaked-email', 'warning'],
      [leak, 'config/creds.txt', 2, 6, 'leaked-password', 'error'],
    ]);

    const text = await scan(dir, '--domain', 'example.com', '--history=main~3..main');
    assert.equal(text.code, 1);
    assert.match(text.stdout, new RegExp(`^${leak.slice(0, 12)}:config/creds\\.txt:2:6 error leaked-password .*${EMAIL.replace('.', '\\.')}`, 'm'), 'text names commit, path, line and column');

    const sarifFile = path.join(tmp, 'history.sarif');
    const sarif = await scan(dir, '--domain', 'example.com', '--history', '--format', 'sarif', '--output', sarifFile);
    assert.equal(sarif.code, 1);
    assert.equal(sarif.stdout, '', 'with --output nothing goes to stdout');
    const log = JSON.parse(fs.readFileSync(sarifFile, 'utf8')) as { runs: { results: { properties?: { commit?: string }; partialFingerprints?: Record<string, string> }[] }[] };
    assert.deepEqual(log.runs[0]?.results.map((r) => r.properties?.commit), [leak, leak]);
    assert.ok(log.runs[0]?.results.every((r) => /^[0-9a-f]{32}$/.test(r.partialFingerprints?.['leakSearch/v1'] ?? '')), 'every result has a fingerprint');
    assert.ok(!fs.readFileSync(sarifFile, 'utf8').includes(PASSWORD));
    assert.deepEqual(validateSarif(sarifFile).errors, []);
  });

  it('scans git-ignored secret files, not other ignored ones, skips binary files and follows no symbolic link', async () => {
    const dir = repo('tree');
    write(dir, '.gitignore', '.env\nbuild/\n');
    write(dir, '.env', `DB_PASSWORD=${PASSWORD}\n`);
    write(dir, 'build/out.txt', `${EMAIL}\n`);
    write(dir, 'data.bin', Buffer.concat([Buffer.from('PK\0\0'), Buffer.from(creds)]));
    write(dir, 'notes.txt', `contact ${EMAIL}\n`);
    const outside = path.join(tmp, 'outside.txt');
    fs.writeFileSync(outside, creds);
    fs.symlinkSync(outside, path.join(dir, 'link.txt'));
    git(dir, 'add', '.gitignore', 'notes.txt');
    git(dir, 'commit', '-qm', 'start');

    const run = await scan(dir, '--domain', 'example.com', '--format', 'json');
    assert.equal(run.code, 1);
    assert.deepEqual(findings(run).map((f) => [f.path, f.line, f.code]), [
      ['notes.txt', 1, 'leaked-email'],
      ['.env', 1, 'leaked-password'],
    ]);
    assert.match(run.stderr, /2 findings; 3 scanned, 2 skipped/, 'the binary file and the link are skipped (.gitignore, notes.txt and .env scanned)');

    const all = await scan(dir, '--domain', 'example.com', '--format', 'json', '--include-git-ignored');
    assert.ok(findings(all).some((f) => f.path === 'build/out.txt'), '--include-git-ignored scans ignored files too');

    // Outside a repository every file is walked; the link still is not followed.
    const plain = path.join(tmp, 'plain');
    write(plain, 'sub/a.txt', `${EMAIL}\n`);
    fs.symlinkSync(path.join(tmp, 'tree'), path.join(plain, 'loop'));
    assert.deepEqual(findings(await scan(plain, '--domain', 'example.com', '--format', 'json')).map((f) => f.path), ['sub/a.txt']);
  });

  it('--staged scans what the index holds, not the working tree', async () => {
    const dir = repo('staged');
    write(dir, 'a.txt', 'clean\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'start');
    write(dir, 'a.txt', `clean\n${creds}`);
    git(dir, 'add', 'a.txt');
    // Cleaned in the working tree but not staged: the commit would still hold the password.
    write(dir, 'a.txt', 'clean\n');
    write(dir, 'unstaged.txt', creds);

    const staged = await scan(dir, '--domain', 'example.com', '--staged', '--format', 'json');
    assert.equal(staged.code, 1);
    assert.deepEqual(findings(staged).map((f) => [f.path, f.line, f.code]), [
      ['a.txt', 2, 'leaked-email'],
      ['a.txt', 3, 'leaked-password'],
    ]);
    const tree = await scan(dir, '--domain', 'example.com', '--format', 'json', 'a.txt');
    assert.deepEqual(findings(tree), [], 'the working tree copy is clean');
  });

  it('--diff reports only findings on lines added since the revision', async () => {
    const dir = repo('diff');
    write(dir, 'old.txt', `known ${EMAIL}\n`);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'base');
    git(dir, 'tag', 'base');
    write(dir, 'old.txt', `known ${EMAIL}\nmore\n+++ b/x ${EMAIL}\n`);
    write(dir, 'new.txt', `new ${EMAIL}\n`);
    // git ends a name holding a space with a tab on its `+++` line; quotes one with a tab or quote.
    write(dir, 'team notes.md', `lead ${EMAIL}\n`);
    write(dir, 'tab\tand "quote".md', `lead ${EMAIL}\n`);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'change');
    const run = await scan(dir, '--domain', 'example.com', '--diff', 'base', '--format', 'json', '--fail-on', 'warning');
    assert.equal(run.code, 1);
    assert.deepEqual(findings(run).map((f) => `${f.path}:${f.line}`).sort(), ['new.txt:1', 'old.txt:3', 'tab\tand "quote".md:1', 'team notes.md:1']);
  });

  it('a baseline (an earlier report, JSON or SARIF) suppresses what it holds, even after lines moved', async () => {
    const dir = repo('baseline');
    write(dir, 'a.txt', creds);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'start');
    const reportFile = path.join(tmp, 'baseline.json');
    fs.writeFileSync(reportFile, (await scan(dir, '--domain', 'example.com', '--format', 'json')).stdout);
    const sarifFile = path.join(tmp, 'baseline.sarif');
    await scan(dir, '--domain', 'example.com', '--format', 'sarif', '-o', sarifFile);

    // Lines added above: the known findings moved; a new one is not known.
    write(dir, 'a.txt', `header\n\n${creds}`);
    write(dir, 'b.txt', `pass=${PASSWORD}\n`);
    for (const baseline of [reportFile, sarifFile]) {
      const run = await scan(dir, '--domain', 'example.com', '--format', 'json', '--baseline', baseline);
      assert.equal(run.code, 1, 'the new password still fails the run');
      assert.deepEqual(findings(run).map((f) => [f.path, f.line, f.code, f.suppressed]).sort(), [
        ['a.txt', 3, 'leaked-email', 'in the baseline'],
        ['a.txt', 4, 'leaked-password', 'in the baseline'],
        ['b.txt', 1, 'leaked-password', undefined],
      ]);
    }
    fs.rmSync(path.join(dir, 'b.txt'));
    const known = await scan(dir, '--domain', 'example.com', '--baseline', reportFile, '--fail-on', 'note');
    assert.equal(known.code, 0, 'baselined findings do not fail the run');
    assert.match(known.stdout, /^a\.txt:4:6 error leaked-password .* \[suppressed: in the baseline\]$/m);

    const sarifOut = path.join(tmp, 'suppressed.sarif');
    await scan(dir, '--domain', 'example.com', '--format', 'sarif', '-o', sarifOut, '--baseline', sarifFile);
    const log = JSON.parse(fs.readFileSync(sarifOut, 'utf8')) as { runs: { results: { suppressions?: { kind: string }[] }[] }[] };
    assert.deepEqual(log.runs[0]?.results.map((r) => r.suppressions?.[0]?.kind), ['external', 'external']);
    assert.deepEqual(validateSarif(sarifOut).errors, []);
  });

  it('exits by --fail-on: 1 at or above it, else 0; 2 for usage errors, 3 when the service fails', async () => {
    const dir = repo('exit');
    write(dir, 'mail.txt', `${EMAIL}\n`);
    const cases: readonly (readonly [readonly string[], number])[] = [
      [[], 0],
      [['--fail-on', 'error'], 0],
      [['--fail-on', 'warning'], 1],
      [['--fail-on', 'note'], 1],
      [['--fail-on', 'none'], 0],
      [['--fail-on', 'fatal'], 2],
      [['--staged', '--history'], 2],
      [['--diff', '--upload-pack=evil'], 2],
      [['--history=no-such-ref'], 2],
      [['--results', path.join(tmp, 'missing.bin'), '--domain', 'example.com'], 2],
      [['--baseline', path.join(tmp, 'missing.json')], 2],
      [['does-not-exist'], 2],
    ];
    for (const [args, code] of cases) {
      const run = await scan(dir, '--domain', 'example.com', ...args);
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
    }
    const noDomain = await scan(dir);
    assert.equal(noDomain.code, 2, 'no domain and no results file');
    assert.match(noDomain.stderr, /No results to scan against/);
    const saved = env.LEAK_SEARCH_API_KEY;
    env.LEAK_SEARCH_API_KEY = 'lj_wrong_0000000000000000000000000000000000';
    try {
      const refused = await scan(dir, '--domain', 'example.com');
      assert.equal(refused.code, 3, `a refused key is a service error: ${refused.stderr}`);
    } finally {
      env.LEAK_SEARCH_API_KEY = saved;
    }
  });
});
