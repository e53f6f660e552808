// The demo's desktop route with a stand-in `code` on PATH: the CLI gets its own user-data and
// extensions folders, the development path and the folder; stop() ends the CLI and the
// detached "main process" that names the demo's user-data folder, and nothing else.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findCodeOnPath, launchDesktopCode } from '../../../../tools/demo/desktopCode';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the demo on desktop VS Code', () => {
  let dir: string;
  let bin: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-demo-code-'));
    bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    // A stand-in for the `code` CLI: records its arguments, starts a detached long-lived
    // "Electron main" carrying the same arguments (as the real CLI does), and waits (--wait).
    const script = [
      `#!${process.execPath}`,
      "const fs = require('node:fs');",
      "const { spawn } = require('node:child_process');",
      'const args = process.argv.slice(2);',
      "fs.writeFileSync(process.env.FAKE_CODE_RECORD, JSON.stringify({ args, demoKeySet: Boolean(process.env.LEAK_SEARCH_DEMO_API_KEY) }));",
      "const main = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], { detached: true, stdio: 'ignore' });",
      'fs.writeFileSync(process.env.FAKE_CODE_RECORD + ".main", String(main.pid));',
      'main.unref();',
      'setInterval(() => {}, 1000);',
    ].join('\n');
    fs.writeFileSync(path.join(bin, 'code'), script, { mode: 0o755 });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds `code` on PATH only where it is', () => {
    assert.equal(findCodeOnPath(`/nonexistent${path.delimiter}${bin}`), path.join(bin, 'code'));
    assert.equal(findCodeOnPath('/nonexistent'), undefined);
  });

  it('opens the folder with its own profile and the extension in development, and stop() ends every process it started', async () => {
    const record = path.join(dir, 'record.json');
    const userData = path.join(dir, 'demo', 'user-data');
    // An unrelated process that must survive stop().
    const bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    let stop = (): void => undefined;
    try {
      const desktop = launchDesktopCode({
        code: path.join(bin, 'code'),
        userData,
        extensions: path.join(dir, 'demo', 'extensions'),
        extensionDevelopmentPath: '/repo',
        folder: path.join(dir, 'demo', 'workspace'),
        env: { ...process.env, FAKE_CODE_RECORD: record, LEAK_SEARCH_DEMO_API_KEY: 'x' },
      });
      stop = desktop.stop;
      await until(() => fs.existsSync(`${record}.main`), 'the stand-in to start');
      const { args, demoKeySet } = JSON.parse(fs.readFileSync(record, 'utf8')) as { args: string[]; demoKeySet: boolean };
      assert.ok(args.includes(`--user-data-dir=${userData}`));
      assert.ok(args.includes(`--extensions-dir=${path.join(dir, 'demo', 'extensions')}`));
      assert.ok(args.includes('--extensionDevelopmentPath=/repo'));
      assert.ok(args.includes('--wait') && args.includes('--new-window'));
      assert.equal(args.at(-1), path.join(dir, 'demo', 'workspace'));
      assert.equal(demoKeySet, true);
      const mainPid = Number(fs.readFileSync(`${record}.main`, 'utf8'));
      assert.ok(alive(mainPid));
      desktop.stop();
      await desktop.closed;
      await until(() => !alive(mainPid), 'the detached main process to end');
      assert.ok(bystander.pid !== undefined && alive(bystander.pid), 'an unrelated process was killed');
    } finally {
      stop();
      bystander.kill();
    }
  });
});
