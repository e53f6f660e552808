// Where `leak-search` takes its inputs, from the real bundle: the key from the environment or
// stdin and never shown, in any spelling, even when the service echoes it; the address from
// --base-url or LEAK_SEARCH_BASE_URL only, never from the repository's settings (a second
// service plays the attacker and must hear nothing); plain http only for loopback or with
// --allow-http; --max-requests caps what is sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import { FAULTY_KEY, closeAfterEach, useTestService } from '../core/client/fixture';
import { ECHOES } from '../core/client/keySpellings';
import { runCli, useBuiltCli, useTempDirs } from './cliRunner';

/** This machine's first address that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;
}

describe('cli: inputs', function () {
  this.timeout(30_000);
  useBuiltCli();
  const service = useTestService({ clearFaults: true });
  const tempDir = useTempDirs();
  const closing = closeAfterEach();

  it('--api-key-stdin reads the key from stdin, before LEAK_SEARCH_API_KEY', async () => {
    const run = await runCli(['--api-key-stdin', 'check', 'example.com'], { env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: 'lj_wrong_0000000000000000' }, input: `${DEMO_API_KEY}\n` });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(service.requests.map((r) => r.apiKey), [DEMO_API_KEY]);
  });

  it('--api-key-stdin with nothing on stdin is a usage error', async () => {
    const run = await runCli(['--api-key-stdin', 'check', 'example.com'], { env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY }, input: '' });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /API key/);
    assert.equal(service.requests.length, 0);
  });

  for (const [spelling, spell] of ECHOES) {
    it(`a service that echoes the key (${spelling}) gets it masked on stderr`, async () => {
      service.setFaults(FAULTY_KEY, [{ fault: 'custom', status: 403, body: JSON.stringify({ error: `Denied: ${spell(FAULTY_KEY)} is not allowed.` }) }]);
      // runCli checks stdout, stderr and the file for every spelling of every test key.
      const out = path.join(tempDir(), 'out.jsonl');
      const run = await runCli(['check', 'example.com', '-o', out], { env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: FAULTY_KEY }, files: [out] });
      assert.equal(run.code, 3);
      assert.match(run.stderr, /Denied/);
    });
  }

  it('LEAK_SEARCH_BASE_URL names the service; --base-url wins over it', async () => {
    const other = closing(await startService(demoOptions()));
    const byEnv = await runCli(['check', 'example.com'], { env: { LEAK_SEARCH_BASE_URL: other.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(byEnv.code, 1, byEnv.stderr);
    assert.equal(other.requests.length, 1);
    assert.equal(service.requests.length, 0);
    const byFlag = await runCli(['check', 'example.com', '--base-url', service.baseUrl], { env: { LEAK_SEARCH_BASE_URL: other.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(byFlag.code, 1, byFlag.stderr);
    assert.equal(other.requests.length, 1);
    assert.equal(service.requests.length, 1);
  });

  it("the repository's .vscode/settings.json gives the domains but never the address: the attacker hears nothing", async () => {
    const attacker = closing(await startService(demoOptions()));
    const repo = tempDir();
    fs.mkdirSync(path.join(repo, '.vscode'));
    fs.writeFileSync(
      path.join(repo, '.vscode', 'settings.json'),
      `{\n  // a pull request could write this\n  "leakSearch.baseUrl": "${attacker.baseUrl}",\n  "leak-search.baseUrl": "${attacker.baseUrl}",\n  "leakSearch.domains": ["example.com",],\n}\n`,
    );
    const run = await runCli(['check'], { cwd: repo, env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(attacker.requests.length, 0);
    assert.deepEqual(service.requests.map((r) => r.path.split('/').slice(-2).join('/')), ['example.com/accounts']);
  });

  it('plain http to an address that is not loopback is refused without --allow-http, and nothing is sent', async () => {
    const address = outsideAddress() ?? '192.0.2.1';
    const outside = closing(await startService({ ...demoOptions(), host: '0.0.0.0' }));
    const url = `http://${address}:${new URL(outside.baseUrl).port}`;
    const refused = await runCli(['check', 'example.com', '--base-url', url, '--timeout', '2'], { env: { LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /--allow-http/);
    assert.equal(refused.stderr.trim().split('\n').length, 1, 'one refusal, not one per domain');
    assert.equal(outside.requests.length, 0);
    if (outsideAddress() === undefined) return;
    const allowed = await runCli(['check', 'example.com', '--base-url', url, '--allow-http'], { env: { LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(allowed.code, 1, allowed.stderr);
    assert.equal(outside.requests.length, 1);
  });

  it('plain http to loopback needs no flag', async () => {
    const run = await runCli(['check', 'example.com', '--base-url', service.baseUrl.replace('127.0.0.1', 'localhost')], { env: { LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
    assert.equal(run.code, 1, run.stderr);
  });

  for (const [max, sent] of [[1, 1], [2, 2], [3, 2]] as const) {
    it(`--max-requests ${max} sends at most ${max} of 2 searches, and says what it left out`, async () => {
      const run = await runCli(['check', 'example.com', 'example.org', '--max-requests', String(max)], { env: { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY } });
      assert.equal(run.code, 1, run.stderr);
      assert.equal(service.requests.length, sent);
      assert.equal(/example\.org was not checked/.test(run.stderr), sent < 2, run.stderr);
    });
  }
});
