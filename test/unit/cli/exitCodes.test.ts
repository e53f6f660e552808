// Every exit code of `leak-search`, from the real bundle against the reference service and its
// fault answers: 0 nothing found, 1 findings, 2 a usage or configuration mistake (nothing sent),
// 3 the service, the network or the quota failed, 130 Ctrl-C (and no output file left, not
// even part of one). A message on stderr for every failure, never a stack trace.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_API_KEY } from '../../../service/demo';
import type { FaultRule } from '../../../service/types';
import { FAULTY_KEY, IP_LOCKED_KEY, until, useTestService } from '../core/client/fixture';
import { filesIn, runCli, useBuiltCli, useTempDirs } from './cliRunner';

const STACK = /\n\s+at .+:\d+:\d+/;

describe('cli: exit codes', function () {
  this.timeout(30_000);
  useBuiltCli();
  const service = useTestService({ clearFaults: true });
  const tempDir = useTempDirs();
  const env = (key = DEMO_API_KEY): Record<string, string> => ({ LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: key });

  it('0: nothing found (a date range with no records)', async () => {
    const run = await runCli(['check', 'example.com', '--from', '2001-01-01', '--to', '2001-01-31'], { env: env() });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.equal(service.requests.length, 1);
  });

  it('1: records found, written as JSON Lines', async () => {
    const run = await runCli(['check', 'example.com'], { env: env() });
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.ok(lines.length > 100);
    for (const line of lines) assert.equal((JSON.parse(line) as { domain: string }).domain, 'example.com');
  });

  const usage: readonly (readonly [string, readonly string[], Record<string, string>?])[] = [
    ['no domain and no settings file', ['check']],
    ['a domain that is not one', ['check', 'exa..mple']],
    ['--from without --to', ['check', 'example.com', '--from', '2026-01-01']],
    ['a date that is no date', ['check', 'example.com', '--from', '2026-13-45', '--to', '2026-12-31']],
    ['a format that does not exist', ['check', 'example.com', '--format', 'xml']],
    ['an option that does not exist', ['check', 'example.com', '--bogus']],
    ['a subcommand that does not exist', ['chekc', 'example.com']],
    ['--max-requests 0', ['check', 'example.com', '--max-requests', '0']],
    ['a service address that is not a URL', ['check', 'example.com', '--base-url', 'not a url']],
    ['no API key anywhere', ['check', 'example.com'], { LEAK_SEARCH_API_KEY: '' }],
    ['an API key with a space in it', ['check', 'example.com'], { LEAK_SEARCH_API_KEY: 'lj demo key' }],
  ];
  for (const [what, args, extra] of usage) {
    it(`2: ${what}, and nothing is sent`, async () => {
      const run = await runCli(args, { env: { ...env(), ...extra }, cwd: tempDir() });
      assert.equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
      assert.notEqual(run.stderr.trim(), '');
      assert.doesNotMatch(run.stderr, STACK);
      assert.equal(run.stdout, '');
      assert.equal(service.requests.length, 0);
    });
  }

  const failures: readonly (readonly [string, string, string, readonly FaultRule[], RegExp])[] = [
    ['401: a key the service does not know', 'lj_unknown_0000000000000000000000000000', 'example.com', [], /key was refused/i],
    ['403: a domain the subscription does not cover', DEMO_API_KEY, 'other.test', [], /refused.*other\.test/i],
    ['403: an IP allow-list that leaves this machine out', IP_LOCKED_KEY, 'example.com', [], /refused/i],
    ['429 with a Retry-After of an hour', FAULTY_KEY, 'example.com', [{ fault: 'custom', status: 429, headers: { 'Retry-After': '3600' }, body: '{"error":"Too many requests."}' }], /quota|limit|again/i],
    ['a truncated body, every time', FAULTY_KEY, 'example.com', [{ fault: 'truncated' }], /example\.com/],
    ['a body that is not JSON', FAULTY_KEY, 'example.com', [{ fault: 'invalid-json' }], /example\.com/],
    ['a 500', FAULTY_KEY, 'example.com', [{ fault: 'error-500' }], /example\.com/],
    ['a connection reset, every time', FAULTY_KEY, 'example.com', [{ fault: 'reset' }], /example\.com/],
  ];
  for (const [what, key, domain, faults, said] of failures) {
    it(`3: ${what}`, async () => {
      service.setFaults(FAULTY_KEY, faults);
      const out = path.join(tempDir(), 'out.jsonl');
      const run = await runCli(['check', domain, '-o', out], { env: env(key), files: [out] });
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stderr, said);
      assert.doesNotMatch(run.stderr, STACK);
      assert.ok(service.requests.length >= 1);
    });
  }

  it('3 for the failed domain wins over 1 for the one with records, and both are reported', async () => {
    const run = await runCli(['check', 'example.com', 'other.test'], { env: env() });
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stdout, /"domain":"example\.com"/);
    assert.match(run.stderr, /other\.test/);
  });

  it('a 429 asking for a second is waited out, then the check succeeds', async () => {
    service.setFaults(FAULTY_KEY, [{ fault: 'custom', status: 429, headers: { 'Retry-After': '1' }, body: '{"error":"Too many requests."}', times: 1 }]);
    const run = await runCli(['check', 'example.com'], { env: env(FAULTY_KEY) });
    assert.equal(run.code, 1, run.stderr);
    const [first, second] = service.requests;
    assert.equal(service.requests.length, 2);
    assert.ok(first && second && second.at - first.at >= 900, 'the retry came before Retry-After allowed it');
  });

  for (const output of [false, true]) {
    it(`130: Ctrl-C while a slow body streams${output ? ', and no output file, not even a partial one' : ''}`, async () => {
      service.setFaults(FAULTY_KEY, [{ fault: 'slow-body', delayMs: 60_000 }]);
      const dir = tempDir();
      const args = ['check', 'example.org', 'example.com', ...(output ? ['-o', path.join(dir, 'out.jsonl')] : [])];
      const run = await runCli(args, {
        env: env(FAULTY_KEY),
        cwd: dir,
        started: (child) => {
          void until(() => service.requests.some((r) => r.fault === 'slow-body'), 10_000, 'the slow answer').then(
            () => child.kill('SIGINT'),
            () => child.kill('SIGKILL'),
          );
        },
      });
      assert.equal(run.code, 130, run.stderr);
      assert.doesNotMatch(run.stderr, STACK);
      assert.deepEqual(filesIn(dir), []);
    });
  }

  it('130: Ctrl-C while the output file is being written leaves no file behind', async () => {
    // A big answer: the records are written to a temporary beside the file for a while.
    service.setFaults(FAULTY_KEY, [{ fault: 'huge', sizeBytes: 48 * 1024 * 1024 }]);
    const dir = tempDir();
    let sawPartial = false;
    const run = await runCli(['check', 'example.com', '-o', path.join(dir, 'out.jsonl')], {
      env: env(FAULTY_KEY),
      started: (child) => {
        void until(() => fs.readdirSync(dir).some((f) => f.endsWith('.partial')), 20_000, 'the temporary file').then(
          () => {
            sawPartial = true;
            child.kill('SIGINT');
          },
          () => child.kill('SIGKILL'),
        );
      },
    });
    assert.ok(sawPartial, 'the run ended before it wrote its temporary file');
    assert.equal(run.code, 130, run.stderr);
    assert.deepEqual(filesIn(dir), []);
  });
});
