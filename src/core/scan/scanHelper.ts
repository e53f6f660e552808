// A helper thread of the scanner (scanner.ts): its own instance of the loop over the scanner's
// shared memory, waiting on the control block (scanParts.ts) for a part of a long text to scan.
// It posts the part's candidates on its port before it says DONE, so the scanner, blocked
// until then, reads them at once (receiveMessageOnPort). Started by scanner.ts (`new Worker`),
// unreferenced: it never keeps a process alive, and ends with the thread that started it.
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { CoreExports, HelperData } from './scanParts';
import { BUSY, CAPACITY, DONE, FAILED, POSTED, READY, STATE, postedPart, runPart } from './scanParts';

declare const WebAssembly: {
  Instance: new (module: object, imports: object) => { readonly exports: object };
};

function serve(data: HelperData): void {
  const x = new WebAssembly.Instance(data.module, { env: { memory: data.memory } }).exports as unknown as CoreExports;
  const [classes, events, keyEnds, urlPlain] = data.tables;
  x.setup(classes, events, keyEnds, urlPlain);
  const memory = data.memory as { readonly buffer: SharedArrayBuffer };
  const port = data.port as MessagePort;
  const control = new Int32Array(data.control);
  Atomics.store(control, READY, 1);
  Atomics.notify(control, READY);
  for (;;) {
    const state = Atomics.load(control, STATE);
    if (state !== POSTED) {
      Atomics.wait(control, STATE, state);
      continue;
    }
    if (Atomics.compareExchange(control, STATE, POSTED, BUSY) !== POSTED) continue;
    let found = new Int32Array(CAPACITY * 5);
    let length = 0;
    try {
      const { call, start, stop } = postedPart(control, data.out);
      runPart(x, call, start, stop, (count) => {
        // The memory may have grown since the last batch: a fresh view each time.
        const batch = new Int32Array(memory.buffer, data.out, count * 5);
        if (length + batch.length > found.length) {
          const grown = new Int32Array(Math.max(found.length * 2, length + batch.length));
          grown.set(found.subarray(0, length));
          found = grown;
        }
        found.set(batch, length);
        length += batch.length;
      });
      const result = found.slice(0, length);
      port.postMessage(result, [result.buffer]);
      Atomics.store(control, STATE, DONE);
    } catch {
      Atomics.store(control, STATE, FAILED);
    }
    Atomics.notify(control, STATE);
  }
}

serve(workerData as HelperData);
