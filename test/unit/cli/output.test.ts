// What `leak-search` writes, from the real bundle: JSON Lines and no progress or colour when
// nothing is a terminal, NO_COLOR over FORCE_COLOR, a closed pipe ends quietly, and no leaked
// password in any format unless --show-passwords.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_API_KEY, DEMO_ALICE, DEMO_KNOWN_RECORDS, demoDataset } from '../../../service/demo';
import { FAULTY_KEY, useTestService } from '../core/client/fixture';
import { runCli, useBuiltCli, useTempDirs } from './cliRunner';

const ESC = '\u001b[';

/**
 * The passwords of example.com's records that no other text holds by chance: long enough, and
 * not a bare word ("password" is also the table's heading).
 */
function examplePasswords(): string[] {
  const data = demoDataset()[DEMO_KNOWN_RECORDS.domain];
  return [...(data?.accounts ?? []), ...(data?.customers ?? [])].map((r) => r.password).filter((p): p is string => typeof p === 'string' && p.length >= 6 && !/^[a-z]+$/.test(p));
}

describe('cli: output', function () {
  this.timeout(30_000);
  useBuiltCli();
  const service = useTestService({ clearFaults: true });
  const tempDir = useTempDirs();
  const env = (extra: Record<string, string> = {}, key = DEMO_API_KEY): Record<string, string> => ({ LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: key, ...extra });

  it('writes JSON Lines when stdout is no terminal, with no progress and no colour on stderr', async () => {
    const run = await runCli(['check', 'example.com', 'other.test'], { env: env() });
    assert.equal(run.code, 3);
    for (const line of run.stdout.trimEnd().split('\n')) assert.doesNotThrow(() => JSON.parse(line), line);
    assert.ok(!run.stderr.includes(ESC), JSON.stringify(run.stderr));
    assert.ok(!run.stderr.includes('\r'), 'a progress line on stderr');
    assert.doesNotMatch(run.stderr, /Checking/);
    assert.match(run.stderr, /Quota: /);
  });

  it('--quiet leaves only errors on stderr', async () => {
    const run = await runCli(['--quiet', 'check', 'example.com', 'other.test'], { env: env() });
    assert.doesNotMatch(run.stderr, /Quota/);
    assert.match(run.stderr, /other\.test/);
  });

  const colours: readonly (readonly [string, Record<string, string>, boolean])[] = [
    ['no terminal, nothing set', {}, false],
    ['FORCE_COLOR=1', { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }, false],
    ['NO_COLOR=1 beats FORCE_COLOR=1', { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
    ['an empty NO_COLOR is no NO_COLOR', { NO_COLOR: '', FORCE_COLOR: '1' }, true],
  ];
  for (const [what, extra, coloured] of colours) {
    it(`colour: ${what}`, async () => {
      const run = await runCli(['check', 'example.com', 'other.test', '--format', 'table'], { env: env(extra) });
      assert.equal(run.stdout.includes(ESC), coloured, `stdout: ${JSON.stringify(run.stdout.slice(0, 80))}`);
      assert.equal(run.stderr.includes(ESC), coloured, `stderr: ${JSON.stringify(run.stderr)}`);
    });
  }

  it('machine formats never hold colour, even with FORCE_COLOR', async () => {
    for (const format of ['json', 'jsonl', 'csv']) {
      const run = await runCli(['check', 'example.com', '--format', format], { env: env({ FORCE_COLOR: '1' }) });
      assert.equal(run.code, 1, run.stderr);
      assert.ok(!run.stdout.includes(ESC), format);
    }
  });

  it('a closed pipe ends the run quietly: exit 0, no stack trace', async () => {
    // About 20,000 records: far more than the pipe holds once the reader has gone.
    service.setFaults(FAULTY_KEY, [{ fault: 'huge', sizeBytes: 5 * 1024 * 1024 }]);
    let firstLine = '';
    const run = await runCli(['check', 'example.com'], {
      env: env({}, FAULTY_KEY),
      started: (child) => {
        let seen = '';
        const onData = (s: string): void => {
          seen += s;
          const end = seen.indexOf('\n');
          if (end < 0) return;
          firstLine = seen.slice(0, end);
          child.stdout?.off('data', onData);
          child.stdout?.destroy();
        };
        child.stdout?.on('data', onData);
      },
    });
    assert.ok(JSON.parse(firstLine), 'the first line was a record');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.signal, null);
    assert.equal(run.stderr, '');
  });

  const passwords = examplePasswords();
  for (const format of ['table', 'json', 'jsonl', 'csv']) {
    it(`${format}: no leaked password without --show-passwords, on stdout or in --output`, async () => {
      assert.ok(passwords.length > 100);
      const file = path.join(tempDir(), `out.${format}`);
      const shown = await runCli(['check', 'example.com', '--type', 'accounts', '--format', format, '--limit', '1000'], { env: env() });
      const written = await runCli(['check', 'example.com', '--format', format, '--limit', '1000', '-o', file], { env: env(), files: [file] });
      assert.equal(shown.code, 1, shown.stderr);
      assert.equal(written.code, 1, written.stderr);
      const text = fs.readFileSync(file, 'utf8');
      assert.equal(text, shown.stdout, 'the file holds what stdout would');
      assert.match(text, /alice@example\.com/);
      for (const p of passwords) assert.ok(!text.includes(p), `a password shows in ${format}`);
    });
  }

  it('--show-passwords shows them, in every format', async () => {
    for (const format of ['table', 'json', 'jsonl', 'csv']) {
      const run = await runCli(['check', 'example.com', '--format', format, '--limit', '1000', '--show-passwords'], { env: env() });
      assert.ok(run.stdout.includes(DEMO_ALICE.password as string), format);
    }
  });
});
