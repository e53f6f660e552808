// The fan-out of issue 31 in one process pair: `fetch` writes the results file once, and
// `scan --results` finds a leak against it with no API key and no service; a damaged file or a
// wrong results key is a clear usage error (exit 2).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { RESULTS_KEY_VARIABLE } from '../../../src/cli/files/resultsFile';
import { runCli } from './spawnCli';

describe('cli scan --results: scanning against a fetched file, without the API key', function () {
  this.timeout(60_000);
  let service: RunningService;
  let dir: string;
  let file: string;
  let tree: string;
  const secret = randomBytes(32).toString('hex');

  before(async () => {
    service = await startService(demoOptions());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-scan-results-'));
    file = path.join(dir, 'leaks.bin');
    const fetched = await runCli(['fetch', 'example.com', '--out', file], { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY, [RESULTS_KEY_VARIABLE]: secret });
    assert.equal(fetched.code, 0, fetched.stderr);
    tree = path.join(dir, 'repo');
    fs.mkdirSync(tree);
    fs.writeFileSync(path.join(tree, 'deploy.env'), `VPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`);
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the leak with only the results key, and sends nothing to the service', async () => {
    const before = service.requests.length;
    const run = await runCli(['scan', '--results', file, '--format', 'json', tree], { [RESULTS_KEY_VARIABLE]: secret });
    assert.equal(run.code, 1, run.stderr);
    const findings = JSON.parse(run.stdout) as { code: string; path: string; line?: number; startLine?: number }[];
    assert.deepEqual([...new Set(findings.map((f) => f.code))].sort(), ['leaked-email', 'leaked-password']);
    assert.equal(service.requests.length, before, 'no request reached the service');
    assert.ok(!run.stdout.includes(DEMO_ALICE.password as string) && !run.stderr.includes(DEMO_ALICE.password as string), 'no password printed');
  });

  it('refuses a damaged file or the wrong results key with exit 2 and a clear message', async () => {
    const damaged = path.join(dir, 'damaged.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    for (const [f, key] of [[damaged, secret], [file, randomBytes(32).toString('hex')]] as const) {
      const run = await runCli(['scan', '--results', f, tree], { [RESULTS_KEY_VARIABLE]: key });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /^leak-search: .*results/m);
      assert.ok(!/\n\s+at /.test(run.stderr), 'no stack trace');
    }
  });
});
