// `scan --reuse DURATION`: a commit hook's scans reuse the last check's results while they are
// young enough, so most commits send no search; the results are kept sealed in the git folder
// (never the working tree) under a key derived from the API key, and anything that does not
// fit (other domains, another key, a damaged or old file) is checked again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, OTHER_API_KEY } from '../../../service/demo';
import { openSealedResults } from '../../../src/cli/files/resultsFile';
import { REUSE_KEY_PURPOSE, parseDuration, reusable } from '../../../src/cli/files/reuseCache';
import { LeakSearchSession } from '../../../src/engine/leakSearchSession';
import { useTestService } from '../core/client/fixture';
import { useTempDirs } from './cliRunner';
import { runCli } from './spawnCli';

describe('cli scan --reuse: a hook that does not spend a search on every commit', function () {
  this.timeout(60_000);
  const service = useTestService();
  const tempDir = useTempDirs();

  function repo(): string {
    const dir = tempDir();
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '--quiet', '--initial-branch=main');
    fs.writeFileSync(path.join(dir, 'deploy.env'), `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`);
    git('add', '-A');
    return dir;
  }

  const scan = (dir: string, key: string, ...args: string[]): ReturnType<typeof runCli> =>
    runCli(['scan', '--staged', '--format', 'json', '--reuse', '1h', ...args], { LEAK_SEARCH_API_KEY: key, LEAK_SEARCH_BASE_URL: service.baseUrl }, dir);

  it('reuses the last check while it is young and asks for the same domains, from the git folder only', async () => {
    const dir = repo();
    const first = await scan(dir, DEMO_API_KEY, '--domain', 'example.com');
    assert.equal(first.code, 1, first.stderr);
    assert.equal(service.requests.length, 1);
    const second = await scan(dir, DEMO_API_KEY, '--domain', 'example.com');
    assert.equal(second.code, 1, second.stderr);
    assert.equal(service.requests.length, 1, 'no search the second time');
    assert.match(second.stderr, /Reusing the results checked less than 1h ago \(--reuse\): no search sent\./);
    assert.deepEqual(JSON.parse(second.stdout), JSON.parse(first.stdout), 'the same findings');
    // Kept in the git folder, not the working tree.
    assert.ok(fs.existsSync(path.join(dir, '.git', 'leak-search', 'results.bin')));
    assert.equal(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir, encoding: 'utf8' }), 'A  deploy.env\n');
    // Other domains: checked again (both), and kept for the next run.
    await scan(dir, DEMO_API_KEY, '--domain', 'example.com', 'example.org');
    assert.equal(service.requests.length, 3);
    await scan(dir, DEMO_API_KEY, '--domain', 'example.org', 'example.com');
    assert.equal(service.requests.length, 3, 'the same domains in another order are the same');
  });

  it('checks again under another key, or when the kept file is damaged, and says nothing is wrong', async () => {
    const dir = repo();
    await scan(dir, DEMO_API_KEY, '--domain', 'example.com');
    // Another tenant's key cannot open the file: checked again (and refused: not its domain).
    const other = await scan(dir, OTHER_API_KEY, '--domain', 'example.com');
    assert.equal(service.requests.length, 2, 'checked again');
    assert.ok(!other.stderr.includes('Reusing'));
    const file = path.join(dir, '.git', 'leak-search', 'results.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 0xff;
    fs.writeFileSync(file, bytes);
    const damaged = await scan(dir, DEMO_API_KEY, '--domain', 'example.com');
    assert.equal(damaged.code, 1, damaged.stderr);
    assert.equal(service.requests.length, 3);
    assert.ok(!/leak-search: /.test(damaged.stderr), damaged.stderr);
  });

  it('does not reuse results older than the duration', async () => {
    const dir = repo();
    await scan(dir, DEMO_API_KEY, '--domain', 'example.com');
    const file = path.join(dir, '.git', 'leak-search', 'results.bin');
    const online = await LeakSearchSession.open({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY });
    const secret = online.derivedKey(REUSE_KEY_PURPOSE);
    const origin = online.origin;
    await online.close();
    const held = await openSealedResults(file, secret);
    const fetchedAt = held.results()[0]?.fetchedAt ?? 0;
    await held.close();
    const young = await reusable(file, secret, origin, ['example.com'], 3_600_000, fetchedAt + 3_599_000);
    assert.ok(young, 'younger than an hour: reused');
    await young.close();
    assert.equal(await reusable(file, secret, origin, ['example.com'], 3_600_000, fetchedAt + 3_600_000), undefined, 'an hour old: checked again');
    assert.equal(await reusable(file, secret, origin, ['example.com'], 3_600_000, fetchedAt - 60_000), undefined, 'from the future: checked again');
  });

  it('takes durations people write, and refuses others before anything is sent', async () => {
    assert.deepEqual(['90s', '30m', '12h', '2d'].map(parseDuration), [90_000, 1_800_000, 43_200_000, 172_800_000]);
    for (const bad of ['0h', '1', '1w', '-1h', '1.5h', 'h']) assert.equal(parseDuration(bad), undefined, bad);
    const dir = repo();
    const run = await runCli(['scan', '--staged', '--reuse', 'soon', '--domain', 'example.com'], { LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl }, dir);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--reuse takes a duration such as 30m, 12h or 2d, not "soon"/);
    assert.equal(service.requests.length, 0);
    // Outside git there is no git folder to keep results in: said, and checked each time.
    const plain = tempDir();
    fs.writeFileSync(path.join(plain, 'notes.txt'), 'nothing\n');
    const outside = await runCli(['scan', '--reuse', '1h', '--domain', 'example.com'], { LEAK_SEARCH_API_KEY: DEMO_API_KEY, LEAK_SEARCH_BASE_URL: service.baseUrl, GIT_CEILING_DIRECTORIES: path.dirname(plain) }, plain);
    assert.equal(outside.code, 0, outside.stderr);
    assert.match(outside.stderr, /--reuse keeps results in the git folder, and this is no git repository: they are not reused\./);
  });
});
