// The engine worker's thread gives way to the editor's (src/engine/priority.ts): its own
// priority is lowered, never the process's (the extension host's main thread).
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ENGINE_NICE, lowerThreadPriority } from '../../../src/engine/priority';

describe('engine worker priority', () => {
  it('lowers only the calling thread (on Linux), and says what it did', async () => {
    const before = os.getPriority(process.pid);
    const module = path.join(__dirname, '..', '..', '..', 'src', 'engine', 'priority.js');
    const said = await new Promise<string>((resolve, reject) => {
      const worker = new Worker(`require('node:worker_threads').parentPort.postMessage(require(${JSON.stringify(module)}).lowerThreadPriority())`, { eval: true });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const expected = process.platform !== 'linux' ? /^not on this system/ : before >= ENGINE_NICE ? /^already at nice/ : new RegExp(`^nice ${ENGINE_NICE}$`);
    assert.match(said, expected);
    assert.equal(os.getPriority(process.pid), before, 'the main thread keeps its priority');
  });

  it('leaves systems that do not schedule threads one by one alone, with the reason', () => {
    assert.match(lowerThreadPriority('win32'), /not on this system/);
    assert.match(lowerThreadPriority('darwin'), /not on this system/);
  });
});
