// The host bench's stand-ins for other machines (tools/bench/standIns.ts): the processes found
// are the browser's, and a real child process is lowered while this one gets its priority back.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import { autogroupNice, descendantsRunning, LOWEST, yieldToExtensionHost } from '../../../../tools/bench/standIns';

async function until(what: string, ok: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('host bench stand-ins', () => {
  it('finds the browser among the descendants, by its path or its file name, and nothing else', () => {
    const table = [
      { pid: 10, ppid: 1, exe: '/usr/bin/node' }, // the bench
      { pid: 11, ppid: 10, exe: '/usr/bin/node' }, // code-server
      { pid: 12, ppid: 11, exe: '/usr/lib/chromium/chromium' }, // further down: found too
      { pid: 20, ppid: 10, exe: '/usr/lib/chromium/chromium' }, // the browser (started by a script)
      { pid: 21, ppid: 20, exe: '/usr/lib/chromium/chromium' }, // its zygote
      { pid: 22, ppid: 21, exe: '/usr/lib/chromium/chrome_crashpad_handler' },
      { pid: 23, ppid: 21, exe: undefined }, // unreadable
      { pid: 30, ppid: 1, exe: '/usr/lib/chromium/chromium' }, // someone else's browser
    ];
    assert.deepEqual(descendantsRunning(table, 10, '/usr/bin/chromium'), [12, 20, 21]);
    assert.deepEqual(descendantsRunning(table, 20, '/usr/lib/chromium/chromium'), [21]);
    assert.deepEqual(descendantsRunning(table, 99, '/usr/bin/chromium'), []);
  });

  it('lowers a browser it started to the lowest priority, and gives this process its own back', async function () {
    if (process.platform !== 'linux') {
      assert.equal(yieldToExtensionHost('/bin/sleep').service, false);
      return;
    }
    const own = autogroupNice(process.pid);
    // A session of its own, like Chromium's: its own autogroup.
    const child = spawn('/bin/sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const pid = child.pid as number;
      const standIns = yieldToExtensionHost('/bin/sleep');
      try {
        await until('the child to be lowered', () => standIns.browsers() === 1);
        assert.equal(os.getPriority(pid), LOWEST);
        if (own !== undefined) {
          assert.equal(standIns.service, true);
          assert.equal(autogroupNice(process.pid), LOWEST);
          assert.equal(autogroupNice(pid), LOWEST);
        }
      } finally {
        standIns.stop();
      }
      if (own !== undefined) assert.equal(autogroupNice(process.pid), own, 'this process has its priority back');
    } finally {
      child.kill();
    }
  });

  it('changes nothing elsewhere than Linux', () => {
    const s = yieldToExtensionHost('/usr/bin/chromium', 'darwin');
    assert.equal(s.service, false);
    assert.equal(s.browsers(), 0);
    s.stop();
  });
});
